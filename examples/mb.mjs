import { defineTool } from "toolnexus";
const SCHEMA = { type: "object", properties: { id: { type: "integer" } }, required: ["id"], additionalProperties: false };
const O = { name: "get_user_profile", description: "Look a user's profile up by id", inputSchema: SCHEMA, run: ({ id }) => `user ${id}` };
const hasOwn = Object.hasOwn;
function bench(label, f) {
  for (let r = 0; r < 5; r++) { const t = process.hrtime.bigint(); let s = 0; for (let i = 0; i < 1e6; i++) s += f(); const ns = Number(process.hrtime.bigint() - t) / 1e6; if (r === 4) console.log(label, ns.toFixed(1), "ns"); }
}
bench("defineTool", () => defineTool(O).name.length);
bench("hasOwn x5", () => (hasOwn(O, "name") + hasOwn(O, "description") + hasOwn(O, "inputSchema") + hasOwn(O, "source") + hasOwn(O, "run")));
const ho = Object.prototype.hasOwnProperty;
bench("hasOwnProperty.call x5", () => (ho.call(O, "name") + ho.call(O, "description") + ho.call(O, "inputSchema") + ho.call(O, "source") + ho.call(O, "run")));
bench("alloc closure+obj", () => { const o = { name: O.name, description: O.description, inputSchema: O.inputSchema, source: "native", execute: async (a) => O.run(a) }; return o.name.length; });
