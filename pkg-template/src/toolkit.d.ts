// The declarations of toolkit.js, published in the package's index.d.ts (scripts/types.mjs).
import type { Tool, ToolResult, ToolContext, JSONSchema } from "./tool.js";
import type { GeminiOpenAPITool, GeminiTool, toAnthropic, toMCP, toOpenAI, toOpenAIResponses } from "./adapters.js";
import type { A2AAgentCard, FromA2AOptions, fromA2A } from "./sources/a2a.js";
import type { Skills } from "./sources/skills.js";
import type { ConnectMCPOptions, MCPConfig } from "./sources/mcp-config.node.js";

/** The arguments a toolkit accepts: an object, or its JSON as a string (as OpenAI sends it). */
export type ToolArguments = Record<string, unknown> | string | null | undefined;

/**
 * One entry of a Chat Completions assistant message's `tool_calls`. The call types below are
 * loose on purpose: any SDK version's response type fits, and whatever a field holds, a
 * malformed call is answered, not refused.
 */
export type OpenAIToolCall = {
  id?: unknown;
  type?: unknown;
  function?: { name?: unknown; arguments?: unknown } | null;
};

/** A Chat Completions assistant message (e.g. `completion.choices[0].message`), or its `tool_calls`. */
export type OpenAIToolCallsInput =
  | readonly OpenAIToolCall[]
  | { tool_calls?: readonly OpenAIToolCall[] | null }
  | null
  | undefined;

/** The answer to one tool call: a Chat Completions `ChatCompletionToolMessageParam`. */
export type OpenAIToolMessage = { role: "tool"; tool_call_id: string; content: string };

/** One item of a Responses `output`; only `type: "function_call"` items are answered. */
export type OpenAIResponsesItem = {
  type?: unknown;
  call_id?: unknown;
  name?: unknown;
  arguments?: unknown;
};

/** A Responses API response, or its `output` array. */
export type OpenAIResponsesInput =
  | readonly OpenAIResponsesItem[]
  | { output?: readonly OpenAIResponsesItem[] | null }
  | null
  | undefined;

/** The answer to one `function_call`: a Responses `ResponseInputItem.FunctionCallOutput`. */
export type OpenAIFunctionCallOutput = { type: "function_call_output"; call_id: string; output: string };

/** One content block of an Anthropic message; only `type: "tool_use"` blocks are answered. */
export type AnthropicContentBlock = {
  type?: unknown;
  id?: unknown;
  name?: unknown;
  input?: unknown;
};

/** An Anthropic `Message` (or `MessageParam`), or its `content`. */
export type AnthropicToolUseInput =
  | readonly AnthropicContentBlock[]
  | { content?: string | readonly AnthropicContentBlock[] | null }
  | null
  | undefined;

/** The answer to one `tool_use` block: an Anthropic `ToolResultBlockParam`. */
export type AnthropicToolResult = { type: "tool_result"; tool_use_id: string; content: string; is_error: boolean };

/** One Gemini function call: the SDK's `FunctionCall`. */
export type GeminiFunctionCall = { id?: unknown; name?: unknown; args?: unknown };

/**
 * A Gemini `GenerateContentResponse` (the SDK object, whose `functionCalls` getter is used, or
 * its JSON, whose first candidate's parts are read), its `functionCalls`, or an array of calls.
 */
export type GeminiFunctionCallsInput =
  | readonly GeminiFunctionCall[]
  | {
      functionCalls?: readonly GeminiFunctionCall[];
      candidates?: readonly { content?: { parts?: readonly { functionCall?: GeminiFunctionCall }[] } }[];
    }
  | null
  | undefined;

/** The answer to one function call: a Gemini `Part` with a `functionResponse`. */
export type GeminiFunctionResponsePart = {
  functionResponse: {
    id?: string;
    name: string;
    response: { output: string } | { error: string };
  };
};

/** The `params` of an MCP `tools/call` request (`CallToolRequest["params"]`). */
export type MCPCallToolParams = { name: string; arguments?: unknown };

/** The answer to a `tools/call`: an MCP `CallToolResult`. `_meta` is the tool result's `metadata`. */
export type MCPCallToolResult = {
  content: { type: "text"; text: string }[];
  isError: boolean;
  _meta?: Record<string, unknown>;
};

/**
 * A set of tools by name, in registration order, that answers a model's tool calls in every
 * provider's format. Iterable (its tools), so it can be passed wherever tools are taken.
 *
 * @example
 * ```ts
 * const tk = new Toolkit([getWeather])
 * const message = (await openai.chat.completions.create({ model, messages, tools: tk.toOpenAI() })).choices[0].message
 * messages.push(message, ...(await tk.runOpenAI(message)))
 * ```
 */
export class Toolkit implements Iterable<Tool> {
  /** The skills given to {@link createToolkit} (empty when none); `undefined` for `new Toolkit`. */
  skills: Skills | undefined;
  /** Registers `tools` (see {@link Toolkit.register}). */
  constructor(tools?: Iterable<Tool> | null);
  /**
   * Ends everything the toolkit started (each MCP server's whole process group). Also
   * `await using tk = await createToolkit(...)` where the runtime has `Symbol.asyncDispose`.
   */
  close(): Promise<void>;
  /**
   * Adds tools, all or none. Throws a `TypeError` for a value that is not a tool (checked as
   * `new Tool` checks a spec) and for a name already present (naming both sources).
   */
  register(...tools: Tool[]): this;
  /** Removes the tool of that name; `true` when there was one. */
  remove(name: string): boolean;
  has(name: string): boolean;
  get(name: string): Tool | undefined;
  /** How many tools it holds. */
  readonly size: number;
  /**
   * What {@link createToolkit} set up (its agents, its MCP servers), each with its status: a
   * fresh array. A failed one is listed with its `error` and left out of the tools.
   */
  readonly sources: ToolkitSource[];
  /** The tools, in registration order, as a fresh array. */
  tools(): Tool[];
  [Symbol.iterator](): Iterator<Tool>;
  /**
   * Runs the named tool. `args` is an object or its JSON (`""`, `null`, `undefined` mean `{}`).
   * Never throws, never rejects: an unknown name, bad JSON or non-object arguments give an
   * `isError` result that tells the model what to do next.
   */
  execute(name: string, args?: ToolArguments, ctx?: ToolContext): Promise<ToolResult>;
  /** `toOpenAI(this toolkit, opts)`. */
  toOpenAI(opts?: Parameters<typeof toOpenAI>[1]): ReturnType<typeof toOpenAI>;
  /** `toOpenAIResponses(this toolkit, opts)`. */
  toOpenAIResponses(opts?: Parameters<typeof toOpenAIResponses>[1]): ReturnType<typeof toOpenAIResponses>;
  /** `toAnthropic(this toolkit)`. */
  toAnthropic(): ReturnType<typeof toAnthropic>;
  /** `toGemini(this toolkit, opts)`: `parametersJsonSchema` by default. */
  toGemini(opts?: { dialect?: "jsonSchema" }): GeminiTool[];
  /** `toGemini(this toolkit, { dialect: "openapi" })`: Gemini's own `Schema` subset. */
  toGemini(opts: { dialect: "openapi" }): GeminiOpenAPITool[];
  /** `toMCP(this toolkit)`. */
  toMCP(): ReturnType<typeof toMCP>;
  /**
   * Answers the tool calls of a Chat Completions assistant message: one `role: "tool"` message
   * per call, in order (`content` prefixed `"Error: "` when the tool failed). Runs the calls
   * concurrently; never rejects; a malformed call gets an error message, not silence.
   */
  runOpenAI(input: OpenAIToolCallsInput, ctx?: ToolContext): Promise<OpenAIToolMessage[]>;
  /** Answers the `function_call` items of a Responses output with `function_call_output` items. */
  runOpenAIResponses(input: OpenAIResponsesInput, ctx?: ToolContext): Promise<OpenAIFunctionCallOutput[]>;
  /** Answers the `tool_use` blocks of an Anthropic message with `tool_result` blocks. */
  runAnthropic(input: AnthropicToolUseInput, ctx?: ToolContext): Promise<AnthropicToolResult[]>;
  /** Answers Gemini function calls with `functionResponse` parts (`{ output }` or `{ error }`). */
  runGemini(input: GeminiFunctionCallsInput, ctx?: ToolContext): Promise<GeminiFunctionResponsePart[]>;
  /** Answers an MCP `tools/call` request's params with its `CallToolResult`. */
  runMCP(params: MCPCallToolParams, ctx?: ToolContext): Promise<MCPCallToolResult>;
}

/** The options of {@link createToolkit}. */
export interface CreateToolkitOptions {
  /** Tools to register, e.g. `defineTool` tools or `fromMCP` results. */
  extraTools?: Iterable<Tool> | null;
  /** MCP servers to start, as {@link connectMCP} takes them (a path, JSON text or an object). */
  mcpConfig?: MCPConfig | null;
  /** {@link connectMCP}'s options for `mcpConfig`. */
  mcpOptions?: ConnectMCPOptions;
  /**
   * Remote A2A agents, one tool each: cards or URLs as {@link fromA2A} takes them, or
   * `{ card, ...options }` to give one its {@link FromA2AOptions} (headers, timeout, ...).
   */
  agents?: Iterable<A2AAgentCard | string | URL | ({ card: A2AAgentCard | string | URL } & FromA2AOptions)> | null;
  /** Skills whose `skill` tool to register: a {@link Skills}, or folders to load. */
  skills?: Skills | string | readonly string[] | null;
}

/**
 * One source a toolkit set up: an agent (`kind: "a2a"`, `status: "ready"`) or an MCP server of
 * `mcpConfig` (`kind: "mcp"`, `status: "connected"` or `"disabled"`); `status: "failed"` (with
 * `error`) when it was left out.
 */
export interface ToolkitSource {
  kind: "a2a" | "mcp";
  name: string;
  status: "ready" | "connected" | "disabled" | "failed";
  error?: string;
}

/**
 * Resolves to a {@link Toolkit} holding `extraTools`, the `skill` tool of `skills`, the tools of
 * `agents` and those of `mcpConfig`'s servers (Node.js, Bun, Deno). Rejects only for options it
 * cannot use (a config that does not parse, a tool name taken twice); an agent or a server that
 * fails is left out and listed in `sources`.
 */
export function createToolkit(options?: CreateToolkitOptions): Promise<Toolkit>;

// Not published: for the package's own modules.

/** Gives `tk` the statuses and the `close` of what a source started for it. */
export function adoptToolkit(tk: Toolkit, sources: () => unknown[], close: () => unknown): void;
