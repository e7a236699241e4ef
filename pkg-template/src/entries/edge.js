// edge/index.js (the `workerd` condition).
import "../instance/edge.js"; // attaches the core (the shared modules take it through onAttach)
export * from "../index.js";
export * from "toolnexus:node-only"; // the Node.js-only names, each throwing (scripts/build.mjs)
