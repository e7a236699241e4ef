// A stdio MCP server as the SDK's `Transport`: the child in its own process group, its stdout
// read as one JSON-RPC message per line, its stderr always drained into its run's buffer, and
// the whole group ended on close (TERM, then KILL after the core's grace period). Every group
// still running is killed when the parent exits. Node.js, Bun and Deno only.

import { resolve as resolvePath } from "node:path";
import proc from "node:process";

import { call } from "../core.js";

const stringify = JSON.stringify;

let known;
/**
 * The core's limits for a server: `killGrace` (ms), `maxMessage` and `stderrBuffer`
 * (characters). Asked on first use: importing the package compiles no rules module.
 * @returns {{ killGrace: number, maxMessage: number, stderrBuffer: number }}
 */
const limits = () => (known ??= call("mcp_config.limits", {}));

// child_process costs milliseconds to load: only a connectMCP call loads it.
let spawn;
async function loadSpawn() {
  if (spawn === undefined) spawn = (await import("node:child_process")).spawn;
}

// Every process group still running, so that an exiting parent leaves none behind.
const groups = new Set();
const killAll = () => {
  for (const pid of groups) signalGroup(pid, "SIGKILL");
};
function track(pid, add) {
  if (add) {
    if (groups.size === 0) proc.on("exit", killAll);
    groups.add(pid);
  } else if (groups.delete(pid) && groups.size === 0) {
    proc.removeListener("exit", killAll);
  }
}
// Whether the group still has a process (signal 0 is only a check).
function signalGroup(pid, signal) {
  try {
    proc.kill(proc.platform === "win32" ? pid : -pid, signal);
    return true;
  } catch (error) {
    return error?.code === "EPERM";
  }
}
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
async function gone(pid, ms) {
  for (const end = Date.now() + ms; Date.now() < end; await sleep(20)) {
    if (!signalGroup(pid, 0)) return true;
  }
  return !signalGroup(pid, 0);
}
// The whole process group: TERM, then KILL after the grace period.
async function endGroup(pid) {
  if (signalGroup(pid, "SIGTERM") && !(await gone(pid, limits().killGrace))) {
    signalGroup(pid, "SIGKILL");
    // A group whose last members are zombies nobody reaps still answers signal 0: bounded.
    await gone(pid, 500);
  }
  track(pid, false);
}

/** The SDK's `Transport` over a child in its own process group, its stderr always drained. */
class GroupStdioTransport {
  constructor(run) {
    this.run = run;
    this.child = undefined;
    this.partial = "";
    this.exit = undefined;
    this.ended = false;
    // Set by the SDK's Client when it connects (the Transport interface).
    /** @type {((error: Error) => void) | undefined} */
    this.onerror = undefined;
    /** @type {((message: unknown) => void) | undefined} */
    this.onmessage = undefined;
    /** @type {(() => void) | undefined} */
    this.onclose = undefined;
  }

  start() {
    const server = this.run.server;
    return new Promise((resolve, reject) => {
      let child;
      try {
        child = spawn(server.command, server.args, {
          cwd: server.cwd ? resolvePath(this.run.cwd, server.cwd) : this.run.cwd,
          env: server.env,
          stdio: ["pipe", "pipe", "pipe"],
          detached: proc.platform !== "win32",
          shell: false,
          windowsHide: true,
        });
      } catch (error) {
        reject(error);
        return;
      }
      this.child = child;
      let spawned = false;
      child.once("error", (error) => {
        if (spawned) this.onerror?.(error);
        else reject(error);
      });
      child.once("spawn", () => {
        spawned = true;
        track(child.pid, true);
        resolve();
      });
      // The end of the child itself (its exit), not of its pipes, which a grandchild may hold.
      child.once("exit", (code, signal) => {
        this.exit = { code, signal };
        setImmediate(() => this.#closed());
      });
      child.once("close", () => this.#closed());
      child.stdin.on("error", () => {}); // a write to a process that is gone: its close says it
      child.stdout.setEncoding("utf8");
      child.stdout.on("data", (text) => this.#read(text));
      child.stderr.setEncoding("utf8");
      child.stderr.on("data", (text) => this.run.keepStderr(text));
    });
  }

  #read(text) {
    let start = 0;
    for (let nl = text.indexOf("\n"); nl >= 0; nl = text.indexOf("\n", start)) {
      const line = this.partial + text.slice(start, nl);
      this.partial = "";
      start = nl + 1;
      this.#line(line);
    }
    this.partial += text.slice(start);
    if (this.partial.length > limits().maxMessage) {
      this.partial = "";
      this.onerror?.(new Error(`a message longer than ${limits().maxMessage} characters`));
      void this.close();
    }
  }

  #line(line) {
    const text = line.trim();
    if (text === "") return;
    let message;
    try {
      message = JSON.parse(text);
    } catch {
      return; // not a message: a server that logs to stdout
    }
    if (message !== null && typeof message === "object") this.onmessage?.(message);
  }

  send(message) {
    return new Promise((resolve, reject) => {
      const stdin = this.child?.stdin;
      if (stdin === undefined || !stdin.writable) {
        reject(new Error("not connected"));
        return;
      }
      if (stdin.write(`${stringify(message)}\n`)) resolve();
      else stdin.once("drain", resolve);
    });
  }

  #closed() {
    if (this.ended) return;
    this.ended = true;
    this.onclose?.();
  }

  async close() {
    const child = this.child;
    if (child?.pid !== undefined) {
      child.stdin.end();
      await endGroup(child.pid);
    }
    this.#closed();
  }
}

export { GroupStdioTransport, limits, loadSpawn };
