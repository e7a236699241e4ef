// The contract's "Never poisoned" limits: stack overflows at every depth, strings of a hundred
// million characters, polluted prototypes, patched globals. Each case runs in a process of its
// own (limits-child.mjs), so that what one does to the process cannot help or hurt the next.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { describe, it } from "node:test";
import { fileURLToPath } from "node:url";

const child = fileURLToPath(new URL("./limits-child.mjs", import.meta.url));

function runCase(name) {
  const r = spawnSync(process.execPath, ["--max-old-space-size=4096", child, name], { encoding: "utf8" });
  // The engine's own reports of overflows inside its promise hooks can run to thousands of
  // lines: a failure shows the end, where the assertion is.
  const tail = (text) => text.split("\n").slice(-40).join("\n");
  assert.equal(r.status, 0, `${name} failed (exit ${r.status ?? r.signal}):\n${tail(r.stdout)}\n${tail(r.stderr)}`);
  assert.match(r.stdout, new RegExp(`^ok ${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`, "m"));
}

describe("never poisoned, at the limits", () => {
  for (const name of [
    "overflow:defineTool refused",
    "overflow:defineTool accepted",
    "overflow:new Tool refused in every field",
    "overflow:sanitize",
    "overflow:execute",
    "overflow:toOpenAI and toGemini",
    "recursion:a tool calling itself through execute",
    "memory:sanitize of 100M characters",
    "memory:a refused 100M-character name",
    "pollution:Object.prototype fields are absent",
    "globals:patched built-ins change no check",
    "functions:never a passthrough",
    "surrogates:shown escaped in messages",
  ]) {
    it(name, () => runCase(name));
  }
});
