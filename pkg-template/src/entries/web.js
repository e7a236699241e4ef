// web/index.js (browsers, workers, bundlers, the `default` condition).
import "../instance/web.js"; // first: attaches the core before any other module runs
export * from "../index.js";
export * from "toolnexus:node-only"; // the Node.js-only names, each throwing (scripts/build.mjs)
