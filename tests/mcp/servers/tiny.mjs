// A small MCP server over stdio (newline-delimited JSON-RPC), no SDK: the tests' odd servers
// are a few lines each on top of it.
import { createInterface } from "node:readline";

const schema = { type: "object", properties: {}, additionalProperties: true };

/**
 * Serves `tools` (`{ name: (args, server) => text }`); `server.notify(method)` sends a
 * notification; `answerInitialize: false` never answers `initialize`.
 */
export function serve(tools, { answerInitialize = true } = {}) {
  const send = (message) => process.stdout.write(`${JSON.stringify({ jsonrpc: "2.0", ...message })}\n`);
  const server = { tools, notify: (method) => send({ method }) };
  createInterface({ input: process.stdin }).on("line", async (line) => {
    const { id, method, params } = JSON.parse(line);
    if (id === undefined) return;
    if (method === "initialize") {
      if (!answerInitialize) return;
      send({ id, result: { protocolVersion: params.protocolVersion, capabilities: { tools: { listChanged: true } }, serverInfo: { name: "tiny", version: "1" } } });
    } else if (method === "tools/list") {
      send({ id, result: { tools: Object.keys(server.tools).map((name) => ({ name, description: `the ${name} tool`, inputSchema: schema })) } });
    } else if (method === "tools/call") {
      const text = await server.tools[params.name](params.arguments ?? {}, server);
      send({ id, result: { content: [{ type: "text", text }], isError: false } });
    } else if (method === "ping") {
      send({ id, result: {} });
    } else {
      send({ id, error: { code: -32601, message: `no method ${method}` } });
    }
  });
  process.stdin.on("end", () => process.exit(0));
}
