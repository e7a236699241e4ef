// The baseline of the benchmark: the toolnexus contract (docs/contract.md) written as a
// good pure-JavaScript library would write it. typeof checks and a regex for the name, own data
// properties written in the contract's order, `execute` as an async arrow with try/catch and
// `await`, the result table, and message(e) with the String(e) fallback.
//
// It is not shipped; bench/run.mjs checks up front that it gives the same results as the
// package for every benchmark input, so the comparison is like for like.

const NAME = /^[a-zA-Z0-9_-]+$/;
const SOURCES = new Set(["mcp", "skill", "builtin", "native", "http", "a2a", "custom"]);
const UNPRINTABLE = "[a thrown value that cannot be converted to a string]";

function kind(value) {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  switch (typeof value) {
    case "undefined": return "undefined";
    case "string": return "a string";
    case "number": return "a number";
    case "boolean": return "a boolean";
    case "bigint": return "a bigint";
    case "symbol": return "a symbol";
    case "function": return "a function";
    default: return "an object";
  }
}

function isObject(value) {
  return (typeof value === "object" && value !== null) || typeof value === "function";
}

function message(e) {
  if (isObject(e)) {
    try {
      const text = e.message;
      if (typeof text === "string") return text;
    } catch {
      // fall through to String(e)
    }
  }
  try {
    return String(e);
  } catch {
    return UNPRINTABLE;
  }
}

function toResult(value) {
  if (typeof value === "string") return { output: value, isError: false };
  if (isObject(value) && "output" in value && "isError" in value) return value;
  const output = JSON.stringify(value);
  return { output: output === undefined ? "" : output, isError: false };
}

export function wrap(fn) {
  return async (args, ctx) => {
    try {
      return toResult(await fn(args ?? {}, ctx));
    } catch (e) {
      return { output: message(e), isError: true };
    }
  };
}

function init(tool, spec, maker, fnField, defaultSource) {
  const field = (f) => (f === "options" ? (maker === "defineTool" ? "opts" : "spec") : f);
  if (!isObject(spec)) throw new TypeError(`${maker}: \`${field("options")}\` must be an object, got ${kind(spec)}`);
  const { name, description, inputSchema, source } = spec;
  const fn = spec[fnField];
  if (typeof name !== "string") throw new TypeError(`${maker}: \`name\` must be a string, got ${kind(name)}`);
  if (!NAME.test(name)) {
    if (name === "") throw new TypeError(`${maker}: \`name\` must not be empty; it is what the model calls (letters, digits, _ and -)`);
    throw new TypeError(`${maker}: \`name\` must match [a-zA-Z0-9_-], got ${JSON.stringify(name)}; sanitize() makes any string safe: ${JSON.stringify(sanitize(name))}`);
  }
  if (typeof description !== "string") throw new TypeError(`${maker}: \`description\` must be a string, got ${kind(description)}`);
  let schema = inputSchema;
  if (schema === undefined) {
    schema = { type: "object", properties: {}, additionalProperties: false };
  } else if (!isObject(schema) || Array.isArray(schema)) {
    throw new TypeError(`${maker}: \`inputSchema\` must be a JSON Schema object (or left out), got ${kind(schema)}`);
  }
  let src = source;
  if (src === undefined || src === null) {
    src = defaultSource;
  } else if (!SOURCES.has(src)) {
    throw new TypeError(`${maker}: \`source\` must be one of ${[...SOURCES].map((s) => `"${s}"`).join(", ")}, got ${typeof src === "string" ? JSON.stringify(src) : kind(src)}`);
  }
  if (typeof fn !== "function") throw new TypeError(`${maker}: \`${fnField}\` must be a function, got ${kind(fn)}`);
  tool.name = name;
  tool.description = description;
  tool.inputSchema = schema;
  tool.source = src;
  tool.execute = wrap(fn);
}

export class Tool {
  constructor(spec) {
    init(this, spec, "new Tool", "execute", "custom");
  }
}

export function defineTool(opts) {
  const tool = Object.create(Tool.prototype);
  init(tool, opts, "defineTool", "run", "native");
  return tool;
}

export function sanitize(value) {
  if (typeof value !== "string") throw new TypeError(`sanitize: \`value\` must be a string, got ${kind(value)}`);
  return value.replace(/[^a-zA-Z0-9_-]/g, "_");
}

// The dispatch a Toolkit's `runOpenAI` does, written plainly: for each tool call of a Chat
// Completions message, look the tool up, JSON.parse the arguments, execute, and build the tool
// message; all calls at once, answered in order.
export function runOpenAI(tools, message) {
  return Promise.all(message.tool_calls.map(async (call) => {
    const tool = tools.get(call.function.name);
    const result = await tool.execute(JSON.parse(call.function.arguments));
    return { role: "tool", tool_call_id: call.id, content: result.isError ? `Error: ${result.output}` : result.output };
  }));
}
