// The Toolkit (CONTRACT.md, Toolkit): the registry, `execute` and every `run*`, with the
// malformed inputs a model or a stream accumulator produces. fast-check holds `execute` to
// "never rejects, always a well-formed result".
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import fc from "fast-check";
import { createToolkit, defineTool, Tool, Toolkit } from "toolnexus";

const RUNS = Number(process.env.FUZZ_RUNS ?? 300);

const SCHEMA = {
  type: "object",
  properties: { a: { type: "number" }, b: { type: "number" } },
  required: ["a", "b"],
};

function kit() {
  const seen = [];
  const add = defineTool({
    name: "add",
    description: "Add two numbers",
    inputSchema: SCHEMA,
    run: (args, ctx) => {
      seen.push({ args, ctx });
      return args.a + args.b;
    },
  });
  const fail = defineTool({ name: "fail", description: "Always fails", run: () => { throw new Error("it broke"); } });
  const meta = defineTool({
    name: "meta",
    description: "A result with metadata",
    run: () => ({ output: "with meta", isError: false, metadata: { rows: 3 } }),
  });
  return { tk: new Toolkit([add, fail, meta]), add, fail, meta, seen };
}

/** A well-formed ToolResult: exactly a string output and a boolean isError (plus metadata). */
function assertResult(result) {
  assert.equal(typeof result, "object");
  assert.equal(typeof result.output, "string");
  assert.equal(typeof result.isError, "boolean");
}

describe("Toolkit: the registry", () => {
  it("holds tools by name, in registration order, and is iterable", () => {
    const { tk, add, fail, meta } = kit();
    assert.equal(tk.size, 3);
    assert.deepEqual(tk.tools(), [add, fail, meta]);
    assert.deepEqual([...tk], [add, fail, meta]);
    assert.notEqual(tk.tools(), tk.tools(), "tools() is a fresh array");
    tk.tools().pop();
    assert.equal(tk.size, 3);
    assert.equal(tk.get("add"), add);
    assert.equal(tk.get("nope"), undefined);
    assert.equal(tk.has("fail"), true);
    assert.equal(tk.remove("fail"), true);
    assert.equal(tk.remove("fail"), false);
    assert.equal(tk.has("fail"), false);
    assert.deepEqual(tk.tools().map((t) => t.name), ["add", "meta"]);
    assert.equal(tk.register(fail), tk, "register returns the toolkit");
    assert.deepEqual(tk.tools().map((t) => t.name), ["add", "meta", "fail"]);
    assert.deepEqual(new Toolkit(tk).tools(), tk.tools(), "a Toolkit takes another Toolkit's tools");
    assert.equal(new Toolkit().size, 0);
  });

  it("refuses a duplicate name with a TypeError naming it and both sources, and adds all or none", () => {
    const { tk } = kit();
    const other = new Tool({ name: "add", description: "", source: "mcp", execute: () => "" });
    const fresh = defineTool({ name: "fresh", description: "", run: () => "" });
    assert.throws(() => tk.register(fresh, other), (e) => e instanceof TypeError &&
      /"add"/.test(e.message) && /"native"/.test(e.message) && /"mcp"/.test(e.message));
    assert.equal(tk.has("fresh"), false, "nothing of a refused call is added");
    assert.throws(() => new Toolkit([fresh, fresh]), /"fresh" is already registered/);
  });

  it("refuses a value that is not a tool, with the check new Tool makes", () => {
    const tk = new Toolkit();
    for (const [value, field] of [[null, "object"], [5, "object"], [{}, "name"], [{ name: "a b", description: "", execute() {} }, "sanitize"],
      [{ name: "x", description: 1, execute() {} }, "description"], [{ name: "x", description: "", execute: 1 }, "execute"],
      [{ name: "x", description: "", source: "local", execute() {} }, "source"]]) {
      assert.throws(() => tk.register(value), (e) => e instanceof TypeError && e.message.startsWith("Toolkit.register:") && e.message.includes(field),
        `register(${JSON.stringify(value)})`);
    }
    assert.equal(tk.size, 0);
    assert.throws(() => new Toolkit(5), TypeError);
  });

  it("createToolkit resolves to a Toolkit of extraTools", async () => {
    const { add } = kit();
    const tk = await createToolkit({ extraTools: [add] });
    assert.ok(tk instanceof Toolkit);
    assert.deepEqual(tk.tools(), [add]);
    assert.equal((await createToolkit()).size, 0);
    await assert.rejects(createToolkit({ extraTools: [add, add] }), TypeError);
  });
});

describe("Toolkit: execute", () => {
  it("runs a tool with an object or a JSON string, and passes ctx through", async () => {
    const { tk, seen } = kit();
    const ctx = { timeout: 5 };
    assert.deepEqual(await tk.execute("add", { a: 1, b: 2 }, ctx), { output: "3", isError: false });
    assert.deepEqual(await tk.execute("add", '{"a":4,"b":5}'), { output: "9", isError: false });
    assert.equal(seen[0].ctx, ctx);
    assert.equal(seen[1].ctx, undefined);
    assert.deepEqual(seen[1].args, { a: 4, b: 5 });
  });

  it('takes "", undefined, null (and JSON null) as {}', async () => {
    const got = [];
    const tk = new Toolkit([defineTool({ name: "t", description: "", run: (args) => { got.push(args); return "ok"; } })]);
    for (const args of ["", undefined, null, "null", " null "]) {
      assert.deepEqual(await tk.execute("t", args), { output: "ok", isError: false });
    }
    assert.deepEqual(got, [{}, {}, {}, {}, {}]);
  });

  it("answers an unknown name with the available tools", async () => {
    const { tk } = kit();
    assert.deepEqual(await tk.execute("nope", {}), { output: 'Unknown tool "nope". Available tools: add, fail, meta', isError: true });
    const none = await new Toolkit().execute("x");
    assert.equal(none.isError, true);
    assert.match(none.output, /Unknown tool "x"\. Available tools: none/);
    for (const name of [undefined, null, 7, "", {}, Symbol("s")]) {
      const r = await tk.execute(name, {});
      assert.equal(r.isError, true);
      assert.match(r.output, /add, fail, meta/);
    }
  });

  it("answers bad JSON and non-object arguments naming the tool and the problem, without running it", async () => {
    const { tk, seen } = kit();
    for (const args of ['{"a":1', "{a:1}", "undefined", "'x'", "{}}"]) {
      const r = await tk.execute("add", args);
      assert.equal(r.isError, true);
      assert.match(r.output, /tool "add"/);
      assert.match(r.output, /not valid JSON/);
    }
    for (const [args, kind] of [["[1,2]", "an array"], ["42", "a number"], ['"text"', "a string"], ["true", "a boolean"],
      [[1], "an array"], [42, "a number"], [true, "a boolean"]]) {
      const r = await tk.execute("add", args);
      assert.equal(r.isError, true, String(args));
      assert.match(r.output, /tool "add"/);
      assert.ok(r.output.includes(kind), `${JSON.stringify(args)}: ${r.output}`);
      assert.match(r.output, /JSON object/);
    }
    assert.equal(seen.length, 0);
  });

  it("gives a plain-object tool the same result guarantees as defineTool", async () => {
    const plain = (name, execute) => ({ name, description: "", inputSchema: { type: "object" }, source: "custom", execute });
    const tk = new Toolkit([
      plain("throws", () => { throw new Error("sync"); }),
      plain("rejects", async () => { throw new TypeError("async"); }),
      plain("number", () => 42),
      plain("nothing", () => undefined),
      plain("string", async () => "s"),
      plain("passthrough", () => ({ output: "p", isError: true, metadata: { m: 1 } })),
      plain("thrownString", () => { throw "plain"; }),
      { name: "self", description: "", execute() { return this.name; } },
    ]);
    assert.deepEqual(await tk.execute("throws"), { output: "sync", isError: true });
    assert.deepEqual(await tk.execute("rejects"), { output: "async", isError: true });
    assert.deepEqual(await tk.execute("number"), { output: "42", isError: false });
    assert.deepEqual(await tk.execute("nothing"), { output: "", isError: false });
    assert.deepEqual(await tk.execute("string"), { output: "s", isError: false });
    assert.deepEqual(await tk.execute("passthrough"), { output: "p", isError: true, metadata: { m: 1 } });
    assert.deepEqual(await tk.execute("thrownString"), { output: "plain", isError: true });
    assert.deepEqual(await tk.execute("self"), { output: "self", isError: false }, "called with the tool as this");
  });

  it("keeps the guarantees when a registered tool's execute is replaced", async () => {
    const tool = defineTool({ name: "t", description: "", run: () => "first" });
    const tk = new Toolkit([tool]);
    assert.deepEqual(await tk.execute("t"), { output: "first", isError: false });
    tool.execute = () => { throw new Error("replaced"); };
    assert.deepEqual(await tk.execute("t"), { output: "replaced", isError: true });
    tool.execute = "not a function";
    const r = await tk.execute("t");
    assert.equal(r.isError, true);
  });

  it("never throws synchronously and always returns a native promise", async () => {
    const { tk } = kit();
    const pending = [];
    const revoked = Proxy.revocable({}, {});
    revoked.revoke();
    const hostile = new Proxy({}, { get() { throw new Error("trap"); }, ownKeys() { throw new Error("trap"); } });
    for (const args of [revoked.proxy, hostile, Object.create(null), "\u0000", "x".repeat(100000)]) {
      const p = tk.execute("add", args);
      assert.equal(Object.getPrototypeOf(p), Promise.prototype);
      pending.push(p);
    }
    for (const result of await Promise.all(pending)) assertResult(result);
  });

  it("property: execute(name, args) never rejects and always resolves to a well-formed result", async () => {
    const { tk } = kit();
    tk.register(new Tool({ name: "echo", description: "", execute: (args) => args }));
    const names = fc.oneof(fc.constantFrom("add", "fail", "meta", "echo", "nope", ""), fc.string(), fc.anything());
    const args = fc.oneof(fc.anything(), fc.json(), fc.string(), fc.object(), fc.constantFrom("", "null", "{", "[]", '{"a":null}'));
    await fc.assert(fc.asyncProperty(names, args, async (name, a) => {
      const promise = tk.execute(name, a);
      assert.equal(Object.getPrototypeOf(promise), Promise.prototype);
      assertResult(await promise);
    }), { numRuns: RUNS });
  });
});

describe("Toolkit: runOpenAI", () => {
  const call = (id, name, args) => ({ id, type: "function", function: { name, arguments: args } });

  it("answers a message's tool calls, one tool message each, in order, prefixing errors", async () => {
    const { tk } = kit();
    const message = { role: "assistant", content: null, tool_calls: [call("c1", "add", '{"a":1,"b":2}'), call("c2", "fail", "{}"), call("c3", "meta", "")] };
    const expected = [
      { role: "tool", tool_call_id: "c1", content: "3" },
      { role: "tool", tool_call_id: "c2", content: "Error: it broke" },
      { role: "tool", tool_call_id: "c3", content: "with meta" },
    ];
    assert.deepEqual(await tk.runOpenAI(message), expected);
    assert.deepEqual(await tk.runOpenAI(message.tool_calls), expected, "or its tool_calls");
  });

  it("answers nothing for a message without tool calls", async () => {
    const { tk } = kit();
    for (const input of [{ role: "assistant", content: "hi" }, { tool_calls: null }, [], null, undefined, 5, "x"]) {
      assert.deepEqual(await tk.runOpenAI(input), []);
    }
  });

  it("answers every malformed call with an error entry in its place", async () => {
    const { tk, seen } = kit();
    const calls = [
      { type: "function", function: { name: "add", arguments: "{}" } }, // no id
      { id: "", type: "function", function: { name: "add", arguments: "{}" } }, // empty id
      { id: 7, function: { name: "add", arguments: "{}" } }, // not a string id
      call("u", "nope", "{}"), // unknown tool
      { id: "t", type: "function", function: { arguments: "{}" } }, // no name
      { id: "n", type: "function" }, // no function
      { id: "k", type: "custom", custom: { name: "add", input: "1" } }, // another type
      call("j", "add", '{"a":1,"b"'), // truncated JSON
      call("e", "add", ""), // empty arguments: {}
      call("ok", "add", '{"a":2,"b":2}'),
      call("ok", "add", '{"a":3,"b":3}'), // duplicate id
      null,
      "a string",
      call("o", "add", { a: 5, b: 5 }), // arguments as an object
    ];
    const out = await tk.runOpenAI({ tool_calls: calls });
    assert.equal(out.length, calls.length);
    for (const m of out) {
      assert.equal(m.role, "tool");
      assert.equal(typeof m.tool_call_id, "string");
      assert.equal(typeof m.content, "string");
    }
    assert.deepEqual(out.map((m) => m.tool_call_id), ["", "", "", "u", "t", "n", "k", "j", "e", "ok", "ok", "", "", "o"]);
    const errors = out.map((m) => m.content.startsWith("Error: "));
    assert.deepEqual(errors, [true, true, true, true, true, true, true, true, false, false, true, true, true, false]);
    assert.match(out[0].content, /#1 has no id/);
    assert.match(out[3].content, /Unknown tool "nope"\. Available tools: add, fail, meta/);
    assert.match(out[4].content, /names no tool/);
    assert.match(out[6].content, /type "custom"/);
    assert.match(out[7].content, /not valid JSON/);
    assert.equal(out[8].content, "null", "empty arguments reach the tool as {} (undefined + undefined is NaN, as JSON null)");
    assert.equal(out[9].content, "4");
    assert.match(out[10].content, /"ok" appears more than once/);
    assert.equal(out[13].content, "10");
    assert.equal(seen.length, 3, "only the well-formed, first-seen calls ran");
  });

  it("runs the calls concurrently and answers in the calls' order", async () => {
    const started = [];
    const release = {};
    const slow = new Tool({
      name: "slow",
      description: "",
      execute: ({ id }) => new Promise((ok) => { started.push(id); release[id] = () => ok(`done ${id}`); }),
    });
    const tk = new Toolkit([slow]);
    const pending = tk.runOpenAI([1, 2, 3].map((i) => call(`c${i}`, "slow", JSON.stringify({ id: i }))));
    await new Promise((ok) => setImmediate(ok));
    assert.deepEqual(started, [1, 2, 3], "all three started before any finished");
    release[3]();
    release[1]();
    release[2]();
    assert.deepEqual((await pending).map((m) => m.content), ["done 1", "done 2", "done 3"]);
  });

  it("passes ctx to every tool", async () => {
    const { tk, seen } = kit();
    const ctx = { signal: new AbortController().signal };
    await tk.runOpenAI([call("a", "add", "{}"), call("b", "add", "{}")], ctx);
    assert.deepEqual(seen.map((s) => s.ctx), [ctx, ctx]);
  });

  it("never rejects on a hostile input", async () => {
    const { tk } = kit();
    const throwing = new Proxy({}, { get() { throw new Error("trap"); } });
    const revoked = Proxy.revocable([], {});
    revoked.revoke();
    const getterCall = { get id() { throw new Error("id getter"); } };
    const badResult = new Tool({ name: "bad", description: "", execute: () => ({ output: 1n, isError: false }) });
    tk.register(badResult);
    const trapResult = new Tool({
      name: "trap",
      description: "",
      execute: () => new Proxy({ output: "x", isError: false }, { get(t, k) { if (k === "output") throw new Error("output trap"); return t[k]; } }),
    });
    tk.register(trapResult);
    assert.deepEqual(await tk.runOpenAI(throwing), []);
    assert.deepEqual(await tk.runOpenAI({ tool_calls: revoked.proxy }), []);
    const out = await tk.runOpenAI([getterCall, call("b", "bad", "{}"), call("t", "trap", "{}")]);
    assert.equal(out.length, 3);
    assert.match(out[0].content, /^Error: .*could not be read.*id getter/);
    // The engine words the BigInt error (V8 and JavaScriptCore differ).
    assert.match(out[1].content, /^Error: The tool's result could not be read: .*BigInt/i);
    assert.match(out[2].content, /^Error: .*output trap/);
  });
});

describe("Toolkit: runOpenAIResponses", () => {
  it("answers the function_call items of an output (or a response), ignoring other items", async () => {
    const { tk } = kit();
    const output = [
      { type: "reasoning", id: "r", summary: [] },
      { type: "function_call", id: "fc_1", call_id: "call_1", name: "add", arguments: '{"a":1,"b":1}', status: "completed" },
      { type: "message", id: "m", role: "assistant", content: [] },
      { type: "function_call", id: "fc_2", call_id: "call_2", name: "fail", arguments: "{}" },
    ];
    const expected = [
      { type: "function_call_output", call_id: "call_1", output: "2" },
      { type: "function_call_output", call_id: "call_2", output: "Error: it broke" },
    ];
    assert.deepEqual(await tk.runOpenAIResponses(output), expected);
    assert.deepEqual(await tk.runOpenAIResponses({ id: "resp", output }), expected);
    assert.deepEqual(await tk.runOpenAIResponses({ output: [{ type: "message" }] }), []);
    assert.deepEqual(await tk.runOpenAIResponses(null), []);
  });

  it("answers malformed function calls", async () => {
    const { tk, seen } = kit();
    const out = await tk.runOpenAIResponses([
      { type: "function_call", name: "add", arguments: "{}" },
      { type: "function_call", call_id: "x", arguments: "{}" },
      { type: "function_call", call_id: "y", name: "add", arguments: "{" },
      { type: "function_call", call_id: "z", name: "add", arguments: "" },
      { type: "function_call", call_id: "z", name: "add", arguments: "" },
      { type: "function_call", call_id: "w", name: "nope", arguments: "[]" },
      { type: "unknown_future_item", call_id: "v" },
      null,
    ]);
    assert.deepEqual(out.map((o) => o.call_id), ["", "x", "y", "z", "z", "w"]);
    assert.deepEqual(out.map((o) => o.output.startsWith("Error: ")), [true, true, true, false, true, true]);
    assert.match(out[0].output, /no call_id/);
    assert.match(out[4].output, /more than once/);
    assert.match(out[5].output, /Unknown tool "nope"/);
    assert.equal(seen.length, 1);
  });
});

describe("Toolkit: runAnthropic", () => {
  it("answers the tool_use blocks of a message (or its content) with tool_result blocks", async () => {
    const { tk } = kit();
    const message = {
      id: "msg", type: "message", role: "assistant", stop_reason: "tool_use",
      content: [
        { type: "text", text: "Let me add." },
        { type: "tool_use", id: "toolu_1", name: "add", input: { a: 2, b: 3 } },
        { type: "tool_use", id: "toolu_2", name: "fail", input: {} },
      ],
    };
    const expected = [
      { type: "tool_result", tool_use_id: "toolu_1", content: "5", is_error: false },
      { type: "tool_result", tool_use_id: "toolu_2", content: "it broke", is_error: true },
    ];
    assert.deepEqual(await tk.runAnthropic(message), expected);
    assert.deepEqual(await tk.runAnthropic(message.content), expected);
    assert.deepEqual(await tk.runAnthropic({ role: "user", content: "text only" }), []);
  });

  it("answers malformed tool_use blocks", async () => {
    const { tk, seen } = kit();
    const empty = new Tool({ name: "empty", description: "", execute: () => ({ output: "", isError: true }) });
    tk.register(empty);
    const out = await tk.runAnthropic([
      { type: "tool_use", name: "add", input: {} },
      { type: "tool_use", id: "a", input: {} },
      { type: "tool_use", id: "b", name: "add", input: "[1]" },
      { type: "tool_use", id: "b", name: "add", input: {} },
      { type: "tool_use", id: "c", name: "add", input: '{"a":1,"b":1}' },
      { type: "tool_use", id: "d", name: "empty", input: null },
      { type: "server_tool_use", id: "s", name: "web_search", input: {} },
    ]);
    assert.deepEqual(out.map((o) => [o.tool_use_id, o.is_error]),
      [["", true], ["a", true], ["b", true], ["b", true], ["c", false], ["d", true]]);
    assert.equal(out[4].content, "2");
    assert.ok(out[5].content.length > 0, "an error result never has empty content");
    assert.equal(seen.length, 1);
  });
});

describe("Toolkit: runGemini", () => {
  it("answers functionCalls, an array of calls, and a response's candidates", async () => {
    const { tk } = kit();
    const calls = [{ id: "g1", name: "add", args: { a: 1, b: 1 } }, { name: "fail", args: {} }];
    const expected = [
      { functionResponse: { id: "g1", name: "add", response: { output: "2" } } },
      { functionResponse: { name: "fail", response: { error: "it broke" } } },
    ];
    assert.deepEqual(await tk.runGemini(calls), expected);
    assert.deepEqual(await tk.runGemini({ functionCalls: calls }), expected);
    const json = { candidates: [{ content: { role: "model", parts: [{ text: "hm" }, ...calls.map((functionCall) => ({ functionCall }))] } }] };
    assert.deepEqual(await tk.runGemini(json), expected, "a response as JSON, without the SDK getter");
    for (const input of [undefined, null, { functionCalls: undefined }, { candidates: [] }, 5]) {
      assert.deepEqual(await tk.runGemini(input), []);
    }
    assert.equal(Object.hasOwn((await tk.runGemini([{ name: "add", args: {} }]))[0].functionResponse, "id"), false, "no id key when the call had none");
  });

  it("answers malformed calls", async () => {
    const { tk } = kit();
    const out = await tk.runGemini([{ args: {} }, { name: "nope" }, { id: "d", name: "add", args: { a: 1, b: 1 } }, { id: "d", name: "add" }, null, { name: "add", args: [1] }]);
    assert.deepEqual(out.map((o) => "error" in o.functionResponse.response), [true, true, false, true, true, true]);
    assert.equal(out[0].functionResponse.name, "");
    assert.match(out[1].functionResponse.response.error, /Unknown tool "nope"/);
    assert.match(out[3].functionResponse.response.error, /more than once/);
  });
});

describe("Toolkit: runMCP", () => {
  it("answers tools/call params with a CallToolResult", async () => {
    const { tk } = kit();
    assert.deepEqual(await tk.runMCP({ name: "add", arguments: { a: 1, b: 2 } }), { content: [{ type: "text", text: "3" }], isError: false });
    assert.deepEqual(await tk.runMCP({ name: "fail" }), { content: [{ type: "text", text: "it broke" }], isError: true });
    assert.deepEqual(await tk.runMCP({ name: "meta" }), { content: [{ type: "text", text: "with meta" }], isError: false, _meta: { rows: 3 } });
    for (const params of [undefined, null, {}, { name: 5 }, { name: "add", arguments: [] }, { name: "nope" }]) {
      const r = await tk.runMCP(params);
      assert.equal(r.isError, true);
      assert.equal(r.content.length, 1);
      assert.equal(typeof r.content[0].text, "string");
    }
  });
});
