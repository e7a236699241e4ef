// The `Tool` class and `defineTool`, wired around the WebAssembly core. The core reads and
// checks each definition field once and writes it onto the tool; `execute` is an arrow
// function (an own property that needs no `this`) over the core's never-rejecting wrapper.
// Nothing here is allocated in WebAssembly memory, so a dropped tool is garbage like any
// other object and nobody has to call `free()`.

/**
 * @param {{ initTool: Function, executeTool: Function }} core the wasm exports
 */
export function createApi({ initTool, executeTool }) {
  class Tool {
    constructor(spec) {
      const execute = initTool(this, spec, false);
      this.execute = (args, ctx) => executeTool(execute, args, ctx);
    }
  }

  function defineTool(opts) {
    const tool = Object.create(Tool.prototype);
    const run = initTool(tool, opts, true);
    tool.execute = (args, ctx) => executeTool(run, args, ctx);
    return tool;
  }

  return { Tool, defineTool };
}
