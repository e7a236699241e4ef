// MCP in (CONTRACT.md, MCP in): `fromMCP` over the official SDK's `Client`, connected to the
// SDK's own `Server` through `InMemoryTransport`: list (with pagination), call, error results,
// name collisions, non-text content, structuredContent, a failing server and a closed client.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema, McpError } from "@modelcontextprotocol/sdk/types.js";
import { fromMCP, Tool, Toolkit } from "toolnexus";

const PNG_BYTES = 1234;
const png = Buffer.alloc(PNG_BYTES, 7).toString("base64");
const schema = (properties = {}) => ({ type: "object", properties });

// The server's tools: names chosen to collide once sanitized ("get.user", "get user" and
// "get_user"), and one tool per kind of answer.
const TOOLS = [
  { name: "get.user", description: "Dotted name", inputSchema: schema({ id: { type: "number" } }) },
  { name: "get user", description: "Spaced name", inputSchema: schema() },
  { name: "get_user", description: "Plain name", inputSchema: schema() },
  { name: "get_user_2", description: "Already has the suffix a collision would get", inputSchema: schema() },
  { name: "fails", description: "Answers with isError", inputSchema: schema() },
  { name: "media", description: "Every kind of content block", inputSchema: schema() },
  { name: "structured", description: "structuredContent", inputSchema: schema(), outputSchema: schema({ n: { type: "number" } }) },
  { name: "throws", inputSchema: schema() }, // no description; the handler throws
  { name: "slow", description: "Answers after the delay it is given", inputSchema: schema({ ms: { type: "number" } }) },
];
const PAGE = 2;

async function connect({ pageSize = PAGE } = {}) {
  const calls = [];
  const listRequests = [];
  const server = new Server({ name: "test-server", version: "1.0.0" }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, (request) => {
    listRequests.push(request.params?.cursor);
    const start = Number(request.params?.cursor ?? 0);
    const next = start + pageSize;
    return { tools: TOOLS.slice(start, next), ...(next < TOOLS.length ? { nextCursor: String(next) } : {}) };
  });
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const { name, arguments: args } = request.params;
    calls.push({ name, args });
    switch (name) {
      case "fails":
        return { content: [{ type: "text", text: "quota exceeded" }], isError: true };
      case "media":
        return {
          content: [
            { type: "text", text: "first" },
            { type: "image", data: png, mimeType: "image/png" },
            { type: "audio", data: "AAAA", mimeType: "audio/wav" },
            { type: "resource", resource: { uri: "file:///notes.txt", mimeType: "text/plain", text: "the notes" } },
            { type: "resource", resource: { uri: "file:///logo.bin", mimeType: "application/octet-stream", blob: "AAECAw==" } },
            { type: "resource_link", uri: "file:///big.csv", name: "big.csv" },
            { type: "text", text: "last" },
          ],
        };
      case "structured":
        return { content: [{ type: "text", text: "{\"n\":3}" }], structuredContent: { n: 3 } };
      case "throws":
        throw new Error("handler exploded");
      case "slow":
        await new Promise((ok) => setTimeout(ok, args?.ms ?? 0));
        return { content: [{ type: "text", text: "late" }] };
      default:
        return { content: [{ type: "text", text: `${name} called with ${JSON.stringify(args)}` }] };
    }
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "test-client", version: "1.0.0" });
  await client.connect(clientSide);
  return { client, server, calls, listRequests };
}

describe("fromMCP over the SDK's Client and Server (InMemoryTransport)", () => {
  it("lists every page, as Tools with source mcp and collision-free sanitized names", async () => {
    const { client, listRequests } = await connect();
    const tools = await fromMCP(client);
    assert.deepEqual(listRequests, [undefined, "2", "4", "6", "8"], "followed nextCursor to the end");
    assert.deepEqual(tools.map((t) => t.name),
      ["get_user_3", "get_user_4", "get_user", "get_user_2", "fails", "media", "structured", "throws", "slow"]);
    for (const tool of tools) {
      assert.ok(tool instanceof Tool);
      assert.equal(tool.source, "mcp");
    }
    assert.equal(tools[0].description, "Dotted name");
    assert.deepEqual(tools[0].inputSchema, TOOLS[0].inputSchema);
    assert.equal(tools[7].description, "", "a missing description is empty");
    assert.doesNotThrow(() => new Toolkit(tools), "the names are unique");
    await client.close();
  });

  it("calls the original name with the arguments, and prefixes names", async () => {
    const { client, calls } = await connect({ pageSize: 100 });
    const tk = new Toolkit(await fromMCP(client, { prefix: "srv." }));
    assert.deepEqual(tk.tools().slice(0, 4).map((t) => t.name), ["srv_get_user_3", "srv_get_user_4", "srv_get_user", "srv_get_user_2"]);
    assert.deepEqual(await tk.execute("srv_get_user_3", '{"id":7}'), { output: 'get.user called with {"id":7}', isError: false });
    assert.deepEqual(await tk.execute("srv_get_user_4"), { output: "get user called with {}", isError: false });
    assert.deepEqual(await tk.execute("srv_get_user_2"), { output: "get_user_2 called with {}", isError: false });
    assert.deepEqual(calls.map((c) => c.name), ["get.user", "get user", "get_user_2"]);
    await client.close();
  });

  it("carries isError over, joins text and describes other content, keeps structuredContent", async () => {
    const { client } = await connect();
    const tk = new Toolkit(await fromMCP(client));
    assert.deepEqual(await tk.execute("fails"), { output: "quota exceeded", isError: true });
    const media = await tk.execute("media");
    assert.equal(media.isError, false);
    assert.equal(media.output, [
      "first",
      `[image image/png, ${PNG_BYTES} bytes]`,
      "[audio audio/wav, 3 bytes]",
      "the notes",
      "[resource file:///logo.bin application/octet-stream, 4 bytes]",
      "[resource link file:///big.csv (big.csv)]",
      "last",
    ].join("\n"));
    assert.deepEqual(await tk.execute("structured"), { output: "{\"n\":3}", isError: false, metadata: { structuredContent: { n: 3 } } });
    await client.close();
  });

  it("answers a failing server, an aborted call and a closed client with isError, never a rejection", async () => {
    const { client } = await connect();
    const tk = new Toolkit(await fromMCP(client));
    const thrown = await tk.execute("throws");
    assert.equal(thrown.isError, true);
    assert.match(thrown.output, /handler exploded/);

    const controller = new AbortController();
    const pending = tk.execute("slow", { ms: 2000 }, { signal: controller.signal });
    controller.abort(new Error("user cancelled"));
    const aborted = await pending;
    assert.equal(aborted.isError, true);

    await client.close();
    const closed = await tk.execute("get_user");
    assert.equal(closed.isError, true);
    assert.match(closed.output, /not connected/i);
    assert.deepEqual(await tk.runOpenAI([{ id: "c", type: "function", function: { name: "get_user", arguments: "{}" } }]),
      [{ role: "tool", tool_call_id: "c", content: `Error: ${closed.output}` }]);
  });

  it("rejects a client that is not one, and a cursor that repeats", async () => {
    await assert.rejects(fromMCP({}), TypeError);
    await assert.rejects(fromMCP(null), TypeError);
    const { client } = await connect();
    await assert.rejects(fromMCP(client, { prefix: 5 }), TypeError);
    await client.close();
    const looping = { listTools: async () => ({ tools: [], nextCursor: "again" }), callTool: async () => ({ content: [] }) };
    await assert.rejects(fromMCP(looping), /cursor "again" twice/);
    const failing = { listTools: async () => { throw new McpError(-32601, "Method not found"); }, callTool: async () => ({}) };
    await assert.rejects(fromMCP(failing), /Method not found/);
  });

  it("works with any object shaped like the SDK's Client", async () => {
    const seen = [];
    const client = {
      async listTools() {
        return { tools: [{ name: "x", inputSchema: { type: "object" } }] };
      },
      async callTool(params) {
        seen.push(params);
        if (params.arguments.bad) throw "a string";
        return { content: [], structuredContent: { ok: true } };
      },
    };
    const [tool] = await fromMCP(client);
    assert.deepEqual(await tool.execute({ a: 1 }), { output: "{\"ok\":true}", isError: false, metadata: { structuredContent: { ok: true } } });
    assert.deepEqual(await tool.execute({ bad: true }), { output: "a string", isError: true });
    assert.deepEqual(seen, [{ name: "x", arguments: { a: 1 } }, { name: "x", arguments: { bad: true } }]);
  });
});
