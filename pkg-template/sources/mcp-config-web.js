// Browsers, workers and edge runtimes: MCP servers from a config start processes and read
// files, which these runtimes cannot; the exports say so instead of failing later.

/**
 * @param {object} core the wasm glue
 * @param {{ createToolkit: Function }} api the areas composed so far
 */
export function mcpConfigWebApi(core, api) {
  const baseCreateToolkit = api.createToolkit;
  const needs = (what) => new TypeError(`${what} runs on Node.js, Bun and Deno (it starts the servers' processes and reads files); ` +
    "in a browser or an edge runtime, connect an MCP SDK Client yourself and pass it to fromMCP");

  /** Not available here: see the message. */
  async function connectMCP() {
    throw needs("connectMCP");
  }

  async function createToolkit(options) {
    if (options !== null && typeof options === "object" && options.mcpConfig !== undefined && options.mcpConfig !== null) {
      throw needs("createToolkit({ mcpConfig })");
    }
    return baseCreateToolkit(options);
  }

  return { connectMCP, createToolkit };
}
