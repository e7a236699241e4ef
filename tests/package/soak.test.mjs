// The short soak inside `npm test` (`npm run soak` runs the long one): 100,000 executes and
// 30,000 dropped tools under --expose-gc, a fully synchronous loop of 100,000 tools, and each
// result path of execute on its own, where a few bytes kept per call add up.
import assert from "node:assert/strict";
import { execFile, spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { before, describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

import { PATHS } from "./children/execute-paths.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const MB = 1024 * 1024;
const mb = (bytes) => `${(bytes / MB).toFixed(1)} MB`;

/** Runs node --expose-gc with `args` in this folder and returns its last output line as JSON. */
function node(args) {
  const r = spawnSync(process.execPath, ["--expose-gc", ...args], { encoding: "utf8", cwd: here });
  return { status: r.status, stderr: r.stderr, out: JSON.parse(r.stdout.trim().split("\n").pop() || "null") };
}

describe("soak", () => {
  it("100,000 executes and 30,000 dropped tools grow heap + external + arrayBuffers by at most 64 MB", () => {
    const { status, stderr, out } = node([join(here, "soak-check.mjs"), "100000", "30000"]);
    assert.ok(out, `no figures printed: ${stderr}`);
    for (const k of ["sum", "heapUsed", "external", "arrayBuffers", "rss"]) {
      console.log(`soak ${k}: ${mb(out.before[k])} -> ${mb(out.after[k])} (growth ${mb(out.growth[k])})`);
    }
    assert.equal(status, 0, stderr);
    assert.equal(out.executes, 100000);
    assert.equal(out.tools, 30000);
    assert.ok(out.growth.sum <= 64 * MB, `grew by ${mb(out.growth.sum)}`);
  });

  // No await in the loop, so no FinalizationRegistry callback can run until it ends. Nothing of a
  // tool lives in WebAssembly memory and sanitize frees what it allocates before returning, so
  // the garbage collector reclaims everything even inside the loop's turn.
  // children/sync-loop.mjs is that loop.

  it("a synchronous loop of 100,000 tools (and sanitize calls) leaves nothing behind, even before it yields", () => {
    const { status, stderr, out } = node([join(here, "children", "sync-loop.mjs")]);
    assert.equal(status, 0, stderr);
    console.log(`sync loop of 100,000 tools: growth ${mb(out.inLoop)} inside the loop's turn, ${mb(out.afterLoop)} after it`);
    assert.ok(out.inLoop < 8 * MB, `grew by ${mb(out.inLoop)} inside the loop's turn`);
    assert.ok(out.afterLoop < 8 * MB, `grew by ${mb(out.afterLoop)} after the loop`);
  });

  it("the same loop, keeping its tools, shows their memory (so the check above can fail)", () => {
    const { status, stderr, out } = node([join(here, "children", "sync-loop.mjs"), "keep"]);
    assert.equal(status, 0, stderr);
    assert.equal(out.kept, 100000);
    assert.ok(out.inLoop > 8 * MB, `kept tools should show: ${mb(out.inLoop)}`);
  });
});

// The mixed soak above can hide a small per-call leak under its 64 MB bound. Each path here runs
// 100,000 executes in a fresh process: anything kept per call (a WebAssembly table slot, a few
// bytes of wasm memory) shows as megabytes, while a clean path stays within noise (±0.3 MB).
describe("memory per execute, path by path", () => {
  // children/execute-paths.mjs has the paths (one run function each); children/execute-path.mjs
  // runs one. The throwing paths once kept a wasm externref table slot per caught exception
  // (wasm-bindgen `catch` imports that return a value do); after 2^23 of them every export
  // trapped. The core now catches through the entry's guard, and these rows hold it to that.
  const growth = {};
  before(async () => {
    const run = promisify(execFile);
    await Promise.all(Object.keys(PATHS).map(async (path) => {
      const { stdout } = await run(process.execPath, ["--expose-gc", join(here, "children", "execute-path.mjs"), path], { cwd: here });
      growth[path] = JSON.parse(stdout.trim().split("\n").pop()).growth;
    }));
  });

  for (const path of Object.keys(PATHS)) {
    it(`${path}: 100,000 executes keep less than 1 MB`, () => {
      console.log(`${path}: growth ${mb(growth[path])} over 100,000 executes`);
      assert.ok(growth[path] < MB, `grew by ${mb(growth[path])}`);
    });
  }
});
