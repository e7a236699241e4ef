// connectMCP and createToolkit({ mcpConfig }) under --strict: the statuses' fields, the
// options' units, a Toolkit's sources and close().
import { connectMCP, createToolkit, Toolkit } from "toolnexus"
import type { ConnectMCPOptions, MCPConnection, MCPServerStatus, ToolkitSource } from "toolnexus"

export async function fromConfig(): Promise<void> {
  const options: ConnectMCPOptions = { env: process.env, cwd: ".", inputs: { key: "v" }, timeout: 5000, signal: AbortSignal.timeout(60_000) }
  const conn: MCPConnection = await connectMCP("claude_desktop_config.json", options)
  const statuses: MCPServerStatus[] = conn.servers
  const failed: string[] = statuses.filter((s) => s.status === "failed").map((s) => `${s.name}: ${s.error ?? ""} ${s.stderr ?? ""}`)
  const tk = new Toolkit(conn.tools)
  await conn.close()
  await connectMCP({ mcpServers: { fs: { command: "npx", args: ["-y", "@modelcontextprotocol/server-filesystem", "."] } } })
  const kit: Toolkit = await createToolkit({ mcpConfig: "{\"mcpServers\":{}}", mcpOptions: { timeout: 1000 }, extraTools: tk })
  const sources: ToolkitSource[] = kit.sources
  await kit.close()
  void failed
  void sources
  // @ts-expect-error timeout is a number of milliseconds
  await connectMCP("x.json", { timeout: "30s" })
}
