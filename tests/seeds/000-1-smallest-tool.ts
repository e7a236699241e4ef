import assert from "node:assert"
import type { Tool } from "toolnexus"

const echo: Tool = {
  name: "echo",
  description: "Return whatever it is given",
  inputSchema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
  source: "custom",
  async execute(args) {
    return { output: String(args.text), isError: false }
  },
}

const res = await echo.execute({ text: "hello" })
assert.equal(res.output, "hello")
assert.equal(res.isError, false)
console.log("ok:", res.output)
