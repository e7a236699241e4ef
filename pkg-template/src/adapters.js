// Tools out: `toOpenAI`, `toOpenAIResponses`, `toAnthropic`, `toGemini`, `toMCP`. Each reads
// every tool's name, description and inputSchema once. The core checks the names (the
// provider's rule, duplicates) and rewrites the schemas: the names and schemas cross as one
// JSON string each way (a schema a line: src/schema/text.rs), and the answer is parsed into
// fresh objects. A target that sends the schemas as given gets them through one JSON round
// trip here, the core only checking names.
// This file builds each provider's envelope around the schemas. Nothing returned is a tool's
// own object, and the tools are never touched.

import { glue, recover } from "./core.js";

const NO_ARGUMENTS = '{"type":"object","properties":{},"additionalProperties":false}';

// Target codes (the core's `Target::from_code`): OpenAI 0, strict 1, strict: false 2;
// Responses 3, strict 4; Anthropic 5; Gemini 6, openapi 7; MCP 8. The copying targets send
// each schema as given.
const COPIES = [true, false, true, true, false, true, false, false, true];

// Rewritten schemas by the JSON text of the schema given, one cache per target: an agent
// sends the same tool list with every request, and a schema seen before (the same text, so
// the same content, whichever object holds it) is answered without the core. The names are
// checked by the core on every call, unless they are the very list (the same JSON text) the
// core last passed for that target. A target's cache is emptied when it passes the limit.
const CACHE_LIMIT = 4096;
const caches = [];
const passedNames = [];

/** `{ schemas, strict }` for the rewriting targets, through the cache. */
const rewrite = (target, names, schemas) => {
  const cache = caches[target] ?? (caches[target] = new Map());
  if (cache.size > CACHE_LIMIT) cache.clear();
  const texts = schemas.map((schema) => JSON.stringify(schema) ?? "null");
  const missing = [];
  for (let i = 0; i < texts.length; i++) if (!cache.has(texts[i])) missing.push(i);
  // The names' JSON, then each schema the cache lacks on a line of its own (compact JSON holds
  // no raw line break); the answer puts each schema on a line of its own too.
  const namesText = JSON.stringify(names);
  if (missing.length === 0 && namesText === passedNames[target]) return fromCache(cache, texts);
  let input = namesText;
  for (const i of missing) input += "\n" + texts[i];
  let text;
  try {
    text = glue.schemasOut(target, input, false);
  } catch (error) {
    // A stack overflow inside the core: put its stack pointer back (see core.js), then close
    // the allocation arena the call left open.
    recover(error);
    glue.schemasOutTrapped();
    throw error;
  }
  const answer = JSON.parse(text);
  if (typeof answer.error === "string") throw new TypeError(answer.error);
  passedNames[target] = namesText;
  if (missing.length > 0) {
    // Line k + 1 holds the k-th schema, after a "," from the second on.
    const lines = text.split("\n");
    missing.forEach((i, k) => {
      cache.set(texts[i], { text: k === 0 ? lines[1] : lines[k + 1].slice(1), strict: answer.strict?.[k] });
    });
    if (missing.length === texts.length) return answer; // all new: the core's objects are fresh
  }
  return fromCache(cache, texts);
};

/** `{ schemas, strict }` of schemas all in `cache`, as fresh objects. */
const fromCache = (cache, texts) => {
  const entries = texts.map((text) => cache.get(text));
  return {
    schemas: JSON.parse(`[${entries.map((e) => e.text).join(",")}]`),
    strict: entries.map((e) => e.strict),
  };
};

/** `[names, descriptions, schemas]` of the tools, in the core's answer. */
const run = (fn, target, tools) => {
  if (tools === null || tools === undefined || typeof tools[Symbol.iterator] !== "function") {
    throw new TypeError(`${fn}: tools must be an iterable of tools (an array or a Toolkit)`);
  }
  const names = [];
  const descriptions = [];
  const schemas = [];
  for (const tool of tools) {
    const object = tool !== null && typeof tool === "object";
    names.push(object ? tool.name : undefined);
    descriptions.push(object ? tool.description : undefined);
    schemas.push(object ? tool.inputSchema : undefined);
  }
  let answer;
  if (COPIES[target]) {
    answer = JSON.parse(glue.schemasOut(target, JSON.stringify(names), false));
    if (typeof answer.error === "string") throw new TypeError(answer.error);
    // A tool without an inputSchema (a plain object may lack one) takes no arguments.
    answer.schemas = JSON.parse(JSON.stringify(schemas)).map((s) => (s === null ? JSON.parse(NO_ARGUMENTS) : s));
  } else {
    answer = rewrite(target, names, schemas);
  }
  answer.names = names;
  answer.descriptions = descriptions;
  return answer;
};

/** The tool's envelope fields: name, then description when it is a string. */
const head = (answer, i) => typeof answer.descriptions[i] === "string"
  ? { name: answer.names[i], description: answer.descriptions[i] }
  : { name: answer.names[i] };

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
  const answer = run("toOpenAI", strict === undefined ? 0 : strict ? 1 : 2, tools);
  return answer.schemas.map((parameters, i) => {
    const f = head(answer, i);
    f.parameters = parameters;
    if (strict !== undefined) f.strict = strict && answer.strict[i];
    return { type: "function", function: f };
  });
};
// Responses always carries `strict` (the API takes a missing one as true): false unless asked.
const toOpenAIResponses = (tools, opts) => {
  const strict = strictOf("toOpenAIResponses", opts) === true;
  const answer = run("toOpenAIResponses", strict ? 4 : 3, tools);
  return answer.schemas.map((parameters, i) =>
    ({ type: "function", ...head(answer, i), parameters, strict: strict && answer.strict[i] }));
};
const toAnthropic = (tools) => {
  const answer = run("toAnthropic", 5, tools);
  return answer.schemas.map((input_schema, i) => ({ ...head(answer, i), input_schema }));
};
const toGemini = (tools, opts) => {
  const { dialect } = options("toGemini", opts);
  if (dialect !== undefined && dialect !== "jsonSchema" && dialect !== "openapi") {
    throw new TypeError(`toGemini: options.dialect must be "jsonSchema" or "openapi", not ${String(dialect)}`);
  }
  const openapi = dialect === "openapi";
  const answer = run("toGemini", openapi ? 7 : 6, tools);
  if (answer.schemas.length === 0) return [];
  const key = openapi ? "parameters" : "parametersJsonSchema";
  return [{ functionDeclarations: answer.schemas.map((schema, i) => ({ ...head(answer, i), [key]: schema })) }];
};
const toMCP = (tools) => {
  const answer = run("toMCP", 8, tools);
  return answer.schemas.map((inputSchema, i) => ({ ...head(answer, i), inputSchema }));
};

export { toOpenAI, toOpenAIResponses, toAnthropic, toGemini, toMCP };
