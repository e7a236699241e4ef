// The `Tool` class, `defineTool` and `sanitize`, wired around the WebAssembly core. This file
// moves values; the core decides. It reads each definition field once (a getter or a Proxy
// trap runs once) and hands the values to the core, which checks them and resolves the
// defaults; then it writes the five own properties itself, so that nothing a subclass defines
// can throw through WebAssembly frames. A tool's `execute` is an arrow function (it needs no
// `this`) that calls the tool's function and hands what it returned or threw to the core.
// Nothing is allocated in WebAssembly memory per tool: a dropped tool is garbage like any other
// object, and nobody has to call `free()`.

/**
 * @param {{ connect: Function, initTool: Function, readFailed: Function, executeReturned: Function,
 *   executeThrew: Function, sanitizeValue: Function }} core
 *   the wasm exports
 */
export function createApi(core) {
  const { connect, initTool, readFailed, executeReturned, executeThrew, sanitizeValue } = core;
  // The core calls user code (`then`, getters, Proxy traps, `String`, `JSON.stringify`) only
  // through these methods, so that nothing thrown ever unwinds through WebAssembly. Each
  // returns its result, or the guard itself when the code threw; `take()` then hands over what
  // was thrown. `result` builds every ToolResult the core makes, so they all share one shape.
  const apply = Reflect.apply;
  let thrown;
  const guard = {
    get(target, key) {
      try { return target[key]; } catch (e) { thrown = e; return guard; }
    },
    has(target, key) {
      try { return key in target; } catch (e) { thrown = e; return guard; }
    },
    string(value) {
      try { return String(value); } catch (e) { thrown = e; return guard; }
    },
    stringify(value) {
      try { return JSON.stringify(value); } catch (e) { thrown = e; return guard; }
    },
    resolve(value) {
      try { return Promise.resolve(value); } catch (e) { thrown = e; return guard; }
    },
    // Awaits `value` (adopted through `then`, already read once, when the core passes it) and
    // continues with `onValue` or `onError`: a real `await`, in an async function.
    async settle(value, then, onValue, onError) {
      let settled;
      try {
        settled = await (then === undefined ? value : new Promise((ok, fail) => apply(then, value, [ok, fail])));
      } catch (e) {
        return onError(e);
      }
      return onValue(settled);
    },
    result(output, isError) {
      return { output, isError };
    },
    take() {
      const e = thrown;
      thrown = undefined;
      return e;
    },
  };
  // Hands the core the guard; the core answers with its type-code names, in code order.
  const CODE = {};
  connect(guard).split(",").forEach((name, code) => {
    CODE[name] = code;
  });

  // Where the core leaves the default inputSchema and source when a definition leaves them out.
  // Nothing runs user code between the core writing it and `init` taking the values out, so
  // one object serves.
  const resolved = { inputSchema: undefined, source: undefined };

  // The type of a value as the core's code for it (`typeof`, with null and arrays told apart;
  // "opaque" when Array.isArray throws, as for a revoked Proxy).
  const typeCode = (value) => {
    const type = typeof value;
    if (type !== "object") return CODE[type];
    if (value === null) return CODE.null;
    try {
      return Array.isArray(value) ? CODE.array : CODE.object;
    } catch {
      return CODE.opaque;
    }
  };

  // Reads the five fields in order (`field` says which read threw, for the core's message),
  // hands the core their types, the name and the source in one call, and writes the tool.
  function init(tool, def, define) {
    let field = 0;
    try {
      const name = def?.name;
      field = 1;
      const description = def?.description;
      field = 2;
      const inputSchema = def?.inputSchema;
      field = 3;
      const source = def?.source;
      field = 4;
      const fn = define ? def?.run : def?.execute;
      field = 5;
      const types = typeCode(def) | (typeCode(name) << 4) | (typeCode(description) << 8) |
        (typeCode(inputSchema) << 12) | (typeCode(source) << 16) | (typeCode(fn) << 20);
      initTool(resolved, define, types, name, source);
      const schema = resolved.inputSchema ?? inputSchema;
      const kind = resolved.source ?? source;
      resolved.inputSchema = resolved.source = undefined;
      tool.name = name;
      tool.description = description;
      tool.inputSchema = schema;
      tool.source = kind;
      return fn;
    } catch (error) {
      throw field < 5 ? readFailed(define, def, field, error) : error;
    }
  }

  // A tool's `execute`: calls `fn` with `args ?? {}` and `ctx`, and lets the core turn what it
  // returned or threw into the result. Calling `fn` here keeps tools that call tools to
  // JavaScript frames only.
  const executeOf = (fn) => (args, ctx) => {
    let value;
    try {
      value = fn(args ?? {}, ctx);
    } catch (error) {
      return executeThrew(error);
    }
    return executeReturned(value);
  };

  // `defineTool` builds through the class constructor too (V8 then sizes every tool for its
  // five in-object fields); this module-private token is how it asks for `run` and "native".
  const DEFINE = Symbol("defineTool");

  class Tool {
    constructor(spec, how) {
      this.execute = executeOf(init(this, spec, how === DEFINE));
    }
  }

  function defineTool(opts) {
    return new Tool(opts, DEFINE);
  }

  // The core answers with the sanitised string, or with the TypeError to throw.
  function sanitize(value) {
    const out = sanitizeValue(value);
    if (typeof out === "string") return out;
    throw out;
  }

  // `executeOf` is for the other areas of the entry (a Toolkit wraps plain-object tools with it),
  // not an export of the package.
  return { Tool, defineTool, sanitize, executeOf };
}
