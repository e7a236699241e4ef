// One call to a Toolkit's tool by name: the tool looked up, its arguments made ready, its
// `execute` run. Never throws: what cannot run is answered with a failure worded by the core
// (`toolkit.prepare` and `toolkit.message`, src/toolkit/), in the Python package's words.
//
// The fast path is a known name with arguments that are an object, or JSON text of one: the
// core's rule (`prepare`: absent, `null`, `""` and `"null"` are no arguments; anything that is
// not an object is refused) gives those as they are, so they go straight to the tool, as they
// do in the Python package (`Toolkit.execute` with a dict, `run_openai`'s plain calls). Every
// other case asks the core.

import { coreCall } from "./core.js";
import { executeOf, messageOf, phraseOf, Tool } from "./tool.js";
import { wellFormedJson } from "./well-formed.js";

const isArray = Array.isArray;
const parse = JSON.parse;
const stringify = JSON.stringify;

/** A failed ToolResult. */
const failure = (output) => ({ output, isError: true });

/**
 * A failure's message, worded by the core (`toolkit.message`, or `toolkit.prepare` for the
 * arguments of a call) as the Python package words it. Never throws.
 * @param {string} kind
 * @param {Record<string, unknown>} fields
 * @param {string[]} [tools]
 * @returns {string}
 */
function worded(kind, fields, tools) {
  try {
    const op = kind === "prepare" ? "toolkit.prepare" : "toolkit.message";
    const reply = parse(coreCall(op, stringify({ kind, tools, ...fields })));
    const text = kind === "prepare" ? reply.ok?.error : reply.ok;
    if (typeof text === "string") return text;
  } catch {
    // A stack overflow or a trap inside the rules (see core.js): the plain wording below.
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
      // A stack overflow or a trap inside the rules (see core.js): the arguments go as they came.
      return args;
    }
  }
}

/** The answer to a call of a name `entries` does not hold (or of no name). */
function unknown(entries, name) {
  const named = typeof name === "string" && name !== "";
  return failure(worded("unknown", named ? { name } : { shown: name === "" ? "empty" : phraseOf(name) },
    [...entries.keys()]));
}

// What the core's `prepare` makes of arguments off the fast path: `{ args }` to run with, or a
// failure. Arguments JSON cannot carry (a function, a BigInt in an array) are shown by kind.
function prepared(entry, args) {
  let input;
  try {
    input = stringify({ name: entry.name, args, tools: [entry.name] });
  } catch {
    input = undefined;
  }
  if (input === undefined) return failure(worded("not_object", { tool: entry.name, shown: phraseOf(args) }));
  try {
    const { ok } = parse(coreCall("toolkit.prepare", wellFormedJson(input)));
    if (ok !== undefined && ok !== null && typeof ok.error === "string") return failure(ok.error);
    if (ok !== undefined && ok !== null && ok.args !== null && typeof ok.args === "object") return ok;
  } catch {
    // A stack overflow or a trap inside the rules (see core.js): the plain wording below.
  }
  return failure("The tool call could not be answered.");
}

/**
 * Runs the tool `entries` holds as `name` with `args` (an object, or its JSON as a string) and
 * `ctx`: its result, or a promise of it. Never throws.
 * @param {Map<string, Entry>} entries
 */
function dispatch(entries, name, args, ctx) {
  const entry = typeof name === "string" ? entries.get(name) : undefined;
  if (entry === undefined) return unknown(entries, name);
  try {
    let text;
    let parsed = args;
    if (typeof args === "string") {
      text = args;
      try {
        parsed = parse(args);
      } catch {
        parsed = undefined;
      }
    }
    if (parsed === null || typeof parsed !== "object" || isArray(parsed)) {
      // Off the fast path: the core decides (no arguments, not JSON, not an object).
      const ready = prepared(entry, args);
      if (ready.isError === true) return ready;
      parsed = ready.args;
      text = undefined;
    }
    if (text !== undefined ? text.includes("null") : mayHoldNull(parsed)) parsed = entry.stripNulls(parsed, text);
    return entry.run(parsed, ctx);
  } catch (error) {
    return failure(`The call to tool ${stringify(entry.name)} could not be made: ${messageOf(error)}`);
  }
}

export { dispatch, Entry, failure, worded };
