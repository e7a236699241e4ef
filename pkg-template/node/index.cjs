"use strict";
// Node.js, CommonJS. The ES module entry (index.mjs) loads this one, so `import` and `require`
// in one process share one WebAssembly instance and one `Tool` class.
const core = require("./toolnexus.cjs");

//# include tool.js
//# include toolkit.js
//# include mcp.js

const api = createApi(core);
Object.assign(api, toolkitApi(core, api));
Object.assign(api, mcpApi(core, api));

exports.Tool = api.Tool;
exports.defineTool = api.defineTool;
exports.sanitize = api.sanitize;
exports.Toolkit = api.Toolkit;
exports.createToolkit = api.createToolkit;
exports.fromMCP = api.fromMCP;
