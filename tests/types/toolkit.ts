// The Toolkit and fromMCP with each SDK's own types, under --strict, with no cast: its response
// types go in, its request types come out.
import OpenAI from "openai"
import Anthropic from "@anthropic-ai/sdk"
import { GenerateContentResponse, type Content, type FunctionCall, type Part } from "@google/genai"
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { Server } from "@modelcontextprotocol/sdk/server/index.js"
import { CallToolRequestSchema, type CallToolRequest, type CallToolResult } from "@modelcontextprotocol/sdk/types.js"
import { createToolkit, defineTool, fromMCP, Toolkit } from "toolnexus"
import type { MCPCallToolResult, Tool, ToolResult } from "toolnexus"

const add = defineTool({ name: "add", description: "Add", run: ({ a, b }) => Number(a) + Number(b) })
const tk = new Toolkit([add])
const same: Toolkit = tk.register(defineTool({ name: "sub", description: "Subtract", run: () => 0 }))
const tools: Tool[] = tk.tools()
const iterated: Tool[] = [...tk]
const size: number = tk.size
const found: Tool | undefined = tk.get("add")
const removed: boolean = tk.remove("sub")
const present: boolean = tk.has("add")
void [same, tools, iterated, size, found, removed, present]

async function all(): Promise<void> {
  const viaCreate: Toolkit = await createToolkit({ extraTools: [add] })
  const r1: ToolResult = await tk.execute("add", '{"a":1,"b":2}')
  const r2: ToolResult = await tk.execute("add", { a: 1, b: 2 }, { timeout: 100 })
  // @ts-expect-error arguments are an object or a JSON string
  void tk.execute("add", 42)
  void [viaCreate, r1, r2]

  // OpenAI Chat Completions: a ChatCompletionMessage in, ChatCompletionMessageParam[] out.
  const completion = {} as OpenAI.Chat.ChatCompletion
  const message: OpenAI.Chat.ChatCompletionMessage = completion.choices[0]!.message
  const messages: OpenAI.Chat.ChatCompletionMessageParam[] = [{ role: "user", content: "hi" }, message]
  messages.push(...(await tk.runOpenAI(message)))
  messages.push(...(await tk.runOpenAI(message.tool_calls)))
  const toolMessages: OpenAI.Chat.ChatCompletionToolMessageParam[] = await tk.runOpenAI(message)
  void toolMessages

  // OpenAI Responses: a Response (or its output) in, ResponseInputItem[] out.
  const response = {} as OpenAI.Responses.Response
  const input: OpenAI.Responses.ResponseInput = await tk.runOpenAIResponses(response)
  input.push(...(await tk.runOpenAIResponses(response.output)))
  const next: OpenAI.Responses.ResponseCreateParamsNonStreaming = { model: "m", previous_response_id: response.id, input }
  const outputs: OpenAI.Responses.ResponseInputItem.FunctionCallOutput[] = await tk.runOpenAIResponses(response)
  void [outputs, next]

  // Anthropic: a Message (or its content) in, ToolResultBlockParam[] as the next user content.
  const reply = {} as Anthropic.Message
  const history: Anthropic.MessageParam[] = [{ role: "assistant", content: reply.content }]
  history.push({ role: "user", content: await tk.runAnthropic(reply) })
  history.push({ role: "user", content: await tk.runAnthropic(reply.content) })
  const results: Anthropic.ToolResultBlockParam[] = await tk.runAnthropic(history[0]!)
  void results

  // Gemini: a GenerateContentResponse (or its functionCalls) in, Part[] out.
  const generated = new GenerateContentResponse()
  const calls: FunctionCall[] | undefined = generated.functionCalls
  const parts: Part[] = await tk.runGemini(generated)
  parts.push(...(await tk.runGemini(calls)))
  const contents: Content[] = [{ role: "user", parts }]
  void contents

  // MCP: an SDK Server answers tools/call with runMCP; fromMCP takes the SDK's Client.
  const server = new Server({ name: "s", version: "1.0.0" }, { capabilities: { tools: {} } })
  server.setRequestHandler(CallToolRequestSchema, (request, extra) => tk.runMCP(request.params, extra))
  const params: CallToolRequest["params"] = { name: "add", arguments: { a: 1 } }
  const callResult: CallToolResult = await tk.runMCP(params)
  const own: MCPCallToolResult = await tk.runMCP(params)
  void [callResult, own]
  const client = new Client({ name: "c", version: "1.0.0" })
  const mcpTools: Tool[] = await fromMCP(client, { prefix: "srv_" })
  tk.register(...mcpTools)
}
void all
