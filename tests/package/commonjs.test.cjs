// The same API through `require`, sharing one instance with `import`.
"use strict";
const assert = require("node:assert/strict");
const { describe, it } = require("node:test");

const toolnexus = require("toolnexus");
const { defineTool, sanitize, Tool } = toolnexus;

describe("require('toolnexus')", () => {
  it("gives every export", () => {
    assert.deepEqual(Object.keys(toolnexus).sort(), [...require("./exports.cjs")].sort());
  });

  it("is the very instance import gives", async () => {
    const esm = await import("toolnexus");
    assert.equal(esm.Tool, Tool);
    assert.equal(esm.defineTool, defineTool);
    assert.equal(esm.sanitize, sanitize);
    assert.ok(esm.defineTool({ name: "x", description: "", run: () => 1 }) instanceof Tool);
  });

  it("defines and runs tools", async () => {
    const lookup = defineTool({
      name: "lookup_order",
      description: "Fetch an order by id",
      inputSchema: { type: "object", properties: { id: { type: "string" } }, required: ["id"] },
      run: async ({ id }) => {
        if (id === "missing") throw new Error(`no such order: ${id}`);
        return { id, status: "shipped" };
      },
    });
    assert.deepEqual(await lookup.execute({ id: "A-1" }), { output: '{"id":"A-1","status":"shipped"}', isError: false });
    assert.deepEqual(await lookup.execute({ id: "missing" }), { output: "no such order: missing", isError: true });
    assert.equal(lookup.source, "native");
    const t = new Tool({ name: "t", description: "", execute: () => ({ output: "o", isError: false }) });
    assert.equal(t.source, "custom");
    assert.deepEqual(await t.execute(), { output: "o", isError: false });
  });

  it("checks definitions and sanitizes names", () => {
    assert.throws(() => defineTool({ name: "get user", description: "", run() {} }), (e) =>
      e instanceof TypeError && /name/.test(e.message) && /sanitize\(\)/.test(e.message));
    assert.throws(() => sanitize(42), TypeError);
    assert.equal(sanitize("get user"), "get_user");
  });
});
