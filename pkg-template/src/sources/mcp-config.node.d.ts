// The declarations of sources/mcp-config.node.js, published in the package's index.d.ts (scripts/types.mjs).
import type { Tool } from "../tool.js";

/**
 * An MCP config: a path to the file (Node.js, Bun, Deno), its JSON text, or the parsed object.
 * Claude Desktop's and Cursor's `mcpServers`, Claude Code's `.mcp.json`, VS Code's
 * `.vscode/mcp.json` (`servers`, comments allowed) and opencode's `mcp` are all read.
 */
export type MCPConfig = string | Record<string, unknown>;

/** The options of {@link connectMCP} (and `createToolkit`'s `mcpOptions`). */
export interface ConnectMCPOptions {
  /** Where relative paths and `${workspaceFolder}` point; default the process's working directory. */
  cwd?: string;
  /** Where `${VAR}` is read from; default the process's environment. Never passed whole to a server. */
  env?: Record<string, string | undefined>;
  /** The answers to VS Code's `${input:id}`. */
  inputs?: Record<string, string>;
  /** Milliseconds each server may take to start, and each call; default 30000 (an entry's own `timeout` wins). */
  timeout?: number;
  /** Aborts the whole start. */
  signal?: AbortSignal;
}

/** One server of a config, as {@link MCPConnection.servers} lists it. */
export interface MCPServerStatus {
  kind: "mcp";
  name: string;
  status: "connected" | "disabled" | "failed";
  transport?: "stdio" | "http" | "sse";
  /** Why it failed; never a value a variable expanded to. */
  error?: string;
  /** The last lines of a failed stdio server's stderr. */
  stderr?: string;
}

/** The servers of a config, started: their tools, their statuses, and `close()`. */
export interface MCPConnection {
  /** The connected servers' tools, named `server_tool`, `source: "mcp"`; refreshed on `tools/list_changed`. */
  readonly tools: Tool[];
  /** One status per server of the config. */
  readonly servers: MCPServerStatus[];
  /**
   * Ends every server: each stdio server's whole process group (TERM, then KILL) and each remote
   * session. Also `await using conn = await connectMCP(...)` where the runtime has `Symbol.asyncDispose`.
   */
  close(): Promise<void>;
}

/**
 * Starts the MCP servers of a config concurrently (Node.js, Bun, Deno; `@modelcontextprotocol/sdk`
 * installed beside toolnexus) and resolves to their tools. A server that fails is listed in
 * `servers` with its error; it never fails the others.
 *
 * @example
 * ```ts
 * const conn = await connectMCP("claude_desktop_config.json");
 * const tk = new Toolkit(conn.tools);
 * await conn.close();
 * ```
 */
export function connectMCP(config: MCPConfig, options?: ConnectMCPOptions): Promise<MCPConnection>;

// Not published: for the package's own modules.
// (createToolkit is declared in toolkit.d.ts.)

export { createToolkit } from "../toolkit.js";
