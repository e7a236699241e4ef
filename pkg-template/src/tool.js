// The `Tool` class, `defineTool` and `sanitize`, wired around the WebAssembly core. This module
// moves values; the core decides. Its exports take and return numbers only: this module tells the
// core the free facts about a value (its type), the core answers with a question or a row, and
// this module answers each question by running that one check itself, in a `try`. Text crosses
// through one fixed buffer in WebAssembly memory. So no JavaScript runs inside a WebAssembly
// call, Rust holds no JavaScript value, and nothing is allocated in WebAssembly memory per call
// or per tool: a dropped tool is garbage like any other object, and nobody calls `free()`.

import { onAttach, recover } from "./core.js";
import {
  ANSWER_NO, ANSWER_THREW, ANSWER_YES, BUFFER_BYTES, BUFFER_UNITS, DEFAULT_SCHEMA_BIT, DEFINE, emptySchema,
  ENGINE_UP_TO, KIND_FUNCTION, KIND_OBJECT, KIND_OTHER, KIND_STRING, MESSAGE_AT, NAME_CLASS, NAME_OK, OVERFLOWED,
  QUOTE_NAME, QUOTE_ROOT_TYPE, QUOTE_SOURCE, REFUSED, ROOT_TYPE, SCHEMA_OBJECT, SHIFT_DEFINITION, SHIFT_DESCRIPTION,
  SHIFT_FUNCTION, SHIFT_INPUT_SCHEMA, SHIFT_NAME, SHIFT_SCHEMA_TYPE, SHIFT_SOURCE, SOURCE_SHIFT, SOURCES,
  STEP_ASK_JSON, STEP_ASK_MESSAGE, STEP_ASK_RESULT_KEYS, STEP_ASK_STRING, STEP_AWAIT, STEP_EMPTY, STEP_ERROR_MESSAGE,
  STEP_ERROR_STRING, STEP_ERROR_UNPRINTABLE, STEP_FAILED, STEP_JSON, STEP_PASSTHROUGH, STEP_TEXT, T_ARRAY, T_BIGINT,
  T_BOOLEAN, T_FUNCTION, T_NULL, T_NUMBER, T_OBJECT, T_OPAQUE, T_STRING, T_SYMBOL, T_UNDEFINED, TYPE_PHRASES,
  UNKNOWN_SOURCE, UNPRINTABLE, WINDOW,
} from "./protocol.js";

// The instance's raw exports: memory, the number-only exports this module calls (other modules
// use the glue's string-taking ones through core.js), and the text buffer's address.
let wasm, memory, address;
onAttach((instance) => {
  wasm = instance;
  memory = /** @type {WebAssembly.Memory} */ (instance.memory);
  address = /** @type {() => number} */ (instance.buffer)();
});

// Built-ins captured once: later patches of the caller's globals change nothing here.
const { apply, getPrototypeOf } = Reflect;
const hasOwn = Object.hasOwn;
const ObjectPrototype = /** @type {Record<string, unknown>} */ (Object.prototype);
const isArray = Array.isArray;
const stringify = JSON.stringify;
const toString = String;
const fromCharCode = String.fromCharCode;
const bindCall = Function.prototype.call.bind.bind(Function.prototype.call);
const charCodeAt = bindCall(String.prototype.charCodeAt);
const slice = bindCall(String.prototype.slice);
const join = bindCall(Array.prototype.join);
const replaceAll = bindCall(RegExp.prototype[Symbol.replace]);
let encoder, decoder; // made on the first long sanitize
const encodeInto = bindCall(TextEncoder.prototype.encodeInto);
const decode = bindCall(TextDecoder.prototype.decode);

let bytes, units;
const view = () => {
  if (units === undefined || units.length === 0) {
    bytes = new Uint8Array(memory.buffer, address, BUFFER_BYTES);
    units = new Uint16Array(memory.buffer, address, BUFFER_UNITS);
  }
};

// Every code and constant here comes from the core, through the generated protocol.js. A code
// this module does not know means the JavaScript and the WebAssembly come from different
// builds: `broken` throws (and is kept, so that `execute` can say so instead of failing).
const UNSAFE = new RegExp(`[^${NAME_CLASS}]`, "g");
let brokenBy;
const broken = (what, code) => {
  brokenBy = new Error(`toolnexus: the core answered an unknown ${what} ${code}: its JavaScript and WebAssembly come from different builds`);
  throw brokenBy;
};

// ---- text across the boundary ----------------------------------------------------------------

// Writes `text`'s first units at 0 and the two units at `at` at `WINDOW`: all a message
// needs of a string of any length.
const writeWindow = (text, at) => {
  view();
  const len = text.length;
  const head = len < WINDOW ? len : WINDOW;
  for (let i = 0; i < head; i++) units[i] = charCodeAt(text, i);
  for (let i = 0; i < 2 && at + i < len; i++) units[WINDOW + i] = charCodeAt(text, at + i);
  return len;
};

// The message the core wrote (`n` units at `MESSAGE_AT`), as a TypeError.
const typeError = (n) => {
  view();
  return new TypeError(apply(fromCharCode, null, units.subarray(MESSAGE_AT, MESSAGE_AT + n)));
};

// ---- the result table ------------------------------------------------------------------------

const kindOf = (value) => {
  const type = typeof value;
  if (type === "string") return KIND_STRING;
  if (type === "function") return KIND_FUNCTION;
  return type === "object" && value !== null ? KIND_OBJECT : KIND_OTHER;
};

// What the last check kept (a JSON text, a message, or what a check threw). It is taken by
// the very next row, before any user code runs, and let go of then.
let kept;
const take = () => {
  const value = kept;
  kept = undefined;
  return value;
};

// The steps of the result table, from the core (a throw out of it goes through `recover`).
const firstStep = (kind, awaited) => {
  try {
    return wasm.firstStep(kind, awaited);
  } catch (error) {
    throw recover(error);
  }
};
const firstStepOfThrown = (kind) => {
  try {
    return wasm.firstStepOfThrown(kind);
  } catch (error) {
    throw recover(error);
  }
};
const nextStep = (step, answer) => {
  try {
    return wasm.nextStep(step, answer);
  } catch (error) {
    throw recover(error);
  }
};

// The two questions about a value: each answer, or THREW with what the check threw kept.
const askResultKeys = (value) => {
  try {
    return "output" in value && "isError" in value ? ANSWER_YES : ANSWER_NO;
  } catch (error) {
    kept = error;
    return ANSWER_THREW;
  }
};
const askJson = (value) => {
  try {
    kept = stringify(value);
    return typeof kept === "string" ? ANSWER_YES : ANSWER_NO;
  } catch (error) {
    kept = error;
    return ANSWER_THREW;
  }
};

// Answers the core's questions about `value` until it names a row.
function rowOf(value, awaited) {
  let step = firstStep(kindOf(value), awaited);
  for (;;) {
    switch (step) {
      case STEP_ASK_RESULT_KEYS:
        step = nextStep(step, askResultKeys(value));
        break;
      case STEP_ASK_JSON:
        step = nextStep(step, askJson(value));
        break;
      case STEP_TEXT:
      case STEP_PASSTHROUGH:
      case STEP_AWAIT:
      case STEP_JSON:
      case STEP_EMPTY:
      case STEP_FAILED:
        return step;
      default:
        return broken("step", step);
    }
  }
}

// message(e), as the core orders its checks.
function messageOf(thrown) {
  let step = firstStepOfThrown(kindOf(thrown));
  for (;;) {
    let answer;
    switch (step) {
      case STEP_ASK_MESSAGE:
        try {
          kept = thrown.message;
          answer = typeof kept === "string" ? ANSWER_YES : ANSWER_NO;
        } catch {
          answer = ANSWER_THREW;
        }
        break;
      case STEP_ASK_STRING:
        try {
          kept = toString(thrown);
          answer = ANSWER_YES;
        } catch {
          answer = ANSWER_THREW;
        }
        break;
      case STEP_ERROR_UNPRINTABLE:
        kept = undefined;
        return UNPRINTABLE;
      case STEP_ERROR_MESSAGE:
      case STEP_ERROR_STRING:
        return take();
      default:
        return broken("step", step);
    }
    step = nextStep(step, answer);
  }
}

const failure = (thrown) => ({ output: messageOf(thrown), isError: true });

// The result for a row that needs no awaiting.
function resultOf(step, value) {
  switch (step) {
    case STEP_TEXT:
      return { output: value, isError: false };
    case STEP_PASSTHROUGH:
      return value;
    case STEP_JSON:
      return { output: take(), isError: false };
    case STEP_EMPTY:
      kept = undefined;
      return { output: "", isError: false };
    case STEP_FAILED:
      return failure(take());
    default:
      return broken("step", step);
  }
}

// A tool's `execute`: calls `fn` with `args ?? {}` and `ctx` and turns what it returned or
// threw into the result. An async function, so its promise is native and never rejects; what
// the core sends to be awaited is awaited with a real `await`, exactly as `await` awaits.
const executeOf = (fn) => async (args, ctx) => {
  try {
    let value;
    try {
      value = fn(args ?? {}, ctx);
    } catch (error) {
      return failure(error);
    }
    let step = rowOf(value, false);
    if (step === STEP_AWAIT) {
      try {
        value = await value;
      } catch (error) {
        return failure(error);
      }
      step = rowOf(value, true);
    }
    return resultOf(step, value);
  } catch (error) {
    // The engine's RangeError gets here: the stack ran out while the result was being made (a
    // call at the very limit). Answered without another call, so it cannot overflow. Or an
    // unknown code from the core (`broken`), said as it is.
    return { output: error === brokenBy ? brokenBy.message : OVERFLOWED, isError: true };
  }
};

// ---- defineTool / new Tool -------------------------------------------------------------------

// The type code of a value (`typeof`, with null and arrays told apart; "opaque" when
// Array.isArray throws, as for a revoked Proxy), compared against constants: a keyed lookup
// by the `typeof` string would cost more than the rest of a definition.
const typeCode = (value) => {
  switch (typeof value) {
    case "string": return T_STRING;
    case "function": return T_FUNCTION;
    case "undefined": return T_UNDEFINED;
    case "object":
      if (value === null) return T_NULL;
      try {
        return isArray(value) ? T_ARRAY : T_OBJECT;
      } catch {
        return T_OPAQUE;
      }
    case "number": return T_NUMBER;
    case "boolean": return T_BOOLEAN;
    case "bigint": return T_BIGINT;
    default: return T_SYMBOL;
  }
};

// A source's code, or the core's code for an unknown one.
const sourceCode = (source) => {
  for (let i = 0; i < SOURCES.length; i++) if (SOURCES[i] === source) return i;
  return UNKNOWN_SOURCE;
};

// Whether `def[key]`, which equals `Object.prototype[key]`, comes from Object.prototype: a
// polluted prototype never becomes a tool's field (a class's own prototype getters still
// count). Each field below is read with a named load and compared with Object.prototype's
// (keyed loads would cost more than the rest of a definition), so only a value that
// Object.prototype holds too is looked at here.
const inherited = (def, key) => {
  if (hasOwn(def, key)) return false;
  for (let o = getPrototypeOf(def); o !== null; o = getPrototypeOf(o)) {
    if (hasOwn(o, key)) return o === ObjectPrototype;
  }
  return false;
};

// The core's verdict on a name: its units cross in chunks of the buffer's size. The last
// accepted name is remembered (defining many tools of one name is common in loops).
let lastName;
const nameVerdict = (name) => {
  if (name === lastName) return NAME_OK;
  const len = name.length;
  try {
    if (len === 0) return wasm.checkName(0, 0);
    for (let at = 0; at < len; at += BUFFER_UNITS) {
      view();
      const n = len - at < BUFFER_UNITS ? len - at : BUFFER_UNITS;
      for (let i = 0; i < n; i++) units[i] = charCodeAt(name, at + i);
      const verdict = wasm.checkName(n, at);
      if (verdict !== NAME_OK) return verdict;
    }
  } catch (error) {
    throw recover(error);
  }
  lastName = name;
  return NAME_OK;
};

// The fields `init` made, which the constructor then writes in order (one object reused by
// every definition: nothing is allocated to hand them over).
const made = { name: undefined, description: undefined, inputSchema: undefined, source: undefined };

// Reads the fields in order (`read` says which read threw, for the core's message), asks the
// core for its verdict in one call, and leaves the fields in `made`; answers the function.
function init(def, define) {
  let read = 0;
  let types = define ? DEFINE : 0;
  let name, description, inputSchema, source, fn;
  let rootType;
  const object = typeof def === "object" && def !== null;
  try {
    if (object) {
      name = def.name;
      if (name !== undefined && name === ObjectPrototype.name && inherited(def, "name")) name = undefined;
      read = 1;
      description = def.description;
      if (description !== undefined && description === ObjectPrototype.description && inherited(def, "description")) {
        description = undefined;
      }
      read = 2;
      inputSchema = def.inputSchema;
      if (inputSchema !== undefined && inputSchema === ObjectPrototype.inputSchema && inherited(def, "inputSchema")) {
        inputSchema = undefined;
      }
      if (typeof inputSchema === "object" && inputSchema !== null) {
        rootType = inputSchema.type;
        if (rootType !== undefined && rootType === ObjectPrototype.type && inherited(inputSchema, "type")) {
          rootType = undefined;
        }
        if (rootType === ROOT_TYPE) types |= SCHEMA_OBJECT;
      }
      read = 3;
      source = def.source;
      if (source !== undefined && source === ObjectPrototype.source && inherited(def, "source")) source = undefined;
      read = 4;
      if (define) {
        fn = def.run;
        if (fn !== undefined && fn === ObjectPrototype.run && inherited(def, "run")) fn = undefined;
      } else {
        fn = def.execute;
        if (fn !== undefined && fn === ObjectPrototype.execute && inherited(def, "execute")) fn = undefined;
      }
    }
  } catch (error) {
    types |= T_OBJECT;
    const message = messageOf(error);
    try {
      throw typeError(wasm.readFailed(types, read, writeWindow(message, 0)));
    } catch (thrown) {
      throw recover(thrown);
    }
  }
  // The common types are told inline; arrays are objects to the definition check.
  types |= ((object ? T_OBJECT : typeCode(def)) << SHIFT_DEFINITION) |
    ((typeof name === "string" ? T_STRING : typeCode(name)) << SHIFT_NAME) |
    ((typeof description === "string" ? T_STRING : typeCode(description)) << SHIFT_DESCRIPTION) |
    (typeCode(inputSchema) << SHIFT_INPUT_SCHEMA) |
    ((source === undefined ? T_UNDEFINED : typeof source === "string" ? T_STRING : typeCode(source)) << SHIFT_SOURCE) |
    ((typeof fn === "function" ? T_FUNCTION : typeCode(fn)) << SHIFT_FUNCTION) |
    ((typeof rootType === "string" ? T_STRING : typeCode(rootType)) << SHIFT_SCHEMA_TYPE);
  const sourceIs = typeof source === "string" ? sourceCode(source) : UNKNOWN_SOURCE;
  const nameCheck = typeof name === "string" ? nameVerdict(name) : NAME_OK;
  let verdict;
  try {
    verdict = wasm.checkDefinition(types, sourceIs, nameCheck);
    if (verdict < 0) {
      // The core says which string its message quotes, if any.
      let text;
      switch (verdict) {
        case QUOTE_NAME: text = name; break;
        case QUOTE_SOURCE: text = source; break;
        case QUOTE_ROOT_TYPE: text = rootType; break;
        case REFUSED: text = ""; break;
        default: broken("verdict", verdict);
      }
      const len = writeWindow(text, verdict === QUOTE_NAME ? nameCheck : 0);
      throw typeError(wasm.refusal(types, sourceIs, nameCheck, len));
    }
  } catch (error) {
    throw recover(error);
  }
  made.name = name;
  made.description = description;
  made.inputSchema = verdict & DEFAULT_SCHEMA_BIT ? emptySchema() : inputSchema;
  const given = verdict >> SOURCE_SHIFT;
  if (given > SOURCES.length) broken("verdict", verdict);
  made.source = given ? SOURCES[given - 1] : source;
  return fn;
}

// `defineTool` builds through the class constructor too (V8 then sizes every tool for its
// five in-object fields); this module-private token is how it asks for `run` and "native".
const DEFINING = Symbol("defineTool");

class Tool {
  constructor(spec, how) {
    const fn = init(spec, how === DEFINING);
    this.name = made.name;
    this.description = made.description;
    this.inputSchema = made.inputSchema;
    this.source = made.source;
    this.execute = executeOf(fn);
    made.inputSchema = undefined; // the user's schema is the tool's alone
  }
}

function defineTool(opts) {
  return new Tool(opts, DEFINING);
}

// ---- sanitize --------------------------------------------------------------------------------

// Short strings: the engine applies the core's pattern. Long ones: UTF-8 chunks of the buffer
// through the core's byte pass (encodeInto never splits a character; a lone surrogate becomes
// U+FFFD, one `_` as the rule says).
function sanitize(value) {
  if (typeof value !== "string") {
    let n;
    try {
      n = wasm.sanitizeError(typeCode(value));
    } catch (error) {
      throw recover(error);
    }
    throw typeError(n);
  }
  if (value.length <= ENGINE_UP_TO) return replaceAll(UNSAFE, value, "_");
  const parts = [];
  if (encoder === undefined) {
    encoder = new TextEncoder();
    decoder = new TextDecoder();
  }
  try {
    for (let rest = value; rest.length > 0;) {
      view();
      const { read, written } = encodeInto(encoder, rest, bytes);
      const n = wasm.sanitizeBytes(written);
      parts[parts.length] = decode(decoder, bytes.subarray(0, n));
      rest = slice(rest, read);
    }
  } catch (error) {
    throw recover(error);
  }
  return join(parts, "");
}

// For the other modules, not exports of the package: `executeOf` (a Toolkit wraps plain-object
// tools with it) and `messageOf` (message(e), as the core words it).
/** A value's type as messages word it ("null", "an array", "a string"…); never throws. */
const phraseOf = (value) => TYPE_PHRASES[typeCode(value)];

export { Tool, defineTool, sanitize, executeOf, messageOf, phraseOf };

// Each export against its declaration in tool.d.ts (tsc --checkJs, scripts/types.mjs).
/** @satisfies {typeof import("./tool.js").Tool} */ (Tool);
/** @satisfies {typeof import("./tool.js").defineTool} */ (defineTool);
/** @satisfies {typeof import("./tool.js").sanitize} */ (sanitize);
/** @satisfies {typeof import("./tool.js").executeOf} */ (executeOf);
/** @satisfies {typeof import("./tool.js").messageOf} */ (messageOf);
/** @satisfies {typeof import("./tool.js").phraseOf} */ (phraseOf);
