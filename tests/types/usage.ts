// Type-level usage of the package: what must compile, and (with @ts-expect-error) what must not.
import { defineTool, sanitize, Tool } from "toolnexus"
import type { DefineToolOptions, JSONSchema, ToolContext, ToolResult, ToolSource, ToolSpec } from "toolnexus"

const sources: ToolSource[] = ["mcp", "skill", "builtin", "native", "http", "a2a", "custom"]
// @ts-expect-error not a ToolSource
const notASource: ToolSource = "local"

// A tool's inputSchema is an object schema: `type: "object"` is required.
const schema: JSONSchema & { type: "object" } = {
  type: "object",
  properties: { q: { type: "string", description: "the query" } },
  required: ["q"],
  additionalProperties: false,
}

const opts: DefineToolOptions = {
  name: "search",
  description: "Search",
  inputSchema: schema,
  source: sources[0],
  run: async ({ q }, ctx?: ToolContext) => (ctx?.signal?.aborted ? "cancelled" : `found ${String(q)}`),
}
const defined: Tool = defineTool(opts)

// A plain object literal with the five fields is a Tool.
const plain: Tool = {
  name: "plain",
  description: "A plain object",
  inputSchema: { type: "object" },
  source: "custom",
  execute: async () => ({ output: "", isError: false }),
}

const spec: ToolSpec = { name: "made", description: "With new", execute: (args) => args }
const made = new Tool(spec)
const list: Tool[] = [defined, plain, made]

async function use(tool: Tool): Promise<string> {
  const result: ToolResult = await tool.execute({ q: "x" }, { timeout: 1000, signal: new AbortController().signal })
  const meta: unknown = result.metadata?.["anything"]
  const isError: boolean = result.isError
  return `${result.output} ${String(meta)} ${isError}`
}
void Promise.all(list.map(use))

const { execute } = made
void execute({})

const safe: string = sanitize("get user")
void safe

// @ts-expect-error sanitize takes a string
sanitize(1)
// @ts-expect-error run is required
defineTool({ name: "a", description: "b" })
// @ts-expect-error new Tool wants execute, not run
new Tool({ name: "a", description: "b", run: () => 1 })
// @ts-expect-error description is required
defineTool({ name: "a", run: () => 1 })
// @ts-expect-error output is a string
const wrong: ToolResult = { output: 1, isError: false }

void notASource
void wrong

// Every provider refuses a tool whose arguments are not an object schema.
// @ts-expect-error inputSchema must have type: "object"
defineTool({ name: "bad_root", description: "", inputSchema: { type: "string" }, run: () => "" })
