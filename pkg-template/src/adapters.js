// Tools out: `toOpenAI`, `toOpenAIResponses`, `toAnthropic`, `toGemini`, `toMCP`. Each reads
// every tool's name, description and inputSchema once and hands them to the core as one JSON
// string (`schema.tools_out`); the core checks the names (the provider's rule, duplicates),
// rewrites the schemas and builds the provider's envelopes, the same code the Python package
// runs. The answer is parsed into fresh objects: nothing returned is a tool's own object, and
// the tools are never touched.

import { coreCall } from "./core.js";

// Answers by the request's JSON text: an agent sends the same tool list with every request,
// and a list seen before (the same text, so the same tools) is answered without the core,
// parsed again from the text into fresh objects. Emptied when it passes the limit.
const CACHE_LIMIT = 32;
const cache = new Map();

/** The provider's list for `tools`, `options` being the request's option members as JSON. */
const run = (fn, target, options, tools) => {
  if (tools === null || tools === undefined || typeof tools[Symbol.iterator] !== "function") {
    throw new TypeError(`${fn}: tools must be an iterable of tools (an array or a Toolkit)`);
  }
  const list = [];
  for (const tool of tools) {
    const object = tool !== null && typeof tool === "object";
    list.push(object ? { name: tool.name, description: tool.description, inputSchema: tool.inputSchema } : {});
  }
  const request = `{"target":"${target}",${options}"tools":${JSON.stringify(list)}}`;
  let ok = cache.get(request);
  if (ok === undefined) {
    const text = coreCall("schema.tools_out", request);
    // The answer is `{"ok":value}` or `{"error":{"kind","message"}}`.
    if (!text.startsWith('{"ok":')) throw new TypeError(JSON.parse(text).error.message);
    ok = text.slice(6, -1);
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(request, ok);
  }
  return JSON.parse(ok);
};

const options = (fn, opts) => {
  if (opts === undefined || opts === null) return {};
  if (typeof opts !== "object") throw new TypeError(`${fn}: options must be an object`);
  return opts;
};

const strictOf = (fn, opts) => {
  const { strict } = options(fn, opts);
  if (strict !== undefined && typeof strict !== "boolean") {
    throw new TypeError(`${fn}: options.strict must be a boolean`);
  }
  return strict;
};

const toOpenAI = (tools, opts) => {
  const strict = strictOf("toOpenAI", opts);
  return run("toOpenAI", "openai", strict === undefined ? "" : `"strict":${strict},`, tools);
};
// Responses always carries `strict` (the API takes a missing one as true): false unless asked.
const toOpenAIResponses = (tools, opts) => {
  const strict = strictOf("toOpenAIResponses", opts) === true;
  return run("toOpenAIResponses", "openai_responses", `"strict":${strict},`, tools);
};
const toAnthropic = (tools) => run("toAnthropic", "anthropic", "", tools);
const toGemini = (tools, opts) => {
  const { dialect } = options("toGemini", opts);
  if (dialect !== undefined && dialect !== "jsonSchema" && dialect !== "openapi") {
    throw new TypeError(`toGemini: options.dialect must be "jsonSchema" or "openapi", not ${String(dialect)}`);
  }
  return run("toGemini", "gemini", dialect === "openapi" ? '"dialect":"openapi",' : "", tools);
};
const toMCP = (tools) => run("toMCP", "mcp", "", tools);

export { toOpenAI, toOpenAIResponses, toAnthropic, toGemini, toMCP };

// Each export against its declaration in adapters.d.ts (tsc --checkJs, scripts/types.mjs).
/** @satisfies {typeof import("./adapters.js").toOpenAI} */ (toOpenAI);
/** @satisfies {typeof import("./adapters.js").toOpenAIResponses} */ (toOpenAIResponses);
/** @satisfies {typeof import("./adapters.js").toAnthropic} */ (toAnthropic);
/** @satisfies {typeof import("./adapters.js").toGemini} */ (toGemini);
/** @satisfies {typeof import("./adapters.js").toMCP} */ (toMCP);
