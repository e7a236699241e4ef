// builtinTools under --strict: its options (times in ms, the tool names as a union) and its
// result, a Tool[] that goes into a Toolkit.
import { builtinTools, Toolkit } from "toolnexus"
import type { BuiltinToolName, BuiltinToolsOptions, Tool, ToolResult } from "toolnexus"

const names: BuiltinToolName[] = ["read", "grep"]
const options: BuiltinToolsOptions = { root: ".", tools: names, timeout: 30_000, maxOutput: 8_000, env: { CI: "1" } }
const tools: Tool[] = builtinTools(options)
const tk = new Toolkit(builtinTools({ root: "." }))
void tk
export async function readFirst(): Promise<ToolResult> {
  return tools[0].execute({ path: "README.md", limit: 5 })
}

// @ts-expect-error root is required
builtinTools({ tools: ["read"] })
// @ts-expect-error not a builtin tool
builtinTools({ root: ".", tools: ["rm"] })
