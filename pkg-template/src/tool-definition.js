// A tool's definition, checked: the fields read in order (a polluted Object.prototype never
// becomes a field), their types packed into one word, the core's verdict in one call, and its
// message as a TypeError naming the field when it refuses. `new Tool` and `defineTool` build
// from what `init` leaves in `made`.

import { recover } from "./core.js";
import {
  BUFFER_UNITS, DEFAULT_SCHEMA_BIT, DEFINE, emptySchema, NAME_OK, QUOTE_NAME, QUOTE_ROOT_TYPE, QUOTE_SOURCE, REFUSED,
  ROOT_TYPE, SCHEMA_OBJECT, SHIFT_DEFINITION, SHIFT_DESCRIPTION, SHIFT_FUNCTION, SHIFT_INPUT_SCHEMA, SHIFT_NAME,
  SHIFT_SCHEMA_TYPE, SHIFT_SOURCE, SOURCE_SHIFT, SOURCES, T_FUNCTION, T_OBJECT, T_STRING, T_UNDEFINED, UNKNOWN_SOURCE,
} from "./protocol.js";
import { broken, charCodeAt, typeCode, typeError, units, view, wasm, writeWindow } from "./tool-buffer.js";
import { messageOf } from "./tool-result.js";

// Built-ins captured once: later patches of the caller's globals change nothing here.
const { getPrototypeOf } = Reflect;
const hasOwn = Object.hasOwn;
const ObjectPrototype = /** @type {Record<string, unknown>} */ (Object.prototype);

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

// The core's verdict is a function of the three numbers it is given (the type word, the source's
// code, the name's verdict): the last accepted one is remembered, so that a definition of the
// same shape as the one before (tools defined in a loop, or one module's tools one after
// another) is checked without a call into the core. A refusal is always asked for again.
let lastTypes = -1;
let lastSource = 0;
let lastNameCheck = 0;
let lastVerdict = 0;

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
    if (types === lastTypes && sourceIs === lastSource && nameCheck === lastNameCheck) {
      verdict = lastVerdict;
    } else {
      verdict = wasm.checkDefinition(types, sourceIs, nameCheck);
      if (verdict >= 0) {
        lastTypes = types;
        lastSource = sourceIs;
        lastNameCheck = nameCheck;
        lastVerdict = verdict;
      }
    }
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


export { init, made };
