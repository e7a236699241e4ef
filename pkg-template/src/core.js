// The WebAssembly core, as every other module reaches it.
//
// Each entry imports its `instance/` module, which instantiates the core the way that runtime
// loads WebAssembly and hands it to `attach`. The modules shared by several entries (one chunk
// for the browser and edge entries) may run before that: they use the core only inside their
// functions, or take it with `onAttach`. A module takes:
//
// - `call(op, value)`: the core's JSON door (`coreCall`, src/ops/): `value` crosses as JSON,
//   the answer's `ok` value comes back, a refusal throws a `TypeError` with the core's message;
// - `coreCall(op, input, text?)`: the same door with the JSON text each way, for callers that
//   write the input or read the answer themselves (a cached request, a megabyte of text);
// - `glue`: wasm-bindgen's glue;
// - `onAttach(fn)`: `fn(instance)` with the instance's raw exports (memory and the number-only
//   exports of tool.js), as soon as the core is attached;
// - `recover(error)`: what every call into the core that throws goes through.

/** wasm-bindgen's glue module (node/toolnexus.cjs or web/toolnexus.js). */
export let glue;
let wasm;
let stackPointer;
let stackBase = 0;

/**
 * Called once, by the entry's `instance/` module, before any other module runs.
 * @param {object} glueModule wasm-bindgen's glue
 * @param {WebAssembly.Exports} instance the instance's raw exports
 */
export function attach(glueModule, instance) {
  glue = glueModule;
  wasm = instance;
  stackPointer = /** @type {WebAssembly.Global} */ (instance.__stack_pointer);
  stackBase = stackPointer.value;
  for (const fn of waiting.splice(0)) fn(instance);
}

const waiting = [];

/**
 * Calls `fn` with the instance's raw exports once the core is attached (at once if it is).
 * @param {(instance: WebAssembly.Exports) => void} fn
 */
export function onAttach(fn) {
  if (wasm === undefined) waiting.push(fn);
  else fn(wasm);
}

/**
 * A stack overflow (a RangeError at the engine's stack limit) can surface inside a WebAssembly
 * frame, which then never restores the shadow-stack pointer. No export runs inside another, so
 * whenever a call into the core throws, no core frame is live: the pointer goes back to where
 * it stood at start-up, and the next call finds the core as new. Returns `error`.
 * @template E
 * @param {E} error
 * @returns {E}
 */
export function recover(error) {
  stackPointer.value = stackBase;
  return error;
}

/**
 * For the edge instances: a module compiled in the host's realm (Next.js's wasm bindings) fails
 * the glue's `instanceof WebAssembly.Module` and would be compiled again, which is refused:
 * give it this realm's prototype, so the glue instantiates it as it is.
 * @param {WebAssembly.Module} module
 */
export function moduleOf(module) {
  return module instanceof WebAssembly.Module ? module : Object.setPrototypeOf(module, WebAssembly.Module.prototype);
}

const stringify = JSON.stringify;
const parse = JSON.parse;

/**
 * Runs the core operation `op` over `input`, JSON text, with `text` (a long string) as the
 * input's `"text"` field when given; answers the JSON text `{"ok":value}` or
 * `{"error":{"kind","message"}}`.
 * @param {string} op
 * @param {string} input
 * @param {string} [text]
 * @returns {string}
 */
export function coreCall(op, input, text) {
  try {
    return glue.coreCall(op, input, text);
  } catch (error) {
    throw recover(error);
  }
}

/**
 * Runs the core operation `op` (`"domain.name"`, src/ops/mod.rs) over `value`.
 * @param {string} op
 * @param {unknown} value sent as JSON (`undefined` as `null`)
 * @returns {any} the answer's `ok` value
 * @throws {TypeError} with the core's message when the core refuses the input
 */
export function call(op, value) {
  const answer = parse(coreCall(op, stringify(value) ?? "null"));
  if (answer.error !== undefined) throw new TypeError(answer.error.message);
  return answer.ok;
}
