// Run with `node --expose-gc memory-check.mjs [tools] [executes]`. Defines and drops tools and
// runs executes, then prints the growth of heap + external + array buffers as JSON. Nobody
// calls free(): a dropped tool must be reclaimed like any object.
import { defineTool, Tool } from "toolnexus";

const TOOLS = Number(process.argv[2] ?? 200_000);
const EXECUTES = Number(process.argv[3] ?? 200_000);
const BATCH = 1_000;

if (typeof globalThis.gc !== "function") throw new Error("run with --expose-gc");

const tick = () => new Promise((r) => setTimeout(r, 0));
async function settle() {
  for (let i = 0; i < 4; i++) {
    globalThis.gc();
    await tick();
  }
}
function used() {
  const m = process.memoryUsage();
  return m.heapUsed + m.external + m.arrayBuffers;
}

// Warm up so that lazily made state (strings, continuations, JIT code) is in the baseline.
const warm = defineTool({ name: "warm", description: "", run: async () => ({ a: 1 }) });
for (let i = 0; i < 2_000; i++) await warm.execute({});
await settle();
const before = used();

for (let i = 0; i < TOOLS; i += BATCH) {
  for (let j = 0; j < BATCH; j++) {
    const t = j % 2
      ? defineTool({ name: `tool_${j}`, description: "a tool that is dropped", run: () => "x" })
      : new Tool({ name: `tool_${j}`, description: "a tool that is dropped", inputSchema: { type: "object" }, execute: () => 1 });
    if (t.name.length === 0) throw new Error("unreachable");
  }
  await tick();
}

const kinds = [
  defineTool({ name: "str", description: "", run: () => "text" }),
  defineTool({ name: "obj", description: "", run: async (args) => ({ echo: args }) }),
  defineTool({ name: "err", description: "", run: () => { throw new Error("fails"); } }),
  defineTool({ name: "res", description: "", run: async () => ({ output: "o", isError: false, metadata: { k: 1 } }) }),
];
let errors = 0;
for (let i = 0; i < EXECUTES; i += BATCH) {
  const batch = [];
  for (let j = 0; j < BATCH; j++) batch.push(kinds[j % kinds.length].execute({ i: j }));
  for (const r of await Promise.all(batch)) if (r.isError) errors++;
}
if (errors !== EXECUTES / kinds.length) throw new Error(`expected ${EXECUTES / kinds.length} error results, got ${errors}`);

await settle();
const after = used();
console.log(JSON.stringify({ tools: TOOLS, executes: EXECUTES, before, after, growth: after - before }));
