import assert from "node:assert"
import { defineTool } from "toolnexus"

const search = defineTool({
  name: "search_index",
  description: "Search the internal index",
  inputSchema: { type: "object", properties: { q: { type: "string" } }, required: ["q"] },
  // Any other ToolSource value: "custom", "http", "builtin"...
  source: "custom",
  run: async ({ q }, ctx) => {
    // ctx is optional — always guard it.
    if (ctx?.signal?.aborted) return { output: "cancelled", isError: true }
    if (String(q).length < 2) {
      // A returned object with BOTH output and isError is passed through verbatim.
      return { output: "query too short", isError: true, metadata: { code: "E_SHORT" } }
    }
    return { output: `2 hits for ${q}`, isError: false, metadata: { hits: 2, budgetMs: ctx?.timeout } }
  },
})

assert.equal(search.source, "custom")

const hit = await search.execute({ q: "adapters" }, { timeout: 5000 })
assert.equal(hit.output, "2 hits for adapters")
assert.equal(hit.metadata?.hits, 2)
assert.equal(hit.metadata?.budgetMs, 5000)

// Passthrough: your isError and metadata survive untouched.
const short = await search.execute({ q: "a" })
assert.equal(short.isError, true)
assert.equal(short.metadata?.code, "E_SHORT")

// Cancellation via ctx.signal.
const ac = new AbortController()
ac.abort()
const stopped = await search.execute({ q: "adapters" }, { signal: ac.signal })
assert.equal(stopped.output, "cancelled")
assert.equal(stopped.isError, true)

console.log("ok:", hit.output, "|", short.output, "|", stopped.output)
