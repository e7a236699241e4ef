// MCP in: the tools of an MCP server, through any object shaped like the official SDK's
// `Client` (`listTools(params?)` and `callTool({ name, arguments })`), as `Tool`s. Nothing here
// depends on the SDK.

import { phraseOf, sanitize, Tool } from "./tool.js";

const stringify = JSON.stringify;

// What kind of value it is, for a message: the core's wording.
const describe = phraseOf;

// The size of base64 data in bytes (whitespace ignored).
function base64Bytes(data) {
  if (typeof data !== "string") return 0;
  const clean = /\s/.test(data) ? data.replace(/\s+/g, "") : data;
  let padding = 0;
  if (clean.endsWith("==")) padding = 2;
  else if (clean.endsWith("=")) padding = 1;
  return Math.max(0, Math.floor((clean.length * 3) / 4) - padding);
}

// One content block as text: a text block's text; anything else a short bracketed note, so
// that the model knows it was there.
function blockText(block) {
  if (block === null || typeof block !== "object") return `[${describe(block)} content block]`;
  const type = block.type;
  switch (type) {
    case "text":
      return typeof block.text === "string" ? block.text : "";
    case "image":
    case "audio":
      return `[${type} ${block.mimeType ?? "of unknown type"}, ${base64Bytes(block.data)} bytes]`;
    case "resource": {
      const resource = block.resource ?? {};
      if (typeof resource.text === "string") return resource.text;
      const size = typeof resource.blob === "string" ? `, ${base64Bytes(resource.blob)} bytes` : "";
      const mime = typeof resource.mimeType === "string" ? ` ${resource.mimeType}` : "";
      return `[resource ${resource.uri ?? "without a URI"}${mime}${size}]`;
    }
    case "resource_link":
      return `[resource link ${block.uri ?? ""}${typeof block.name === "string" ? ` (${block.name})` : ""}]`;
    default:
      return `[${typeof type === "string" ? type : "unknown"} content block]`;
  }
}

// A `CallToolResult` as a ToolResult.
function toResult(result) {
  if (result === null || typeof result !== "object") {
    return { output: `The MCP server answered with ${describe(result)} instead of a tool result.`, isError: true };
  }
  const content = result.content;
  let output;
  if (Array.isArray(content)) {
    output = content.map(blockText).join("\n");
  } else if ("toolResult" in result) {
    // The 2024-10-07 protocol's form.
    output = typeof result.toolResult === "string" ? result.toolResult : (stringify(result.toolResult) ?? "");
  } else {
    output = "";
  }
  const structured = result.structuredContent;
  if (output === "" && structured !== undefined) output = stringify(structured) ?? "";
  const out = { output, isError: result.isError === true };
  if (structured !== undefined) out.metadata = { structuredContent: structured };
  return out;
}

// Names for the listed tools: `sanitize(prefix + name)`; a tool whose own name needed no
// sanitizing keeps it, and any other repeat is made unique with `_2`, `_3`, ... (never taking a
// name another listed tool has as its own).
function uniqueNames(bases, exact) {
  const taken = new Set(bases);
  const used = new Set();
  const names = bases.map((base, i) => {
    if (!exact[i] || used.has(base)) return undefined;
    used.add(base);
    return base;
  });
  return names.map((name, i) => {
    if (name !== undefined) return name;
    const base = bases[i];
    if (!used.has(base)) {
      used.add(base);
      return base;
    }
    let k = 2;
    while (taken.has(`${base}_${k}`) || used.has(`${base}_${k}`)) k++;
    used.add(`${base}_${k}`);
    return `${base}_${k}`;
  });
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
  const bases = originals.map((name) => sanitize(prefix + name) || "tool");
  const names = uniqueNames(bases, originals.map((name) => sanitize(name) === name));
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
