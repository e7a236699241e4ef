// The strict-mode round trip (CONTRACT.md, Toolkit): with OpenAI strict mode every optional
// property is required and nullable, so a model sends `null` for what it leaves out. The
// Toolkit removes each `null` the tool's own schema does not accept (the core decides, from the
// schema, at any depth, `$ref`s followed) before the tool runs, whether the arguments come as
// JSON or as an object.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { defineTool, Toolkit } from "toolnexus";

const SCHEMA = {
  type: "object",
  properties: {
    query: { type: "string" },
    limit: { type: "integer" },
    cursor: { type: ["string", "null"] },
    filter: {
      type: "object",
      properties: { from: { type: "string" }, to: { type: "string" } },
      required: ["to"],
    },
    ranges: { type: "array", items: { $ref: "#/$defs/range" } },
  },
  required: ["query"],
  $defs: {
    range: { type: "object", properties: { low: { type: "number" }, high: { type: "number" } }, required: ["low"] },
  },
};

function kit() {
  const seen = [];
  const search = defineTool({ name: "search", description: "", inputSchema: SCHEMA, run: (args) => { seen.push(args); return "ok"; } });
  return { tk: new Toolkit([search]), seen };
}

describe("Toolkit: strict-mode nulls", () => {
  it("removes a null the schema leaves optional, at any depth and through $ref, from JSON arguments", async () => {
    const { tk, seen } = kit();
    const args = JSON.stringify({
      query: "q",
      limit: null,
      cursor: null,
      filter: { from: null, to: "2026" },
      ranges: [{ low: 1, high: null }, { low: null, high: 2 }],
    });
    assert.deepEqual(await tk.execute("search", args), { output: "ok", isError: false });
    assert.deepEqual(seen[0], {
      query: "q",
      cursor: null, // accepts null: kept
      filter: { to: "2026" },
      ranges: [{ low: 1 }, { low: null, high: 2 }], // `low` is required: kept for the tool to judge
    });
  });

  it("does the same for object arguments, and for every run*", async () => {
    const { tk, seen } = kit();
    await tk.execute("search", { query: "q", limit: null });
    await tk.runOpenAI([{ id: "c", type: "function", function: { name: "search", arguments: "{\"query\":\"q\",\"limit\":null}" } }]);
    await tk.runOpenAIResponses([{ type: "function_call", call_id: "c", name: "search", arguments: "{\"query\":\"q\",\"limit\":null}" }]);
    await tk.runAnthropic([{ type: "tool_use", id: "c", name: "search", input: { query: "q", limit: null } }]);
    await tk.runGemini([{ name: "search", args: { query: "q", limit: null } }]);
    await tk.runMCP({ name: "search", arguments: { query: "q", limit: null } });
    assert.deepEqual(seen, Array(6).fill({ query: "q" }));
  });

  it("hands over the very object given when there is nothing to remove", async () => {
    const { tk, seen } = kit();
    const plain = { query: "q", limit: 3 };
    const keptNull = { query: "q", cursor: null };
    await tk.execute("search", plain);
    await tk.execute("search", keptNull);
    assert.equal(seen[0], plain);
    assert.equal(seen[1], keptNull);
    await tk.execute("search", "{\"query\":\"nullable null text\"}");
    assert.deepEqual(seen[2], { query: "nullable null text" }, "a string value that says null is not a null");
  });

  it("follows a schema changed after registration", async () => {
    const { tk, seen } = kit();
    const tool = tk.get("search");
    await tk.execute("search", "{\"query\":\"q\",\"limit\":null}");
    tool.inputSchema = { type: "object", properties: { query: { type: "string" }, limit: { type: ["integer", "null"] } } };
    await tk.execute("search", "{\"query\":\"q\",\"limit\":null}");
    assert.deepEqual(seen, [{ query: "q" }, { query: "q", limit: null }]);
  });
});
