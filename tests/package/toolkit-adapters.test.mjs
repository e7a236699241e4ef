// A Toolkit's `to*` methods are the `to*` functions over its tools (CONTRACT.md, Toolkit).
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { defineTool, toAnthropic, toGemini, toMCP, toOpenAI, toOpenAIResponses, Toolkit } from "toolnexus";

const tk = new Toolkit([
  defineTool({
    name: "search",
    description: "Search the docs",
    inputSchema: { type: "object", properties: { q: { type: "string" }, limit: { type: "integer" } }, required: ["q"] },
    run: () => "",
  }),
  defineTool({ name: "now", description: "The time", run: () => "" }),
]);

describe("Toolkit: to* methods", () => {
  it("give what the functions give for the toolkit and for its tools()", () => {
    for (const [method, fn, opts] of [
      ["toOpenAI", toOpenAI, undefined], ["toOpenAI", toOpenAI, { strict: true }],
      ["toOpenAIResponses", toOpenAIResponses, undefined], ["toOpenAIResponses", toOpenAIResponses, { strict: true }],
      ["toAnthropic", toAnthropic, undefined],
      ["toGemini", toGemini, undefined], ["toGemini", toGemini, { dialect: "openapi" }],
      ["toMCP", toMCP, undefined],
    ]) {
      const got = tk[method](opts);
      assert.deepEqual(got, fn(tk, opts), `${method}(${JSON.stringify(opts)})`);
      assert.deepEqual(got, fn(tk.tools(), opts), `${method}(${JSON.stringify(opts)}) over tools()`);
      assert.ok(Array.isArray(got) && got.length > 0);
    }
    assert.deepEqual(tk.toOpenAI().map((t) => t.function.name), ["search", "now"]);
    assert.deepEqual(tk.toMCP().map((t) => t.name), ["search", "now"]);
  });
});
