// One case of limits.test.mjs, in a process of its own (a stack overflow, a polluted prototype
// or a patched global must not leak into the next case):
//
//   node limits-child.mjs CASE
//
// Exits 0 when the case holds; an assertion failure exits non-zero with its message.
import assert from "node:assert/strict";
import { createRequire } from "node:module";

import { defineTool, sanitize, toGemini, toOpenAI, Tool } from "toolnexus";

// The core instance the package's entry attached, reached through what the entry keeps for
// its own parts (not an export of the package): its WebAssembly memory.
const core = createRequire(import.meta.url)("toolnexus")[Symbol.for("toolnexus.shared")]()["tool-buffer.js"].wasm;
const memoryBytes = () => core.memory.buffer.byteLength;
const MiB = 1 << 20;

/**
 * Calls `f` at the engine's stack limit, and again one frame up each time it throws, until it
 * returns: a call that always throws (a refused definition) runs at every depth of the stack.
 */
function deep(f) {
  try {
    deep(f);
  } catch {
    f();
  }
}

/** `deep(f)`, `rounds` times, whatever reaches the top. */
function atEveryDepth(rounds, f) {
  for (let i = 0; i < rounds; i++) {
    try {
      deep(() => f(i));
    } catch {
      // the TypeError f provokes, having run at every depth
    }
  }
}

/** Every export works, and a tool made before the abuse still answers. */
async function everythingWorks(earlier) {
  const t = defineTool({ name: "alive", description: "", run: ({ x }) => `x=${x}` });
  assert.deepEqual(await t.execute({ x: 1 }), { output: "x=1", isError: false });
  assert.equal(new Tool({ name: "alive2", description: "", execute: () => 1 }).source, "custom");
  assert.equal(sanitize("a b😀"), "a_b__");
  assert.equal(sanitize("é ".repeat(200)), "__".repeat(200));
  assert.throws(() => defineTool({ name: "a b", description: "", run() {} }), /sanitize\(\) makes any string safe: "a_b"/);
  assert.throws(() => sanitize(1), /must be a string, got a number/);
  const promise = earlier.execute({ id: 7 });
  assert.ok(promise instanceof Promise, "execute returns a promise, never throws synchronously");
  assert.deepEqual(await promise, { output: "user 7", isError: false });
  assert.deepEqual(await defineTool({ name: "j", description: "", run: async () => ({ a: [1] }) }).execute(),
    { output: '{"a":[1]}', isError: false });
  assert.deepEqual(await defineTool({ name: "e", description: "", run: () => { throw new Error("boom"); } }).execute(),
    { output: "boom", isError: true });
}

const earlier = defineTool({ name: "earlier", description: "", run: ({ id }) => `user ${id}` });
// Rounds of `deep`: a call that always throws runs at every depth (thousands of frames) each
// round; one that returns runs near the limit a few times each round.
const ROUNDS = Number(process.env.LIMIT_ROUNDS ?? 3000);
const THROWING_ROUNDS = Number(process.env.LIMIT_THROWING_ROUNDS ?? 60);

const cases = {
  async "overflow:defineTool refused"() {
    atEveryDepth(THROWING_ROUNDS, (i) => defineTool({ name: `bad name ${i}`, description: "", run() {} }));
    await everythingWorks(earlier);
  },
  async "overflow:defineTool accepted"() {
    atEveryDepth(ROUNDS, (i) => defineTool({ name: `n${i & 7}`, description: "", run() {} }));
    await everythingWorks(earlier);
  },
  async "overflow:new Tool refused in every field"() {
    const bad = [null, { name: 1 }, { name: "", description: "" }, { name: "x", description: "", source: "local" },
      { name: "x", description: "", inputSchema: { type: "array" } }, { get name() { throw new Error("no"); } }];
    atEveryDepth(THROWING_ROUNDS, (i) => new Tool(bad[i % bad.length]));
    await everythingWorks(earlier);
  },
  async "overflow:sanitize"() {
    const long = "é😀 x".repeat(300);
    atEveryDepth(ROUNDS, () => [sanitize("get user"), sanitize(long)]);
    atEveryDepth(THROWING_ROUNDS, (i) => sanitize(i));
    await everythingWorks(earlier);
  },
  async "overflow:toOpenAI and toGemini"() {
    // Every schema new to the adapters each round (its description changes), so each call
    // reaches the core's schema rewrite, which then overflows at every point it can.
    const schema = (d) => ({ type: "object", description: d, properties: { q: { type: "string", format: "uri" },
      n: { $ref: "#/$defs/N" } }, required: ["q"], $defs: { N: { type: "integer", minimum: 1 }, Unused: { type: "object" } } });
    const tools = (d) => [{ name: "a", description: "", inputSchema: schema(d) }, { name: "b", description: "" }];
    const strict = JSON.stringify(toOpenAI(tools("before"), { strict: true }));
    const openapi = JSON.stringify(toGemini(tools("before"), { dialect: "openapi" }));
    atEveryDepth(ROUNDS / 10, (i) => [toOpenAI(tools(`r${i}`), { strict: true }), toGemini(tools(`g${i}`), { dialect: "openapi" })]);
    await everythingWorks(earlier);
    assert.equal(JSON.stringify(toOpenAI(tools("before"), { strict: true })), strict);
    assert.equal(JSON.stringify(toOpenAI(tools("after"), { strict: true })), strict.replace('"before"', '"after"'));
    assert.equal(JSON.stringify(toGemini(tools("after"), { dialect: "openapi" })), openapi.replace('"before"', '"after"'));
  },
  async "overflow:execute"() {
    const tools = [earlier, defineTool({ name: "t", description: "", run: () => { throw Object.create(null); } }),
      defineTool({ name: "p", description: "", run: () => ({ output: "x", isError: false }) }),
      defineTool({ name: "o", description: "", run: () => ({ toJSON() { return 1n; } }) })];
    // A call at the very limit may get the engine's RangeError, as a throw or (where the stack
    // ran out while the result was being made) as a rejection; nothing else ever surfaces. A
    // promise lost to an overflow in `push` is reported here rather than ending the process.
    const lost = [];
    process.on("unhandledRejection", (reason) => lost.push(reason));
    const pending = [];
    atEveryDepth(ROUNDS, (i) => {
      pending.push(tools[i & 3].execute({ id: i }));
    });
    assert.ok(pending.length >= ROUNDS);
    // Each round's call runs at the deepest depth where the call itself still fits, so how many
    // settle either way depends on the engine: Node.js 18 rejects nearly all, 20 nearly none.
    for (const p of await Promise.allSettled(pending)) {
      if (p.status === "rejected") {
        assert.ok(p.reason instanceof RangeError, String(p.reason));
      } else {
        assert.equal(typeof p.value.output, "string");
        assert.equal(typeof p.value.isError, "boolean");
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
    for (const reason of lost) assert.ok(reason instanceof RangeError, String(reason));
    await everythingWorks(earlier);
  },
  async "recursion:a tool calling itself through execute"() {
    let depth = 0;
    const recurse = defineTool({
      name: "recurse", description: "",
      run: async () => (++depth < 1000 ? (await recurse.execute()).output : `bottom ${depth}`),
    });
    assert.deepEqual(await recurse.execute(), { output: "bottom 1000", isError: false });
    await everythingWorks(earlier);
  },
  async "memory:sanitize of 100M characters"() {
    const before = memoryBytes();
    const text = "x".repeat(100_000_000 - 3) + " é😀";
    const out = sanitize(text);
    assert.equal(out.length, text.length);
    assert.ok(out.endsWith("x____"));
    const after = memoryBytes();
    assert.ok(after < 32 * MiB, `wasm memory ${after} bytes`);
    assert.equal(after, before, "sanitize grows no memory");
    await everythingWorks(earlier);
  },
  async "memory:a refused 100M-character name"() {
    const before = memoryBytes();
    const name = "x".repeat(100_000_000) + "\uD800";
    assert.throws(() => defineTool({ name, description: "", run() {} }), (e) => {
      assert.ok(e instanceof TypeError);
      assert.ok(e.message.length < 400, `message of ${e.message.length} characters`);
      assert.match(e.message, /'\\uD800' at index 100000000 is not allowed/);
      return true;
    });
    assert.throws(() => new Tool({ name: "ok", description: "", source: "s".repeat(100_000_000), execute() {} }),
      (e) => e.message.length < 400);
    const after = memoryBytes();
    assert.ok(after < 32 * MiB && after === before, `wasm memory ${before} → ${after} bytes`);
    await everythingWorks(earlier);
  },
  async "pollution:Object.prototype fields are absent"() {
    Object.prototype.run = () => "polluted";
    Object.prototype.execute = () => "polluted";
    assert.throws(() => defineTool({ name: "x", description: "" }), /`run` must be a function, got undefined/);
    assert.throws(() => new Tool({ name: "x", description: "" }), /`execute` must be a function, got undefined/);
    delete Object.prototype.run;
    delete Object.prototype.execute;
    Object.prototype.inputSchema = { type: "object", properties: { evil: {} } };
    Object.prototype.source = "mcp";
    const t = defineTool({ name: "x", description: "", run: () => "ok" });
    assert.deepEqual(t.inputSchema, { type: "object", properties: {}, additionalProperties: false });
    assert.ok(Object.hasOwn(t.inputSchema, "properties") && !Object.hasOwn(t.inputSchema.properties, "evil"));
    assert.equal(t.source, "native");
    delete Object.prototype.inputSchema;
    delete Object.prototype.source;
    // Nor does a polluted `type` make an object schema of a schema without one.
    Object.prototype.type = "object";
    assert.throws(() => defineTool({ name: "x", description: "", inputSchema: {}, run() {} }), /`inputSchema.type` must be "object"/);
    assert.equal(defineTool({ name: "x", description: "", inputSchema: { type: "object" }, run() {} }).name, "x");
    delete Object.prototype.type;
    Object.prototype.name = "polluted";
    Object.prototype.description = "polluted";
    assert.throws(() => defineTool({ run() {} }), /`name` must be a string, got undefined/);
    assert.throws(() => defineTool({ name: "x", run() {} }), /`description` must be a string, got undefined/);
    // A value given on the definition itself still counts, even when it equals the polluted one.
    assert.equal(defineTool({ name: "polluted", description: "polluted", run() {} }).name, "polluted");
    delete Object.prototype.name;
    delete Object.prototype.description;
    // A class's own prototype getters count.
    class Definition {
      get name() { return "from_class"; }
      get description() { return "d"; }
      run() { return "ran"; }
    }
    const c = defineTool(new Definition());
    assert.equal(c.name, "from_class");
    assert.deepEqual(await c.execute(), { output: "ran", isError: false });
    await everythingWorks(earlier);
  },
  async "globals:patched built-ins change no check"() {
    RegExp.prototype.test = () => true;
    String.prototype.replace = () => "patched";
    String.prototype.charCodeAt = () => 97;
    Set.prototype.has = () => true;
    Object.hasOwn = () => true;
    Array.isArray = () => false;
    JSON.stringify = () => "patched";
    Promise.resolve = () => { throw new Error("patched"); };
    Promise.prototype.then = function () { throw new Error("patched then"); };
    assert.throws(() => defineTool({ name: "a b;rm -rf", description: "", run() {} }), /must match \[a-zA-Z0-9_-\]/);
    assert.throws(() => defineTool({ name: "x", description: "", source: "evil", run() {} }), /`source` must be one of/);
    assert.throws(() => defineTool({ name: "x", description: "", inputSchema: [], run() {} }), /got an array/);
    assert.equal(sanitize("a b"), "a_b");
    // `await` of a native promise uses no patchable method; the results are the contract's.
    const json = defineTool({ name: "x", description: "", run: async () => ({ a: 1 }) });
    assert.deepEqual(await json.execute(), { output: '{"a":1}', isError: false });
    const pass = defineTool({ name: "y", description: "", run: () => ({ output: "p", isError: false }) });
    assert.deepEqual(await pass.execute(), { output: "p", isError: false });
  },
  async "functions:never a passthrough"() {
    const f = Object.assign(() => 1, { output: "x", isError: true });
    assert.deepEqual(await defineTool({ name: "f", description: "", run: () => f }).execute(), { output: "", isError: false });
    assert.deepEqual(await defineTool({ name: "g", description: "", run: async () => f }).execute(), { output: "", isError: false });
  },
  async "surrogates:shown escaped in messages"() {
    assert.throws(() => defineTool({ name: "ab\uDC00", description: "", run() {} }), (e) => {
      assert.equal(e.message, 'defineTool: `name` must match [a-zA-Z0-9_-], got "ab\\uDC00" (\'\\uDC00\' at index 2 is not allowed); ' +
        'sanitize() makes any string safe: "ab_"');
      assert.ok(!e.message.includes("\uFFFD"));
      return true;
    });
    assert.throws(() => new Tool({ name: "x", description: "", source: "\uD83D", execute() {} }), /got "\\uD83D"/);
  },
};

const name = process.argv[2];
if (!(name in cases)) {
  console.error(`unknown case ${JSON.stringify(name)}; cases: ${Object.keys(cases).join(", ")}`);
  process.exit(2);
}
await cases[name]();
console.log(`ok ${name}`);
