// The declarations of tool.js, published in the package's index.d.ts (scripts/types.mjs).
/** Where a tool comes from, kept on every tool after aggregation flattens them into one list. */
export type ToolSource = "mcp" | "skill" | "builtin" | "native" | "http" | "a2a" | "custom";

/** The value types of JSON Schema's `type` keyword. */
export type JSONSchemaTypeName = "string" | "number" | "integer" | "boolean" | "object" | "array" | "null";

/** Any JSON value. */
export type JSONValue = string | number | boolean | null | JSONValue[] | { [key: string]: JSONValue };

/**
 * A JSON Schema. A tool's arguments are described by one whose `type` is `"object"`, with
 * `properties` and `required`; any other JSON Schema keyword is allowed too.
 */
export interface JSONSchema {
  type?: JSONSchemaTypeName | JSONSchemaTypeName[];
  properties?: Record<string, JSONSchema>;
  required?: string[];
  additionalProperties?: boolean | JSONSchema;
  description?: string;
  items?: JSONSchema | JSONSchema[];
  enum?: JSONValue[];
  const?: JSONValue;
  default?: JSONValue;
  examples?: JSONValue[];
  anyOf?: JSONSchema[];
  oneOf?: JSONSchema[];
  allOf?: JSONSchema[];
  $ref?: string;
  $defs?: Record<string, JSONSchema>;
  definitions?: Record<string, JSONSchema>;
  title?: string;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  [keyword: string]: unknown;
}

/** What a tool gives back. `output` is always a string; `isError` tells the model it failed. */
export interface ToolResult {
  output: string;
  isError: boolean;
  metadata?: Record<string, unknown>;
}

/**
 * What the caller of `execute` may pass along: a cancellation signal and a time budget in
 * milliseconds. toolnexus hands it to your function untouched; acting on it is up to you.
 */
export interface ToolContext {
  signal?: AbortSignal;
  timeout?: number;
}

/** The options of {@link defineTool}. */
export interface DefineToolOptions {
  /** What the model calls. Must match `[a-zA-Z0-9_-]`: run untrusted names through `sanitize`. */
  name: string;
  /** What the model reads to decide whether to call the tool. */
  description: string;
  /** Defaults to `{ type: "object", properties: {}, additionalProperties: false }`. */
  inputSchema?: JSONSchema & { type: "object" };
  /** Defaults to `"native"`. */
  source?: ToolSource;
  /** The work, sync or async. Its value becomes a {@link ToolResult}; a throw becomes `isError: true`. */
  run: (args: Record<string, unknown>, ctx?: ToolContext) => unknown;
}

/** The definition given to `new Tool(spec)`. */
export interface ToolSpec {
  name: string;
  description: string;
  /** Defaults to `{ type: "object", properties: {}, additionalProperties: false }`. */
  inputSchema?: JSONSchema & { type: "object" };
  /** Defaults to `"custom"`. */
  source?: ToolSource;
  /** Runs the tool. Whatever it returns or throws is turned into a {@link ToolResult}. */
  execute: (args: Record<string, unknown>, ctx?: ToolContext) => unknown;
}

/**
 * The one shape every tool has: a named, described, JSON-schema'd callable.
 *
 * As a type, any object with these five fields is a `Tool`. As a class, `new Tool(spec)`
 * checks the definition and gives an object whose fields are own, enumerable properties
 * (`JSON.stringify`, spread and `Object.keys` see them) and whose `execute` never rejects.
 *
 * @example
 * ```ts
 * import { Tool } from "toolnexus"
 * const echo = new Tool({
 *   name: "echo",
 *   description: "Return whatever it is given",
 *   execute: (args) => String(args.text),
 * })
 * await echo.execute({ text: "hi" }) // { output: "hi", isError: false }
 * ```
 */
export class Tool {
  /** Throws a `TypeError` naming the field when `spec` is not a valid definition. */
  constructor(spec: ToolSpec);
  /** The name the model calls; matches `[a-zA-Z0-9_-]`. */
  name: string;
  /** What the model reads to decide whether to call it. */
  description: string;
  /** The arguments the tool takes. */
  inputSchema: JSONSchema & { type: "object" };
  /** Where the tool comes from. */
  source: ToolSource;
  /** Runs the tool. Needs no `this`; the promise always resolves, failures as `isError: true`. */
  execute: (args: Record<string, unknown>, ctx?: ToolContext) => Promise<ToolResult>;
}

/**
 * Wraps one function as a {@link Tool} with `source: "native"` (unless given) and a default
 * empty object schema. `run` may return a string (used as is), a `ToolResult` (passed through),
 * or anything else (`JSON.stringify`d); a throw or rejection becomes `isError: true` with the
 * error's message.
 *
 * Throws a `TypeError` naming the field when `opts` is not a valid definition.
 *
 * @example
 * ```ts
 * import { defineTool } from "toolnexus"
 * const greet = defineTool({
 *   name: "greet",
 *   description: "Greet someone by name",
 *   inputSchema: { type: "object", properties: { name: { type: "string" } }, required: ["name"] },
 *   run: async ({ name }) => `Hello, ${name}!`,
 * })
 * await greet.execute({ name: "Ada" }) // { output: "Hello, Ada!", isError: false }
 * ```
 */
export function defineTool(opts: DefineToolOptions): Tool;

/**
 * Makes any string safe as a tool name: every UTF-16 code unit outside `[a-zA-Z0-9_-]`
 * becomes `_`, so the result always has the input's length.
 *
 * Throws a `TypeError` when `value` is not a string.
 *
 * @example
 * ```ts
 * import { sanitize } from "toolnexus"
 * sanitize("get user")    // "get_user"
 * sanitize("héllo.wörld") // "h_llo_w_rld"
 * sanitize("😀")          // "__"
 * ```
 */
export function sanitize(value: string): string;

// Not published: for the package's own modules.

/** A tool's `execute` around `fn`: what it returns or throws, as a {@link ToolResult}. */
export function executeOf(
  fn: (args: Record<string, unknown>, ctx?: ToolContext) => unknown,
): (args?: Record<string, unknown> | null, ctx?: ToolContext) => Promise<ToolResult>;

/** message(e): a thrown value's text, as the core words every tool failure. */
export function messageOf(thrown: unknown): string;

/** A value's type as messages word it ("null", "an array", "a string"…); never throws. */
export function phraseOf(value: unknown): string;

/**
 * A tool of one of the package's own sources, whose `execute` already answers every call with a
 * result the core made and never rejects: it is the tool's `execute` as it is.
 */
export function sourceTool(spec: ToolSpec): Tool;

/** The result `execute` answers for a value thrown (never throws). */
export function resultOfThrown(thrown: unknown): ToolResult;
