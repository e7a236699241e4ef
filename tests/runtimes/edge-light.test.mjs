// Vercel's Edge Runtime, as its npm package @edge-runtime/vm runs it, with WebAssembly code
// generation switched off as on Vercel. The function is bundled as Next.js bundles middleware:
// through the package's `edge-light` condition, whose entry imports `toolnexus_bg.wasm?module`;
// that import becomes a global binding holding a WebAssembly.Module compiled outside the
// function's realm (what Next.js's wasm bindings do). Run by `npm test` with
// TOOLNEXUS_TARBALL and TOOLNEXUS_RUNTIMES set.
import assert from "node:assert/strict";
import { cpSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { describe, it } from "node:test";
import { fileURLToPath } from "node:url";

import { bundle, bundlerProject } from "../bundlers/project.mjs";

const here = fileURLToPath(new URL(".", import.meta.url));
const tarball = process.env.TOOLNEXUS_TARBALL;
const runtimes = process.env.TOOLNEXUS_RUNTIMES;

/** Runs the bundle in `dist` in a fresh EdgeVM and returns its answer to one request. */
async function answer(dist) {
  const { EdgeVM } = createRequire(join(runtimes, "package.json"))("@edge-runtime/vm");
  const bindings = {};
  for (const [name, file] of Object.entries(JSON.parse(readFileSync(join(dist, "bindings.json"), "utf8")))) {
    bindings[name] = new WebAssembly.Module(readFileSync(join(dist, file)));
  }
  const vm = new EdgeVM({
    codeGeneration: { strings: false, wasm: false },
    extend: (context) => Object.assign(context, bindings),
  });
  vm.evaluate(readFileSync(join(dist, "main.js"), "utf8"));
  const response = await vm.dispatchFetch("http://localhost/");
  return { status: response.status, body: await response.text() };
}

describe("Vercel's Edge Runtime", { skip: !tarball || !runtimes ? "needs TOOLNEXUS_TARBALL and TOOLNEXUS_RUNTIMES (set by npm test)" : false }, () => {
  function bundled(name) {
    const project = bundlerProject(tarball);
    cpSync(join(here, "worker", "edge-light.js"), join(project, "edge-light.js"));
    return bundle(name);
  }

  it("runs a function that defines, executes and sanitizes (edge-light condition, .wasm?module)", { timeout: 120_000 }, async () => {
    const { dist, bundled: files } = bundled("edge-light");
    assert.deepEqual(files, ["edge/light.js", "web/api.js", "web/toolnexus.js"]);
    const { status, body } = await answer(dist);
    assert.equal(status, 200, body);
    const results = JSON.parse(body);
    assert.ok(results.length >= 9, `the full set of checks: ${results.length}`);
    for (const [check, passed, detail] of results) assert.ok(passed, `${check}: ${detail}`);
  });

  it("needs that condition: without it, the browser entry's compile from bytes is refused", { timeout: 120_000 }, async () => {
    const { dist, bundled: files } = bundled("edge-light-web");
    assert.ok(files.includes("web/index.js"), `bundled: ${files}`);
    await assert.rejects(answer(dist), /Wasm code generation disallowed by embedder/);
  });
});
