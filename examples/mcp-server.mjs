// A toolkit served as an MCP server over stdio, with the official SDK's `Server`: `tools/list`
// answers with `tk.toMCP()`, `tools/call` with `tk.runMCP(params)`. Start it from an MCP
// client (examples/mcp-client.mjs does): `node examples/mcp-server.mjs`
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { defineTool, Toolkit } from "toolnexus";

const numbers = {
  type: "object",
  properties: { a: { type: "number" }, b: { type: "number" } },
  required: ["a", "b"],
  additionalProperties: false,
};

const tk = new Toolkit([
  defineTool({ name: "add", description: "Add two numbers", inputSchema: numbers, run: ({ a, b }) => String(a + b) }),
  defineTool({
    name: "divide",
    description: "Divide a by b",
    inputSchema: numbers,
    run: ({ a, b }) => {
      if (b === 0) throw new Error("Cannot divide by zero");
      return String(a / b);
    },
  }),
  defineTool({
    name: "stats",
    description: "Sum and mean of a list of numbers, also as structured data",
    inputSchema: { type: "object", properties: { values: { type: "array", items: { type: "number" } } }, required: ["values"] },
    run: ({ values }) => {
      const sum = values.reduce((s, v) => s + v, 0);
      const stats = { sum, mean: values.length ? sum / values.length : 0 };
      return { output: JSON.stringify(stats), isError: false, metadata: stats };
    },
  }),
]);

const server = new Server({ name: "toolnexus-example", version: "1.0.0" }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: tk.toMCP() }));
server.setRequestHandler(CallToolRequestSchema, (request, extra) => tk.runMCP(request.params, { signal: extra.signal }));
await server.connect(new StdioServerTransport());
