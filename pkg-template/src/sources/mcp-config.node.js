// MCP servers from the config file a user already has (`connectMCP`, and `createToolkit({
// mcpConfig })` for the Node.js entries): the core reads the config (dialect, variables,
// validation, the child's environment, names, the words of every status); this module spawns,
// connects and closes, through the official SDK, loaded on first use. Node.js, Bun and Deno
// only: it starts processes and reads files, so the browser and edge entries never hold it.

import { resolve as resolvePath } from "node:path";
import proc from "node:process";

import { call } from "../core.js";
import { toResult } from "../mcp.js";
import { Tool } from "../tool.js";
import { adoptToolkit, createToolkit as baseCreateToolkit, Toolkit } from "../toolkit.js";

const stringify = JSON.stringify;
const asyncDispose = Symbol.asyncDispose ?? Symbol.for("Symbol.asyncDispose");
const CONFIG_BYTES = 4 * 1024 * 1024;

const ask = (op, input) => call(`mcp_config.${op}`, input);

// child_process and fs/promises cost milliseconds to load: only a connectMCP call loads them.
let spawn;
let readFile;
async function loadNode() {
  if (spawn === undefined) {
    const [childProcess, fs] = await Promise.all([import("node:child_process"), import("node:fs/promises")]);
    spawn = childProcess.spawn;
    readFile = fs.readFile;
  }
}

// The core's limits (`mcp_config.limits`), asked on first use: importing the package compiles
// no rules module.
let known;
const limits = () => (known ??= ask("limits", {}));

// The SDK, through specifiers a bundler does not follow: a bundle builds without it.
let sdk;
async function loadSDK() {
  if (sdk !== undefined) return sdk;
  const base = ["@modelcontextprotocol", "sdk"].join("/");
  const load = (path) => import(/* webpackIgnore: true */ /* @vite-ignore */ `${base}/${path}`);
  try {
    const [client, http, sse, types] = await Promise.all([
      load("client/index.js"), load("client/streamableHttp.js"), load("client/sse.js"), load("types.js"),
    ]);
    sdk = { Client: client.Client, StreamableHTTP: http.StreamableHTTPClientTransport, SSE: sse.SSEClientTransport, types };
  } catch (error) {
    if (error?.code === "ERR_MODULE_NOT_FOUND" || error?.code === "MODULE_NOT_FOUND") {
      throw new TypeError("connectMCP needs the MCP SDK, an optional peer dependency: npm install @modelcontextprotocol/sdk");
    }
    throw error;
  }
  return sdk;
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

const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);

/** One server of a connection: its status, its client, its tools; restarted once after a death. */
class ServerRun {
  constructor(connection, server) {
    this.connection = connection;
    this.server = server;
    this.cwd = connection.cwd;
    this.secrets = server.secrets ?? [];
    this.status = server.status === "ready" ? "starting" : server.status;
    this.error = server.error;
    this.stderr = "";
    this.listed = [];
    this.client = undefined;
    this.transport = undefined;
    this.restartable = false;
    this.closing = false;
    this.starting = undefined;
  }

  keepStderr(text) {
    this.stderr = (this.stderr.length + text.length > limits().stderrBuffer)
      ? (this.stderr + text).slice(-limits().stderrBuffer) : this.stderr + text;
  }

  record() {
    return ask("status", {
      name: this.server.name, status: this.status === "starting" ? "failed" : this.status,
      transport: this.server.transport, error: this.error,
      stderr: this.status === "failed" ? this.stderr : "", secrets: this.secrets,
    });
  }

  text(failure) {
    return ask("message", { name: this.server.name, ...failure, secrets: this.secrets });
  }

  start(signal) {
    this.starting ??= this.#start(signal).finally(() => {
      this.starting = undefined;
    });
    return this.starting;
  }

  async #start(outer) {
    const server = this.server;
    const controller = new AbortController();
    const timedOut = new Error("timed out");
    const cancelled = new Error("cancelled");
    const timer = setTimeout(() => controller.abort(timedOut), server.timeout);
    const onAbort = () => controller.abort(cancelled);
    outer?.addEventListener("abort", onAbort);
    if (outer?.aborted) controller.abort(cancelled);
    const signal = controller.signal;
    let failure;
    try {
      const { Client, types } = await loadSDK();
      const connect = async (transport) => {
        const client = new Client({ name: "toolnexus", version: "1" }, { capabilities: {} });
        client.onclose = () => this.#lost(client);
        client.setNotificationHandler(types.ToolListChangedNotificationSchema, () => this.refresh());
        this.transport = transport;
        // The timer below words the timeout; the SDK's own is a backstop.
        const pending = client.connect(transport, { signal, timeout: server.timeout + 1000 });
        const stop = aborted(signal);
        pending.catch(() => {});
        stop.catch(() => {});
        await Promise.race([pending, stop]);
        return client;
      };
      if (signal.aborted) throw signal.reason;
      const client = await this.#connect(connect, signal);
      this.client = client;
      this.listed = await listAll(client, signal);
      this.status = "connected";
      this.error = undefined;
      this.restartable = true;
    } catch (error) {
      failure = this.#failure(error, signal, timedOut, cancelled);
    } finally {
      clearTimeout(timer);
      outer?.removeEventListener("abort", onAbort);
    }
    if (failure !== undefined) {
      const transport = this.transport;
      this.client = undefined;
      this.transport = undefined;
      await transport?.close().catch(() => {});
      this.status = "failed";
      this.error = failure;
    }
    return this.status === "connected";
  }

  async #connect(connect, signal) {
    const { StreamableHTTP, SSE } = sdk;
    const server = this.server;
    if (server.transport === "stdio") return connect(new GroupStdioTransport(this));
    const url = new URL(server.url);
    const requestInit = { headers: server.headers };
    if (server.transport === "sse") return connect(new SSE(url, { requestInit }));
    try {
      return await connect(new StreamableHTTP(url, { requestInit }));
    } catch (error) {
      const status = typeof error?.code === "number" ? error.code : undefined;
      if (signal.aborted || !server.fallback || status === undefined || !ask("fallback", { status })) throw error;
      await this.transport?.close().catch(() => {});
      return connect(new SSE(url, { requestInit }));
    }
  }

  #failure(error, signal, timedOut, cancelled) {
    const server = this.server;
    if (signal.reason === timedOut || error?.code === -32001) return { kind: "start_timeout", ms: server.timeout };
    if (signal.reason === cancelled) return { kind: "aborted" };
    if (error?.syscall?.startsWith("spawn") || error?.code === "ENOENT" || error?.code === "EACCES") {
      return { kind: "spawn", command: server.command, code: error.code ?? "", detail: error.message ?? "" };
    }
    const exit = this.transport?.exit;
    if (exit !== undefined) return { kind: "exited", code: exit.code, signal: exit.signal };
    if (typeof error?.code === "number" && error.code > 0) return { kind: "http", status: error.code, detail: String(error.message ?? "") };
    return { kind: "other", detail: String(error?.message ?? error) };
  }

  // The client's connection ended: a death unless this side closed it.
  #lost(client) {
    if (client !== this.client || this.closing) return;
    const exit = this.transport?.exit;
    this.error = exit !== undefined ? { kind: "exited", code: exit.code, signal: exit.signal } : { kind: "exited" };
    this.status = "failed";
    this.client = undefined;
    const transport = this.transport;
    this.transport = undefined;
    void transport?.close().catch(() => {}); // what the dead server left in its group
  }

  async refresh() {
    const client = this.client;
    if (client === undefined) return;
    try {
      this.listed = await listAll(client, undefined);
    } catch {
      return; // the tools stay as they were; a dead server is seen by its next call
    }
    this.connection.rebuild();
  }

  async call(tool, args, ctx) {
    const signal = ctx?.signal;
    if (signal?.aborted) return { output: this.text({ kind: "cancelled" }), isError: true };
    if (this.status !== "connected" || this.closing) {
      let up = false;
      if (this.closing) {
        up = false;
      } else if (this.starting !== undefined) {
        up = await this.starting;
      } else if (this.restartable) {
        this.restartable = false; // once per death
        up = await this.start(signal);
      }
      if (!up) return { output: this.text({ kind: "down", detail: this.#errorText() }), isError: true };
    }
    const client = this.client;
    const controller = new AbortController();
    const onAbort = () => controller.abort();
    signal?.addEventListener("abort", onAbort);
    const ms = typeof ctx?.timeout === "number" && ctx.timeout > 0 ? ctx.timeout : this.server.timeout;
    try {
      const result = await client.callTool({ name: tool, arguments: args }, undefined, { signal: controller.signal, timeout: ms });
      const out = toResult(result);
      if (this.secrets.length > 0) out.output = ask("redact", { text: out.output, secrets: this.secrets });
      return out;
    } catch (error) {
      if (signal?.aborted) return { output: this.text({ kind: "cancelled" }), isError: true };
      if (this.client !== client) return { output: this.text({ kind: "dead", detail: this.#errorText() }), isError: true };
      if (error?.code === -32001) return { output: this.text({ kind: "call_timeout", ms }), isError: true };
      return { output: this.text({ kind: "other", detail: String(error?.message ?? error) }), isError: true };
    } finally {
      signal?.removeEventListener("abort", onAbort);
    }
  }

  #errorText() {
    const error = this.error;
    if (error === undefined) return "closed";
    const text = typeof error === "string" ? error : this.text(error);
    return text.replace(/^server "[^"]*":? ?/, "");
  }

  async close() {
    this.closing = true;
    await this.starting?.catch(() => {});
    if (this.status === "connected") {
      this.status = "failed";
      this.error = { kind: "other", detail: "the connection was closed" };
    }
    const { client, transport } = this;
    this.client = undefined;
    this.transport = undefined;
    await transport?.close().catch(() => {});
    await client?.close().catch(() => {});
  }
}

function aborted(signal) {
  return new Promise((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    else signal.addEventListener("abort", () => reject(signal.reason), { once: true });
  });
}

async function listAll(client, signal) {
  const tools = [];
  const seen = new Set();
  let cursor;
  do {
    const page = await client.listTools(cursor === undefined ? undefined : { cursor }, signal ? { signal } : undefined);
    tools.push(...(Array.isArray(page?.tools) ? page.tools : []));
    cursor = typeof page?.nextCursor === "string" && !seen.has(page.nextCursor) ? page.nextCursor : undefined;
    if (cursor !== undefined) seen.add(cursor);
  } while (cursor !== undefined);
  return tools.filter((t) => isObject(t) && typeof t.name === "string");
}

const watchers = new WeakMap();

/** What `connectMCP` resolves to: the servers' tools, their statuses, and `close()`. */
class MCPConnection {
  #runs;
  #tools = [];
  #closed = undefined;

  constructor(servers, cwd) {
    this.cwd = cwd;
    this.#runs = servers.map((server) => new ServerRun(this, server));
    Object.defineProperty(this, "cwd", { enumerable: false });
  }

  /** The tools of every connected server, named `server_tool`. */
  get tools() {
    return this.#tools.slice();
  }

  /** One status per server of the config: `connected`, `disabled` or `failed` (with `error`, `stderr`). */
  get servers() {
    return this.#runs.map((run) => run.record());
  }

  async start(signal) {
    await Promise.all(this.#runs.filter((run) => run.status === "starting").map((run) => run.start(signal)));
    this.rebuild();
  }

  rebuild() {
    const runs = this.#runs.filter((run) => run.listed.length > 0 && (run.status === "connected" || run.restartable));
    const named = ask("tools", {
      servers: runs.map((run) => ({
        name: run.server.name, include: run.server.include, exclude: run.server.exclude,
        tools: run.listed.map((t) => t.name),
      })),
    });
    const before = this.#tools;
    const tools = [];
    named.forEach((entry, i) => {
      const run = runs[i];
      const byName = new Map(run.listed.map((t) => [t.name, t]));
      for (const { name, tool } of entry.tools) {
        const listed = byName.get(tool);
        try {
          tools.push(new Tool({
            name,
            description: typeof listed.description === "string" ? listed.description : "",
            inputSchema: isObject(listed.inputSchema) ? listed.inputSchema : undefined,
            source: "mcp",
            execute: (args, ctx) => run.call(tool, args, ctx),
          }));
        } catch {
          // A tool whose schema no provider takes (a root that is not an object) is left out.
        }
      }
    });
    this.#tools = tools;
    watchers.get(this)?.(before, tools);
  }

  /** Ends every server (each one's whole process group) and leaves nothing behind. */
  close() {
    this.#closed ??= Promise.all(this.#runs.map((run) => run.close())).then(() => undefined);
    return this.#closed;
  }

  [asyncDispose]() {
    return this.close();
  }
}

function describe(value) {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}

function checkOptions(options) {
  if (options === undefined || options === null) return {};
  if (typeof options !== "object") throw new TypeError(`connectMCP: the options must be an object, got ${describe(options)}`);
  const { cwd, env, inputs, timeout, signal } = options;
  if (cwd !== undefined && typeof cwd !== "string") throw new TypeError(`connectMCP: \`cwd\` must be a string, got ${describe(cwd)}`);
  for (const [key, value] of [["env", env], ["inputs", inputs]]) {
    if (value !== undefined && !isObject(value)) throw new TypeError(`connectMCP: \`${key}\` must be an object of strings, got ${describe(value)}`);
  }
  if (timeout !== undefined && !(typeof timeout === "number" && timeout > 0 && Number.isFinite(timeout))) {
    throw new TypeError("connectMCP: `timeout` must be a positive number of milliseconds");
  }
  if (signal !== undefined && !(signal !== null && typeof signal === "object" && typeof signal.addEventListener === "function")) {
    throw new TypeError("connectMCP: `signal` must be an AbortSignal");
  }
  return options;
}

async function readBounded(path) {
  const text = await readFile(path, "utf8");
  if (text.length > CONFIG_BYTES) throw new Error(`larger than ${CONFIG_BYTES} bytes`);
  return text;
}

const plain = (env) => Object.fromEntries(Object.entries(env).filter(([, v]) => typeof v === "string"));

/**
 * Starts the MCP servers of a config (a path, JSON text or an object; Claude Desktop, Cursor,
 * Claude Code, VS Code or opencode) concurrently and resolves to their tools and statuses.
 */
async function connectMCP(config, options) {
  const { cwd: givenCwd, env, inputs, timeout, signal } = checkOptions(options);
  if (signal?.aborted) throw signal.reason ?? new Error("connectMCP: cancelled");
  await loadNode();
  const cwd = givenCwd !== undefined ? resolvePath(givenCwd) : proc.cwd();
  let value = config;
  if (typeof config === "string" && !/^\s*[{[]/.test(config)) {
    const path = resolvePath(cwd, config);
    try {
      value = await readBounded(path);
    } catch (error) {
      throw new TypeError(`connectMCP: cannot read the config file ${path}: ${error?.message ?? error}`);
    }
  } else if (!(typeof config === "string" || isObject(config))) {
    throw new TypeError(`connectMCP: \`config\` must be a path, JSON text or an object, got ${describe(config)}`);
  }
  const input = {
    config: value, env: plain(env ?? proc.env), processEnv: plain(proc.env), inputs: inputs ?? {},
    cwd, platform: proc.platform, timeout,
  };
  const envFiles = {};
  for (const path of ask("env_files", input)) {
    try {
      envFiles[path] = await readBounded(resolvePath(cwd, path));
    } catch {
      envFiles[path] = null;
    }
  }
  const { servers } = ask("normalize", { ...input, envFiles });
  if (servers.some((s) => s.status === "ready")) await loadSDK();
  const connection = new MCPConnection(servers, cwd);
  await connection.start(signal);
  if (signal?.aborted) {
    await connection.close();
    throw signal.reason ?? new Error("connectMCP: cancelled");
  }
  return connection;
}

/** `createToolkit` with `mcpConfig` + `mcpOptions`: the servers' tools beside `extraTools`. */
// A method's name survives the bundling, where toolkit.js's function of the same name is beside it.
const { createToolkit } = { async createToolkit(options) {
  if (!isObject(options) || options.mcpConfig === undefined || options.mcpConfig === null) {
    return baseCreateToolkit(options);
  }
  const { mcpConfig, mcpOptions, ...rest } = options;
  const connection = await connectMCP(mcpConfig, mcpOptions);
  let tk;
  try {
    // extraTools, skills and agents as everywhere, then the servers' tools.
    tk = await baseCreateToolkit(rest);
    tk.register(...connection.tools);
  } catch (error) {
    await connection.close();
    throw error;
  }
  watchers.set(connection, (before, after) => {
    for (const tool of before) if (tk.get(tool.name) === tool) tk.remove(tool.name);
    for (const tool of after) {
      try {
        tk.register(tool);
      } catch {
        // a name an extra tool holds: that one stays
      }
    }
  });
  adoptToolkit(tk, () => connection.servers.map(({ kind, name, status, error }) =>
    (error === undefined ? { kind, name, status } : { kind, name, status, error })), () => connection.close());
  return tk;
} };

export { connectMCP, createToolkit };

// Each export against its declaration in mcp-config.node.d.ts (tsc --checkJs, scripts/types.mjs).
/** @satisfies {typeof import("./mcp-config.node.js").connectMCP} */ (connectMCP);
