// Node.js: wasm-bindgen's CommonJS glue, which compiles the core synchronously at require time.
// Specifiers starting with `./toolnexus` are the built package's own files beside the entry
// (pkg/node/), left as they are by the bundling (scripts/build.mjs).
import glue from "./toolnexus.cjs";

import { attach } from "../core.js";

attach(glue, glue.__wasm);
