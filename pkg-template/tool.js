// The `Tool` class and `defineTool`, wired around the WebAssembly core. This file only moves
// values: it reads each definition field once (a getter or Proxy trap runs once) and hands
// them to the core, which checks them and resolves the defaults; then it writes the five own
// properties, `execute` being an arrow function (it needs no `this`) over the core's
// never-rejecting wrapper. Writing happens here, in JavaScript, so that nothing a caller
// defines on a subclass can throw through WebAssembly frames. Nothing is allocated in WebAssembly memory per tool, so
// a dropped tool is garbage like any other object and nobody has to call `free()`.

/**
 * @param {{ initTool: Function, readFailed: Function, executeTool: Function }} core the wasm exports
 */
export function createApi({ initTool, readFailed, executeTool }) {
  // Where the core leaves the inputSchema and source a tool gets. Nothing runs user code
  // between the core writing it and `init` taking the values out, so one object serves.
  const resolved = { inputSchema: undefined, source: undefined };

  // Reads the five fields in order; `field` says which read threw, for the core's message.
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
      initTool(resolved, define, def, name, description, inputSchema, source, fn);
      const schema = resolved.inputSchema;
      const kind = resolved.source;
      resolved.inputSchema = resolved.source = undefined;
      tool.name = name;
      tool.description = description;
      tool.inputSchema = schema;
      tool.source = kind;
      return fn;
    } catch (thrown) {
      throw field < 5 ? readFailed(define, def, field, thrown) : thrown;
    }
  }

  class Tool {
    constructor(spec) {
      const execute = init(this, spec, false);
      this.execute = (args, ctx) => executeTool(execute, args, ctx);
    }
  }

  function defineTool(opts) {
    const tool = Object.create(Tool.prototype);
    const run = init(tool, opts, true);
    tool.execute = (args, ctx) => executeTool(run, args, ctx);
    return tool;
  }

  return { Tool, defineTool };
}
