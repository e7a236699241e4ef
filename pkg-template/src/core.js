// The WebAssembly core, as every other module reaches it.
//
// Each entry's first import is its `instance/` module, which instantiates the core the way that
// runtime loads WebAssembly and hands it to `attach`; ES modules evaluate in import order, so
// every other module finds the core attached when its own top level runs. A module takes:
//
// - `call(op, value)`: the core's JSON door (`coreCall`, src/ops/): `value` crosses as JSON,
//   the answer's `ok` value comes back, a refusal throws a `TypeError` with the core's message;
// - `glue`: wasm-bindgen's glue, for the string-taking exports (`coreCall`, `removeOptionalNulls`, …);
// - `attached()`: the instance's raw exports (memory and the number-only exports of tool.js);
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
  stackPointer = instance.__stack_pointer;
  stackBase = stackPointer.value;
}

/** The instance's raw exports; throws when no entry attached the core (a module imported alone). */
export function attached() {
  if (wasm === undefined) throw new Error("toolnexus: the WebAssembly core is not attached; import the package, not one of its modules");
  return wasm;
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

const stringify = JSON.stringify;
const parse = JSON.parse;

/**
 * Runs the core operation `op` (`"domain.name"`, src/ops/mod.rs) over `value`.
 * @param {string} op
 * @param {unknown} value sent as JSON (`undefined` as `null`)
 * @returns {any} the answer's `ok` value
 * @throws {TypeError} with the core's message when the core refuses the input
 */
export function call(op, value) {
  const input = stringify(value) ?? "null";
  let text;
  try {
    text = glue.coreCall(op, input);
  } catch (error) {
    throw recover(error);
  }
  const answer = parse(text);
  if (answer.error !== undefined) throw new TypeError(answer.error.message);
  return answer.ok;
}
