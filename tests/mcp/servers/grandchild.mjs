// Ignores TERM and starts a grandchild that ignores it too: only a KILL to the whole process
// group ends both. `pids` answers both process ids.
import { spawn } from "node:child_process";

import { serve } from "./tiny.mjs";

process.on("SIGTERM", () => {});
const grandchild = spawn(process.execPath, ["-e", "process.on('SIGTERM', () => {}); setInterval(() => {}, 1000);"], { stdio: "ignore" });
serve({ pids: () => JSON.stringify([process.pid, grandchild.pid]) });
process.stdin.removeAllListeners("end");
