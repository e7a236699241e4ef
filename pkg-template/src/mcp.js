// MCP in: the tools of an MCP server, through any object shaped like the official SDK's
// `Client` (`listTools(params?)` and `callTool({ name, arguments })`), as `Tool`s. Nothing here
// depends on the SDK. The names and the reading of a result are the core's, as in the Python
// package's `from_mcp`.

import { call, coreCall } from "./core.js";
import { messageOf, phraseOf, Tool } from "./tool.js";
import { wellFormed, wellFormedJson } from "./well-formed.js";

const parse = JSON.parse;
const stringify = JSON.stringify;

// What kind of value it is, for a message: the core's wording.
const describe = phraseOf;

// A `CallToolResult` as a ToolResult, read by the core (`toolkit.mcp_result`, src/toolkit/mcp.rs:
// text blocks joined, any other block a short bracketed note), as the Python package reads it.
function toResult(result) {
  let answer;
  try {
    answer = parse(coreCall("toolkit.mcp_result", wellFormedJson(stringify(result) ?? "null"))).ok;
  } catch (error) {
    // A value JSON cannot carry (a BigInt), or a stack overflow inside the rules (see core.js).
    return { output: `The MCP server's result could not be read: ${messageOf(error)}`, isError: true };
  }
  const out = { output: answer.output, isError: answer.is_error };
  if (answer.metadata !== undefined) out.metadata = answer.metadata;
  return out;
}

/**
 * The tools of an MCP client as `Tool`s with `source: "mcp"`. Follows `nextCursor`; each
 * tool's `execute` calls `callTool` with the tool's original name and never rejects.
 */
async function fromMCP(client, options) {
  if (client === null || typeof client !== "object" || typeof client.listTools !== "function" ||
    typeof client.callTool !== "function") {
    throw new TypeError("fromMCP: `client` must have the methods listTools() and callTool(), as the MCP SDK's Client has");
  }
  if (options !== undefined && (options === null || typeof options !== "object")) {
    throw new TypeError(`fromMCP: the options must be an object, got ${describe(options)}`);
  }
  const prefix = options?.prefix ?? "";
  if (typeof prefix !== "string") throw new TypeError(`fromMCP: \`prefix\` must be a string, got ${describe(prefix)}`);

  const listed = [];
  const cursors = new Set();
  let cursor;
  for (;;) {
    const page = await client.listTools(cursor === undefined ? undefined : { cursor });
    const tools = page?.tools;
    if (!Array.isArray(tools)) throw new TypeError(`fromMCP: listTools() gave ${describe(page)} without a \`tools\` array`);
    listed.push(...tools);
    cursor = page.nextCursor;
    if (cursor === undefined || cursor === null) break;
    if (typeof cursor !== "string" || cursors.has(cursor)) {
      throw new TypeError(`fromMCP: listTools() gave the cursor ${stringify(cursor) ?? describe(cursor)} ${typeof cursor === "string" ? "twice" : "(not a string)"}`);
    }
    cursors.add(cursor);
  }

  const originals = listed.map((tool, i) => {
    const name = tool?.name;
    if (typeof name !== "string") throw new TypeError(`fromMCP: listed tool #${i + 1} has no name (got ${describe(name)})`);
    return name;
  });
  // The core's names rule, as every source's (src/names.rs): sanitized, the prefix added, at
  // most 64 characters, made unique with `_2`, `_3`, ...
  // A lone surrogate (which JSON cannot carry to the core) is one unit, as U+FFFD is: the same `_`.
  const names = call("names.tool_names", { names: originals.map(wellFormed), prefix: wellFormed(prefix) });
  return listed.map((tool, i) => {
    const original = originals[i];
    const description = tool.description;
    const execute = async (args, ctx) => {
      const params = { name: original, arguments: args };
      const request = ctx !== undefined && ctx !== null && (ctx.signal !== undefined || ctx.timeout !== undefined)
        ? client.callTool(params, undefined, { signal: ctx.signal, timeout: ctx.timeout })
        : client.callTool(params);
      return toResult(await request);
    };
    try {
      return new Tool({
        name: names[i],
        description: typeof description === "string" ? description : "",
        inputSchema: tool.inputSchema,
        source: "mcp",
        execute,
      });
    } catch (error) {
      throw new TypeError(`fromMCP: the MCP tool ${stringify(original)} cannot be a Tool: ${error.message}`);
    }
  });
}

// toResult: what connectMCP's tools answer with, the same reading of a CallToolResult.
export { fromMCP, toResult };

// Each export against its declaration in mcp.d.ts (tsc --checkJs, scripts/types.mjs).
/** @satisfies {typeof import("./mcp.js").fromMCP} */ (fromMCP);
