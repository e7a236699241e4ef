// Memory per live tool, run by bench/run.mjs as `node --expose-gc bench/memory-child.mjs
// <toolnexus|plain> <count>`: defines <count> tools, keeps them all alive, and prints the growth
// of heapUsed + external + arrayBuffers per tool (after full collections on both sides).
const [side, countArg] = process.argv.slice(2);
const COUNT = Number(countArg ?? 100000);
const gc = globalThis.gc;
if (typeof gc !== "function") throw new Error("memory-child: run with --expose-gc");

const api = side === "toolnexus" ? await import("toolnexus") : await import("./plain.mjs");

// Everything but the tools is made before the first measurement: the options (with their
// distinct names), the shared run function, and the array that keeps the tools alive.
const run = ({ id }) => `user ${id}`;
const opts = Array.from({ length: COUNT }, (_, i) => ({ name: `tool_${i}`, description: "Look a user up by id", run }));
const tools = new Array(COUNT).fill(null);

// Warm up: define, execute and drop a few tools, so lazily made module state is in the baseline.
for (let i = 0; i < 1000; i++) await api.defineTool(opts[i]).execute({ id: i });

const used = () => {
  const m = process.memoryUsage();
  return m.heapUsed + m.external + m.arrayBuffers;
};
const settle = () => {
  for (let i = 0; i < 4; i++) gc();
};

settle();
const before = used();
for (let i = 0; i < COUNT; i++) tools[i] = api.defineTool(opts[i]);
settle();
const after = used();

// Keep every tool alive past the measurement, and prove they work.
let live = 0;
for (const t of tools) if (t && typeof t.execute === "function") live++;
const last = await tools[COUNT - 1].execute({ id: 1 });
process.stdout.write(JSON.stringify({ side, count: live, before, after, perTool: (after - before) / COUNT, last }) + "\n");
