// Writes megabytes to stderr before it answers anything: a client that does not read stderr
// leaves it blocked on a full pipe, and initialize never comes back.
import { serve } from "./tiny.mjs";

const line = `${"noise ".repeat(170)}\n`;
const megabytes = Number(process.env.FLOOD_MB ?? "8");
for (let written = 0; written < megabytes * 1024 * 1024; written += line.length) process.stderr.write(line);
process.stderr.write("the last line of the flood\n");
serve({ ping: () => "pong" });
