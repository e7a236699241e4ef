// Browsers, workers, bundlers and other ES module runtimes. The WebAssembly bytes are inlined,
// so the core is ready when the import resolves: no init call, no fetch, no asset to copy. The
// portable rules arrive the same way and are decoded and compiled on first use.
// Specifiers starting with `./toolnexus` are the built package's own files beside the entry
// (pkg/web/), left as they are by the bundling (scripts/build.mjs).
import * as glue from "./toolnexus.js";
import rules from "./toolnexus_rules_wasm.js";
import wasm from "./toolnexus_wasm.js";

import { attach } from "../core.js";

function decode(base64) {
  if (typeof Uint8Array.fromBase64 === "function") return Uint8Array.fromBase64(base64);
  const text = atob(base64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

attach(glue.initSync({ module: decode(wasm) }), { portable: () => new WebAssembly.Module(decode(rules)) });
