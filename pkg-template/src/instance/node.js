// Node.js: wasm-bindgen's CommonJS glue, which compiles the core synchronously at require time,
// and toolnexus_bytes.cjs (pkg-template/node/), which reads the rules modules' bytes when first
// asked. Specifiers starting with `./toolnexus` are the built package's own files beside the
// entry (pkg/node/), left as they are by the bundling (scripts/build.mjs).
import glue from "./toolnexus.cjs";
import bytes from "./toolnexus_bytes.cjs";

import { attach } from "../core.js";

attach(glue.__wasm, {
  portable: () => new WebAssembly.Module(bytes.portable()),
  node: () => new WebAssembly.Module(bytes.node()),
});
