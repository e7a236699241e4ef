// The package is three WebAssembly modules (README: "The package"): importing it, defining and
// executing tools compile the core only; the first call that needs the portable rules (an
// adapter) compiles them, the first Node.js-only one (a builtin tool) compiles those, each once.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { describe, it } from "node:test";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));

describe("the WebAssembly modules", () => {
  it("are compiled when first needed, each once", () => {
    const r = spawnSync(process.execPath, [join(here, "children", "modules.mjs")], { encoding: "utf8", cwd: here });
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual(JSON.parse(r.stdout), { import: 1, execute: 1, toOpenAI: 2, toGemini: 2, builtinTools: 3, grep: 3 });
  });
});
