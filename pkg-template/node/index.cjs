"use strict";
// Node.js, CommonJS. The ES module entry (index.mjs) loads this one, so `import` and `require`
// in one process share one WebAssembly instance and one `Tool` class.
const core = require("./toolnexus.cjs");

//# include tool.js

const api = createApi(core, core.__wasm);

exports.Tool = api.Tool;
exports.defineTool = api.defineTool;
exports.sanitize = api.sanitize;
