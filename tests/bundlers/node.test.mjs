// Server bundles: a Node.js app that imports toolnexus, bundled by esbuild (--platform=node, ES
// module and CommonJS output) and by webpack (target node), copied alone into an empty folder
// (no node_modules within reach) and run there. Run by `npm test` with TOOLNEXUS_TARBALL set.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";

import { bundle, bundlerProject } from "./project.mjs";

const tarball = process.env.TOOLNEXUS_TARBALL;
const away = mkdtempSync(join(tmpdir(), "toolnexus-bundle-"));
after(() => rmSync(away, { recursive: true, force: true }));

/** Copies `dist` where no node_modules can be found, runs its one main file, returns the checks. */
function runAlone(name, dist) {
  const dir = join(away, name);
  cpSync(dist, dir, { recursive: true });
  const main = readdirSync(dir).filter((f) => /^main\.[cm]?js$/.test(f));
  assert.equal(main.length, 1, `one main file in ${dir}: ${main}`);
  const r = spawnSync(process.execPath, [main[0]], { cwd: dir, encoding: "utf8" });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout.trim().split("\n").pop());
}

describe("server bundles run on their own", { skip: tarball ? false : "needs TOOLNEXUS_TARBALL (set by npm test)" }, () => {
  before(() => bundlerProject(tarball), { timeout: 300_000 });

  for (const name of ["esbuild-node-esm", "esbuild-node-cjs", "webpack-node"]) {
    it(`${name}: defines, executes and sanitizes with nothing beside the bundle`, { timeout: 120_000 }, () => {
      const { dist, bundled } = bundle(name);
      // The bundle took the package's Node.js code in, through the static entry, with the three
      // WebAssembly modules as base64: the core and the portable rules from web/ (what the
      // Node.js entry falls back to when the .wasm files are not beside it) and the Node.js-only
      // rules from node/.
      const base64 = ["web/toolnexus_rules_wasm.js", "web/toolnexus_wasm.js"];
      for (const file of [...base64, "node/toolnexus_node_wasm.cjs"]) assert.ok(bundled.includes(file), `${file} not in ${bundled}`);
      assert.ok(!bundled.some((f) => f.startsWith("web/") && !base64.includes(f)), `Node.js code only: ${bundled}`);
      const results = runAlone(name, dist);
      assert.ok(results.length >= 9, `the full set of checks: ${results.length}`);
      for (const [check, passed, detail] of results) assert.ok(passed, `${check}: ${detail}`);
    });
  }
});
