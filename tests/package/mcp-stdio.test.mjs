// A live MCP round trip over stdio: the SDK's `Client` spawns examples/mcp-server.mjs (a
// Toolkit served with the SDK's `Server`: `toMCP` lists, `runMCP` answers), and `fromMCP`
// turns its tools back into Tools.
import assert from "node:assert/strict";
import { dirname, join } from "node:path";
import { describe, it } from "node:test";
import { fileURLToPath } from "node:url";

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { fromMCP, Toolkit } from "toolnexus";

const server = join(dirname(fileURLToPath(import.meta.url)), "..", "examples", "mcp-server.mjs");

describe("MCP over stdio with the example server", () => {
  it("lists, calls, answers errors and metadata, and answers a call after close() with isError", async () => {
    const client = new Client({ name: "stdio-test", version: "1.0.0" });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [server], stderr: "pipe" }));
    try {
      const listed = await client.listTools();
      assert.deepEqual(listed.tools.map((t) => t.name), ["add", "divide", "stats"]);
      assert.equal(listed.tools[0].inputSchema.type, "object");

      const direct = await client.callTool({ name: "stats", arguments: { values: [2, 4] } });
      assert.deepEqual(direct.content, [{ type: "text", text: "{\"sum\":6,\"mean\":3}" }]);
      assert.equal(direct.isError, false);
      assert.deepEqual(direct._meta, { sum: 6, mean: 3 }, "a ToolResult's metadata travels as _meta");
      const unknown = await client.callTool({ name: "nope", arguments: {} });
      assert.equal(unknown.isError, true);
      assert.match(unknown.content[0].text, /Unknown tool "nope"\. Available tools: add, divide, stats/);

      const tk = new Toolkit(await fromMCP(client, { prefix: "calc_" }));
      assert.deepEqual(tk.tools().map((t) => [t.name, t.source]), [["calc_add", "mcp"], ["calc_divide", "mcp"], ["calc_stats", "mcp"]]);
      assert.deepEqual(await tk.execute("calc_add", '{"a":20,"b":22}'), { output: "42", isError: false });
      assert.deepEqual(await tk.execute("calc_divide", { a: 1, b: 0 }), { output: "Cannot divide by zero", isError: true });
      const bad = await tk.execute("calc_add", '{"a":');
      assert.equal(bad.isError, true, "bad JSON is answered locally");

      await client.close();
      const closed = await tk.execute("calc_add", { a: 1, b: 1 });
      assert.equal(closed.isError, true);
      assert.match(closed.output, /not connected/i);
    } finally {
      await client.close();
    }
  });
});
