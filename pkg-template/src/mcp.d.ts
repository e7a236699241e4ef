// The declarations of mcp.js, published in the package's index.d.ts (scripts/types.mjs).
import type { Tool } from "./tool.js";

/** A tool as an MCP server lists it. */
export type MCPListedTool = { name: string; description?: string; inputSchema?: object };

/** What `fromMCP` needs of a client: the official SDK's `Client` is one. */
export interface MCPClientLike {
  listTools(params?: { cursor?: string }): Promise<{ tools: readonly MCPListedTool[]; nextCursor?: string }>;
  callTool(
    params: { name: string; arguments?: Record<string, unknown> },
    resultSchema?: undefined,
    options?: { signal?: AbortSignal; timeout?: number },
  ): Promise<unknown>;
}

/** The options of {@link fromMCP}. */
export interface FromMCPOptions {
  /** Put before every tool's name (then sanitized), e.g. `"github_"`. */
  prefix?: string;
}

/**
 * The tools of an MCP server as {@link Tool}s with `source: "mcp"`. Follows `nextCursor`; names
 * are `sanitize(prefix + name)` (over 64 characters: the first 55, `_` and 8 hex digits of a
 * hash), a repeat made unique with `_2`, `_3`, ...; each `execute` calls
 * `callTool` with the original name and never rejects (text blocks joined, other blocks as a
 * bracketed note, `structuredContent` in `metadata`, a failed call as `isError`).
 */
export function fromMCP(client: MCPClientLike, options?: FromMCPOptions): Promise<Tool[]>;

// Not published: for the package's own modules.

/** What connectMCP's tools answer with: a CallToolResult read as a ToolResult. */
export function toResult(result: unknown): any;
