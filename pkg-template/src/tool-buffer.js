// The boundary tool.js's modules cross into the core by numbers only: the instance's raw
// exports, the one fixed text buffer in WebAssembly memory, the messages the core writes there,
// and the type codes of values. Nothing is allocated in WebAssembly memory per call or per tool.

import { onAttach } from "./core.js";
import {
  BUFFER_BYTES, BUFFER_UNITS, MESSAGE_AT, T_ARRAY, T_BIGINT, T_BOOLEAN, T_FUNCTION, T_NULL, T_NUMBER, T_OBJECT,
  T_OPAQUE, T_STRING, T_SYMBOL, T_UNDEFINED, WINDOW,
} from "./protocol.js";

// The core instance's raw exports: memory, the number-only exports tool.js's modules call
// (the other modules reach the rules modules through core.js), and the text buffer's address.
/** @type {any} */
let wasm;
let memory, address;
onAttach((instance) => {
  wasm = instance;
  memory = /** @type {WebAssembly.Memory} */ (instance.memory);
  address = /** @type {() => number} */ (instance.buffer)();
});

// Built-ins captured once: later patches of the caller's globals change nothing here.
const { apply } = Reflect;
const isArray = Array.isArray;
const fromCharCode = String.fromCharCode;
const bindCall = Function.prototype.call.bind.bind(Function.prototype.call);
const charCodeAt = bindCall(String.prototype.charCodeAt);

// The buffer as bytes and as UTF-16 units, made again when the memory grows.
/** @type {Uint8Array} */
let bytes;
/** @type {Uint16Array} */
let units;
const view = () => {
  if (units === undefined || units.length === 0) {
    bytes = new Uint8Array(memory.buffer, address, BUFFER_BYTES);
    units = new Uint16Array(memory.buffer, address, BUFFER_UNITS);
  }
};

// Every code and constant here comes from the core, through the generated protocol.js. A code
// these modules do not know means the JavaScript and the WebAssembly come from different
// builds: `broken` throws (and is kept, so that `execute` can say so instead of failing).
/** @type {Error | undefined} */
let brokenBy;
/** @returns {never} */
const broken = (what, code) => {
  brokenBy = new Error(`toolnexus: the core answered an unknown ${what} ${code}: its JavaScript and WebAssembly come from different builds`);
  throw brokenBy;
};

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

export { wasm, bytes, units, view, charCodeAt, brokenBy, broken, writeWindow, typeError, typeCode };
