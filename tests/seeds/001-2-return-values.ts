import assert from "node:assert"
import { defineTool } from "toolnexus"

const lookup = defineTool({
  name: "lookup_order",
  description: "Fetch an order by id",
  inputSchema: { type: "object", properties: { id: { type: "string" } }, required: ["id"] },
  run: async ({ id }) => {
    if (id === "missing") throw new Error(`no such order: ${id}`)
    // An object is serialised for you — no JSON.stringify at the call site.
    return { id, total: 42.5, status: "shipped" }
  },
})

const ok = await lookup.execute({ id: "A-1" })
assert.equal(ok.isError, false)
assert.deepEqual(JSON.parse(ok.output), { id: "A-1", total: 42.5, status: "shipped" })

// A throw becomes isError: true with the message as output. The loop survives.
const bad = await lookup.execute({ id: "missing" })
assert.equal(bad.isError, true)
assert.equal(bad.output, "no such order: missing")

// Sync run functions are fine too — the return value is awaited either way.
const now = defineTool({ name: "two", description: "Return two", run: () => 2 })
assert.equal((await now.execute({})).output, "2")

console.log("ok:", ok.output, "| error path:", bad.output)
