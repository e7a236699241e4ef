// The `Toolkit`: tools by name, and the one call per provider that turns a model's tool calls
// into exactly what the next request needs (toolkit-providers.js reads and answers each
// provider's calls, toolkit-dispatch.js runs one call by name). Every path that answers a model
// is built so that it cannot throw or reject: a malformed call is answered with an error entry
// the model can act on.

import { toAnthropic, toGemini, toMCP, toOpenAI, toOpenAIResponses } from "./adapters.js";
import { messageOf, phraseOf, Tool } from "./tool.js";
import { dispatch, Entry } from "./toolkit-dispatch.js";
import { runAnthropic, runGemini, runMCP, runOpenAI, runOpenAIResponses } from "./toolkit-providers.js";
import { fromA2A } from "./sources/a2a.js";
import { folders, Skills, skillsFrom } from "./sources/skills.js";

const stringify = JSON.stringify;
const resolve = (value) => Promise.resolve(value);

// What kind of value it is, for a message (never throws): the core's wording.
const show = phraseOf;

// message(e), worded by the core as every tool failure is.
const message = messageOf;

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
    return this.#sources.flatMap((list) => list());
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

  /**
   * Runs the named tool with `args` (an object, or its JSON as a string) and `ctx`. Never
   * throws, never rejects: an unknown name or unusable arguments give `isError: true`.
   */
  execute(name, args, ctx) {
    return resolve(dispatch(this.#entries, name, args, ctx));
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
    return runOpenAI(this.#entries, input, ctx);
  }

  /** A Responses `output` (or the response) → a `function_call_output` item per `function_call`. */
  runOpenAIResponses(input, ctx) {
    return runOpenAIResponses(this.#entries, input, ctx);
  }

  /** An Anthropic message (or its `content`) → a `tool_result` block per `tool_use` block. */
  runAnthropic(input, ctx) {
    return runAnthropic(this.#entries, input, ctx);
  }

  /**
   * A Gemini `GenerateContentResponse` (an SDK object or its JSON), its `functionCalls`, or an
   * array of `{ id?, name, args }` → a `functionResponse` part per call.
   */
  runGemini(input, ctx) {
    return runGemini(this.#entries, input, ctx);
  }

  /** The `params` of an MCP `tools/call` request → its `CallToolResult`. */
  runMCP(params, ctx) {
    return runMCP(this.#entries, params, ctx);
  }
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
  adopt(toolkit, () => sources.map((s) => ({ ...s })), async () => {});
  return toolkit;
}

/** Gives `tk` the statuses and the `close` of what a source started for it (not a public API). */
const adoptToolkit = (tk, sources, close) => adopt(tk, sources, close);

export { Toolkit, createToolkit, adoptToolkit };

// Each export against its declaration in toolkit.d.ts (tsc --checkJs, scripts/types.mjs).
/** @satisfies {typeof import("./toolkit.js").Toolkit} */ (Toolkit);
/** @satisfies {typeof import("./toolkit.js").createToolkit} */ (createToolkit);
