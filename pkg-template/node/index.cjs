"use strict";
// Node.js, CommonJS. The ES module entry (index.mjs) loads this one, so `import` and `require`
// in one process share one WebAssembly instance and one `Tool` class.
const core = require("./toolnexus.cjs");

//# include tool.js
//# include decorator.js
//# include adapters.js
//# include toolkit.js
//# include mcp.js
//# include sources/mcp-config.js

const api = createApi(core.__wasm);
Object.assign(api, decoratorApi(core, api));
Object.assign(api, adaptersApi(core, api));
Object.assign(api, toolkitApi(core, api));
Object.assign(api, mcpApi(core, api));
// Node's modules for MCP servers from a config, loaded when a config is first read.
Object.assign(api, mcpConfigApi(core, api, {
  spawn: (...args) => require("node:child_process").spawn(...args),
  readFile: (...args) => require("node:fs/promises").readFile(...args),
  resolve: (...args) => require("node:path").resolve(...args),
  process,
}));

exports.Tool = api.Tool;
exports.defineTool = api.defineTool;
exports.sanitize = api.sanitize;
exports.tool = api.tool;
exports.collectTools = api.collectTools;
exports.toOpenAI = api.toOpenAI;
exports.toOpenAIResponses = api.toOpenAIResponses;
exports.toAnthropic = api.toAnthropic;
exports.toGemini = api.toGemini;
exports.toMCP = api.toMCP;
exports.Toolkit = api.Toolkit;
exports.createToolkit = api.createToolkit;
exports.fromMCP = api.fromMCP;
exports.connectMCP = api.connectMCP;
