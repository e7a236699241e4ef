// MCP servers from the config file a user already has (`connectMCP`, and `createToolkit({
// mcpConfig })` for the Node.js entries): the core reads the config (dialect, variables,
// validation, the child's environment, names, the words of every status); this module spawns,
// connects and closes, through the official SDK, loaded on first use. Node.js, Bun and Deno
// only: it starts processes and reads files, so the browser and edge entries never hold it.
//
// The parts: mcp-server.node.js (one server: start, call, restart, close) and
// mcp-stdio.node.js (a stdio server's process group as the SDK's transport).

import { resolve as resolvePath } from "node:path";
import proc from "node:process";

import { Tool } from "../tool.js";
import { adoptToolkit, createToolkit as baseCreateToolkit } from "../toolkit.js";
import { ask, isObject, loadSDK, ServerRun } from "./mcp-server.node.js";
import { loadSpawn } from "./mcp-stdio.node.js";

const asyncDispose = Symbol.asyncDispose ?? Symbol.for("Symbol.asyncDispose");
const CONFIG_BYTES = 4 * 1024 * 1024;

// child_process and fs/promises cost milliseconds to load: only a connectMCP call loads them.
let readFile;
async function loadNode() {
  if (readFile === undefined) {
    const [, fs] = await Promise.all([loadSpawn(), import("node:fs/promises")]);
    readFile = fs.readFile;
  }
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
