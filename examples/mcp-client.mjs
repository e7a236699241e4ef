// An MCP server's tools as toolnexus tools: the official SDK's `Client` spawns
// examples/mcp-server.mjs over stdio, `fromMCP` turns its tools into `Tool`s, and a Toolkit
// runs them like any other. `node examples/mcp-client.mjs`
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { fromMCP, Toolkit } from "toolnexus";

const server = fileURLToPath(new URL("./mcp-server.mjs", import.meta.url));
const client = new Client({ name: "toolnexus-example-client", version: "1.0.0" });
await client.connect(new StdioClientTransport({ command: process.execPath, args: [server] }));

const tk = new Toolkit(await fromMCP(client, { prefix: "calc_" }));
console.log("tools:", tk.tools().map((t) => `${t.name} (${t.source})`).join(", "));

const sum = await tk.execute("calc_add", '{"a":2,"b":3}');
const zero = await tk.execute("calc_divide", { a: 1, b: 0 });
const stats = await tk.execute("calc_stats", { values: [1, 2, 3, 6] });
console.log("calc_add:", sum);
console.log("calc_divide:", zero);
console.log("calc_stats:", stats);

await client.close();
const closed = await tk.execute("calc_add", { a: 1, b: 1 });
console.log("after close:", closed);

assert.deepEqual(tk.tools().map((t) => t.name), ["calc_add", "calc_divide", "calc_stats"]);
assert.deepEqual(sum, { output: "5", isError: false });
assert.deepEqual(zero, { output: "Cannot divide by zero", isError: true });
assert.equal(stats.output, "{\"sum\":12,\"mean\":3}");
assert.equal(closed.isError, true);
