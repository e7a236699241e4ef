// The WebAssembly modules' bytes, for Node.js: the core's, read by the glue (toolnexus.cjs) at
// import, and the rules modules', read when first asked (pkg-template/src/core.js compiles each
// on the first operation that needs it).
//
// The core and the portable rules: the edge entries' files beside this package's other
// folders, or, where they are not there (a server bundle, an install without edge/), the same
// bytes as base64 (the browser entry's), which a bundle carries inside itself. The Node.js-only
// rules: base64 only, one copy.
"use strict";

// `require("fs")` is asked for where it is used, inside a `try`: an ES module bundle (esbuild
// --platform=node --format=esm) turns it into a call that throws, and the bytes then come from
// the base64 modules the bundle holds.
const read = (file, encoding) => require("fs").readFileSync(`${__dirname}/${file}`, encoding);

/** The base64 string of `web/<name>.js` (`export default "…"`), read as text. */
function base64Text(name) {
  const text = read(`../web/${name}.js`, "utf8");
  return text.slice(text.indexOf('"') + 1, text.lastIndexOf('"'));
}

// Each `require` of web/ below is for bundles, which resolve it statically and hold the module;
// a Node.js that cannot `require` an ES module (18, 20 before 20.19) reads the file as text.

exports.core = () => {
  try {
    return read("../edge/toolnexus_bg.wasm");
  } catch {
    let base64;
    try {
      base64 = require("../web/toolnexus_wasm.js").default;
    } catch {
      base64 = base64Text("toolnexus_wasm");
    }
    return Buffer.from(base64, "base64");
  }
};

exports.portable = () => {
  try {
    return read("../edge/toolnexus_rules.wasm");
  } catch {
    let base64;
    try {
      base64 = require("../web/toolnexus_rules_wasm.js").default;
    } catch {
      base64 = base64Text("toolnexus_rules_wasm");
    }
    return Buffer.from(base64, "base64");
  }
};

exports.node = () => Buffer.from(require("./toolnexus_node_wasm.cjs"), "base64");
