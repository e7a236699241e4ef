// One cold start, run by bench/run.mjs in a fresh `node` process: the time from the start of
// `import(specifier)` to the first `execute` result, measured inside this process.
//   node bench/startup-child.mjs <specifier>
const t0 = process.hrtime.bigint();
const api = await import(process.argv[2]);
const tool = api.defineTool({
  name: "get_user",
  description: "Look a user up by id",
  run: ({ id }) => `user ${id}`,
});
const result = await tool.execute({ id: 7 });
const t1 = process.hrtime.bigint();
process.stdout.write(JSON.stringify({ ms: Number(t1 - t0) / 1e6, result }) + "\n");
