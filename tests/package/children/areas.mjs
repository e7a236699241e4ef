// Child process of areas.test.mjs: which of the Node.js entry's areas (node/areas/*.cjs) are
// loaded after each step of a program. Prints them after each step as JSON.
import { createRequire } from "node:module";
import { basename } from "node:path";

const cache = createRequire(import.meta.url).cache;
const loaded = () => Object.keys(cache).filter((file) => /[\\/]node[\\/]areas[\\/]/.test(file))
  .map((file) => basename(file, ".cjs")).sort();
const steps = {};
const { builtinTools, defineTool, sanitize, toOpenAI, Toolkit, Tool } = await import("toolnexus");
steps.import = loaded();
const tool = defineTool({ name: "find", description: "Find", run: ({ q }) => `found ${q}` });
await tool.execute({ q: "x" });
sanitize("a b");
void (tool instanceof Tool);
steps.execute = loaded();
toOpenAI([tool]);
steps.toOpenAI = loaded();
new Toolkit([tool]);
steps.Toolkit = loaded();
builtinTools({ root: process.cwd(), tools: ["read"] });
steps.builtinTools = loaded();
console.log(JSON.stringify(steps));
