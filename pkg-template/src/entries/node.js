// node/index.cjs (Node.js, Bun, Deno; node/index.mjs and node/module.mjs load it).
import "../instance/node.js"; // first: attaches the core before any other module runs
export * from "../node.js";
