import assert from "node:assert"
import type { Tool } from "toolnexus"

const divide: Tool = {
  name: "divide",
  description: "Divide two numbers",
  inputSchema: {
    type: "object",
    properties: { a: { type: "number" }, b: { type: "number" } },
    required: ["a", "b"],
  },
  source: "custom",
  async execute(args) {
    const a = Number(args.a)
    const b = Number(args.b)
    if (b === 0) {
      // The model sees this text and can correct itself on the next turn.
      return { output: "Cannot divide by zero", isError: true }
    }
    return {
      output: String(a / b),
      isError: false,
      metadata: { title: "divide", operands: [a, b] },
    }
  },
}

const ok = await divide.execute({ a: 10, b: 4 })
assert.equal(ok.output, "2.5")
assert.deepEqual(ok.metadata?.operands, [10, 4])

const bad = await divide.execute({ a: 1, b: 0 })
assert.equal(bad.isError, true)
console.log("ok:", ok.output, "| error path:", bad.output)
