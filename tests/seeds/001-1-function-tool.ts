import assert from "node:assert"
import { defineTool } from "toolnexus"

const greet = defineTool({
  name: "greet",
  description: "Greet someone by name",
  inputSchema: {
    type: "object",
    properties: { name: { type: "string" } },
    required: ["name"],
  },
  run: async ({ name }) => `Hello, ${name}!`,
})

// It is an ordinary Tool — nothing registered, nothing subclassed.
assert.equal(greet.name, "greet")
assert.equal(greet.source, "native")

const res = await greet.execute({ name: "Muthu" })
assert.equal(res.output, "Hello, Muthu!")
assert.equal(res.isError, false)

// No schema? You get an empty object schema, which is valid for every provider.
const ping = defineTool({ name: "ping", description: "Health check", run: () => "pong" })
assert.deepEqual(ping.inputSchema, { type: "object", properties: {}, additionalProperties: false })
assert.equal((await ping.execute({})).output, "pong")

console.log("ok:", res.output)
