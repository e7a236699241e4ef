// The builtin `bash` tool's process: `bash -c` in its own process group under the root, a small
// environment, output kept head and tail while it runs; on timeout or `ctx.signal`, TERM then
// KILL to the whole group; the call ends when the command exits, and whatever it left behind
// (a grandchild holding the output open) is stopped then. The answer's text is the core's.

import { call } from "../core.js";

// After the command exits, how long its output may still drain before the rest of its group
// is stopped (a grandchild holding the pipe open must not hold the call).
const DRAIN_MS = 100;
// Between TERM and KILL.
const GRACE_MS = 2000;

function killGroup(pid, sig) {
  try {
    process.kill(-pid, sig);
  } catch {
    // Already gone.
  }
}

// node:child_process loads on the first command, not with the package (it costs start-up time).
let childProcess;

export async function bash(plan, options, signal) {
  childProcess ??= await import("node:child_process");
  if (signal?.aborted) return call("builtins.failure", { tool: "bash", code: "cancelled" });
  const env = {};
  for (const name of options.inherit) if (process.env[name] !== undefined) env[name] = process.env[name];
  Object.assign(env, options.env);
  return new Promise((resolve) => {
    const head = [], tail = [];
    let headBytes = 0, tailBytes = 0, dropped = 0;
    let timedOut = false, cancelled = false, done = false;
    let killer, drain;
    const child = childProcess.spawn("bash", ["-c", plan.command], {
      cwd: plan.real, env, detached: true, stdio: ["ignore", "pipe", "pipe"],
    });
    const collect = (chunk) => {
      if (headBytes < plan.headBytes) {
        const take = Math.min(chunk.length, plan.headBytes - headBytes);
        head.push(chunk.subarray(0, take));
        headBytes += take;
        chunk = chunk.subarray(take);
      }
      if (chunk.length === 0) return;
      tail.push(chunk);
      tailBytes += chunk.length;
      while (tail.length > 1 && tailBytes - tail[0].length >= plan.tailBytes) {
        tailBytes -= tail[0].length;
        dropped += tail.shift().length;
      }
    };
    child.stdout.on("data", collect);
    child.stderr.on("data", collect);
    const stop = (why) => {
      if (why === "timeout") timedOut = true;
      else cancelled = true;
      killGroup(child.pid, "SIGTERM");
      killer = setTimeout(() => killGroup(child.pid, "SIGKILL"), GRACE_MS);
    };
    const timer = setTimeout(() => stop("timeout"), plan.timeout);
    const onAbort = () => stop("cancelled");
    signal?.addEventListener("abort", onAbort, { once: true });
    const finish = (answer) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      clearTimeout(killer);
      clearTimeout(drain);
      signal?.removeEventListener("abort", onAbort);
      // Whatever is left of the group (a grandchild holding the output open, a command that
      // ignored TERM) ends here.
      if (child.pid !== undefined) killGroup(child.pid, "SIGKILL");
      child.stdout.destroy();
      child.stderr.destroy();
      resolve(answer);
    };
    child.on("error", (error) => finish(call("builtins.bash", { spawnError: error.code ?? "EIO" })));
    child.on("exit", (code, sig) => {
      const report = () => {
        let kept = Buffer.concat(tail);
        if (kept.length > plan.tailBytes) {
          dropped += kept.length - plan.tailBytes;
          kept = kept.subarray(kept.length - plan.tailBytes);
        }
        const whole = dropped === 0;
        const first = whole ? Buffer.concat([...head, kept]) : Buffer.concat(head);
        finish(call("builtins.bash", {
          head: first.toString("utf8"),
          tail: whole ? "" : kept.toString("utf8"),
          dropped,
          maxOutput: plan.maxOutput,
          exitCode: code,
          signal: sig,
          timedOut,
          cancelled,
          timeout: plan.timeout,
        }));
      };
      let open = 2;
      const closed = () => {
        if (--open === 0) report();
      };
      if (child.stdout.readableEnded) open--;
      if (child.stderr.readableEnded) open--;
      if (open === 0) return report();
      child.stdout.once("end", closed);
      child.stderr.once("end", closed);
      child.stdout.once("close", () => child.stdout.readableEnded || closed());
      child.stderr.once("close", () => child.stderr.readableEnded || closed());
      drain = setTimeout(report, DRAIN_MS);
    });
  });
}

