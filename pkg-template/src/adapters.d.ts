// The declarations of adapters.js, published in the package's index.d.ts (scripts/types.mjs).
import type { JSONSchema, Tool } from "./tool.js";

/** A tool's `inputSchema` as the adapters hand it on: always an object schema. */
export type ObjectJSONSchema = JSONSchema & { type: "object" };

/** Options of {@link toOpenAI} and {@link toOpenAIResponses}. */
export interface OpenAIOptions {
  /**
   * `true`: each schema rewritten for strict mode (optional properties nullable, every object
   * closed and fully required, unsupported keywords and formats moved into `description`);
   * a schema that cannot be made strict without changing what it accepts (an open map, more
   * than 10 levels, 5,000 properties or 1,000 enum values) is sent as given with
   * `strict: false`. Left out: the schema as given (Responses then sends `strict: false`).
   */
  strict?: boolean;
}

/** One Chat Completions tool: assignable to the `openai` package's `ChatCompletionTool`. */
export interface OpenAIChatTool {
  type: "function";
  function: { name: string; description?: string; parameters: JSONSchema; strict?: boolean };
}

/** One Responses tool: assignable to the `openai` package's Responses `FunctionTool`. */
export interface OpenAIResponsesTool {
  type: "function";
  name: string;
  description?: string;
  parameters: JSONSchema;
  strict: boolean;
}

/** One Anthropic tool: assignable to `@anthropic-ai/sdk`'s `Tool`. */
export interface AnthropicTool {
  name: string;
  description?: string;
  input_schema: ObjectJSONSchema;
}

/** Gemini's upper-case type names (the `openapi` dialect). */
export type GeminiTypeName = "STRING" | "NUMBER" | "INTEGER" | "BOOLEAN" | "ARRAY" | "OBJECT";

/**
 * Gemini's `Schema` (the `openapi` dialect): an OpenAPI 3.0 subset. Counts are int64 strings,
 * as the API and `@google/genai` type them.
 */
export interface GeminiSchema {
  type?: GeminiTypeName;
  format?: string;
  title?: string;
  description?: string;
  nullable?: boolean;
  enum?: string[];
  items?: GeminiSchema;
  properties?: Record<string, GeminiSchema>;
  required?: string[];
  minItems?: string;
  maxItems?: string;
  minLength?: string;
  maxLength?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minProperties?: string;
  maxProperties?: string;
  anyOf?: GeminiSchema[];
  propertyOrdering?: string[];
  default?: unknown;
  example?: unknown;
}

/** Options of {@link toGemini}. */
export interface GeminiOptions {
  /**
   * `"jsonSchema"` (the default): `parametersJsonSchema`, the schema with `$schema` removed
   * and `const` as a one-value `enum`. `"openapi"`: `parameters`, Gemini's `Schema` subset.
   */
  dialect?: "jsonSchema" | "openapi";
}

/** One Gemini tool (default dialect): assignable to `@google/genai`'s `Tool`. */
export interface GeminiTool {
  functionDeclarations: { name: string; description?: string; parametersJsonSchema: JSONSchema }[];
}

/** One Gemini tool in the `openapi` dialect. */
export interface GeminiOpenAPITool {
  functionDeclarations: { name: string; description?: string; parameters: GeminiSchema }[];
}

/** One MCP tool: assignable to an entry of `@modelcontextprotocol/sdk`'s `ListToolsResult["tools"]`. */
export interface MCPTool {
  name: string;
  description?: string;
  inputSchema: ObjectJSONSchema;
}

/**
 * The tools in Chat Completions' format. Throws a `TypeError` naming the tool when a name
 * breaks OpenAI's rule (`^[a-zA-Z0-9_-]{1,64}$`) or two tools share one.
 */
export function toOpenAI(tools: Iterable<Tool>, options?: OpenAIOptions): OpenAIChatTool[];
/** The tools in the Responses API's format (see {@link toOpenAI}). */
export function toOpenAIResponses(tools: Iterable<Tool>, options?: OpenAIOptions): OpenAIResponsesTool[];
/** The tools in Anthropic's Messages format; names as for OpenAI. */
export function toAnthropic(tools: Iterable<Tool>): AnthropicTool[];
/**
 * The tools as one Gemini `Tool` holding every function declaration (an empty list gives
 * `[]`). Names start with a letter or `_` and have at most 128 characters.
 */
export function toGemini(tools: Iterable<Tool>, options?: { dialect?: "jsonSchema" }): GeminiTool[];
export function toGemini(tools: Iterable<Tool>, options: { dialect: "openapi" }): GeminiOpenAPITool[];
export function toGemini(tools: Iterable<Tool>, options?: GeminiOptions): GeminiTool[] | GeminiOpenAPITool[];
/** The tools as an MCP server lists them (`tools/list`); names of 1 to 128 characters. */
export function toMCP(tools: Iterable<Tool>): MCPTool[];
