// The decorator checks, written in TypeScript with standard decorators and compiled by tsc
// (tsconfig.json beside this file). The package is passed in, so that one compiled file runs
// under Node.js (import and require) and in Chromium (the browser entry). Each check returns
// [name, passed, detail]. The `@ts-expect-error` lines are the type-level misuse checks: tsc
// fails when one of them is not an error.
import type * as Toolnexus from "toolnexus"
import type { Tool, ToolContext, ToolResult } from "toolnexus"

export type Result = [name: string, passed: boolean, detail: string]

const FIELDS = '["name","description","inputSchema","source","execute"]'

export async function runDecoratorChecks(toolnexus: typeof Toolnexus): Promise<Result[]> {
  const { collectTools, defineTool, tool, Tool } = toolnexus
  const results: Result[] = []
  const check = async (name: string, fn: () => unknown) => {
    try {
      const detail = await fn()
      results.push([name, detail === true, String(detail)])
    } catch (e) {
      const err = e as Error | undefined
      results.push([name, false, `threw ${err?.name}: ${err?.message}`])
    }
  }
  const names = (tools: Tool[]) => JSON.stringify(tools.map((t) => t.name))
  const byName = (tools: Tool[], name: string) => {
    const found = tools.find((t) => t.name === name)
    if (!found) throw new Error(`no tool ${name} in ${names(tools)}`)
    return found
  }
  /** "ok" when `fn` throws a TypeError whose message matches `pattern`, else what happened. */
  const typeError = (fn: () => unknown, pattern: RegExp) => {
    try {
      fn()
      return "did not throw"
    } catch (e) {
      const err = e as Error
      return (err instanceof TypeError && pattern.test(err.message)) || `${err?.name}: ${err?.message}`
    }
  }

  const SECRET = Symbol("secret")
  const counterSchema = { type: "object", properties: { by: { type: "number" } } } as const

  class Counter {
    count = 0
    constructor(readonly label: string) {}

    @tool("Add to the counter", { inputSchema: counterSchema })
    add({ by }: { by?: number }) {
      this.count += by ?? 1
      return `${this.label}: ${this.count}`
    }

    @tool("Read the counter")
    async read() {
      await new Promise((ok) => setTimeout(ok, 1))
      return { label: this.label, count: this.count }
    }

    @tool("Always fails")
    fail(): string {
      throw new Error(`${this.label} failed`)
    }

    @tool("Answers with a full ToolResult", { name: "full_result" })
    result(args: Record<string, unknown>, ctx?: ToolContext): ToolResult {
      return { output: `${this.label} ${String(args.q)}`, isError: true, metadata: { timeout: ctx?.timeout } }
    }

    @tool("Named by a symbol", { name: "by_symbol" })
    [SECRET]() {
      return `symbol ${this.label}`
    }

    @tool("A private method")
    #hidden() {
      return `hidden ${this.label}`
    }

    @tool("The class's version")
    static version() {
      return `${this.name} 1.0`
    }

    helper() {
      return `helper ${this.label}`
    }
  }

  const a = new Counter("a")
  const b = new Counter("b")
  const toolsA = collectTools(a)
  const toolsB = collectTools(b)

  await check("decorated methods become tools, in declaration order", () =>
    names(toolsA) === '["add","read","fail","full_result","by_symbol","hidden"]' || names(toolsA))
  await check("each is a defineTool tool: a Tool, five own fields, source native", () =>
    toolsA.every((t) => t instanceof Tool && JSON.stringify(Object.keys(t)) === FIELDS && t.source === "native") ||
    JSON.stringify(toolsA))
  await check("descriptions and schemas as given; the default schema is fresh per tool", () => {
    const add = byName(toolsA, "add")
    const read = byName(toolsA, "read")
    return (add.description === "Add to the counter" && add.inputSchema === counterSchema &&
      JSON.stringify(read.inputSchema) === '{"type":"object","properties":{},"additionalProperties":false}' &&
      read.inputSchema !== byName(toolsB, "read").inputSchema) || JSON.stringify([add, read])
  })
  await check("this is the instance, per instance", async () => {
    const r1 = await byName(toolsA, "add").execute({ by: 2 })
    const r2 = await byName(toolsB, "add").execute({})
    return (r1.output === "a: 2" && r2.output === "b: 1" && a.count === 2 && b.count === 1) || JSON.stringify([r1, r2])
  })
  await check("two instances give two sets; each call makes new tools", () => {
    const again = collectTools(a)
    return (toolsA.every((t, i) => t !== toolsB[i] && t !== again[i] && t.execute !== toolsB[i]!.execute) &&
      names(again) === names(toolsA)) || "tools shared"
  })
  await check("an async method is awaited", async () => {
    const r = await byName(toolsA, "read").execute({})
    return (r.output === '{"label":"a","count":2}' && r.isError === false) || JSON.stringify(r)
  })
  await check("a throwing method becomes isError with its message", async () => {
    const r = await byName(toolsB, "fail").execute({})
    return (r.output === "b failed" && r.isError === true) || JSON.stringify(r)
  })
  await check("a full ToolResult passes through, args and ctx reach the method", async () => {
    const r = await byName(toolsA, "full_result").execute({ q: "hi" }, { timeout: 5 })
    return (r.output === "a hi" && r.isError === true && r.metadata?.timeout === 5) || JSON.stringify(r)
  })
  await check("undefined args reach the method as {}", async () => {
    const r = await byName(toolsB, "full_result").execute(undefined as unknown as Record<string, unknown>)
    return r.output === "b undefined" || JSON.stringify(r)
  })
  await check("a symbol-named method with a name", async () => {
    const r = await byName(toolsB, "by_symbol").execute({})
    return r.output === "symbol b" || JSON.stringify(r)
  })
  await check("a private method, named without its #", async () => {
    const r = await byName(toolsA, "hidden").execute({})
    return r.output === "hidden a" || JSON.stringify(r)
  })
  await check("a decorated method still works as a method", async () => {
    const c = new Counter("c")
    const direct = c.add({ by: 5 })
    const read = await c.read()
    return (direct === "c: 5" && read.count === 5 && c[SECRET]() === "symbol c" && c.helper() === "helper c" &&
      typeof Counter.prototype.add === "function" && Counter.prototype.add.name === "add") || direct
  })
  await check("static methods are the class's tools, with this the class", async () => {
    const tools = collectTools(Counter)
    const r = await tools[0]!.execute({})
    return (names(tools) === '["version"]' && r.output === "Counter 1.0") || `${names(tools)} ${JSON.stringify(r)}`
  })

  class Doubler extends Counter {
    @tool("The subclass's version")
    static override version() {
      return `${this.name} 2.0`
    }

    @tool("A private static method")
    static #build() {
      return this.name
    }

    @tool("Add twice")
    override add(args: { by?: number }) {
      super.add(args)
      return super.add(args)
    }

    // Private names are per class: this does not override Counter's #hidden.
    @tool("Doubler's own private method", { name: "hidden_too" })
    #hidden() {
      return `also hidden ${this.label}`
    }

    @tool("Reset the counter")
    reset() {
      this.count = 0
      return `${this.label} reset`
    }
  }
  class Quiet extends Counter {
    // Overridden without @tool: still the base's tool, running this method.
    override read() {
      return Promise.resolve({ label: `quiet ${this.label}`, count: -1 })
    }
  }

  await check("inherited methods are collected; an override takes its base's place", async () => {
    const d = new Doubler("d")
    const tools = collectTools(d)
    const add = byName(tools, "add")
    const r = await add.execute({ by: 3 })
    const reset = await byName(tools, "reset").execute({})
    const hidden = await byName(tools, "hidden").execute({})
    const hiddenToo = await byName(tools, "hidden_too").execute({})
    return (names(tools) === '["add","read","fail","full_result","by_symbol","hidden","hidden_too","reset"]' &&
      hidden.output === "hidden d" && hiddenToo.output === "also hidden d" &&
      add.description === "Add twice" && JSON.stringify(add.inputSchema.properties) === "{}" && r.output === "d: 6" &&
      reset.output === "d reset" && d.count === 0) || `${names(tools)} ${JSON.stringify(r)}`
  })
  await check("a subclass's static tools: its override in its base's place, this the subclass", async () => {
    class Tripler extends Doubler {}
    const sub = collectTools(Doubler)
    const inherited = collectTools(Tripler)
    const r1 = await byName(sub, "version").execute({})
    const r2 = await byName(inherited, "version").execute({})
    const own = await byName(sub, "build").execute({})
    return (names(sub) === '["version","build"]' && names(inherited) === '["version"]' &&
      byName(sub, "version").description === "The subclass's version" &&
      byName(inherited, "version").description === "The subclass's version" &&
      r1.output === "Doubler 2.0" && r2.output === "Tripler 2.0" && own.output === "Doubler" &&
      byName(collectTools(Counter), "version").description === "The class's version") ||
      `${names(sub)} ${names(inherited)} ${JSON.stringify([r1, r2, own])}`
  })
  await check("an object made from an instance by Object.create has no decorated tools of its own", () =>
    collectTools(Object.create(new Counter("p"))).length === 0)
  await check("a decorator applied after @tool wraps the method, and the tool runs the wrapper", async () => {
    const calls: string[] = []
    function logged<This, A extends unknown[], R>(method: (this: This, ...args: A) => R,
      context: ClassMethodDecoratorContext<This, (this: This, ...args: A) => R>) {
      return function (this: This, ...args: A): R {
        calls.push(String(context.name))
        return method.apply(this, args)
      }
    }
    class Wrapped {
      constructor(readonly who: string) {}
      @logged
      @tool("Say hello")
      hello() {
        return `hello from ${this.who}`
      }
    }
    const w = new Wrapped("w")
    const r = await collectTools(w)[0]!.execute({})
    return (r.output === "hello from w" && calls.join() === "hello" && w.hello() === "hello from w" &&
      calls.join() === "hello,hello") || `${JSON.stringify(r)} ${calls.join()}`
  })
  await check("an undecorated override runs under the base's tool", async () => {
    const tools = collectTools(new Quiet("q"))
    const read = byName(tools, "read")
    const r = await read.execute({})
    return (read.description === "Read the counter" && r.output === '{"label":"quiet q","count":-1}') || JSON.stringify(r)
  })
  await check("the base class is untouched by its subclasses", () =>
    names(collectTools(new Counter("e"))) === names(toolsA) && byName(collectTools(new Counter("e")), "add").description === "Add to the counter")

  // Plain objects and marked functions.
  const add = (args: { n?: number }) => (args.n ?? 0) + 1
  const marked = tool("Add one")(add)
  const shop = {
    currency: "EUR",
    price: tool("Price of an item")(function (this: { currency: string }, { sku }: { sku?: string }) {
      return `${sku}: 12 ${this.currency}`
    }),
    stock: tool("Items left", { name: "stock_level" })(async () => 7),
    [Symbol("named")]: tool("Named by a symbol key", { name: "keyed" })(() => "keyed"),
    unmarked: () => "not a tool",
    marked,
  }
  await check("tool(d)(fn) returns fn itself", () => marked === add && marked({ n: 1 }) === 2)
  await check("a plain object: its marked functions, named by their keys or given names", async () => {
    const tools = collectTools(shop)
    const r = await byName(tools, "price").execute({ sku: "A1" })
    const s = await byName(tools, "stock_level").execute({})
    const k = await byName(tools, "keyed").execute({})
    const m = await byName(tools, "marked").execute({ n: 2 })
    return (names(tools) === '["price","stock_level","marked","keyed"]' && r.output === "A1: 12 EUR" && s.output === "7" &&
      k.output === "keyed" && m.output === "3" && tools.every((t) => t.source === "native")) ||
      `${names(tools)} ${JSON.stringify([r, s, k, m])}`
  })
  await check("an own marked property shadows a decorated method of the same key", async () => {
    const s = new Counter("s")
    s.add = tool("An own add", { name: "own_add" })(() => "own")
    const tools = collectTools(s)
    const r = await tools[0]!.execute({})
    return (names(tools) === '["own_add","read","fail","full_result","by_symbol","hidden"]' && r.output === "own") ||
      `${names(tools)} ${JSON.stringify(r)}`
  })
  await check("an object with nothing marked has no tools", () =>
    collectTools({ f: () => 1 }).length === 0 && collectTools(new (class {})()).length === 0)

  // Misuse: each a TypeError at run time, and (the @ts-expect-error lines) a type error.
  await check("a bad name is a TypeError pointing at sanitize", () =>
    typeError(() => tool("d", { name: "get user" }), /sanitize/))
  await check("a method whose name is not a valid tool name is a TypeError pointing at sanitize", () =>
    typeError(() => {
      class Bad {
        @tool("d")
        ["get user"]() {
          return 1
        }
      }
      return Bad
    }, /sanitize/))
  await check("a symbol-named method without a name is a TypeError asking for name", () =>
    typeError(() => {
      class Bad {
        @tool("d")
        [Symbol("s")]() {
          return 1
        }
      }
      return Bad
    }, /symbol: give the tool a name/))
  await check("a symbol-keyed marked function without a name is a TypeError asking for name", () =>
    typeError(() => collectTools({ [Symbol("s")]: tool("d")(() => 1) }), /symbol: give the tool a name/))
  await check("a bad schema is a TypeError naming inputSchema", () =>
    // @ts-expect-error a schema is an object
    typeError(() => tool("d", { inputSchema: null }), /inputSchema/))
  await check("a description that is not a string is a TypeError", () =>
    // @ts-expect-error the description is a string
    typeError(() => tool(42), /description/))
  await check("decorating a field is a TypeError", () =>
    typeError(() => {
      class Bad {
        // @ts-expect-error a field is not a method
        @tool("d") field = () => 1
      }
      return Bad
    }, /methods only.*field/))
  await check("decorating a getter is a TypeError", () =>
    typeError(() => {
      class Bad {
        // @ts-expect-error a getter is not a method
        @tool("d") get value() {
          return 1
        }
      }
      return Bad
    }, /methods only.*getter/))
  await check("decorating an accessor is a TypeError", () =>
    typeError(() => {
      class Bad {
        // @ts-expect-error an accessor is not a method
        @tool("d") accessor value = 1
      }
      return Bad
    }, /methods only.*accessor/))
  await check("decorating a class is a TypeError", () =>
    typeError(() => {
      // @ts-expect-error a class is not a method
      @tool("d") class Bad {}
      return Bad
    }, /methods only.*class/))
  await check("@tool without a description is a TypeError", () =>
    typeError(() => {
      class Bad {
        // @ts-expect-error tool needs a description first
        @tool m() {
          return 1
        }
      }
      return Bad
    }, /description/))
  await check("a method whose ctx is required is a type error (execute may pass none)", () => {
    class Strict {
      // @ts-expect-error ctx must be optional
      @tool("d") needs(args: Record<string, unknown>, ctx: ToolContext) {
        return ctx.timeout
      }
    }
    return collectTools(new Strict()).length === 1
  })
  await check("a method taking a string is a type error", () => {
    class Stringly {
      // @ts-expect-error the arguments are an object
      @tool("d") say(text: string) {
        return text
      }
    }
    return collectTools(new Stringly()).length === 1
  })
  await check("marking a function twice is a TypeError", () =>
    typeError(() => tool("again")(add), /already/))
  await check("two tools with one name are a TypeError", () =>
    typeError(() => collectTools({ x: tool("d", { name: "same" })(() => 1), y: tool("d", { name: "same" })(() => 2) }), /same/))
  await check("collectTools of a non-object is a TypeError", () =>
    // @ts-expect-error an object is required
    typeError(() => collectTools(null), /object/))
  await check("defineTool still works after the errors", async () => {
    const t = defineTool({ name: "alive", description: "", run: () => "yes" })
    return (await t.execute({})).output === "yes"
  })
  return results
}
