// Child process of modules.test.mjs: counts the WebAssembly modules compiled as a program uses
// the package. Prints the count after each step as JSON.
const compiled = [];
WebAssembly.Module = new Proxy(WebAssembly.Module, {
  construct(target, args) {
    compiled.push(args[0].byteLength);
    return Reflect.construct(target, args);
  },
});
const counts = {};
const { builtinTools, defineTool, sanitize, toGemini, toOpenAI } = await import("toolnexus");
counts.import = compiled.length;
const tool = defineTool({ name: "find", description: "Find", run: ({ q }) => `found ${q}`, inputSchema: { type: "object", properties: { q: { type: "string" } } } });
await tool.execute({ q: "x" });
sanitize("a b");
counts.execute = compiled.length;
toOpenAI([tool], { strict: true });
counts.toOpenAI = compiled.length;
toGemini([tool], { dialect: "openapi" });
counts.toGemini = compiled.length;
const [grep] = builtinTools({ root: process.cwd(), tools: ["grep"] });
counts.builtinTools = compiled.length;
await grep.execute({ pattern: "modules" });
counts.grep = compiled.length;
console.log(JSON.stringify(counts));
