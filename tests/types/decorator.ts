// Type-level usage of `tool` and `collectTools`: the methods the decorator accepts, and the
// misuses it refuses (each marked to be an error). Checked under NodeNext and Bundler resolution.
import { collectTools, tool } from "toolnexus"
import type { Tool, ToolContext, ToolDecorator, ToolOptions, ToolResult } from "toolnexus"

interface SearchArgs {
  q: string
  limit?: number
}

const options: ToolOptions = { name: "search", inputSchema: { type: "object", properties: { q: { type: "string" } } } }
const decorate: ToolDecorator = tool("Search", options)

class Accepted {
  constructor(private readonly prefix: string) {}
  @decorate search(args: SearchArgs, ctx?: ToolContext) {
    return `${this.prefix}${args.q} ${ctx?.timeout ?? 0}`
  }
  @tool("Any arguments") any(args: Record<string, unknown>) {
    return args
  }
  @tool("Destructured") pick({ q }: { q: string }): string {
    return q
  }
  @tool("Async, no arguments") async ping(): Promise<string> {
    return "pong"
  }
  @tool("Optional arguments") maybe(args?: { n?: number }) {
    return args?.n
  }
  @tool("A full result") full(): ToolResult {
    return { output: "", isError: false }
  }
  @tool("Static") static make() {
    return new Accepted("")
  }
  @tool("Private") #secret() {
    return 1
  }
}

const tools: Tool[] = collectTools(new Accepted(">"))
const more: Tool[] = collectTools({ add: tool("Add")((args: { a: number; b: number }) => args.a + args.b) })
// The marked function keeps its own type.
const add = tool("Add")((args: { a: number; b: number }) => args.a + args.b)
const sum: number = add({ a: 1, b: 2 })

class Refused {
  // @ts-expect-error a field is not a method
  @tool("d") field = (args: Record<string, unknown>) => args
  // @ts-expect-error a getter is not a method
  @tool("d") get value() {
    return 1
  }
  // @ts-expect-error a setter is not a method
  @tool("d") set value(v: number) {
    void v
  }
  // @ts-expect-error an accessor is not a method
  @tool("d") accessor count = 0
  // @ts-expect-error the arguments are an object
  @tool("d") text(s: string) {
    return s
  }
  // @ts-expect-error ctx must be optional
  @tool("d") strict(args: SearchArgs, ctx: ToolContext) {
    return ctx
  }
  // @ts-expect-error tool takes a description first
  @tool m() {}
}

// @ts-expect-error a class is not a method
@tool("d") class NotAMethod {}

// @ts-expect-error options are an object
tool("d", "name")
// @ts-expect-error the name is a string
tool("d", { name: 1 })
// @ts-expect-error collectTools takes an object
collectTools("x")

void [tools, more, sum, Refused, NotAMethod]
