/**
 * A module compiled in the host's realm (Next.js's wasm bindings) fails the glue's
 * `instanceof WebAssembly.Module` and would be compiled again, which is refused: give it this
 * realm's prototype, so the glue instantiates it as it is.
 * @param {WebAssembly.Module} wasm
 */
export function moduleOf(wasm) {
  return wasm instanceof WebAssembly.Module ? wasm : Object.setPrototypeOf(wasm, WebAssembly.Module.prototype);
}
