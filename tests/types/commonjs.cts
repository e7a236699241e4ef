// The CommonJS view of the types (index.d.cts), as a `require` user under NodeNext gets them.
import toolnexus = require("toolnexus")

const tool: toolnexus.Tool = toolnexus.defineTool({ name: "cjs", description: "CommonJS", run: () => "ok" })
const result: Promise<toolnexus.ToolResult> = tool.execute({})
const name: string = toolnexus.sanitize("a b")
export = { tool, result, name }
