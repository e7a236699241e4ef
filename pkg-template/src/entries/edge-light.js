// edge/light.js (the `edge-light` condition).
import "../instance/edge-light.js"; // attaches the core (the shared modules take it through onAttach)
export * from "../index.js";
export * from "toolnexus:node-only"; // the Node.js-only names, each throwing (scripts/build.mjs)
