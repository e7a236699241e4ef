// Run with `node --expose-gc soak-check.mjs [executes] [tools]` (defaults 1,000,000 and 300,000).
// Runs that many executes over every result path, in batches of 1,000 awaited together, and
// defines and drops that many tools (defineTool and new Tool), checking every result. Prints one
// JSON line: memory before (after warm-up and gc) and after (gc and a few macrotask turns), and
// the growth, for heapUsed, external, arrayBuffers, their sum, and rss. Exits non-zero when the
// sum grows by more than 64 MB. (The WebAssembly memory is not exported; in Node its ArrayBuffer
// is counted in `external`, so its growth shows there.)
import { defineTool, sanitize, Tool } from "toolnexus";

const EXECUTES = Number(process.argv[2] ?? 1_000_000);
const TOOLS = Number(process.argv[3] ?? 300_000);
const BATCH = 1_000;
const LIMIT = 64 * 1024 * 1024;

if (typeof globalThis.gc !== "function") throw new Error("run with node --expose-gc");

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
async function settle() {
  for (let i = 0; i < 4; i++) {
    globalThis.gc();
    await tick();
  }
}
function memory() {
  const { heapUsed, external, arrayBuffers, rss } = process.memoryUsage();
  return { heapUsed, external, arrayBuffers, sum: heapUsed + external + arrayBuffers, rss };
}

// Every result path, each with the result it must give for call `i`.
const kinds = [
  [defineTool({ name: "text", description: "", run: ({ i }) => `text ${i}` }),
    (r, i) => r.output === `text ${i}` && r.isError === false],
  [new Tool({ name: "json", description: "", execute: ({ i }) => ({ i, list: [i, "x"] }) }),
    (r, i) => r.output === `{"i":${i},"list":[${i},"x"]}` && r.isError === false],
  [defineTool({ name: "result", description: "", run: ({ i }) => ({ output: `r ${i}`, isError: false, metadata: { i } }) }),
    (r, i) => r.output === `r ${i}` && r.metadata.i === i],
  [defineTool({ name: "throws", description: "", run: ({ i }) => { throw new Error(`failed ${i}`); } }),
    (r, i) => r.output === `failed ${i}` && r.isError === true],
  [new Tool({ name: "async", description: "", execute: async ({ i }) => { await null; return { async: i }; } }),
    (r, i) => r.output === `{"async":${i}}` && r.isError === false],
  [defineTool({ name: "rejects", description: "", run: ({ i }) => Promise.reject(new TypeError(`rejected ${i}`)) }),
    (r, i) => r.output === `rejected ${i}` && r.isError === true],
  [defineTool({ name: "thenable", description: "", run: ({ i }) => ({ then: (ok) => ok(`then ${i}`) }) }),
    (r, i) => r.output === `then ${i}` && r.isError === false],
];

async function executes(count) {
  for (let start = 0; start < count; start += BATCH) {
    const calls = [];
    for (let i = start; i < Math.min(start + BATCH, count); i++) calls.push(kinds[i % kinds.length][0].execute({ i }));
    const results = await Promise.all(calls);
    results.forEach((r, k) => {
      const i = start + k;
      if (!kinds[i % kinds.length][1](r, i)) throw new Error(`execute ${i} gave ${JSON.stringify(r)}`);
    });
  }
}

async function tools(count) {
  for (let start = 0; start < count; start += BATCH) {
    for (let i = start; i < Math.min(start + BATCH, count); i++) {
      const name = sanitize(`dropped tool ${i}`);
      const t = i % 2
        ? defineTool({ name, description: "a tool that is dropped", run: () => i })
        : new Tool({ name, description: "a tool that is dropped", inputSchema: { type: "object" }, execute: () => i });
      if (t.name !== `dropped_tool_${i}`) throw new Error(`tool ${i} is named ${t.name}`);
    }
    await tick();
  }
}

// Warm up, so that lazily made state (strings, continuations, compiled code) is in the baseline.
await executes(20 * BATCH);
await tools(5 * BATCH);
await settle();
const before = memory();
const started = Date.now();

await executes(EXECUTES);
await tools(TOOLS);

await settle();
const after = memory();
const growth = Object.fromEntries(Object.keys(before).map((k) => [k, after[k] - before[k]]));
const ok = growth.sum <= LIMIT;
console.log(JSON.stringify({
  executes: EXECUTES, tools: TOOLS, seconds: (Date.now() - started) / 1000, before, after, growth, limit: LIMIT, ok,
}));
if (!ok) process.exitCode = 1;
