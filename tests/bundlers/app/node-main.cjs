// A Node.js app, as CommonJS source: bundled by esbuild (--platform=node, CommonJS), then run
// with no node_modules beside it. Prints the checks as JSON.
"use strict";
const toolnexus = require("toolnexus");
const { runChecks } = require("./checks.js");

runChecks(toolnexus, { node: true }).then((results) => console.log(JSON.stringify(results)));
