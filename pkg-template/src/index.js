// The package's exports in every runtime: the one list the entries, node/index.mjs,
// node/module.mjs and the export tests are made from (scripts/entries.mjs reads it with esbuild).
//
// The layout of pkg-template/src/ (each file an ES module importing what it uses; esbuild
// bundles them, see scripts/entries.mjs: node/index.cjs holds every module it uses; the browser
// and edge entries share one chunk, web/api.js, and keep only their instance):
//
//   index.js          this list: what every runtime exports
//   node.js           index.js plus what needs Node.js, Bun or Deno (files, processes); the
//                     browser and edge entries export those names as functions that throw a
//                     TypeError naming the runtimes they need, and the build fails if they
//                     would hold a module importing `node:*` or one only node.js reaches
//   core.js           the WebAssembly modules for every module: the core (`onAttach`, the raw
//                     instance for tool.js's number-only exports; `recover`) and the rules,
//                     instantiated on first use (`call(op, value)`, the JSON door of src/ops/;
//                     `coreCall`, the same with JSON text each way)
//   protocol.js       generated at build time from src/protocol/ (not committed): every code
//                     and constant shared with the core
//   tool.js, decorator.js, adapters.js, toolkit.js, mcp.js     the areas, each with its
//                     declarations beside it (tool.d.ts, …), checked by tsc --checkJs
//   sources/<name>.js       a tool source usable everywhere (fetch, the core's rules)
//   sources/<name>.node.js  its Node.js part (`node:*`), exported from node.js only
//   instance/         how each runtime instantiates the core (node, web, edge, edge-light);
//                     each calls core.js's `attach`
//   entries/          one file per built entry: its instance, then the list it exports
//
// A module uses the core inside its functions only (or through `onAttach`): in the shared chunk
// its top level runs before the entry attaches the core. It never imports an entry or
// instance/. Each export has a declaration in the module's .d.ts and a `@satisfies` line.
export { Tool, defineTool, sanitize } from "./tool.js";
export { tool, collectTools } from "./decorator.js";
export { toOpenAI, toOpenAIResponses, toAnthropic, toGemini, toMCP } from "./adapters.js";
export { Toolkit, createToolkit } from "./toolkit.js";
export { fromMCP } from "./mcp.js";
export { httpTool, fromOpenAPI } from "./sources/http.js";
export { fromA2A } from "./sources/a2a.js";
export { skillsFrom } from "./sources/skills.js";
