// The package's export list, as the build read it from pkg-template/src/index.js and node.js:
// the copy scripts/test.mjs puts beside the suites, else the build's own (suites run from
// tests/package against pkg/).
"use strict";
const { existsSync, readFileSync } = require("node:fs");
const { join } = require("node:path");

const file = [join(__dirname, "exports.json"), join(__dirname, "..", "..", "build", "exports.json")].find(existsSync);
if (file === undefined) throw new Error("exports.json not found: build the package first (npm run build)");
module.exports = JSON.parse(readFileSync(file, "utf8"));
