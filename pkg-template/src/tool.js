// The `Tool` class, `defineTool` and `sanitize`, wired around the WebAssembly core. This module
// moves values; the core decides. Its exports take and return numbers only: this module tells the
// core the free facts about a value (its type), the core answers with a question or a row, and
// this module answers each question by running that one check itself, in a `try`. Text crosses
// through one fixed buffer in WebAssembly memory. So no JavaScript runs inside a WebAssembly
// call, Rust holds no JavaScript value, and nothing is allocated in WebAssembly memory per call
// or per tool: a dropped tool is garbage like any other object, and nobody calls `free()`.

import { attached, recover } from "./core.js";

// The instance's raw exports: memory, the number-only exports this module calls (other modules
// use the glue's string-taking ones through core.js).
const wasm = attached();

// Built-ins captured once: later patches of the caller's globals change nothing here.
const { apply, getPrototypeOf } = Reflect;
const hasOwn = Object.hasOwn;
const ObjectPrototype = Object.prototype;
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

const { memory } = wasm;
const address = wasm.buffer();
let bytes, units;
const view = () => {
  if (units === undefined || units.length === 0) {
    bytes = new Uint8Array(memory.buffer, address, M.bufferBytes);
    units = new Uint16Array(memory.buffer, address, M.bufferUnits);
  }
};

// The manifest: every code and constant below comes from the core.
const M = JSON.parse(apply(fromCharCode, null, new Uint16Array(memory.buffer, address, wasm.manifest())));
const S = M.steps;
const OVERFLOWED = M.overflowed;
const KIND = M.kinds;
const { no: NO, yes: YES, threw: THREW } = M.answers;
const TYPE = {};
M.types.forEach((name, code) => {
  TYPE[name] = code;
});
const SOURCES = M.sources;
const UNSAFE = new RegExp(`[^${M.nameClass}]`, "g");

// ---- text across the boundary ----------------------------------------------------------------

// Writes `text`'s first units at 0 and the two units at `at` at `M.window`: all a message
// needs of a string of any length.
const writeWindow = (text, at) => {
  view();
  const len = text.length;
  const head = len < M.window ? len : M.window;
  for (let i = 0; i < head; i++) units[i] = charCodeAt(text, i);
  for (let i = 0; i < 2 && at + i < len; i++) units[M.window + i] = charCodeAt(text, at + i);
  return len;
};

// The message the core wrote (`n` units at `M.messageAt`), as a TypeError.
const typeError = (n) => {
  view();
  return new TypeError(apply(fromCharCode, null, units.subarray(M.messageAt, M.messageAt + n)));
};

// ---- the result table ------------------------------------------------------------------------

const kindOf = (value) => {
  const type = typeof value;
  if (type === "string") return KIND.string;
  if (type === "function") return KIND.function;
  return type === "object" && value !== null ? KIND.object : KIND.other;
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

// Answers the core's questions about `value` until it names a row.
function rowOf(value, awaited) {
  let step = firstStep(kindOf(value), awaited);
  for (;;) {
    let answer;
    try {
      switch (step) {
        case S.askResultKeys:
          answer = "output" in value && "isError" in value ? YES : NO;
          break;
        case S.askJson:
          kept = stringify(value);
          answer = typeof kept === "string" ? YES : NO;
          break;
        default:
          return step;
      }
    } catch (error) {
      kept = error;
      answer = THREW;
    }
    step = nextStep(step, answer);
  }
}

// message(e), as the core orders its checks.
function messageOf(thrown) {
  let step = firstStepOfThrown(kindOf(thrown));
  for (;;) {
    let answer;
    try {
      switch (step) {
        case S.askMessage:
          kept = thrown.message;
          answer = typeof kept === "string" ? YES : NO;
          break;
        case S.askString:
          kept = toString(thrown);
          answer = YES;
          break;
        case S.errorUnprintable:
          kept = undefined;
          return M.unprintable;
        default:
          return take();
      }
    } catch {
      answer = THREW;
    }
    step = nextStep(step, answer);
  }
}

const failure = (thrown) => ({ output: messageOf(thrown), isError: true });

// The result for a row that needs no awaiting.
function resultOf(step, value) {
  switch (step) {
    case S.text:
      return { output: value, isError: false };
    case S.passthrough:
      return value;
    case S.json:
      return { output: take(), isError: false };
    case S.empty:
      kept = undefined;
      return { output: "", isError: false };
    default:
      return failure(take());
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
    if (step === S.await) {
      try {
        value = await value;
      } catch (error) {
        return failure(error);
      }
      step = rowOf(value, true);
    }
    return resultOf(step, value);
  } catch {
    // Only the engine's RangeError gets here: the stack ran out while the result was being
    // made (a call at the very limit). Answered without another call, so it cannot overflow.
    return { output: OVERFLOWED, isError: true };
  }
};

// ---- defineTool / new Tool -------------------------------------------------------------------

// The type code of a value (`typeof`, with null and arrays told apart; "opaque" when
// Array.isArray throws, as for a revoked Proxy), compared against constants: a keyed lookup
// by the `typeof` string would cost more than the rest of a definition.
const [T_UNDEFINED, T_NULL, T_BOOLEAN, T_NUMBER, T_BIGINT, T_STRING, T_SYMBOL, T_FUNCTION, T_ARRAY, T_OBJECT, T_OPAQUE] =
  ["undefined", "null", "boolean", "number", "bigint", "string", "symbol", "function", "array", "object", "opaque"]
    .map((name) => TYPE[name]);
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
  return M.unknownSource;
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
  if (name === lastName) return M.nameOk;
  const len = name.length;
  try {
    if (len === 0) return wasm.checkName(0, 0);
    for (let at = 0; at < len; at += M.bufferUnits) {
      view();
      const n = len - at < M.bufferUnits ? len - at : M.bufferUnits;
      for (let i = 0; i < n; i++) units[i] = charCodeAt(name, at + i);
      const verdict = wasm.checkName(n, at);
      if (verdict !== M.nameOk) return verdict;
    }
  } catch (error) {
    throw recover(error);
  }
  lastName = name;
  return M.nameOk;
};

// Reads the fields in order (`read` says which read threw, for the core's message), asks the
// core for its verdict in one call, and writes the tool.
function init(tool, def, define) {
  let read = 0;
  let types = define ? M.define : 0;
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
        if (rootType === M.rootType) types |= M.schemaObject;
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
  types |= (object ? T_OBJECT : typeCode(def)) |
    ((typeof name === "string" ? T_STRING : typeCode(name)) << 4) |
    ((typeof description === "string" ? T_STRING : typeCode(description)) << 8) |
    (typeCode(inputSchema) << 12) |
    ((source === undefined ? T_UNDEFINED : typeof source === "string" ? T_STRING : typeCode(source)) << 16) |
    ((typeof fn === "function" ? T_FUNCTION : typeCode(fn)) << 20) |
    ((typeof rootType === "string" ? T_STRING : typeCode(rootType)) << 24);
  const sourceIs = typeof source === "string" ? sourceCode(source) : M.unknownSource;
  const nameCheck = typeof name === "string" ? nameVerdict(name) : M.nameOk;
  let verdict;
  try {
    verdict = wasm.checkDefinition(types, sourceIs, nameCheck);
    if (verdict < 0) {
      // The core says which string its message quotes, if any.
      const text = verdict === M.quoteName ? name : verdict === M.quoteSource ? source
        : verdict === M.quoteRootType ? rootType : "";
      const len = writeWindow(text, verdict === M.quoteName ? nameCheck : 0);
      throw typeError(wasm.refusal(types, sourceIs, nameCheck, len));
    }
  } catch (error) {
    throw recover(error);
  }
  tool.name = name;
  tool.description = description;
  tool.inputSchema = verdict & 1 ? { type: "object", properties: {}, additionalProperties: false } : inputSchema;
  tool.source = verdict >> 1 ? SOURCES[(verdict >> 1) - 1] : source;
  return fn;
}

// `defineTool` builds through the class constructor too (V8 then sizes every tool for its
// five in-object fields); this module-private token is how it asks for `run` and "native".
const DEFINE = Symbol("defineTool");

class Tool {
  constructor(spec, how) {
    const fn = init(this, spec, how === DEFINE);
    this.execute = executeOf(fn);
  }
}

function defineTool(opts) {
  return new Tool(opts, DEFINE);
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
  if (value.length <= M.engineUpTo) return replaceAll(UNSAFE, value, "_");
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
export { Tool, defineTool, sanitize, executeOf, messageOf };
