// Reads its input and never answers initialize.
import { serve } from "./tiny.mjs";

process.stderr.write("waiting forever\n");
serve({}, { answerInitialize: false });
process.stdin.removeAllListeners("end");
setInterval(() => {}, 1000);
