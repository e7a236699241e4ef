import assert from "node:assert"
import { sanitize } from "toolnexus"
import type { Tool } from "toolnexus"

const endpoints = [
  { key: "get user", path: "/users/:id" },
  { key: "list orders", path: "/orders" },
]

const tools: Tool[] = endpoints.map((e) => ({
  // Names must match [a-zA-Z0-9_-]; sanitize does exactly that (same rule as opencode).
  name: sanitize(e.key),
  description: `Call ${e.path}`,
  inputSchema: { type: "object", properties: { id: { type: "string" } } },
  source: "custom",
  async execute(args, ctx) {
    // ctx is optional — always guard it.
    if (ctx?.signal?.aborted) return { output: "cancelled", isError: true }
    return { output: `${e.path} <- ${JSON.stringify(args)}`, isError: false }
  },
}))

assert.deepEqual(tools.map((t) => t.name), ["get_user", "list_orders"])

const res = await tools[0].execute({ id: "42" })
assert.equal(res.output, '/users/:id <- {"id":"42"}')
console.log("ok:", tools.map((t) => t.name).join(", "))
