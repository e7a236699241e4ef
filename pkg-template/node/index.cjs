"use strict";
// Node.js, CommonJS. The ES module entry (index.mjs) loads this one, so `import` and `require`
// in one process share one WebAssembly instance and one `Tool` class.
const core = require("./toolnexus.cjs");

//# include tool.js

const { Tool, defineTool, sanitize } = createApi(core);

exports.Tool = Tool;
exports.defineTool = defineTool;
exports.sanitize = sanitize;
