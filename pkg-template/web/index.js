// Browsers, workers, bundlers and other ES module runtimes. The WebAssembly bytes are inlined,
// so the module is ready when the import resolves: no init call, no fetch, no asset to copy.
import * as core from "./toolnexus.js";
//# wasm begin (the build swaps this part for a `.wasm` module import in edge/, see build.mjs)
import wasm from "./toolnexus_wasm.js";

function decode(base64) {
  if (typeof Uint8Array.fromBase64 === "function") return Uint8Array.fromBase64(base64);
  const text = atob(base64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

const instance = core.initSync({ module: decode(wasm) });
//# wasm end

//# include tool.js
//# include decorator.js
//# include adapters.js
//# include toolkit.js
//# include mcp.js
//# include sources/mcp-config-web.js

const api = createApi(instance);
Object.assign(api, decoratorApi(core, api));
Object.assign(api, adaptersApi(core, api));
Object.assign(api, toolkitApi(core, api));
Object.assign(api, mcpApi(core, api));
Object.assign(api, mcpConfigWebApi(core, api));

export const { Tool, defineTool, sanitize, tool, collectTools, toOpenAI, toOpenAIResponses, toAnthropic, toGemini, toMCP, Toolkit, createToolkit, fromMCP, connectMCP } = api;
