// Child process of soak.test.mjs: 100,000 tools (and sanitize calls) made in one synchronous
// loop, so no FinalizationRegistry callback can run until it ends. `keep` (argv[2] = "keep")
// holds on to them, which the measurement must show. Run with --expose-gc.
// Prints { inLoop, afterLoop, kept }.
import { defineTool, sanitize, Tool } from "toolnexus";

import { gc, settle, used } from "./memory.mjs";

const keep = process.argv[2] === "keep";
const text = "tool name/with:parts ü ".repeat(40);
for (let i = 0; i < 1000; i++) {
  defineTool({ name: "warm", description: "", run: () => i });
  sanitize(text);
}
gc();
const before = used();
const kept = [];
for (let i = 0; i < 100000; i++) {
  const tool = i % 2
    ? defineTool({ name: `t${i}`, description: "made in a synchronous loop", run: () => i })
    : new Tool({ name: `t${i}`, description: "made in a synchronous loop", execute: () => i });
  if (sanitize(text).length !== text.length) throw new Error("sanitize changed the length");
  if (keep) kept.push(tool);
}
gc();
const inLoop = used() - before;
await settle();
console.log(JSON.stringify({ inLoop, afterLoop: used() - before, kept: kept.length }));
