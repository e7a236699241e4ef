// Imported before toolnexus: makes this workerd refuse to compile WebAssembly from bytes, as
// Cloudflare's hosted Workers and other edge runtimes do (workerd run locally allows it). A
// WebAssembly.Module the runtime compiled from a `.wasm` module import still instantiates.
const refuse = () => {
  throw new WebAssembly.CompileError("Wasm code generation disallowed by embedder");
};
WebAssembly.Module = new Proxy(WebAssembly.Module, { construct: refuse });
const { compile, instantiate } = WebAssembly;
WebAssembly.compile = async () => refuse();
WebAssembly.compileStreaming = async () => refuse();
WebAssembly.instantiateStreaming = async () => refuse();
WebAssembly.instantiate = (source, imports) =>
  source instanceof WebAssembly.Module ? instantiate(source, imports) : compile(source).then(refuse);
