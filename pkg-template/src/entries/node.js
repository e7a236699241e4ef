// node/index.cjs (Node.js, Bun, Deno; node/index.mjs and node/module.mjs load it).
import "../instance/node.js"; // attaches the core (the shared modules take it through onAttach)
export * from "../node.js";
