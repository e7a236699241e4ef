// The package is three WebAssembly modules (README: "The package"): importing it, defining and
// executing tools compile the core only; the first call that needs the portable rules (an
// adapter) compiles them, the first Node.js-only one (a builtin tool) compiles those, each once.
// The Node.js entry reads the `.wasm` files of edge/, or their base64 copies where they are not.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { after, describe, it } from "node:test";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), "toolnexus-modules-"));
after(() => rmSync(scratch, { recursive: true, force: true }));

describe("the WebAssembly modules", () => {
  it("are compiled when first needed, each once", () => {
    const r = spawnSync(process.execPath, [join(here, "children", "modules.mjs")], { encoding: "utf8", cwd: here });
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual(JSON.parse(r.stdout), { import: 1, execute: 1, toOpenAI: 2, toGemini: 2, builtinTools: 3, grep: 3 });
  });

  it("load from their base64 copies when edge/ holds no .wasm files", () => {
    // The installed package, copied with its .wasm files removed (an install that prunes them).
    const installed = dirname(createRequire(import.meta.url).resolve("toolnexus/package.json"));
    const pkg = join(scratch, "node_modules", "toolnexus");
    cpSync(installed, pkg, { recursive: true });
    for (const file of ["toolnexus_bg.wasm", "toolnexus_rules.wasm"]) unlinkSync(join(pkg, "edge", file));
    const script = join(scratch, "pruned.cjs");
    writeFileSync(script, [
      'const { defineTool, toOpenAI } = require("toolnexus");',
      'const tool = defineTool({ name: "a", description: "d", run: () => "ran" });',
      "tool.execute({}).then((r) => console.log(JSON.stringify([r.output, toOpenAI([tool], { strict: true })[0].function.strict])));",
    ].join("\n"));
    const r = spawnSync(process.execPath, [script], { encoding: "utf8", cwd: scratch });
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual(JSON.parse(r.stdout), ["ran", true]);
  });
});
