// The `Toolkit`: tools by name, and the one call per provider that turns a model's tool calls
// into exactly what the next request needs. Every path that answers a model is built so that it
// cannot throw or reject: a malformed call is answered with an error entry the model can act on.
//
// The hot path (`runOpenAI` of a message with a few calls) does per call: a few type checks, one
// Map lookup, `JSON.parse` of the arguments, the tool's own `execute`, and the reply object; one
// `Promise.all` and one `then` per message.

import { coreCall } from "./core.js";
import { toAnthropic, toGemini, toMCP, toOpenAI, toOpenAIResponses } from "./adapters.js";
import { executeOf, messageOf, phraseOf, Tool } from "./tool.js";
import { fromA2A } from "./sources/a2a.js";
import { folders, Skills, skillsFrom } from "./sources/skills.js";

const isArray = Array.isArray;
const parse = JSON.parse;
const stringify = JSON.stringify;
const resolve = (value) => Promise.resolve(value);
const EMPTY = Object.freeze([]);

// What kind of value it is, for a message (never throws): the core's wording.
const show = phraseOf;


// message(e), worded by the core as every tool failure is.
const message = messageOf;

const failure = (output) => ({ output, isError: true });

// A failure's message, worded by the core (`toolkit.message`, or `toolkit.prepare` for
// arguments that are not JSON) as the Python package words it.
function worded(kind, fields, tools) {
  try {
    const op = kind === "prepare" ? "toolkit.prepare" : "toolkit.message";
    const reply = parse(coreCall(op, stringify({ kind, tools, ...fields })));
    const text = kind === "prepare" ? reply.ok?.error : reply.ok;
    if (typeof text === "string") return text;
  } catch {
    // A stack overflow inside the core (see core.js): the plain wording below.
  }
  return "The tool call could not be answered.";
}

// True when `value` (a parsed JSON value, or an object given as arguments) holds a `null`
// anywhere within `depth` levels. Bounded, so a huge or cyclic object costs little.
function holdsNull(value, depth) {
  if (value === null) return true;
  if (typeof value !== "object" || depth === 0) return false;
  if (isArray(value)) {
    for (let i = 0; i < value.length; i++) if (holdsNull(value[i], depth - 1)) return true;
    return false;
  }
  for (const key in value) if (holdsNull(value[key], depth - 1)) return true;
  return false;
}

function mayHoldNull(args) {
  try {
    return holdsNull(args, 32);
  } catch {
    return false;
  }
}

// What the Toolkit keeps per tool.
class Entry {
  constructor(tool, name, source) {
    this.tool = tool;
    this.name = name;
    this.source = source;
    // A `Tool`'s own `execute` already keeps the contract; anything else (a plain object, or a
    // Tool whose `execute` was replaced) goes through `executeOf`, called with the tool as `this`.
    this.direct = tool instanceof Tool ? tool.execute : undefined;
    this.wrapped = undefined;
    this.schema = undefined; // the inputSchema object `schemaJson` was made from
    this.schemaJson = undefined; // its JSON, or null when it cannot be serialised
  }

  run(args, ctx) {
    const tool = this.tool;
    const execute = tool.execute;
    if (execute === this.direct && execute !== undefined) return execute(args, ctx);
    if (this.wrapped === undefined) this.wrapped = executeOf((a, c) => tool.execute(a, c));
    return this.wrapped(args, ctx);
  }

  // The tool's schema as JSON, made once per schema object.
  json() {
    const schema = this.tool.inputSchema;
    if (schema !== this.schema || this.schemaJson === undefined) {
      this.schema = schema;
      try {
        this.schemaJson = stringify(schema) ?? null;
      } catch {
        this.schemaJson = null;
      }
    }
    return this.schemaJson;
  }

  // Strict mode sends an optional property as `null`: when the arguments may hold one, the
  // core removes every `null` the tool's own schema does not accept, at any depth. `text` is
  // the arguments' JSON when they came as a string (else undefined).
  stripNulls(args, text) {
    const schema = this.json();
    if (schema === null) return args;
    try {
      const input = `{"schema":${schema},"args":${text === undefined ? stringify(args) : text}}`;
      const { ok } = parse(coreCall("schema.remove_nulls", input));
      return ok?.removed ? ok.args : args;
    } catch {
      // A stack overflow inside the core (see core.js): the arguments go as they came.
      return args;
    }
  }
}

// What a source that started something (MCP servers from a config) hands its Toolkit: how to
// list the sources' statuses and how to end them. Set by `adoptToolkit`, not a public API.
let adopt;
const asyncDispose = Symbol.asyncDispose ?? Symbol.for("Symbol.asyncDispose");

class Toolkit {
  /** The skills whose tool this toolkit holds (`createToolkit({ skills })`); none otherwise. */
  skills = undefined;
  #entries = new Map();
  #sources = [];
  #closers = [];

  static {
    adopt = (tk, sources, close) => {
      tk.#sources.push(sources);
      tk.#closers.push(close);
    };
  }

  /** Ends everything this toolkit started (MCP servers); a toolkit that started nothing has nothing to end. */
  async close() {
    const closers = this.#closers.splice(0);
    await Promise.all(closers.map((close) => close()));
  }

  [asyncDispose]() {
    return this.close();
  }

  constructor(tools) {
    if (tools !== undefined && tools !== null) {
      if (typeof tools[Symbol.iterator] !== "function") {
        throw new TypeError(`new Toolkit: \`tools\` must be an iterable of tools (an array or a Toolkit), got ${show(tools)}`);
      }
      this.register(...tools);
    }
  }

  /** Adds tools; all or none: a value that is not a tool, or a name taken, is a TypeError. */
  register(...tools) {
    const added = [];
    const names = new Map();
    for (let i = 0; i < tools.length; i++) {
      const tool = tools[i];
      let checked = tool;
      if (!(tool instanceof Tool)) {
        try {
          checked = new Tool(tool);
        } catch (error) {
          const what = message(error).replace(/^new Tool: /, "").replace(/`spec`/g, "the tool");
          throw new TypeError(`Toolkit.register: argument ${i + 1} is not a tool: ${what}`);
        }
      }
      const name = checked.name;
      const source = checked.source;
      const before = this.#entries.get(name) ?? names.get(name);
      if (before !== undefined) {
        throw new TypeError(`Toolkit.register: a tool named ${stringify(name)} is already registered ` +
          `(source ${stringify(before.source)}); the new one has source ${stringify(source)}. ` +
          "Remove one, or rename it (fromMCP takes a `prefix`).");
      }
      const entry = new Entry(tool, name, source);
      names.set(name, entry);
      added.push(entry);
    }
    for (const entry of added) this.#entries.set(entry.name, entry);
    return this;
  }

  /** Removes the tool of that name; true when there was one. */
  remove(name) {
    return this.#entries.delete(name);
  }

  has(name) {
    return this.#entries.has(name);
  }

  get(name) {
    return this.#entries.get(name)?.tool;
  }

  get size() {
    return this.#entries.size;
  }

  /**
   * What `createToolkit` set up (agents, MCP servers from a config), each `{ kind, name, status,
   * error? }`: a fresh array.
   */
  get sources() {
    return [...(sourcesOf.get(this) ?? EMPTY).map((s) => ({ ...s })), ...this.#sources.flatMap((list) => list())];
  }

  /** The tools, in registration order, as a fresh array. */
  tools() {
    const out = [];
    for (const entry of this.#entries.values()) out.push(entry.tool);
    return out;
  }

  *[Symbol.iterator]() {
    for (const entry of this.#entries.values()) yield entry.tool;
  }

  #unknown(name) {
    const named = typeof name === "string" && name !== "";
    return failure(worded("unknown", named ? { name } : { shown: name === "" ? "empty" : show(name) },
      [...this.#entries.keys()]));
  }

  // execute, as a plain result or a promise of one; never throws.
  #call(name, args, ctx) {
    const entry = typeof name === "string" ? this.#entries.get(name) : undefined;
    if (entry === undefined) return this.#unknown(name);
    try {
      let text;
      if (typeof args === "string") {
        if (args === "") {
          args = {};
        } else {
          text = args;
          try {
            args = parse(args);
          } catch {
            // The core words it, its own parser naming the problem (as in every binding).
            return failure(worded("prepare", { name: entry.name, args: text }, [entry.name]));
          }
          if (args === null) args = {};
        }
      } else if (args === undefined || args === null) {
        args = {};
      }
      if (typeof args !== "object" || isArray(args)) {
        return failure(worded("not_object", { tool: entry.name, shown: show(args) }));
      }
      if (text !== undefined ? text.includes("null") : mayHoldNull(args)) args = entry.stripNulls(args, text);
      return entry.run(args, ctx);
    } catch (error) {
      return failure(`The call to tool ${stringify(entry.name)} could not be made: ${message(error)}`);
    }
  }

  /**
   * Runs the named tool with `args` (an object, or its JSON as a string) and `ctx`. Never
   * throws, never rejects: an unknown name or unusable arguments give `isError: true`.
   */
  execute(name, args, ctx) {
    return resolve(this.#call(name, args, ctx));
  }

  toOpenAI(opts) {
    return toOpenAI(this, opts);
  }

  toOpenAIResponses(opts) {
    return toOpenAIResponses(this, opts);
  }

  toAnthropic() {
    return toAnthropic(this);
  }

  /**
   * @overload
   * @param {{ dialect?: "jsonSchema" }} [opts]
   * @returns {import("./adapters.js").GeminiTool[]}
   */
  /**
   * @overload
   * @param {{ dialect: "openapi" }} opts
   * @returns {import("./adapters.js").GeminiOpenAPITool[]}
   */
  /**
   * @overload
   * @param {import("./adapters.js").GeminiOptions} [opts]
   * @returns {import("./adapters.js").GeminiTool[] | import("./adapters.js").GeminiOpenAPITool[]}
   */
  /** @param {import("./adapters.js").GeminiOptions} [opts] */
  toGemini(opts) {
    return toGemini(this, opts);
  }

  toMCP() {
    return toMCP(this);
  }

  /** A Chat Completions assistant message (or its `tool_calls`) → its `role: "tool"` messages. */
  runOpenAI(input, ctx) {
    let calls;
    let n;
    try {
      calls = isArray(input) ? input : input?.tool_calls;
      if (!isArray(calls) || (n = calls.length) === 0) return resolve([]);
    } catch {
      return resolve([]);
    }
    const ids = new Array(n);
    const pending = new Array(n);
    for (let i = 0; i < n; i++) {
      ids[i] = "";
      try {
        pending[i] = this.#openAICall(calls[i], i, ids, ctx);
      } catch (error) {
        pending[i] = unreadable("Tool call", i, error);
      }
    }
    return Promise.all(pending).then((results) => {
      const out = new Array(n);
      for (let i = 0; i < n; i++) out[i] = { role: "tool", tool_call_id: ids[i], content: prefixed(results[i]) };
      return out;
    });
  }

  #openAICall(call, i, ids, ctx) {
    const id = call?.id;
    if (typeof id !== "string" || id === "") {
      return failure(worded("no_id", { provider: "openai", index: i }));
    }
    ids[i] = id;
    if (seenBefore(ids, i, id)) return duplicate("Tool call", id);
    const type = call.type;
    if (type !== "function" && type !== undefined) {
      return failure(worded("not_function", typeof type === "string" ? { id, type } : { id, shown: show(type) },
        [...this.#entries.keys()]));
    }
    const fn = call.function;
    if (fn === null || typeof fn !== "object") {
      return failure(worded("no_function", { id }));
    }
    return this.#call(fn.name, fn.arguments, ctx);
  }

  /** A Responses `output` (or the response) → a `function_call_output` item per `function_call`. */
  runOpenAIResponses(input, ctx) {
    const ids = [];
    const pending = this.#collect(input, "output", "function_call", ids, (item, at) => {
      const id = item.call_id;
      if (typeof id !== "string" || id === "") {
        return failure(worded("no_id", { provider: "openai_responses", index: at }));
      }
      ids[at] = id;
      return seenBefore(ids, at, id) ? duplicate("Function call", id) : this.#call(item.name, item.arguments, ctx);
    });
    if (pending.length === 0) return resolve([]);
    return Promise.all(pending).then((results) => {
      const out = new Array(results.length);
      for (let i = 0; i < results.length; i++) out[i] = { type: "function_call_output", call_id: ids[i], output: prefixed(results[i]) };
      return out;
    });
  }

  /** An Anthropic message (or its `content`) → a `tool_result` block per `tool_use` block. */
  runAnthropic(input, ctx) {
    const ids = [];
    const pending = this.#collect(input, "content", "tool_use", ids, (block, at) => {
      const id = block.id;
      if (typeof id !== "string" || id === "") {
        return failure(worded("no_id", { provider: "anthropic", index: at }));
      }
      ids[at] = id;
      return seenBefore(ids, at, id) ? duplicate("Tool use", id) : this.#call(block.name, block.input, ctx);
    });
    if (pending.length === 0) return resolve([]);
    return Promise.all(pending).then((results) => {
      const out = new Array(results.length);
      for (let i = 0; i < results.length; i++) {
        const [text, isError] = parts(results[i]);
        // The API refuses an error result with empty content.
        const content = isError && text === "" ? worded("empty_error", {}) : text;
        out[i] = { type: "tool_result", tool_use_id: ids[i], content, is_error: isError };
      }
      return out;
    });
  }

  // The calls among `input` (an array, or an object whose `key` is one) whose `type` is `type`,
  // each answered by `answer(item, position)`; `ids` gets "" for each, for `answer` to set.
  #collect(input, key, type, ids, answer) {
    const pending = [];
    let items;
    try {
      items = isArray(input) ? input : input?.[key];
      if (!isArray(items)) return pending;
      const n = items.length;
      for (let i = 0; i < n; i++) {
        const at = pending.length;
        try {
          const item = items[i];
          if (item === null || typeof item !== "object" || item.type !== type) continue;
          ids[at] = "";
          pending[at] = answer(item, at);
        } catch (error) {
          ids[at] = "";
          pending[at] = unreadable("Call", at, error);
        }
      }
    } catch {
      // the list itself could not be read: nothing more to answer
    }
    return pending;
  }

  /**
   * A Gemini `GenerateContentResponse` (an SDK object or its JSON), its `functionCalls`, or an
   * array of `{ id?, name, args }` → a `functionResponse` part per call.
   */
  runGemini(input, ctx) {
    let calls;
    let n;
    try {
      calls = geminiCalls(input);
      if ((n = calls.length) === 0) return resolve([]);
    } catch {
      return resolve([]);
    }
    const ids = new Array(n);
    const names = new Array(n);
    const pending = new Array(n);
    for (let i = 0; i < n; i++) {
      names[i] = "";
      try {
        const call = calls[i];
        if (call === null || typeof call !== "object") {
          pending[i] = failure(worded("not_a_call", { index: i, shown: show(call) }));
          continue;
        }
        const id = call.id;
        const name = call.name;
        if (typeof name === "string") names[i] = name;
        if (typeof id === "string" && id !== "") {
          ids[i] = id;
          if (seenBefore(ids, i, id)) {
            pending[i] = duplicate("Function call", id);
            continue;
          }
        }
        pending[i] = this.#call(name, call.args, ctx);
      } catch (error) {
        pending[i] = unreadable("Function call", i, error);
      }
    }
    return Promise.all(pending).then((results) => {
      const out = new Array(n);
      for (let i = 0; i < n; i++) {
        const [text, isError] = parts(results[i]);
        const response = isError ? { error: text } : { output: text };
        out[i] = { functionResponse: ids[i] === undefined ? { name: names[i], response } : { id: ids[i], name: names[i], response } };
      }
      return out;
    });
  }

  /** The `params` of an MCP `tools/call` request → its `CallToolResult`. */
  runMCP(params, ctx) {
    let pending;
    try {
      pending = params !== null && typeof params === "object"
        ? this.#call(params.name, params.arguments, ctx)
        : failure(worded("no_params", { shown: show(params) }));
    } catch (error) {
      pending = unreadable("The tools/call request", undefined, error);
    }
    return resolve(pending).then(mcpResult);
  }
}

const duplicate = (what, id) => failure(worded("duplicate", { what, id }));
const unreadable = (what, i, error) =>
  failure(`${what}${i === undefined ? "" : ` #${i + 1}`} could not be read, so it was not run: ${message(error)}`);

// True when `id` is among ids[0..at).
function seenBefore(ids, at, id) {
  for (let j = 0; j < at; j++) if (ids[j] === id) return true;
  return false;
}

/**
 * A ToolResult as [text, isError], whatever a passthrough result holds.
 * @returns {[string, boolean]}
 */
function parts(result) {
  try {
    const output = result.output;
    const text = typeof output === "string" ? output : (stringify(output) ?? "");
    return [text, Boolean(result.isError)];
  } catch (error) {
    return [`The tool's result could not be read: ${message(error)}`, true];
  }
}

// `output`, or "Error: output" when it failed: for the formats with no error flag.
function prefixed(result) {
  try {
    const output = result.output;
    if (typeof output === "string") {
      const isError = result.isError;
      return isError === false ? output : isError === true || isError ? `Error: ${output}` : output;
    }
  } catch {
    // read again below, with the error shown
  }
  const [text, isError] = parts(result);
  return isError ? `Error: ${text}` : text;
}

function geminiCalls(input) {
  if (input === undefined || input === null) return EMPTY;
  if (isArray(input)) return input;
  if (typeof input !== "object") return EMPTY;
  if ("functionCalls" in input) {
    const calls = input.functionCalls;
    if (isArray(calls)) return calls;
  }
  // A response as JSON (no SDK getter): the function calls of the first candidate's parts.
  const found = [];
  const partsList = input.candidates?.[0]?.content?.parts;
  if (isArray(partsList)) {
    for (const part of partsList) if (part?.functionCall) found.push(part.functionCall);
  }
  return found;
}

/** @returns {import("./toolkit.js").MCPCallToolResult} */
function mcpResult(result) {
  const [text, isError] = parts(result);
  /** @type {import("./toolkit.js").MCPCallToolResult} */
  const out = { content: [{ type: "text", text }], isError };
  try {
    const meta = result.metadata;
    if (meta !== null && typeof meta === "object") out._meta = meta;
  } catch {
    // no metadata to give
  }
  return out;
}

/**
 * Registers the `skill` tool of `skills` (what loadSkills or skillsFrom gave, or folders to
 * load where the runtime reads files) and keeps them as `tk.skills` (empty when none).
 */
async function addSkills(toolkit, skills) {
  if (skills === undefined || skills === null) {
    skills = skillsFrom([]);
  } else if (!(skills instanceof Skills)) {
    if (typeof skills !== "string" && !Array.isArray(skills)) {
      throw new TypeError(`createToolkit: \`skills\` must be what loadSkills or skillsFrom gave, or folders to load, got ${show(skills)}`);
    }
    if (folders.load === undefined) {
      throw new TypeError("createToolkit: `skills` as folders needs Node.js, Bun or Deno; here give skillsFrom(...)");
    }
    skills = await folders.load(skills);
  }
  if (skills.tool !== undefined) toolkit.register(skills.tool);
  toolkit.skills = skills;
}

// The sources createToolkit set up, per toolkit.
const sourcesOf = new WeakMap();

// An agents entry is a card or URL, or `{ card, ...fromA2A's options }` (an agent card has no
// `card` field).
const withOptions = (entry) => entry !== null && typeof entry === "object" && !(entry instanceof URL) && "card" in entry;

/**
 * Resolves to a Toolkit holding `extraTools` (the seed's entry point), `skills` and `agents`. `mcpConfig`
 * is read by the Node.js entries' own `createToolkit` (sources/mcp-config.node.js); here it is
 * refused.
 */
async function createToolkit(options) {
  if (options !== undefined && (options === null || typeof options !== "object")) {
    throw new TypeError(`createToolkit: the options must be an object, got ${show(options)}`);
  }
  if (options?.mcpConfig !== undefined && options?.mcpConfig !== null) {
    throw new TypeError("toolnexus: createToolkit({ mcpConfig }) needs Node.js, Bun or Deno (it starts the servers' processes); " +
      "in a browser or an edge runtime, connect an MCP SDK Client yourself and pass it to fromMCP");
  }
  const toolkit = new Toolkit(options?.extraTools);
  await addSkills(toolkit, options?.skills);
  const agents = options?.agents;
  if (agents === undefined || agents === null) return toolkit;
  if (typeof agents[Symbol.iterator] !== "function") {
    throw new TypeError(`createToolkit: \`agents\` must be an iterable of agent cards or URLs, got ${show(agents)}`);
  }
  const list = [...agents];
  // Every agent at once; one that cannot be read is left out and listed, never failing the rest.
  const settled = await Promise.all(list.map((entry) => resolve()
    .then(() => (withOptions(entry) ? fromA2A(entry.card, entry) : fromA2A(entry)))
    .then((tool) => ({ tool, error: undefined }), (error) => ({ tool: undefined, error: message(error) }))));
  const sources = [];
  for (let i = 0; i < list.length; i++) {
    const { tool, error } = settled[i];
    const card = withOptions(list[i]) ? list[i].card : list[i];
    const given = typeof card === "string" ? card : card instanceof URL ? String(card)
      : typeof card?.name === "string" ? card.name : `agent ${i + 1}`;
    if (tool === undefined) {
      sources.push({ kind: "a2a", name: given, status: "failed", error });
      continue;
    }
    try {
      toolkit.register(tool);
      sources.push({ kind: "a2a", name: tool.name, status: "ready" });
    } catch (e) {
      sources.push({ kind: "a2a", name: tool.name, status: "failed", error: message(e) });
    }
  }
  sourcesOf.set(toolkit, sources);
  return toolkit;
}

/** Gives `tk` the statuses and the `close` of what a source started for it (not a public API). */
const adoptToolkit = (tk, sources, close) => adopt(tk, sources, close);

export { Toolkit, createToolkit, adoptToolkit };

// Each export against its declaration in toolkit.d.ts (tsc --checkJs, scripts/types.mjs).
/** @satisfies {typeof import("./toolkit.js").Toolkit} */ (Toolkit);
/** @satisfies {typeof import("./toolkit.js").createToolkit} */ (createToolkit);
