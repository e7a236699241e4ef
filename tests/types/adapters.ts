// The adapters' results against the providers' SDKs' own declarations (skipLibCheck: false):
// every assignment below compiles with no cast.
import { defineTool, toAnthropic, toGemini, toMCP, toOpenAI, toOpenAIResponses, Tool } from "toolnexus"
import type { GeminiOpenAPITool, GeminiSchema, JSONSchema, JSONSchemaTypeName } from "toolnexus"
import type { ChatCompletionTool } from "openai/resources/chat/completions"
import type { FunctionTool } from "openai/resources/responses/responses"
import type { Tool as AnthropicTool } from "@anthropic-ai/sdk/resources/messages"
import type { Tool as GeminiTool } from "@google/genai"
import type { ListToolsResult } from "@modelcontextprotocol/sdk/types.js"
import type { JSONSchema7 } from "json-schema"

const search = defineTool({
  name: "search",
  description: "Search the web",
  inputSchema: {
    type: "object",
    properties: { q: { type: "string" }, limit: { type: "integer", minimum: 1 } },
    required: ["q"],
  },
  run: ({ q }) => `results for ${String(q)}`,
})
const tools: Tool[] = [search]

const chat: ChatCompletionTool[] = toOpenAI(tools)
const chatStrict: ChatCompletionTool[] = toOpenAI(tools, { strict: true })
const responses: FunctionTool[] = toOpenAIResponses(tools, { strict: true })
const anthropic: AnthropicTool[] = toAnthropic(tools)
const gemini: GeminiTool[] = toGemini(tools)
const gemini2: GeminiTool[] = toGemini(tools, { dialect: "jsonSchema" })
const mcp: ListToolsResult["tools"] = toMCP(new Set(tools))

// The openapi dialect is typed precisely (Gemini's upper-case names, int64 counts as strings).
const openapi: GeminiOpenAPITool[] = toGemini(tools, { dialect: "openapi" })
const parameters: GeminiSchema | undefined = openapi[0]?.functionDeclarations[0]?.parameters
const upper: "STRING" | "NUMBER" | "INTEGER" | "BOOLEAN" | "ARRAY" | "OBJECT" | undefined = parameters?.type
const minItems: string | undefined = parameters?.minItems

// @ts-expect-error options must be an object of known keys
toGemini(tools, { dialect: "yaml" })
// @ts-expect-error strict is a boolean
toOpenAI(tools, { strict: "yes" })

// JSON Schema's vocabulary.
const names: JSONSchemaTypeName[] = ["string", "number", "integer", "boolean", "object", "array", "null"]
const nested: JSONSchema = {
  type: "object",
  properties: { tags: { type: "array", items: { type: "string" } }, kind: { const: "circle" } },
  anyOf: [{ required: ["tags"] }],
  $defs: { node: { type: "object" } },
  enum: [{ a: 1 }, null],
}
// @ts-expect-error "text" is no JSON Schema type
const wrong: JSONSchemaTypeName = "text"

// A tool's inputSchema as @types/json-schema's JSONSchema7, with no cast.
const seven: JSONSchema7 = search.inputSchema

export { chat, chatStrict, responses, anthropic, gemini, gemini2, mcp, upper, minItems, names, nested, wrong, seven }
