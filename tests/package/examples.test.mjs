// The examples in examples/ run as a user runs them (`node examples/<file>`), each asserting
// what it shows: a provider's two-turn loop against recorded responses (the SDK's real client,
// no network) and the MCP client that spawns the MCP server example over stdio.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { describe, it } from "node:test";
import { fileURLToPath } from "node:url";

const examples = join(dirname(fileURLToPath(import.meta.url)), "..", "examples");

describe("examples", () => {
  for (const [file, expected] of [
    ["openai.mjs", /Paris is at 18 °C and Tokyo at 24 °C\./],
    ["openai-responses.mjs", /Paris is at 18 °C; I have no weather for Oslo\./],
    ["anthropic.mjs", /Paris is at 18 °C; there is no weather station in Oslo\./],
    ["gemini.mjs", /Paris is at 18 °C and Tokyo at 24 °C\./],
    // However the runtime's console prints the object.
    ["mcp-client.mjs", /after close: \{\s*output: ["']Not connected["'],\s*isError: true,?\s*\}/],
  ]) {
    it(`node examples/${file}`, () => {
      const run = spawnSync(process.execPath, [join(examples, file)], { cwd: dirname(examples), encoding: "utf8", timeout: 60_000 });
      assert.equal(run.status, 0, `exit ${run.status}\n${run.stdout}\n${run.stderr}`);
      assert.match(run.stdout, expected);
      assert.equal(run.stderr, "", "no warning");
    });
  }
});
