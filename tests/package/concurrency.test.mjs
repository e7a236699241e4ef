// Many executes at once, recursion through execute, and calls back into the module while the
// core is in the middle of a call (from toJSON, getters, then and message): every call gets its
// own, correct result and the module stays healthy.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { describe, it } from "node:test";
import { fileURLToPath } from "node:url";

import { defineTool, sanitize, Tool } from "toolnexus";

import { toolOf } from "./helpers.mjs";

const here = dirname(fileURLToPath(import.meta.url));

/** A small seeded generator (mulberry32), so a failure can be replayed. */
function seeded(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Every export still works. */
async function healthy() {
  assert.equal(sanitize("still ok"), "still_ok");
  const t = defineTool({ name: "healthy", description: "", run: async ({ n }) => ({ n }) });
  assert.deepEqual(await t.execute({ n: 1 }), { output: '{"n":1}', isError: false });
  assert.equal(new Tool({ name: "healthy", description: "", execute: () => "" }).source, "custom");
}

/** Resolves with `value` after `steps` promise hops. */
function hops(steps, value) {
  let p = Promise.resolve();
  for (let i = 0; i < steps; i++) p = p.then(() => undefined);
  return p.then(() => value);
}
const sleep = (ms, value) => new Promise((resolve) => setTimeout(() => resolve(value), ms));

describe("100,000 concurrent executes", () => {
  it("each get their own result, whatever the mix of delays and result kinds", async () => {
    const N = 100_000;
    const rand = seeded(0x70017);
    const made = new Map(); // id -> the ToolResult object a run returned (passthrough identity)
    const answer = (kind, id) => {
      switch (kind) {
        case 0: return `id:${id}`;
        case 1: return { id };
        case 2: { const r = { output: `id:${id}`, isError: false, metadata: { id } }; made.set(id, r); return r; }
        default: throw new Error(`id:${id}`);
      }
    };
    // Each run waits its own way: not at all, a timer of 0–3 ms, a chain of promise hops, or a
    // thenable settled on a later turn, then answers with its id.
    const run = ({ id, kind, wait, amount }) => {
      if (wait === 0) return answer(kind, id);
      if (wait === 1) return sleep(amount, null).then(() => answer(kind, id));
      if (wait === 2) return hops(amount * 4, null).then(() => answer(kind, id));
      return { then(ok, fail) { setImmediate(() => { try { ok(answer(kind, id)); } catch (e) { fail(e); } }); } };
    };
    const tools = [toolOf(run, "define"), toolOf(run, "class"), toolOf(async (args) => run(args), "define")];

    const calls = [];
    for (let id = 0; id < N; id++) {
      const args = { id, kind: Math.floor(rand() * 4), wait: Math.floor(rand() * 4), amount: Math.floor(rand() * 4) };
      calls.push([args, tools[id % tools.length].execute(args)]);
    }
    const results = await Promise.all(calls.map(([, p]) => p));

    const kinds = [0, 0, 0, 0];
    results.forEach((result, i) => {
      const { id, kind } = calls[i][0];
      kinds[kind]++;
      if (kind === 0) assert.deepEqual(result, { output: `id:${id}`, isError: false });
      if (kind === 1) assert.deepEqual(result, { output: JSON.stringify({ id }), isError: false });
      if (kind === 2) assert.equal(result, made.get(id), `call ${id} got its own ToolResult`);
      if (kind === 3) assert.deepEqual(result, { output: `id:${id}`, isError: true });
    });
    console.log(`100,000 executes: ${kinds[0]} strings, ${kinds[1]} JSON, ${kinds[2]} passthrough, ${kinds[3]} throws`);
    assert.ok(kinds.every((k) => k > N / 5), "every kind of result was exercised");
    await healthy();
  });
});

describe("recursion through execute", () => {
  // ping and pong call each other and themselves; each level adds one to what the level below
  // answered, so the top answers the depth.
  function pingPong(deferFirst) {
    const step = async ({ n }) => {
      if (deferFirst) await null;
      if (n === 0) return "0";
      const next = n % 3 === 0 ? pong : ping;
      const below = await next.execute({ n: n - 1 });
      return below.isError ? below : String(Number(below.output) + 1);
    };
    const ping = defineTool({ name: "ping", description: "", run: step });
    const pong = new Tool({ name: "pong", description: "", execute: step });
    return ping;
  }
  /** A tool whose run returns the nested execute's promise without awaiting anything. */
  function syncChain() {
    const chain = defineTool({
      name: "chain", description: "",
      run: ({ n }) => (n === 0 ? { output: "bottom", isError: false, metadata: { depth: 0 } } : chain.execute({ n: n - 1 })),
    });
    return chain;
  }

  it("async recursion that awaits before each nested execute reaches depth 1,000", async () => {
    assert.deepEqual(await pingPong(true).execute({ n: 1000 }), { output: "1000", isError: false });
    await healthy();
  });
  it("async recursion whose nested execute runs before its first await reaches depth 1,000", async () => {
    assert.deepEqual(await pingPong(false).execute({ n: 1000 }), { output: "1000", isError: false });
    await healthy();
  });
  it("a run that returns the inner execute's promise reaches depth 1,000", async () => {
    const result = await syncChain().execute({ n: 1000 });
    assert.deepEqual(result, { output: "bottom", isError: false, metadata: { depth: 0 } });
    await healthy();
  });
});

describe("the module used from inside run", () => {
  it("tools defined and run inside run, many at once", async () => {
    const outer = defineTool({
      name: "outer", description: "",
      run: async ({ i }) => {
        const inner = i % 2
          ? defineTool({ name: `inner_${i}`, description: "", run: ({ j }) => `inner ${i}/${j}` })
          : new Tool({ name: `inner_${i}`, description: "", execute: async ({ j }) => ({ i, j }) });
        const r = await inner.execute({ j: i * 2 });
        return `${inner.name}|${inner.source}|${r.output}`;
      },
    });
    const results = await Promise.all(Array.from({ length: 5000 }, (_, i) => outer.execute({ i })));
    results.forEach((r, i) => {
      const expected = i % 2 ? `inner_${i}|native|inner ${i}/${i * 2}` : `inner_${i}|custom|{"i":${i},"j":${i * 2}}`;
      assert.deepEqual(r, { output: expected, isError: false });
    });
    await healthy();
  });
  it("sanitize inside run, many at once", async () => {
    const rand = seeded(7);
    const names = Array.from({ length: 5000 }, () =>
      Array.from({ length: 1 + Math.floor(rand() * 20) }, () => String.fromCharCode(Math.floor(rand() * 0x10000))).join(""));
    const tool = defineTool({ name: "clean", description: "", run: async ({ name }) => { await null; return sanitize(name); } });
    const results = await Promise.all(names.map((name) => tool.execute({ name })));
    results.forEach((r, i) => assert.deepEqual(r, { output: names[i].replace(/[^a-zA-Z0-9_-]/g, "_"), isError: false }));
    await healthy();
  });
});

describe("calls into the module while the core is mid-call", () => {
  it("a toJSON (run by the core's JSON.stringify) that calls defineTool, sanitize and execute", async () => {
    const inner = [];
    const tool = defineTool({
      name: "json", description: "",
      run: ({ k }) => ({
        toJSON() {
          const t = defineTool({ name: sanitize(`made in toJSON ${k}`), description: "", run: () => `inner ${k}` });
          inner.push(t.execute({}));
          return { made: t.name, clean: sanitize("a.b c"), k };
        },
      }),
    });
    const results = await Promise.all(Array.from({ length: 200 }, (_, k) => tool.execute({ k })));
    results.forEach((r, k) => assert.deepEqual(r, { output: JSON.stringify({ made: `made_in_toJSON_${k}`, clean: "a_b_c", k }), isError: false }));
    (await Promise.all(inner)).forEach((r, k) => assert.deepEqual(r, { output: `inner ${k}`, isError: false }));
    await healthy();
  });

  it("getters on the definition (read by the core) that call defineTool, new Tool and sanitize", async () => {
    const tool = defineTool({
      get name() {
        const nested = defineTool({ name: "nested", description: "", run: () => "n" });
        return `${sanitize("outer name")}_${nested.name}`;
      },
      get description() {
        return new Tool({ name: sanitize("d d"), description: "", execute: () => "" }).name;
      },
      get run() {
        assert.throws(() => defineTool({ name: "bad name", description: "", run() {} }), TypeError);
        return () => sanitize("ran ok");
      },
    });
    assert.equal(tool.name, "outer_name_nested");
    assert.equal(tool.description, "d_d");
    assert.deepEqual(await tool.execute({}), { output: "ran_ok", isError: false });
    await healthy();
  });

  it("a returned thenable whose then runs another tool's execute before resolving", async () => {
    const other = defineTool({ name: "other", description: "", run: ({ x }) => ({ output: `other ${x}`, isError: false, metadata: { x } }) });
    const viaOutput = defineTool({
      name: "outer", description: "",
      run: ({ x }) => ({ then(ok) { other.execute({ x }).then((r) => ok(`${r.output}!`)); } }),
    });
    const viaPromise = toolOf(({ x }) => ({ then(ok) { ok(other.execute({ x })); } }), "class");
    for (let x = 0; x < 50; x++) {
      assert.deepEqual(await viaOutput.execute({ x }), { output: `other ${x}!`, isError: false });
      const passed = await viaPromise.execute({ x });
      assert.deepEqual(passed, { output: `other ${x}`, isError: false, metadata: { x } });
    }
    await healthy();
  });

  it("a thrown value whose message getter (or toString) calls sanitize or defineTool", async () => {
    const byMessage = toolOf(() => { throw { get message() { return sanitize("it went wrong"); } }; });
    assert.deepEqual(await byMessage.execute({}), { output: "it_went_wrong", isError: true });
    const byString = toolOf(async () => { throw { toString: () => defineTool({ name: "from_toString", description: "", run() {} }).name }; });
    assert.deepEqual(await byString.execute({}), { output: "from_toString", isError: true });
    await healthy();
  });

  it("a Proxy whose has trap (asked for output and isError) runs another execute", async () => {
    const other = defineTool({ name: "other", description: "", run: () => "inner" });
    const inner = [];
    const tool = toolOf(() => new Proxy({ a: 1 }, { has(target, key) { inner.push(other.execute({})); return key in target; } }));
    assert.deepEqual(await tool.execute({}), { output: '{"a":1}', isError: false });
    assert.ok(inner.length >= 1);
    for (const r of await Promise.all(inner)) assert.deepEqual(r, { output: "inner", isError: false });
    await healthy();
  });
});

describe("the engine under load", () => {
  // On Node.js 20 (V8 11), a JavaScript caller into which V8 had inlined the call to a wasm
  // export, deoptimised while that call ran, crashed the whole process ("unreachable code").
  // This load made it happen every time; it runs in a child process so a crash shows as a
  // failure here rather than taking the test runner with it.
  it("100,000 async runs resolving to thenables do not crash the process", () => {
    for (let i = 0; i < 3; i++) {
      const r = spawnSync(process.execPath, [join(here, "children", "thenable-load.mjs")], { encoding: "utf8", cwd: here });
      assert.equal(r.signal, null, `killed by ${r.signal}: ${r.stderr.slice(0, 300)}`);
      assert.equal(r.status, 0, r.stderr.slice(0, 300));
      assert.equal(r.stdout.trim(), "ok");
    }
  });
});
