// Node.js: wasm-bindgen's CommonJS glue, which compiles the core synchronously at require time,
// and toolnexus_rules.cjs, which reads the rules modules' bytes when first asked (pkg-template/
// node/). Specifiers starting with `./toolnexus` are the built package's own files beside the
// entry (pkg/node/), left as they are by the bundling (scripts/build.mjs).
import glue from "./toolnexus.cjs";
import rules from "./toolnexus_rules.cjs";

import { attach } from "../core.js";

attach(glue.__wasm, {
  portable: () => new WebAssembly.Module(rules.portable()),
  node: () => new WebAssembly.Module(rules.node()),
});
