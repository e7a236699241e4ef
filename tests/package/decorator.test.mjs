// `tool` and `collectTools` (CONTRACT.md, Decorator), through the installed package. The checks
// are TypeScript with standard decorators (decorator/checks.ts), compiled by tsc into
// decorator/dist/ before the suites run (`npm test` does it); the same compiled file runs in
// Chromium against the browser entry.
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, it } from "node:test";

import * as toolnexus from "toolnexus";

const compiled = new URL("./decorator/dist/checks.js", import.meta.url);
assert.ok(existsSync(compiled), "decorator/dist/checks.js is missing: compile it with tsc -p package/decorator/tsconfig.json");
const { runDecoratorChecks } = await import(compiled);

const viaImport = await runDecoratorChecks(toolnexus);
const viaRequire = await runDecoratorChecks(createRequire(import.meta.url)("toolnexus"));

describe("tool and collectTools (TypeScript, standard decorators, compiled by tsc)", () => {
  it("are exported by both entries", () => {
    const required = createRequire(import.meta.url)("toolnexus");
    for (const api of [toolnexus, required]) {
      assert.equal(typeof api.tool, "function");
      assert.equal(typeof api.collectTools, "function");
    }
    assert.equal(required.tool, toolnexus.tool, "import and require share one instance");
  });

  it("ran the full set of checks", () => {
    assert.ok(viaImport.length >= 30, `only ${viaImport.length} checks ran`);
    assert.equal(viaRequire.length, viaImport.length);
  });

  for (const [name, passed, detail] of viaImport) {
    it(name, () => assert.ok(passed, detail));
  }
  for (const [name, passed, detail] of viaRequire) {
    it(`require: ${name}`, () => assert.ok(passed, detail));
  }
});

describe("tool and collectTools (plain JavaScript)", () => {
  const { collectTools, tool } = toolnexus;

  // A decorator context as the TC39 proposal defines it, for the cases TypeScript refuses.
  const context = (kind, name, extra = {}) => ({
    kind, name, static: false, private: false, metadata: undefined,
    access: { get: (o) => o[name] }, addInitializer() {}, ...extra,
  });

  it("decorating a setter or something that is not a class element is a TypeError", () => {
    assert.throws(() => tool("d")(() => {}, context("setter", "value")), { name: "TypeError", message: /methods only.*setter/ });
    assert.throws(() => tool("d")(() => {}, {}), { name: "TypeError", message: /methods only/ });
    assert.throws(() => tool("d")(() => {}, null), { name: "TypeError", message: /methods only/ });
  });

  it("marking something that is not a function is a TypeError", () => {
    for (const value of [1, "f", {}, null]) {
      assert.throws(() => tool("d")(value), { name: "TypeError", message: /function/ });
    }
  });

  it("options that are not an object are a TypeError", () => {
    assert.throws(() => tool("d", "name"), { name: "TypeError", message: /options/ });
    assert.throws(() => tool("d", null), { name: "TypeError", message: /options/ });
  });

  it("a method decorated twice is a TypeError", () => {
    function m() {}
    tool("d")(m, context("method", "m"));
    assert.throws(() => tool("d")(m, context("method", "m")), { name: "TypeError", message: /already/ });
  });

  it("marks are kept off the function: no new own property, nothing enumerable", () => {
    const fn = function f() {};
    const before = Reflect.ownKeys(fn);
    tool("d")(fn);
    assert.deepEqual(Reflect.ownKeys(fn), before);
    const obj = { fn };
    assert.deepEqual(Reflect.ownKeys(obj), ["fn"]);
    assert.equal(collectTools(obj).length, 1);
  });

  it("a getter on a plain object is not run by collectTools", () => {
    let reads = 0;
    const obj = { get g() { reads++; return tool("d")(() => 1); } };
    assert.equal(collectTools(obj).length, 0);
    assert.equal(reads, 0);
  });

  it("each tool's execute never rejects, needs no this, and answers by the result table", async () => {
    const obj = {
      n: 2,
      twice: tool("Twice n")(function () { return this.n * 2; }),
      boom: tool("Throws a string")(() => { throw "plain"; }),
    };
    const [twice, boom] = collectTools(obj);
    const { execute } = twice;
    assert.deepEqual(await execute(), { output: "4", isError: false });
    assert.deepEqual(await boom.execute(null), { output: "plain", isError: true });
  });
});
