// Child process of concurrency.test.mjs: 100,000 async runs resolving to thenables that settle
// in a later macrotask. Prints "ok" when every result is right. On Node.js 20 (V8 11) this load
// once crashed the process (a wasm export call inlined into a caller deoptimised mid-call).
import { defineTool } from "toolnexus";

/** @param {{ id: number }} args */
const later = ({ id }) => ({
  /** @param {(value: string) => void} ok */
  then(ok) {
    setImmediate(() => ok(`id:${id}`));
  },
});
const tool = defineTool({ name: "t", description: "", run: async (args) => later(/** @type {{ id: number }} */ (args)) });
const calls = [];
for (let id = 0; id < 100000; id++) calls.push(tool.execute({ id }));
const results = await Promise.all(calls);
console.log(results.every((r, id) => r.output === `id:${id}` && !r.isError) ? "ok" : "wrong");
