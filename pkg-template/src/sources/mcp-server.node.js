// One MCP server of a connection (`ServerRun`): started through the official SDK (loaded on
// first use) over stdio, Streamable HTTP or SSE, its tools listed, its calls made, restarted
// once after a death, and every failure worded by the core (`mcp_config.status`,
// `mcp_config.message`). Node.js, Bun and Deno only.

import { call } from "../core.js";
import { toResult } from "../mcp.js";
import { GroupStdioTransport, limits } from "./mcp-stdio.node.js";

const ask = (op, input) => call(`mcp_config.${op}`, input);

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

export { ask, isObject, loadSDK, ServerRun };
