// A Toolkit's to* methods give each SDK's own tool types, with no cast.
import OpenAI from "openai"
import Anthropic from "@anthropic-ai/sdk"
import type { Tool as GeminiTool } from "@google/genai"
import type { ListToolsResult } from "@modelcontextprotocol/sdk/types.js"
import { defineTool, Toolkit } from "toolnexus"

const tk = new Toolkit([defineTool({ name: "now", description: "The time", run: () => new Date().toISOString() })])
const chat: OpenAI.Chat.ChatCompletionTool[] = tk.toOpenAI({ strict: true })
const responses: OpenAI.Responses.FunctionTool[] = tk.toOpenAIResponses()
const anthropic: Anthropic.Tool[] = tk.toAnthropic()
const gemini: GeminiTool[] = tk.toGemini()
const mcp: ListToolsResult["tools"] = tk.toMCP()
void [chat, responses, anthropic, gemini, mcp]
