// Child process of soak.test.mjs: 100,000 executes of one result path (argv[2], a key of
// execute-paths.mjs) after a warm-up; prints { growth } in bytes. Run with --expose-gc.
import { defineTool } from "toolnexus";

import { PATHS } from "./execute-paths.mjs";
import { settle, used } from "./memory.mjs";

const run = PATHS[process.argv[2] ?? ""];
if (!run) throw new Error(`unknown path ${process.argv[2]}`);
const tool = defineTool({ name: "path", description: "", run });
for (let i = 0; i < 2000; i++) await tool.execute({});
await settle();
const before = used();
for (let b = 0; b < 100; b++) {
  const calls = [];
  for (let j = 0; j < 1000; j++) calls.push(tool.execute({}));
  for (const r of await Promise.all(calls)) if (typeof r.output !== "string") throw new Error("no result");
}
await settle();
console.log(JSON.stringify({ growth: used() - before }));
