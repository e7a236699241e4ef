// `sanitize`: any string as a tool name, by the core's name alphabet (NAME_CLASS).

import { recover } from "./core.js";
import { ENGINE_UP_TO, NAME_CLASS } from "./protocol.js";
import { bytes, typeCode, typeError, view, wasm } from "./tool-buffer.js";

// Built-ins captured once: later patches of the caller's globals change nothing here.
const bindCall = Function.prototype.call.bind.bind(Function.prototype.call);
const slice = bindCall(String.prototype.slice);
const join = bindCall(Array.prototype.join);
const replaceAll = bindCall(RegExp.prototype[Symbol.replace]);
const encodeInto = bindCall(TextEncoder.prototype.encodeInto);
const decode = bindCall(TextDecoder.prototype.decode);
const UNSAFE = new RegExp(`[^${NAME_CLASS}]`, "g");
let encoder, decoder; // made on the first long sanitize

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

export { sanitize };

