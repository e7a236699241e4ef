// The rules modules' bytes, for Node.js, read when first asked (pkg-template/src/core.js
// compiles each on the first operation that needs it).
//
// The portable rules: the edge entries' file beside this package's other folders, or, where
// that file is not there (a server bundle), the same bytes as base64 (the browser entry's),
// which the bundle carries inside itself. The Node.js-only rules: base64 only, one copy.
"use strict";

exports.portable = () => {
  try {
    return require("fs").readFileSync(`${__dirname}/../edge/toolnexus_rules.wasm`);
  } catch {
    return Buffer.from(require("../web/toolnexus_rules_wasm.js").default, "base64");
  }
};

exports.node = () => Buffer.from(require("./toolnexus_node_wasm.cjs"), "base64");
