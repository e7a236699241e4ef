// Node.js, ES modules: the CommonJS entry, re-exported.
import api from "./index.cjs";

export const { Tool, defineTool, sanitize } = api;
