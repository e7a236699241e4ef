import { defineTool } from "toolnexus";
const SCHEMA = { type: "object", properties: { id: { type: "integer" } }, required: ["id"], additionalProperties: false };
const O = { name: "get_user_profile", description: "Look a user's profile up by id", inputSchema: SCHEMA, run: ({ id }) => `user ${id}` };
let s = 0; const t = process.hrtime.bigint();
for (let i = 0; i < 2e7; i++) s += defineTool(O).name.length;
console.log(Number(process.hrtime.bigint() - t) / 2e7, "ns");
