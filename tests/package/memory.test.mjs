// Nobody calls free(): 200,000 tools defined and dropped and 200,000 executes grow memory
// (heap + external + array buffers) by less than 64 MB.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { it } from "node:test";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const LIMIT = 64 * 1024 * 1024;

it("200,000 dropped tools and 200,000 executes stay under 64 MB of growth", () => {
  // soak-check.mjs runs the executes over every result path and defines and drops the tools.
  const r = spawnSync(process.execPath, ["--expose-gc", join(here, "soak-check.mjs"), "200000", "200000"], {
    encoding: "utf8",
  });
  assert.equal(r.status, 0, r.stderr);
  const m = JSON.parse(r.stdout.trim().split("\n").pop());
  assert.equal(m.executes, 200000);
  assert.equal(m.tools, 200000);
  console.log(`memory: ${(m.before.sum / 1048576).toFixed(1)} MB -> ${(m.after.sum / 1048576).toFixed(1)} MB (growth ${(m.growth.sum / 1048576).toFixed(2)} MB)`);
  assert.ok(m.growth.sum < LIMIT, `grew by ${m.growth.sum} bytes`);
});

it("the measurement sees memory that is kept alive", () => {
  // The same harness, holding what it makes, must report the growth: the check above can fail.
  const r = spawnSync(process.execPath, ["--expose-gc", join(here, "children", "kept-tools.mjs")], { encoding: "utf8", cwd: here });
  assert.equal(r.status, 0, r.stderr);
  const m = JSON.parse(r.stdout.trim());
  assert.equal(m.n, 200000);
  assert.ok(m.growth > 20 * 1024 * 1024, `kept tools should show: ${m.growth}`);
});
