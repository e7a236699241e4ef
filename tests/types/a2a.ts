// fromA2A and the Toolkit's agents under --strict: a card object, a URL, the options, the sources.
import { createToolkit, fromA2A } from "toolnexus"
import type { A2AAgentCard, FromA2AOptions, Tool, ToolkitSource, ToolResult } from "toolnexus"

const card: A2AAgentCard = {
  name: "Recipe Agent",
  description: "Helps with recipes",
  supportedInterfaces: [{ url: "https://recipes.example.com/a2a", protocolBinding: "JSONRPC", protocolVersion: "1.0" }],
  skills: [{ id: "find", name: "Find recipe", examples: ["eggs and spinach"] }],
  capabilities: { streaming: true },
}
const options: FromA2AOptions = { headers: { Authorization: "Bearer x" }, timeout: 60_000, pollInterval: 250, fetch: (input, init) => fetch(input, init) }

export async function usage(): Promise<string> {
  const fromCard: Tool = await fromA2A(card, options)
  const fromUrl: Tool = await fromA2A("https://agents.example.com")
  const fromURL: Tool = await fromA2A(new URL("https://agents.example.com/.well-known/agent-card.json"))
  const res: ToolResult = await fromUrl.execute({ message: "hi", contextId: "c-1" }, { timeout: 1000 })
  const tk = await createToolkit({ extraTools: [fromCard, fromURL], agents: [card, "https://other.example.com", { card: "https://third.example.com", headers: { Authorization: "Bearer y" } }] })
  const sources: ToolkitSource[] = tk.sources
  const failed = sources.filter((s) => s.status === "failed").map((s) => `${s.kind} ${s.name}: ${s.error ?? ""}`)
  return `${res.output} ${failed.join(", ")}`
}
