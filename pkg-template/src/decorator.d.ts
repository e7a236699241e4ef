// The declarations of decorator.js, published in the package's index.d.ts (scripts/types.mjs).
import type { JSONSchema, Tool, ToolContext } from "./tool.js";

/**
 * A function `tool` accepts: sync or async, taking the arguments object (typed as
 * `Record<string, unknown>` or any narrower object type) and, optionally, the
 * {@link ToolContext}.
 */
export type ToolFunction = {
  // A method signature, so that a narrower argument type (`{ q: string }`) is accepted.
  bivariant(args: Record<string, any>, ctx?: ToolContext): unknown;
}["bivariant"];

/** The options of {@link tool}. */
export interface ToolOptions {
  /**
   * What the model calls. Defaults to the method's name (a private `#m` gives `m`), or for a
   * marked function to the property it is found under. Must match `[a-zA-Z0-9_-]`.
   */
  name?: string;
  /** Defaults to `{ type: "object", properties: {}, additionalProperties: false }`. */
  inputSchema?: JSONSchema & { type: "object" };
}

/**
 * What {@link tool} returns: a standard method decorator (TypeScript 5+, no
 * `experimentalDecorators`), also callable on a plain function, which it returns marked.
 * Decorating anything but a method (a field, a getter, a setter, an accessor, a class) is a
 * type error, and a `TypeError` at run time.
 */
export interface ToolDecorator {
  <This, F extends ToolFunction>(method: F & ToolContextOptional<F>, context: ClassMethodDecoratorContext<This, F>): void;
  <F extends ToolFunction>(fn: F & ToolContextOptional<F>, context?: undefined): F;
}

/**
 * `never` when `F` requires a second parameter: `execute` may be called without a context, so
 * a tool's `ctx` must be optional.
 */
export type ToolContextOptional<F> = F extends (args: any, ctx: any, ...rest: any[]) => unknown
  ? (Parameters<F> extends [unknown, unknown, ...unknown[]] ? never : unknown)
  : unknown;

/**
 * Marks a method (as a decorator) or a function as a tool, for {@link collectTools} to gather.
 * The definition is checked at once, as {@link defineTool} checks it: a bad name is a
 * `TypeError` pointing at `sanitize`, and a symbol-named method needs `name`.
 *
 * @example
 * ```ts
 * import { collectTools, tool } from "toolnexus"
 * class Shop {
 *   constructor(private currency: string) {}
 *   @tool("Price of an item", { inputSchema: { type: "object", properties: { sku: { type: "string" } } } })
 *   price({ sku }: { sku?: string }) { return `${sku}: 12 ${this.currency}` }
 * }
 * const [price] = collectTools(new Shop("EUR"))
 * await price.execute({ sku: "A1" }) // { output: "A1: 12 EUR", isError: false }
 * ```
 */
export function tool(description: string, options?: ToolOptions): ToolDecorator;

/**
 * The tools of `obj`, each a {@link defineTool} tool (`source: "native"`, an `execute` that
 * never rejects): its methods decorated with {@link tool}, inherited ones included and bound to
 * `obj`, in declaration order (an override keeps its base's place and runs itself), then the
 * functions marked by `tool(...)` among its own properties. Each call makes new tools; two
 * instances give two sets.
 *
 * Throws a `TypeError` when `obj` is not an object or when two of its tools share a name.
 */
export function collectTools(obj: object): Tool[];
