"use strict";
// Node.js, CommonJS. The ES module entry (index.mjs) loads this one, so `import` and `require`
// in one process share one WebAssembly instance and one `Tool` class.
const core = require("./toolnexus.cjs");

//# include tool.js
//# include adapters.js

const api = createApi(core);
Object.assign(api, adaptersApi(core, api));

exports.Tool = api.Tool;
exports.defineTool = api.defineTool;
exports.sanitize = api.sanitize;
exports.toOpenAI = api.toOpenAI;
exports.toOpenAIResponses = api.toOpenAIResponses;
exports.toAnthropic = api.toAnthropic;
exports.toGemini = api.toGemini;
exports.toMCP = api.toMCP;
