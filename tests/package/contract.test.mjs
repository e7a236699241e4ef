// Every line of docs/contract.md, through `import` of the installed package.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import vm from "node:vm";

import * as toolnexus from "toolnexus";
import { defineTool, sanitize, Tool } from "toolnexus";

import EXPORTS from "./exports.cjs";
import { outcome, toolOf, VIAS } from "./helpers.mjs";

const SOURCES = ["mcp", "skill", "builtin", "native", "http", "a2a", "custom"];
const FIELDS = ["name", "description", "inputSchema", "source", "execute"];
const base = { name: "ok_tool", description: "d", run: () => "x" };

/** Asserts that `fn` throws a TypeError whose message names `field`. */
function throwsTypeError(fn, field) {
  assert.throws(fn, (e) => {
    assert.ok(e instanceof TypeError, `expected a TypeError, got ${e?.constructor?.name}: ${e?.message}`);
    assert.match(e.message, new RegExp(field), `message should name ${field}: ${e.message}`);
    return true;
  });
}

/** Every export still works. */
async function stillWorks() {
  const t = defineTool({ name: "alive", description: "", run: ({ x }) => `x=${x}` });
  assert.deepEqual(await t.execute({ x: 1 }), { output: "x=1", isError: false });
  assert.equal(sanitize("a b"), "a_b");
  assert.equal(new Tool({ name: "alive2", description: "", execute: () => 1 }).source, "custom");
}


describe("exports", () => {
  it("are the package's list", () => {
    assert.deepEqual(Object.keys(toolnexus).sort(), [...EXPORTS].sort());
    for (const name of ["Tool", "defineTool", "sanitize", "tool", "collectTools", "toOpenAI", "toOpenAIResponses",
      "toAnthropic", "toGemini", "toMCP", "Toolkit", "createToolkit", "fromMCP", "fromA2A"]) {
      assert.ok(EXPORTS.includes(name), `the list holds ${name}`);
    }
    assert.equal(typeof defineTool, "function");
    assert.equal(typeof sanitize, "function");
    assert.equal(typeof Tool, "function");
  });
});

describe("the shape of a tool", () => {
  const made = {
    define: () => defineTool({ name: "shape", description: "desc", inputSchema: { type: "object" }, run: () => "r" }),
    class: () => new Tool({ name: "shape", description: "desc", inputSchema: { type: "object" }, execute: () => "r" }),
  };
  for (const via of VIAS) {
    describe(via === "define" ? "from defineTool" : "from new Tool", () => {
      it("has five own, enumerable, writable data properties in order", () => {
        const tool = made[via]();
        assert.deepEqual(Object.keys(tool), FIELDS);
        for (const field of FIELDS) {
          const d = Object.getOwnPropertyDescriptor(tool, field);
          assert.ok(d && "value" in d, `${field} is a data property`);
          assert.equal(d.enumerable, true, `${field} enumerable`);
          assert.equal(d.writable, true, `${field} writable`);
        }
      });
      it("stringifies to its four data fields", () => {
        assert.equal(JSON.stringify(made[via]()),
          `{"name":"shape","description":"desc","inputSchema":{"type":"object"},"source":"${via === "define" ? "native" : "custom"}"}`);
      });
      it("keeps a working execute through spread and destructuring", async () => {
        const tool = made[via]();
        const copy = { ...tool };
        assert.deepEqual(await copy.execute({}), { output: "r", isError: false });
        const { execute } = tool;
        assert.deepEqual(await execute({}), { output: "r", isError: false });
        assert.deepEqual(await execute.call(undefined, {}), { output: "r", isError: false });
      });
      it("can be written to", () => {
        const tool = made[via]();
        tool.description = "changed";
        tool.name = "renamed";
        assert.equal(tool.description, "changed");
        assert.equal(tool.name, "renamed");
      });
      it("is an instance of Tool", () => {
        assert.ok(made[via]() instanceof Tool);
        assert.equal(made[via]().constructor, Tool);
      });
    });
  }
  it("lets subclasses of Tool keep their prototype", () => {
    class Named extends Tool {
      describe() { return `${this.name}: ${this.description}`; }
    }
    const t = new Named({ name: "sub", description: "d", execute: () => "" });
    assert.ok(t instanceof Named && t instanceof Tool);
    assert.equal(t.describe(), "sub: d");
  });
});

describe("defineTool checks", () => {
  it("refuses options that are not a non-null object", () => {
    for (const opts of [undefined, null, 1, "x", true, Symbol("s"), 10n, () => {}]) throwsTypeError(() => defineTool(opts), "opts");
  });
  it("refuses names that are not strings", () => {
    for (const name of [undefined, null, 1, {}, [], new String("a")]) throwsTypeError(() => defineTool({ ...base, name }), "name");
  });
  it("refuses empty names", () => throwsTypeError(() => defineTool({ ...base, name: "" }), "name"));
  it("refuses names outside [a-zA-Z0-9_-] and points at sanitize()", () => {
    for (const name of ["get user", "a.b", "a/b", "é", "😀", "a\u0000", "\ud800", "tab\t", "semi;"]) {
      throwsTypeError(() => defineTool({ ...base, name }), "name");
      throwsTypeError(() => defineTool({ ...base, name }), "sanitize\\(\\)");
    }
  });
  it("accepts every name of the alphabet", () => {
    for (const name of ["a", "Z", "0", "_", "-", "get_user-2", "x".repeat(5000)]) {
      assert.equal(defineTool({ ...base, name }).name, name);
    }
  });
  it("needs a string description, which may be empty", () => {
    for (const description of [undefined, null, 1, {}]) throwsTypeError(() => defineTool({ ...base, description }), "description");
    assert.equal(defineTool({ ...base, description: "" }).description, "");
  });
  it("needs run to be a function, sync or async", async () => {
    for (const run of [undefined, null, "fn", {}, 1]) throwsTypeError(() => defineTool({ ...base, run }), "run");
    const asyncTool = defineTool({ ...base, run: async () => "a" });
    assert.equal((await asyncTool.execute({})).output, "a");
  });
  it("keeps a given inputSchema as the same object with its key order", () => {
    const inputSchema = { required: ["q"], type: "object", properties: { q: { type: "string" } } };
    const tool = defineTool({ ...base, inputSchema });
    assert.equal(tool.inputSchema, inputSchema);
    assert.deepEqual(Object.keys(tool.inputSchema), ["required", "type", "properties"]);
  });
  it("refuses an inputSchema that is not a non-array object", () => {
    for (const inputSchema of [null, [], [{ type: "object" }], "object", 1, true, () => {}]) {
      throwsTypeError(() => defineTool({ ...base, inputSchema }), "inputSchema");
    }
  });
  it("gives a fresh default schema to every tool", () => {
    const a = defineTool(base);
    const b = defineTool(base);
    assert.deepEqual(a.inputSchema, { type: "object", properties: {}, additionalProperties: false });
    assert.deepEqual(Object.keys(a.inputSchema), ["type", "properties", "additionalProperties"]);
    assert.notEqual(a.inputSchema, b.inputSchema);
    assert.notEqual(a.inputSchema.properties, b.inputSchema.properties);
    a.inputSchema.properties.x = { type: "string" };
    assert.deepEqual(b.inputSchema.properties, {});
  });
  it("accepts every ToolSource and defaults to native", () => {
    for (const source of SOURCES) assert.equal(defineTool({ ...base, source }).source, source);
    assert.equal(defineTool(base).source, "native");
    assert.equal(defineTool({ ...base, source: undefined }).source, "native");
    assert.equal(defineTool({ ...base, source: null }).source, "native");
  });
  it("refuses other sources", () => {
    for (const source of ["", "MCP", "local", 1, {}, ["mcp"]]) throwsTypeError(() => defineTool({ ...base, source }), "source");
  });
  it("turns a throwing getter or Proxy trap into a TypeError naming the field", () => {
    throwsTypeError(() => defineTool({ ...base, get description() { throw new Error("nope"); } }), "description");
    throwsTypeError(() => defineTool({ ...base, get run() { throw "str"; } }), "run");
    const proxy = new Proxy({}, { get() { throw new RangeError("trap"); } });
    throwsTypeError(() => defineTool(proxy), "name");
  });
  it("reads each field once", () => {
    const reads = {};
    const opts = new Proxy(base, { get(t, k) { reads[k] = (reads[k] ?? 0) + 1; return t[k]; } });
    defineTool(opts);
    assert.deepEqual(reads, { name: 1, description: 1, inputSchema: 1, source: 1, run: 1 });
  });
  it("accepts null-prototype and class-instance options", () => {
    const opts = Object.assign(Object.create(null), base);
    assert.equal(defineTool(opts).name, "ok_tool");
    class Opts { constructor() { Object.assign(this, base); } }
    assert.equal(defineTool(new Opts()).name, "ok_tool");
  });
});

describe("new Tool checks", () => {
  const spec = { name: "spec_tool", description: "d", execute: () => "x" };
  it("refuses a spec that is not an object", () => {
    for (const s of [undefined, null, 3, "x"]) throwsTypeError(() => new Tool(s), "spec");
  });
  it("checks fields like defineTool and needs execute", () => {
    throwsTypeError(() => new Tool({ ...spec, name: "a b" }), "name");
    throwsTypeError(() => new Tool({ ...spec, description: 1 }), "description");
    throwsTypeError(() => new Tool({ ...spec, inputSchema: [] }), "inputSchema");
    throwsTypeError(() => new Tool({ ...spec, source: "nope" }), "source");
    throwsTypeError(() => new Tool({ ...spec, execute: undefined }), "execute");
    throwsTypeError(() => new Tool({ name: "r", description: "", run: () => 1 }), "execute");
  });
  it("defaults source to custom and inputSchema to a fresh empty schema", () => {
    const a = new Tool(spec);
    const b = new Tool(spec);
    assert.equal(a.source, "custom");
    assert.deepEqual(a.inputSchema, { type: "object", properties: {}, additionalProperties: false });
    assert.notEqual(a.inputSchema, b.inputSchema);
  });
  it("is what defineTool makes from the same definition", async () => {
    const opts = { name: "same", description: "d", inputSchema: { type: "object" }, run: ({ v }) => ({ v }) };
    const d = defineTool(opts);
    const t = new Tool({ ...opts, execute: opts.run, source: opts.source ?? "native" });
    assert.deepEqual(JSON.stringify(d), JSON.stringify(t));
    assert.deepEqual(await d.execute({ v: 1 }), await t.execute({ v: 1 }));
  });
});

describe("execute", () => {
  for (const via of VIAS) {
    describe(via === "define" ? "of defineTool" : "of new Tool", () => {
      it("passes args through, and undefined or null as {}", async () => {
        const seen = [];
        const tool = toolOf((args, ctx) => { seen.push([args, ctx]); return ""; }, via);
        const args = { a: 1 };
        const ctx = { timeout: 5 };
        await tool.execute(args, ctx);
        await tool.execute(undefined);
        await tool.execute(null);
        await tool.execute();
        assert.equal(seen[0][0], args);
        assert.equal(seen[0][1], ctx);
        for (const [a, c] of seen.slice(1)) {
          assert.deepEqual(a, {});
          assert.equal(Object.getPrototypeOf(a), Object.prototype);
          assert.equal(c, undefined);
        }
        assert.notEqual(seen[1][0], seen[2][0], "a fresh {} each time");
      });
      it("passes any other args value as it is", async () => {
        const seen = [];
        const tool = toolOf((args) => { seen.push(args); return ""; }, via);
        for (const v of [0, "", false, "s", [1]]) await tool.execute(v);
        assert.deepEqual(seen, [0, "", false, "s", [1]]);
      });
      it("validates nothing and leaves ctx.signal and ctx.timeout to run", async () => {
        let called = 0;
        const tool = via === "define"
          ? defineTool({ name: "strict", description: "", inputSchema: { type: "object", required: ["q"] }, run: () => { called++; return "ran"; } })
          : new Tool({ name: "strict", description: "", inputSchema: { type: "object", required: ["q"] }, execute: () => { called++; return "ran"; } });
        const ac = new AbortController();
        ac.abort();
        assert.deepEqual(await tool.execute({ wrong: true }, { signal: ac.signal, timeout: 0 }), { output: "ran", isError: false });
        assert.equal(called, 1);
      });
      it("calls run without this", async () => {
        let self = "unset";
        await outcome(function () { self = this; return ""; }, via);
        assert.equal(self, undefined);
      });
    });
  }

  describe("turns what run gives into a ToolResult", () => {
    const passthrough = { output: "kept", isError: true, metadata: { code: "E" } };
    const cases = [
      ["a string", () => "s", { output: "s", isError: false }],
      ["an empty string", () => "", { output: "", isError: false }],
      ["a number", () => 2, { output: "2", isError: false }],
      ["an object", () => ({ id: "A-1", total: 42.5 }), { output: '{"id":"A-1","total":42.5}', isError: false }],
      ["an array", () => [1, "a"], { output: '[1,"a"]', isError: false }],
      ["null", () => null, { output: "null", isError: false }],
      ["a boolean", () => false, { output: "false", isError: false }],
      ["NaN", () => NaN, { output: "null", isError: false }],
      ["an object with toJSON", () => ({ toJSON: () => ({ via: "toJSON" }) }), { output: '{"via":"toJSON"}', isError: false }],
      ["a Date", () => new Date(0), { output: '"1970-01-01T00:00:00.000Z"', isError: false }],
      ["a boxed string", () => new String("b"), { output: '"b"', isError: false }],
      ["undefined", () => undefined, { output: "", isError: false }],
      ["nothing (no return)", () => {}, { output: "", isError: false }],
      ["a function", () => () => 1, { output: "", isError: false }],
      ["a symbol", () => Symbol("s"), { output: "", isError: false }],
      ["an object with only output", () => ({ output: "o" }), { output: '{"output":"o"}', isError: false }],
      ["an object with only isError", () => ({ isError: true }), { output: '{"isError":true}', isError: false }],
      ["a promise of a string", async () => "later", { output: "later", isError: false }],
      ["a promise of an object", async () => ({ a: [1] }), { output: '{"a":[1]}', isError: false }],
      ["a promise of undefined", async () => undefined, { output: "", isError: false }],
      ["a thenable", () => ({ then(ok) { ok("from then"); } }), { output: "from then", isError: false }],
      ["a thenable of a thenable", () => ({ then(ok) { ok({ then(ok2) { ok2(7); } }); } }), { output: "7", isError: false }],
      ["a promise of a thenable", async () => ({ then(ok) { ok("deep"); } }), { output: "deep", isError: false }],
      ["a thenable calling back later", () => ({ then(ok) { setTimeout(() => ok("timed"), 1); } }), { output: "timed", isError: false }],
    ];
    for (const via of VIAS) {
      for (const [what, fn, expected] of cases) {
        it(`${what} (${via})`, async () => {
          const result = await outcome(fn, via);
          assert.deepEqual(result, expected);
          assert.deepEqual(Object.keys(result), ["output", "isError"]);
        });
      }
      it(`a ToolResult passes through as the same object (${via})`, async () => {
        assert.equal(await outcome(() => passthrough, via), passthrough);
        assert.equal(await outcome(async () => passthrough, via), passthrough);
        const inherited = Object.create({ output: "proto", isError: false });
        assert.equal(await outcome(() => inherited, via), inherited, "`in` sees inherited keys");
        const odd = { output: 5, isError: "no" };
        assert.equal(await outcome(() => odd, via), odd, "passed through unchanged, whatever the values");
      });
    }
  });

  describe("turns throws and rejections into isError results", () => {
    const nullProto = Object.create(null);
    const hostile = new Proxy({}, { get() { throw new Error("trap"); }, has() { throw new Error("trap"); } });
    const jsonError = (v) => { try { JSON.stringify(v); } catch (e) { return e.message; } };
    const cycle = {}; cycle.self = cycle;
    const cases = [
      ["an Error", new Error("no such order: missing"), "no such order: missing"],
      ["a TypeError", new TypeError("bad"), "bad"],
      ["an Error of another realm", vm.runInNewContext('new Error("other realm")'), "other realm"],
      ["a DOMException", new DOMException("aborted here", "AbortError"), "aborted here"],
      ["a plain object with message", { message: "plain message" }, "plain message"],
      ["an object with a non-string message", { message: 5 }, "[object Object]"],
      ["an object with a toString", { toString: () => "custom text" }, "custom text"],
      ["a string", "plain", "plain"],
      ["a number", 42, "42"],
      ["null", null, "null"],
      ["undefined", undefined, "undefined"],
      ["a symbol", Symbol("sym"), "Symbol(sym)"],
      ["a bigint", 5n, "5"],
    ];
    for (const via of VIAS) {
      for (const [what, thrown, message] of cases) {
        it(`${what}, thrown or rejected (${via})`, async () => {
          for (const fn of [() => { throw thrown; }, async () => { throw thrown; }, () => Promise.reject(thrown),
            () => ({ then(_, fail) { fail(thrown); } }), () => ({ then() { throw thrown; } })]) {
            const result = await outcome(fn, via);
            assert.deepEqual(result, { output: message, isError: true });
            assert.deepEqual(Object.keys(result), ["output", "isError"]);
          }
        });
      }
      it(`values that cannot be shown get a fixed, non-empty text (${via})`, async () => {
        for (const thrown of [nullProto, hostile]) {
          const result = await outcome(() => { throw thrown; }, via);
          assert.equal(result.isError, true);
          assert.equal(typeof result.output, "string");
          assert.ok(result.output.length > 0);
          assert.match(result.output, /could not|cannot/);
        }
      });
      it(`JSON.stringify failures are errors: BigInt, a cycle, a throwing toJSON (${via})`, async () => {
        assert.deepEqual(await outcome(() => 10n, via), { output: jsonError(10n), isError: true });
        assert.deepEqual(await outcome(() => ({ n: 1n }), via), { output: jsonError({ n: 1n }), isError: true });
        assert.deepEqual(await outcome(() => cycle, via), { output: jsonError(cycle), isError: true });
        assert.deepEqual(await outcome(() => ({ toJSON() { throw new Error("toJSON failed"); } }), via),
          { output: "toJSON failed", isError: true });
      });
      it(`a throwing then getter or has trap is an error, not an escape (${via})`, async () => {
        assert.deepEqual(await outcome(() => ({ get then() { throw new Error("then getter"); } }), via),
          { output: "then getter", isError: true });
        const trap = new Proxy({}, { has() { throw new Error("has trap"); } });
        assert.deepEqual(await outcome(() => trap, via), { output: "has trap", isError: true });
      });
      it(`never throws synchronously and never rejects (${via})`, async () => {
        const tool = toolOf(() => { throw new Error("sync"); }, via);
        let promise;
        assert.doesNotThrow(() => { promise = tool.execute({}); });
        await assert.doesNotReject(promise);
      });
    }
  });

  it("reads then once, as await does", async () => {
    let reads = 0;
    const value = { get then() { reads++; return (ok) => ok("once"); } };
    assert.deepEqual(await outcome(() => value), { output: "once", isError: false });
    assert.equal(reads, 1);
  });
});

describe("sanitize", () => {
  const reference = (s) => s.replace(/[^a-zA-Z0-9_-]/g, "_");
  it("replaces every UTF-16 code unit outside [a-zA-Z0-9_-]", () => {
    const samples = ["get user", "list orders", "", "ok_name-1", "😀", "\ud800", "\udfff", "a\ud800b", "\udc00\ud800",
      "héllo wörld", "日本語", "a\u0000b", "tab\tnew\nline", "π≈3.14", "👩‍👩‍👧", "\uffff\ufffd", "x".repeat(100)];
    for (const s of samples) assert.equal(sanitize(s), reference(s), JSON.stringify(s));
    assert.equal(sanitize("😀"), "__");
    assert.equal(sanitize("\ud800"), "_");
    assert.equal(sanitize(""), "");
  });
  it("matches the reference on every BMP code unit and random strings", () => {
    let all = "";
    for (let u = 0; u < 0x10000; u++) all += String.fromCharCode(u);
    assert.equal(sanitize(all), reference(all));
    let seed = 7;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let i = 0; i < 300; i++) {
      const len = Math.floor(rand() * 40);
      let s = "";
      for (let j = 0; j < len; j++) s += String.fromCharCode(rand() < 0.5 ? 32 + Math.floor(rand() * 95) : Math.floor(rand() * 0x10000));
      assert.equal(sanitize(s), reference(s));
    }
  });
  it("handles megabytes", () => {
    const big = "tool name/with:parts 😀 ".repeat(50_000);
    assert.ok(big.length > 1_000_000);
    assert.equal(sanitize(big), reference(big));
  });
  it("throws a TypeError for anything but a string", () => {
    for (const v of [undefined, null, 1, {}, [], new String("s"), Symbol("s"), 1n]) throwsTypeError(() => sanitize(v), "value");
  });
});

describe("never poisoned", () => {
  it("keeps every export working after each TypeError", async () => {
    const bad = [
      () => defineTool(null), () => defineTool({ ...base, name: "a b" }), () => defineTool({ ...base, run: 1 }),
      () => defineTool({ ...base, inputSchema: [] }), () => defineTool({ ...base, source: "z" }),
      () => new Tool({}), () => new Tool(null), () => sanitize(1), () => sanitize(undefined),
      () => defineTool({ get name() { throw Object.create(null); } }),
    ];
    for (const call of bad) {
      assert.throws(call, TypeError);
      await stillWorks();
    }
  });
  it("survives deep recursion through execute and tools defined inside run", async () => {
    const depth = defineTool({
      name: "depth", description: "", run: async ({ n }) => (n === 0 ? "bottom" : (await depth.execute({ n: n - 1 })).output),
    });
    assert.deepEqual(await depth.execute({ n: 200 }), { output: "bottom", isError: false });
    const maker = defineTool({
      name: "maker", description: "", run: () => defineTool({ name: sanitize("inner tool"), description: "", run: () => 1 }).name,
    });
    assert.deepEqual(await maker.execute({}), { output: "inner_tool", isError: false });
    await stillWorks();
  });
});

describe("regressions", () => {
  it("a refused definition leaves nothing behind for the next one", () => {
    const schema = { type: "object" };
    assert.throws(() => defineTool({ name: "a", description: "", run() {}, source: "bad" }), TypeError);
    assert.equal(defineTool({ name: "b", description: "", inputSchema: schema, run() {} }).inputSchema, schema);
    assert.throws(() => new Tool({ name: "a", description: "", execute: 5 }), TypeError);
    assert.equal(new Tool({ name: "c", description: "", source: "mcp", execute() {} }).source, "mcp");
    assert.throws(() => defineTool({ name: "d", description: "" }), TypeError);
    const e = defineTool({ name: "e", description: "", inputSchema: schema, source: "http", run() {} });
    assert.equal(e.inputSchema, schema);
    assert.equal(e.source, "http");
  });

  it("a passthrough object whose constructor getter throws gives an error result, never a sync throw", async () => {
    const p = Promise.resolve(1);
    Object.defineProperty(p, "then", { value: undefined });
    p.output = "o";
    p.isError = false;
    Object.defineProperty(p, "constructor", { get() { throw new Error("ctor"); } });
    const tool = defineTool({ name: "t", description: "", run: () => p });
    let promise;
    assert.doesNotThrow(() => { promise = tool.execute({}); });
    assert.deepEqual(await promise, { output: "ctor", isError: true });
    await stillWorks();
  });

  it("a promise whose constructor and species change between reads is awaited as await does", async () => {
    class Fake { constructor(executor) { executor(() => {}, () => {}); } }
    let reads = 0;
    const p = Promise.resolve("settled");
    Object.defineProperty(p, "constructor", {
      get() { return reads++ === 0 ? Promise : { [Symbol.species]: Fake }; },
    });
    const promise = toolOf(() => p).execute({});
    assert.equal(Object.getPrototypeOf(promise), Promise.prototype);
    const timeout = new Promise((resolve) => setTimeout(resolve, 200, "still pending"));
    assert.deepEqual(await Promise.race([promise, timeout]), { output: "settled", isError: false });
  });
});
