// Child process of memory.test.mjs: the memory harness must see tools that are kept alive (so
// the test that they are reclaimed can fail). Run with --expose-gc. Prints { growth, n }.
import { defineTool } from "toolnexus";

import { gc, used } from "./memory.mjs";

gc();
const before = used();
const kept = [];
for (let i = 0; i < 200000; i++) kept.push(defineTool({ name: `k${i}`, description: "kept ".repeat(20) + i, run: () => i }));
gc();
console.log(JSON.stringify({ growth: used() - before, n: kept.length }));
