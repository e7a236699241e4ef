// web/index.js (browsers, workers, bundlers, the `default` condition).
import "../instance/web.js"; // attaches the core (the shared modules take it through onAttach)
export * from "../index.js";
export * from "toolnexus:node-only"; // the Node.js-only names, each throwing (scripts/build.mjs)
