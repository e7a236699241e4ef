// Property-based tests (fast-check) of the installed package against docs/contract.md: arbitrary
// definitions, arbitrary `run` behaviour, arbitrary strings. FUZZ_RUNS cases per property
// (1,000 in `npm test`, 10,000 in `npm run fuzz`); each property prints how many it ran.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import vm from "node:vm";

import fc from "fast-check";
import { defineTool, sanitize, Tool } from "toolnexus";

import { toolOf, VIAS } from "./helpers.mjs";

const RUNS = Number(process.env.FUZZ_RUNS ?? 1000);
const here = dirname(fileURLToPath(import.meta.url));
const SOURCES = ["mcp", "skill", "builtin", "native", "http", "a2a", "custom"];
const FIELDS = ["name", "description", "inputSchema", "source", "execute"];

/** Runs one property with RUNS cases and prints the count; a failure names seed, path and counterexample. */
async function check(title, property) {
  const details = await fc.check(property, { numRuns: RUNS });
  if (details.failed) {
    // fast-check's own report can throw on the hostile values generated here: show what can be.
    let shown;
    try { shown = fc.stringify(details.counterexample); } catch { shown = "(a counterexample that cannot be shown)"; }
    const cause = details.errorInstance;
    throw new Error(`${title}: failed after ${details.numRuns} cases (seed ${details.seed}, path "${details.counterexamplePath}")\n`
      + `counterexample: ${shown}\n${cause instanceof Error ? cause.stack : "a non-Error was thrown"}`);
  }
  console.log(`${title}: ${details.numRuns} cases`);
  assert.equal(details.numRuns, RUNS);
}

/** The module still works: every export, through both constructors. */
async function healthy() {
  assert.equal(sanitize("a b"), "a_b");
  const t = defineTool({ name: "alive", description: "", run: ({ x }) => ({ x }) });
  assert.deepEqual(await t.execute({ x: 1 }), { output: '{"x":1}', isError: false });
  assert.equal(new Tool({ name: "alive", description: "", execute: () => "" }).source, "custom");
}

// ---------------------------------------------------------------------------------------------
// Values. fast-check probes every generated value (for its clone method), which a Proxy whose
// traps throw would not survive, so the arbitraries give recipes: functions that build the value
// inside the test, shown in failure reports by their label.

const isObjectLike = (v) => (typeof v === "object" && v !== null) || typeof v === "function";

const recipe = (label, make) => Object.assign(make, { [fc.toStringMethod]: () => label });
// A label only: fast-check's own printer throws on some values it generates (a null-prototype
// object inside a Set or Map), which must not fail the property.
const show = (r) => {
  try {
    // As a string here, inside the try: what the printer hands back for such a value may
    // itself have no string form.
    return `${fc.stringify(r)}`;
  } catch {
    return "<a value fast-check cannot print>";
  }
};
/** A generated value, as a recipe. */
const plain = (arb) => arb.map((x) => recipe(show(x), () => x));
/** A recipe for `build(parts)`, where `parts` are (records or arrays of) recipes. */
const built = (arb, name, build) => arb.map((parts) => recipe(`${name}(${show(parts)})`, () => build(parts)));
/** A recipe for `build(value)` around the value another recipe makes. */
const around = (inner, name, build) => built(inner, name, (r) => build(r()));
/** Builds every recipe of a record. */
const make = (parts) => Object.fromEntries(Object.entries(parts).map(([k, r]) => [k, r()]));

const anything = fc.anything({
  maxDepth: 3, withNullPrototype: true, withBoxedValues: true, withBigInt: true, withDate: true,
  withMap: true, withSet: true, withTypedArray: true, withSparseArray: true, withObjectString: true,
});
const anyValue = plain(anything);
const text = plain(fc.string());

/** A function that settles a `then` call (so a Proxy handing it out as `then` never hangs). */
function oddFunction(first) {
  if (typeof first === "function") first("odd");
  return "odd";
}
const odd = fc.oneof(anyValue, plain(fc.constant(oddFunction)), plain(fc.string().map((s) => Symbol(s))));

/** Proxies over `target()` whose traps are transparent, throw, or answer oddly. */
const proxyOver = (name, target) => fc.oneof(
  fc.constant(recipe(`Proxy(${name}, {})`, () => new Proxy(target(), {}))),
  around(anyValue, `Proxy(${name}, get throws)`, (x) => new Proxy(target(), { get() { throw x; } })),
  around(anyValue, `Proxy(${name}, has throws)`, (x) => new Proxy(target(), { has() { throw x; } })),
  around(anyValue, `Proxy(${name}, ownKeys throws)`, (x) => new Proxy(target(), { ownKeys() { throw x; } })),
  around(anyValue, `Proxy(${name}, getOwnPropertyDescriptor throws)`,
    (x) => new Proxy(target(), { getOwnPropertyDescriptor() { throw x; } })),
  around(odd, `Proxy(${name}, get answers)`, (x) => new Proxy(target(), { get: () => x })),
  fc.constant(recipe(`Proxy(${name}, has answers true)`, () => new Proxy(target(), { has: () => true }))),
  around(plain(fc.constantFrom(["a", "a"], [1], null)), `Proxy(${name}, ownKeys answers)`,
    (keys) => new Proxy(target(), { ownKeys: () => keys })),
);
/** A revoked Proxy: every operation on it throws, Array.isArray included. */
function revoked(target) {
  const { proxy, revoke } = Proxy.revocable(target, {});
  revoke();
  return proxy;
}
const proxies = fc.oneof(
  proxyOver("{a:1}", () => ({ a: 1 })), proxyOver("[]", () => []), proxyOver("null-proto", () => Object.create(null)),
  proxyOver("function", () => function target() {}),
  fc.constantFrom(recipe("revoked Proxy({})", () => revoked({})), recipe("revoked Proxy(function)", () => revoked(() => 1))),
);

/** What a thrown value can be: errors of every kind, and objects that resist being shown. */
const otherRealmError = vm.runInNewContext("(m) => new RangeError(m)");
const thrownish = fc.oneof(
  around(text, "Error", (m) => new Error(m)),
  around(text, "TypeError", (m) => new TypeError(m)),
  around(text, "other-realm RangeError", (m) => otherRealmError(m)),
  around(text, "DOMException", (m) => new DOMException(m, "AbortError")),
  around(anyValue, "{ message }", (m) => ({ message: m })),
  around(text, "function with message", (m) => Object.assign(function thrown() {}, { message: m })),
  around(anyValue, "message getter throws", (x) => ({ get message() { throw x; } })),
  around(text, "Error whose message getter throws",
    (m) => Object.defineProperty(new Error(m), "message", { get() { throw new Error("no"); } })),
  around(anyValue, "null-proto { message }", (m) => Object.assign(Object.create(null), { message: m })),
  around(anyValue, "toString returns", (x) => ({ toString: () => x })),
  around(anyValue, "toPrimitive throws", (x) => ({ [Symbol.toPrimitive]() { throw x; } })),
);

/** One level of the special values the contract table names, around `inner`. */
const specialsOf = (inner) => [
  plain(fc.bigInt()),
  plain(fc.string().map((s) => Symbol(s))),
  around(inner, "cycle", (x) => { const o = { x }; o.self = o; return o; }),
  around(inner, "array cycle", (x) => { const a = [x]; a.push(a); return a; }),
  plain(fc.constantFrom(() => 1, function named() {}, class K {}, async () => 2, Math.max)),
  around(inner, "function with output and isError", (x) => Object.assign(() => 1, { output: x, isError: true })),
  around(inner, "toJSON returns", (x) => ({ toJSON: () => x })),
  around(inner, "toJSON throws", (x) => ({ toJSON() { throw x; } })),
  around(inner, "nested toJSON", (x) => ({ deep: [{ toJSON: (key) => [key, x] }] })),
  around(inner, "thenable of", (x) => ({ then(ok) { ok(x); } })),
  built(fc.dictionary(fc.string(), inner, { maxKeys: 3 }), "null-proto object", (d) => Object.assign(Object.create(null), make(d))),
  built(fc.array(inner, { maxLength: 3 }), "array", (a) => a.map((r) => r())),
  toolResults(inner),
  around(text, "new String", (s) => new String(s)),
  around(plain(fc.double()), "new Number", (n) => new Number(n)),
  around(plain(fc.bigInt()), "Object(bigint)", (n) => Object(n)),
  around(text, "Object(symbol)", (s) => Object(Symbol(s))),
];

/** Objects with `"output" in v && "isError" in v`: own, inherited, null-prototype, with metadata. */
function toolResults(inner) {
  const fields = fc.record(
    { output: fc.oneof(text, inner), isError: fc.oneof(plain(fc.boolean()), inner), metadata: inner },
    { requiredKeys: ["output", "isError"] },
  );
  return fc.oneof(
    built(fields, "ToolResult", make),
    built(fc.tuple(fields, fc.dictionary(fc.string(), inner, { maxKeys: 3 })), "ToolResult with extra keys",
      ([r, extra]) => ({ ...make(extra), ...make(r) })),
    built(fields, "inherited ToolResult", (r) => Object.create(make(r))),
    built(fields, "null-proto ToolResult", (r) => Object.assign(Object.create(null), make(r))),
  );
}

const base = fc.oneof({ arbitrary: anyValue, weight: 6 }, { arbitrary: proxies, weight: 3 }, { arbitrary: thrownish, weight: 3 },
  ...specialsOf(anyValue));
const value = fc.oneof({ arbitrary: base, weight: 12 }, { arbitrary: thrownish, weight: 4 }, { arbitrary: text, weight: 2 },
  ...specialsOf(base));

// ---------------------------------------------------------------------------------------------
// The reference model of the result table in docs/contract.md (execute)

const UNSHOWABLE = Symbol("the fixed text for values that cannot be shown");

/** message(e): a string `message` of an object, else String(e), else the fixed text. */
function messageOf(e) {
  if (isObjectLike(e)) {
    try {
      const m = e.message;
      if (typeof m === "string") return m;
    } catch { /* falls through to String(e) */ }
  }
  try {
    return String(e);
  } catch {
    return UNSHOWABLE;
  }
}

/** What `execute(args, ctx)` resolves to: `{ same: v }` for a passthrough, else the result. */
async function reference(run, args, ctx) {
  let v;
  try {
    v = await run(args ?? {}, ctx);
  } catch (e) {
    return { output: messageOf(e), isError: true };
  }
  if (typeof v === "string") return { output: v, isError: false };
  try {
    // A function is never a ToolResult: it is not a non-null object.
    if (typeof v === "object" && v !== null && "output" in v && "isError" in v) return { same: v };
    return { output: JSON.stringify(v) ?? "", isError: false };
  } catch (e) {
    return { output: messageOf(e), isError: true };
  }
}

/** Asserts that `result` is what the model expected. */
function matches(result, expected) {
  if ("same" in expected) {
    assert.equal(result, expected.same, "a ToolResult passes through as the same object");
    return;
  }
  assert.deepEqual(Object.keys(result), ["output", "isError"]);
  assert.equal(result.isError, expected.isError);
  if (expected.output === UNSHOWABLE) {
    assert.equal(typeof result.output, "string");
    assert.ok(result.output.length > 0, "the fixed text is not empty");
  } else {
    assert.equal(result.output, expected.output);
  }
}

// How `run` delivers a value.
const later = { microtask: queueMicrotask, immediate: setImmediate, timeout: (f) => setTimeout(f, 0) };
const BEHAVIOURS = {
  return: (v) => v,
  throw: (v) => { throw v; },
  asyncReturn: async (v) => v,
  asyncThrow: async (v) => { throw v; },
  resolve: (v) => Promise.resolve(v),
  reject: (v) => Promise.reject(v),
  thenableSync: (v) => ({ then(ok) { ok(v); } }),
  thenableMicrotask: (v) => ({ then(ok) { later.microtask(() => ok(v)); } }),
  thenableImmediate: (v) => ({ then(ok) { later.immediate(() => ok(v)); } }),
  thenableTimeout: (v) => ({ then(ok) { later.timeout(() => ok(v)); } }),
  thenableRejects: (v) => ({ then(_, fail) { fail(v); } }),
  thenableRejectsLater: (v) => ({ then(_, fail) { later.immediate(() => fail(v)); } }),
  thenThrows: (v) => ({ then() { throw v; } }),
  thenSettlesThenThrows: (v) => ({ then(ok) { ok(v); throw new Error("ignored: already settled"); } }),
  thenGetterThrows: (v) => ({ get then() { throw v; } }),
  promiseOfThenable: (v) => Promise.resolve({ then(ok) { ok(v); } }),
  promiseWithOwnThen: (v) => Object.assign(Promise.resolve(v), { then: (ok) => ok("own then, which await ignores") }),
};

/** A `run` that delivers `v` the `kind` way and notes how it was called in `seen`. */
function behaviour(kind, v, seen) {
  return function run(args, ctx) {
    if (seen) Object.assign(seen, { calls: seen.calls + 1, args, ctx, self: this });
    return BEHAVIOURS[kind](v);
  };
}

// ---------------------------------------------------------------------------------------------
// Definitions

const validName = fc.stringMatching(/^[a-zA-Z0-9_-]{1,24}$/);
const codeUnits = (max) => fc.array(fc.integer({ min: 0, max: 0xffff }), { maxLength: max })
  .map((units) => String.fromCharCode(...units));
const RUN_FUNCTIONS = [
  () => "ok", async (args) => ({ got: typeof args }), () => { throw new Error("e"); }, class K {},
  function self() { return this; }, Math.max, Symbol, new Proxy(() => 1, {}), (() => 2).bind(null),
  Promise.reject.bind(Promise),
];
const field = {
  name: fc.oneof({ arbitrary: plain(validName), weight: 6 }, plain(fc.constant("")), plain(fc.string({ unit: "binary" })),
    plain(codeUnits(8)), anyValue, around(plain(validName), "new String", (s) => new String(s))),
  description: fc.oneof({ arbitrary: text, weight: 6 }, anyValue, around(text, "new String", (s) => new String(s))),
  inputSchema: fc.oneof({ arbitrary: plain(fc.constant(undefined)), weight: 3 },
    { arbitrary: plain(fc.object().map((o) => ({ ...o, type: "object" }))), weight: 3 }, plain(fc.object()),
    plain(fc.constant(null)), plain(fc.array(anything, { maxLength: 2 })), anyValue, plain(fc.constant(() => {})),
    fc.constant(recipe("Proxy([])", () => new Proxy([], {}))),
    fc.constant(recipe("Proxy({type})", () => new Proxy({ type: "object" }, {}))), proxies),
  source: fc.oneof({ arbitrary: plain(fc.constantFrom(...SOURCES)), weight: 4 }, plain(fc.constantFrom(undefined, null)), text,
    anyValue, plain(fc.constantFrom(...SOURCES).map((s) => s.toUpperCase()))),
  fn: fc.oneof({ arbitrary: plain(fc.constantFrom(...RUN_FUNCTIONS)), weight: 6 }, anyValue),
};

/** How a field is present: a data property, a getter, a getter that throws, or absent. */
const present = (arb) => fc.oneof(
  { arbitrary: fc.record({ how: fc.constant("data"), v: arb }), weight: 8 },
  fc.record({ how: fc.constant("getter"), v: arb }),
  fc.record({
    how: fc.constant("throws"),
    x: fc.oneof(anyValue, thrownish, fc.constant(recipe("null-proto", () => Object.create(null)))),
  }),
  fc.constant({ how: "absent" }),
);
const CONTAINERS = ["plain", "plain", "plain", "nullProto", "inherited", "array", "boxedString", "boxedNumber", "function",
  "proxy", "proxyGetThrows", "proxyGetOdd"];

function buildDefinition({ container, fields, extra }) {
  const target = {
    nullProto: () => Object.create(null), array: () => [], boxedString: () => new String("s"),
    boxedNumber: () => new Number(1), function: () => function definition() {},
  }[container]?.() ?? {};
  const holder = container === "inherited" ? {} : target;
  for (const [key, spec] of Object.entries(fields)) {
    if (spec.how === "absent") continue;
    const v = spec.how === "throws" ? undefined : spec.v();
    const thrown = spec.how === "throws" ? spec.x() : undefined;
    const descriptor = spec.how === "data" ? { value: v, writable: true }
      : spec.how === "getter" ? { get: () => v }
        : { get() { throw thrown; } };
    Object.defineProperty(holder, key, { ...descriptor, enumerable: true, configurable: true });
  }
  const x = extra();
  if (container === "inherited") return Object.create(holder);
  if (container === "proxy") return new Proxy(target, {});
  if (container === "proxyGetThrows") return new Proxy(target, { get() { throw x; } });
  if (container === "proxyGetOdd") return new Proxy(target, { get: () => x });
  return target;
}

const definitions = fc.oneof(
  { arbitrary: built(fc.record({
    container: fc.constantFrom(...CONTAINERS),
    fields: fc.record({
      name: present(field.name), description: present(field.description), inputSchema: present(field.inputSchema),
      source: present(field.source), run: present(field.fn), execute: present(field.fn),
    }),
    extra: odd,
  }), "definition", buildDefinition), weight: 6 },
  anyValue,
  value,
);

/** The contract's checks, in JavaScript: the fields that are wrong, and the values read. */
function definitionModel(def, via) {
  if (typeof def !== "object" || def === null) return { bad: [via === "define" ? "opts" : "spec"] };
  const bad = [];
  const read = (key) => {
    try {
      return def[key];
    } catch {
      bad.push(key);
      return undefined;
    }
  };
  const fnField = via === "define" ? "run" : "execute";
  const [name, description, inputSchema, source, fn] = ["name", "description", "inputSchema", "source", fnField].map(read);
  if (!(typeof name === "string" && /^[a-zA-Z0-9_-]+$/.test(name))) bad.push("name");
  if (typeof description !== "string") bad.push("description");
  const isArray = (v) => { try { return Array.isArray(v); } catch { return true; } }; // a revoked Proxy: refused
  const rootType = (schema) => { try { return schema.type; } catch { return undefined; } };
  if (!(inputSchema === undefined ||
    (typeof inputSchema === "object" && inputSchema !== null && !isArray(inputSchema) && rootType(inputSchema) === "object"))) {
    bad.push("inputSchema");
  }
  if (!(source === undefined || source === null || SOURCES.includes(source))) bad.push("source");
  if (typeof fn !== "function") bad.push(fnField);
  return { bad: [...new Set(bad)], name, description, inputSchema, source };
}

/** Builds a tool from `def` through `via`, and checks the outcome against the model. */
async function defineChecked(def, via) {
  const model = definitionModel(def, via);
  let tool;
  try {
    tool = via === "define" ? defineTool(def) : new Tool(def);
  } catch (e) {
    assert.ok(e instanceof TypeError, `threw ${e?.constructor?.name ?? typeof e}, not a TypeError`);
    assert.ok(model.bad.length > 0, `refused a valid definition: ${e.message}`);
    assert.ok(model.bad.some((f) => e.message.includes(f)), `"${e.message}" names none of ${model.bad}`);
    return;
  }
  assert.deepEqual(model.bad, [], "accepted an invalid definition");
  assert.ok(tool instanceof Tool);
  assert.deepEqual(Object.keys(tool), FIELDS);
  for (const key of FIELDS) {
    const d = Object.getOwnPropertyDescriptor(tool, key);
    assert.ok("value" in d && d.writable && d.enumerable, `${key} is an own, writable, enumerable data property`);
  }
  assert.equal(tool.name, model.name);
  assert.equal(tool.description, model.description);
  assert.equal(tool.source, model.source ?? (via === "define" ? "native" : "custom"));
  if (model.inputSchema === undefined) {
    assert.deepEqual(tool.inputSchema, { type: "object", properties: {}, additionalProperties: false });
  } else {
    assert.equal(tool.inputSchema, model.inputSchema);
  }
  const result = await tool.execute({});
  assert.ok(isObjectLike(result) && "output" in result && "isError" in result, "execute resolves to a ToolResult");
}

// ---------------------------------------------------------------------------------------------

describe("defineTool and new Tool on arbitrary values", () => {
  it("return a working tool or throw a TypeError naming a wrong field, never anything else", async () => {
    await check("definitions", fc.asyncProperty(definitions, async (definition) => {
      const def = definition();
      for (const via of VIAS) await defineChecked(def, via);
      await healthy();
    }));
  });
});

describe("execute on arbitrary run behaviour", () => {
  const args = fc.oneof(plain(fc.constantFrom(undefined, null)), value);
  const ctx = fc.oneof({ arbitrary: plain(fc.constant(undefined)), weight: 2 }, value);
  it("always resolves, to the passthrough or to exactly { output, isError } as the contract's table says", async () => {
    await check("execute", fc.asyncProperty(
      fc.constantFrom(...Object.keys(BEHAVIOURS)), value, args, ctx, fc.constantFrom(...VIAS),
      async (kind, valueOf, argsOf, ctxOf, via) => {
        const [v, a, c] = [valueOf(), argsOf(), ctxOf()];
        const expected = await reference(behaviour(kind, v), a, c);
        const seen = { calls: 0 };
        const tool = toolOf(behaviour(kind, v, seen), via);
        let promise;
        assert.doesNotThrow(() => { promise = tool.execute(a, c); }, "execute threw synchronously");
        assert.equal(Object.getPrototypeOf(promise), Promise.prototype, "a native Promise");
        let result;
        await assert.doesNotReject(async () => { result = await promise; }, "execute rejected");
        matches(result, expected);
        assert.equal(seen.calls, 1);
        assert.equal(seen.self, undefined);
        assert.equal(seen.ctx, c);
        if (a === undefined || a === null) {
          assert.deepEqual(seen.args, {});
          assert.equal(Object.getPrototypeOf(seen.args), Object.prototype);
        } else {
          assert.equal(seen.args, a);
        }
        await healthy();
      },
    ));
  });
});

describe("sanitize on arbitrary strings", () => {
  const reference = (s) => s.replace(/[^a-zA-Z0-9_-]/g, "_");
  const strings = {
    "binary": fc.string({ unit: "binary", maxLength: 64 }),
    "graphemes": fc.string({ unit: "grapheme", maxLength: 64 }),
    "code units 0..0xFFFF": codeUnits(64),
    "mixed alphabet and code units": fc.string({
      unit: fc.oneof(fc.constantFrom(..."azAZ09_-"), fc.integer({ min: 0, max: 0xffff }).map((u) => String.fromCharCode(u))),
      maxLength: 64,
    }),
    "long": fc.string({ unit: "binary", minLength: 1000, maxLength: 5000, size: "max" }),
  };
  for (const [what, arb] of Object.entries(strings)) {
    it(`equals value.replace(/[^a-zA-Z0-9_-]/g, "_") on ${what}`, async () => {
      await check(`sanitize (${what})`, fc.property(arb, (s) => {
        assert.equal(sanitize(s), reference(s));
        assert.equal(sanitize("a b"), "a_b");
      }));
      await healthy();
    });
  }
  it("throws a TypeError naming the argument for every non-string", async () => {
    await check("sanitize (non-strings)", fc.property(value, (valueOf) => {
      const v = valueOf();
      fc.pre(typeof v !== "string");
      assert.throws(() => sanitize(v), (e) => e instanceof TypeError && /value/.test(e.message));
      assert.equal(sanitize("a b"), "a_b");
    }));
    await healthy();
  });
});

// What fuzzing found, kept as minimal reproductions.
describe("every export at a random depth near the stack limit", () => {
  // Runs `f` at a depth `slack` frames above the engine's stack limit: deeper than any test
  // reaches on purpose, and sometimes at a depth where `f` itself overflows part-way.
  function nearLimit(slack, f) {
    let depth = 0;
    const probe = () => {
      depth++;
      probe();
    };
    try {
      probe();
    } catch {
      // depth is now about the limit
    }
    const target = Math.max(0, depth - slack);
    let outcome;
    const down = (n) => {
      if (n > 0) return down(n - 1);
      try {
        outcome = { value: f() };
      } catch (error) {
        outcome = { error };
      }
      return undefined;
    };
    try {
      down(target);
    } catch (error) {
      outcome = { error };
    }
    return outcome;
  }
  const exportCall = fc.oneof(
    fc.tuple(fc.constant("defineTool"), definitions),
    fc.tuple(fc.constant("new Tool"), definitions),
    fc.tuple(fc.constant("sanitize"), fc.oneof(plain(fc.string({ unit: "binary", maxLength: 600 })), anyValue)),
    fc.tuple(fc.constant("execute"), fc.constantFrom(...Object.keys(BEHAVIOURS)), value),
  );
  it("gives the contract's answer or the engine's RangeError, and leaves every export working", async () => {
    await check("near the limit", fc.asyncProperty(exportCall, fc.integer({ min: 0, max: 400 }), async (call, slack) => {
      const [which, first, second] = call;
      const outcome = nearLimit(slack, () => {
        switch (which) {
          case "defineTool": return defineTool(first());
          case "new Tool": return new Tool(first());
          case "sanitize": return sanitize(first());
          default: return toolOf(behaviour(first, second())).execute({});
        }
      });
      if ("error" in outcome) {
        assert.ok(outcome.error instanceof TypeError || outcome.error instanceof RangeError,
          `threw ${outcome.error?.constructor?.name}: ${outcome.error?.message}`);
      } else if (which === "execute") {
        // A promise: it settles with a result, or (where the stack ran out while the result was
        // being made) rejects with the engine's RangeError.
        try {
          // A result, or the passthrough object itself (which may hold anything).
          const r = await outcome.value;
          assert.ok(typeof r === "object" && r !== null);
        } catch (error) {
          assert.ok(error instanceof RangeError, String(error));
        }
      }
      await healthy();
    }));
  });
});

describe("found by fuzzing", () => {
  it("a revoked Proxy, passed again and again, gets a TypeError naming the field and never poisons the module", () => {
    // In a fresh process: a failure here may break the module for good.
    const r = spawnSync(process.execPath, [join(here, "children", "revoked-proxy.mjs")], { encoding: "utf8", cwd: here });
    assert.equal(r.status, 0, r.stderr);
    const out = JSON.parse(r.stdout.trim().split("\n").pop());
    assert.deepEqual(out, { wrong: {}, after: "a_b ok" });
  });

  it("a native promise with an own `then` is awaited as `await` does (its own then is not called)", async () => {
    const p = Promise.resolve("settled value");
    p.then = (ok) => ok("own then");
    const q = Promise.resolve("settled value");
    Object.defineProperty(q, "then", { get() { throw new Error("then getter"); } });
    for (const promise of [p, q]) {
      assert.deepEqual(await toolOf(() => promise).execute({}), { output: await promise, isError: false });
    }
  });

  it("a promise of a Promise subclass gives a native Promise that settles as `await` does",
    async () => {
      class SubPromise extends Promise {}
      const fake = function Fake(executor) { executor(() => {}, () => {}); return { fake: true }; };
      class FakeSpecies extends Promise { static get [Symbol.species]() { return fake; } }
      const never = function Never(executor) { executor(() => {}, () => {}); return new Promise(() => {}); };
      class NeverSpecies extends Promise { static get [Symbol.species]() { return never; } }
      for (const Kind of [SubPromise, FakeSpecies, NeverSpecies]) {
        const promise = toolOf(() => Kind.resolve("settled")).execute({});
        assert.equal(Object.getPrototypeOf(promise), Promise.prototype, `${Kind.name}: a native Promise`);
        const timeout = new Promise((resolve) => setTimeout(resolve, 200, "still pending after 200 ms"));
        assert.deepEqual(await Promise.race([promise, timeout]), { output: await Kind.resolve("settled"), isError: false });
      }
    });

  // The contract asks for both "v itself" and "never rejects". A promise cannot be fulfilled
  // with an object without reading its `then`, so an object whose `then` getter throws on a
  // later read rejects any promise that settles to it: execute behaves exactly as the
  // contract's own steps written with `await` do (await run's value, then return it).
  it("a ToolResult whose then getter throws on a second read settles as await-then-return does", async () => {
    const make = () => {
      let reads = 0;
      return { output: "o", isError: false, get then() { if (reads++) throw new Error("second read"); } };
    };
    const contract = async (run) => { const v = await run(); return v; };
    await assert.rejects(contract(make), /second read/);
    await assert.rejects(toolOf(make).execute({}), /second read/);
    const once = { output: "o", isError: false, get then() { return undefined; } };
    assert.equal(await toolOf(() => once).execute({}), once);
  });
});
