// The exports of the Node.js entries (Node.js, Bun, Deno): every runtime's (index.js), then the
// ones that need Node.js, from modules that may import `node:*` (sources/<name>.node.js). The
// browser and edge entries export each of those names too, as a function that throws a
// TypeError saying which runtimes it needs (scripts/build.mjs writes them from this list).
export * from "./index.js";
export { loadSkills } from "./sources/skills.node.js";
export { builtinTools } from "./sources/builtins.node.js";
// `${VAR}` in httpTool's and fromOpenAPI's headers: Node's and Bun's environment as well.
import "./sources/http.node.js";
// MCP servers from a config file: connectMCP, and createToolkit reading `mcpConfig` (the
// explicit export wins over index.js's createToolkit, which refuses `mcpConfig`).
export { connectMCP, createToolkit } from "./sources/mcp-config.node.js";
