// The JavaScript examples of the seed documents, verbatim: each runs and exits 0 printing "ok:".
// The TypeScript ones are compiled by `tsc -p tsconfig.nodenext.json` (strict) into dist/ first;
// the ones that are plain JavaScript also run as they are, with no compilation at all.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, it } from "node:test";
import { fileURLToPath } from "node:url";

const project = join(dirname(fileURLToPath(import.meta.url)), "..");
const seeds = readdirSync(join(project, "seeds")).filter((f) => f.endsWith(".ts")).sort();

function runs(file) {
  const r = spawnSync(process.execPath, [file], { cwd: project, encoding: "utf8" });
  assert.equal(r.status, 0, `${file} failed:\n${r.stderr}`);
  assert.match(r.stdout, /^ok: /m);
  return r.stdout;
}

describe("seed examples", () => {
  it("are all six", () => assert.equal(seeds.length, 6));
  for (const seed of seeds) {
    const base = seed.replace(/\.ts$/, "");
    it(`${base}, compiled by tsc --strict`, () => {
      const compiled = join(project, "dist", "seeds", `${base}.js`);
      assert.ok(existsSync(compiled), `${compiled} missing: run tsc -p tsconfig.nodenext.json first`);
      runs(compiled);
    });
    // Seed 001's examples are plain JavaScript: run the very text, unchanged, as an .mjs file.
    if (seed.startsWith("001-")) {
      it(`${base}, as plain JavaScript`, () => {
        const mjs = join(project, "seeds", `${base}.mjs`);
        copyFileSync(join(project, "seeds", seed), mjs);
        runs(mjs);
      });
    }
  }
});
