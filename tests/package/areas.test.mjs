// The Node.js entry in parts (README: the layout of pkg/): importing the package and defining
// and executing tools loads node/index.cjs only; each other area loads on its first call. The
// names stand for their areas from the start: one instance for `import` and `require`, and a
// Toolkit is an instance of the one exported class however it was made.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, it } from "node:test";
import { fileURLToPath } from "node:url";

import * as toolnexus from "toolnexus";

const here = dirname(fileURLToPath(import.meta.url));
const required = createRequire(import.meta.url)("toolnexus");
const tool = toolnexus.defineTool({ name: "find", description: "Find", run: ({ q }) => `found ${q}` });

describe("the Node.js entry's areas", () => {
  it("load on their first call, each once", () => {
    const r = spawnSync(process.execPath, [join(here, "children", "areas.mjs")], { encoding: "utf8", cwd: here });
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual(JSON.parse(r.stdout), {
      import: [],
      execute: [],
      toOpenAI: ["adapters"],
      Toolkit: ["adapters", "toolkit"],
      builtinTools: ["adapters", "builtins", "toolkit"],
    });
  });

  it("are the same functions through import and require, named as exported", () => {
    for (const name of Object.keys(required)) {
      assert.equal(toolnexus[name], required[name], name);
      assert.equal(required[name].name, name);
    }
  });

  it("give one Toolkit class: new, a subclass and createToolkit all make its instances", async () => {
    const { Toolkit, createToolkit } = toolnexus;
    assert.equal(required.Toolkit, Toolkit);
    class Named extends required.Toolkit {
      names() {
        return this.tools().map((t) => t.name);
      }
    }
    const made = [new Toolkit([tool]), new required.Toolkit([tool]), new Named([tool]), await createToolkit({ extraTools: [tool] })];
    for (const tk of made) {
      assert.ok(tk instanceof Toolkit);
      assert.equal(tk.size, 1);
      assert.equal(tk.get("find"), tool);
      assert.deepEqual(tk.toOpenAI().map((t) => t.function.name), ["find"]);
      assert.deepEqual(await tk.execute("find", { q: "y" }), { output: "found y", isError: false });
    }
    assert.equal(made[0].constructor, Toolkit);
    assert.equal(made[3].constructor, Toolkit);
    assert.ok(made[2] instanceof Named);
    assert.deepEqual(made[2].names(), ["find"]);
    assert.equal(typeof Toolkit.prototype.runOpenAI, "function");
    // A Toolkit's own checks still hold for instances made through the exported class.
    assert.throws(() => new Toolkit(5), (e) => e instanceof TypeError && /iterable/.test(e.message));
  });
});
