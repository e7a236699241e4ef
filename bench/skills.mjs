// The skills row of `npm run bench`: `loadSkills` over 1,000 skill folders against the same
// work in plain JavaScript (`readdir` of the root and of each folder, `readFile` of each
// SKILL.md, its frontmatter parsed by the `yaml` package), each side's result summed the same
// way. bench/run.mjs times it with the other rows; `node bench/skills.mjs` times it alone.
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

import { loadSkills } from "toolnexus";
import { parse } from "yaml";

export const SKILLS = 1000;

/** A folder of `n` skills, each a SKILL.md (frontmatter and a body of about 2 KB) and a resource. */
export function makeSkills(n = SKILLS) {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "toolnexus-bench-skills-")));
  const body = "## Steps\n\n" + "Follow the steps, check each result, and read `reference/guide.md` when in doubt.\n".repeat(25);
  for (let i = 0; i < n; i++) {
    const name = `skill-${String(i).padStart(4, "0")}`;
    mkdirSync(join(root, name, "reference"), { recursive: true });
    writeFileSync(join(root, name, "SKILL.md"), `---\nname: ${name}\ndescription: Does task number ${i} of the benchmark; use it when the user asks for task ${i}.\nlicense: Apache-2.0\nmetadata:\n  author: bench\n  version: "1.0"\n---\n\n# Task ${i}\n\n${body}`);
    writeFileSync(join(root, name, "reference", "guide.md"), "# Guide\n");
  }
  return root;
}

/** The same work in plain JavaScript: list, read, split off the frontmatter, parse it. */
export async function plainLoad(root) {
  const entries = await readdir(root, { withFileTypes: true });
  const skills = await Promise.all(entries.filter((e) => e.isDirectory()).map(async (e) => {
    const folder = join(root, e.name);
    const files = await readdir(folder, { withFileTypes: true });
    if (!files.some((f) => f.name === "SKILL.md" && f.isFile())) return null;
    const text = await readFile(join(folder, "SKILL.md"), "utf8");
    const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(text);
    if (match === null) return null;
    const fields = parse(match[1]);
    return { name: fields.name, description: fields.description, folder, body: match[2] };
  }));
  return skills.filter((s) => s !== null).sort((a, b) => (a.folder < b.folder ? -1 : 1));
}

const sum = (list) => list.reduce((n, s) => n + s.name.length + s.description.length, 0);

/** The row for bench/run.mjs (`perBatch`: what one call must sum to); `cleanup()` after. */
export async function skillsRow() {
  const root = makeSkills();
  const a = await loadSkills(root);
  const b = await plainLoad(root);
  assert.equal(a.list.length, SKILLS);
  assert.deepEqual(a.list.map((s) => [s.name, s.description, s.folder]), b.map((s) => [s.name, s.description, s.folder]));
  return {
    perBatch: sum(a.list),
    cleanup: () => rmSync(root, { recursive: true, force: true }),
    row: {
      id: "loadSkills1000",
      label: `loadSkills, ${SKILLS} skills vs readdir + readFile + yaml`,
      unit: "ms",
      callsPerBatch: 1,
      async: true,
      make: (side) => side.key === "toolnexus"
        ? async () => sum((await loadSkills(root)).list)
        : async () => sum(await plainLoad(root)),
      budget: 1.5,
      aim: 1,
    },
  };
}

// Alone: alternating rounds, the median of each side.
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { row, perBatch, cleanup } = await skillsRow();
  try {
    const sides = [{ key: "toolnexus" }, { key: "plain" }].map((side) => ({ side, run: row.make(side), ms: [] }));
    for (let r = 0; r < 25; r++) {
      for (const s of sides) {
        const t0 = process.hrtime.bigint();
        assert.equal(await s.run(), perBatch);
        if (r >= 5) s.ms.push(Number(process.hrtime.bigint() - t0) / 1e6);
      }
    }
    const median = (v) => [...v].sort((x, y) => x - y)[v.length >> 1];
    const [pkg, js] = sides.map((s) => median(s.ms));
    console.log(`${row.label}: toolnexus ${pkg.toFixed(2)} ms, plain ${js.toFixed(2)} ms, ${(pkg / js).toFixed(2)}× (budget ≤ ${row.budget}×, aim ≤ ${row.aim}×)`);
  } finally {
    cleanup();
  }
}
