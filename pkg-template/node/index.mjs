// Node.js, ES modules: the CommonJS entry, loaded through `require` so that `import` and
// `require` in one process share its single instance (Node's CommonJS cache), without the
// ESM-to-CommonJS translation step.
import { createRequire } from "node:module";

const api = createRequire(import.meta.url)("./index.cjs");

export const { Tool, defineTool, sanitize, tool, collectTools, toOpenAI, toOpenAIResponses, toAnthropic, toGemini, toMCP, Toolkit, createToolkit, fromMCP, connectMCP } = api;
