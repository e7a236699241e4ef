// The checks every environment runs against the package (a page, a module worker, a Vite,
// webpack or rollup build, a Worker on workerd, an edge function, a Node.js server bundle). Each
// returns [name, passed, detail]; the Node side asserts all of them. `node`: the environment
// is a Node.js one, where the Node.js-only exports work (elsewhere they throw).
export async function runChecks({ defineTool, sanitize, Tool, toOpenAI, toGemini, Toolkit, builtinTools }, { node = false } = {}) {
  const results = [];
  const check = async (name, fn) => {
    try {
      const detail = await fn();
      results.push([name, detail === true, String(detail)]);
    } catch (e) {
      results.push([name, false, `threw ${e && e.name}: ${e && e.message}`]);
    }
  };

  const greet = defineTool({
    name: "greet",
    description: "Greet someone by name",
    inputSchema: { type: "object", properties: { name: { type: "string" } }, required: ["name"] },
    run: async ({ name }) => `Hello, ${name}!`,
  });
  await check("defineTool gives a Tool with own fields", () =>
    greet instanceof Tool &&
    JSON.stringify(Object.keys(greet)) === '["name","description","inputSchema","source","execute"]' &&
    greet.source === "native");
  await check("execute resolves a string", async () => {
    const r = await greet.execute({ name: "browser" });
    return r.output === "Hello, browser!" && r.isError === false || JSON.stringify(r);
  });
  await check("execute stringifies objects", async () => {
    const t = defineTool({ name: "obj", description: "", run: () => ({ a: [1, 2] }) });
    const r = await t.execute();
    return r.output === '{"a":[1,2]}' || JSON.stringify(r);
  });
  await check("a throw becomes isError", async () => {
    const t = new Tool({ name: "fails", description: "", execute: async () => { throw new Error("nope"); } });
    const r = await t.execute({});
    return (r.isError === true && r.output === "nope" && t.source === "custom") || JSON.stringify(r);
  });
  await check("a DOMException rejection keeps its message", async () => {
    const t = defineTool({ name: "aborts", description: "", run: () => Promise.reject(new DOMException("stopped", "AbortError")) });
    const r = await t.execute({});
    return (r.isError && r.output === "stopped") || JSON.stringify(r);
  });
  await check("a ToolResult passes through", async () => {
    const given = { output: "o", isError: false, metadata: { k: 1 } };
    const t = defineTool({ name: "pass", description: "", run: () => given });
    return (await t.execute({})) === given;
  });
  await check("bad names throw a TypeError pointing at sanitize()", () => {
    try {
      defineTool({ name: "get user", description: "", run() {} });
      return "did not throw";
    } catch (e) {
      return (e instanceof TypeError && /sanitize\(\)/.test(e.message)) || `${e.name}: ${e.message}`;
    }
  });
  await check("sanitize works on UTF-16 code units", () => {
    const samples = ["get user", "😀", "\ud800", "héllo.wörld", ""];
    return samples.every((s) => sanitize(s) === s.replace(/[^a-zA-Z0-9_-]/g, "_")) || samples.map(sanitize).join("|");
  });
  await check("every export keeps working after calls at every depth near the stack limit", async () => {
    const deep = (f) => {
      try {
        deep(f);
      } catch {
        try {
          f();
        } catch {
          // a RangeError at the limit, or the TypeError f provokes
        }
      }
    };
    const earlier = defineTool({ name: "earlier", description: "", run: ({ id }) => `user ${id}` });
    const pending = [];
    for (let i = 0; i < 300; i++) {
      deep(() => defineTool({ name: `bad name ${i}`, description: "", run() {} }));
      deep(() => [sanitize("a b"), sanitize("é x".repeat(100)), sanitize(i)]);
      deep(() => new Tool(null));
      deep(() => pending.push(earlier.execute({ id: i })));
    }
    await Promise.allSettled(pending);
    const r = await earlier.execute({ id: 7 });
    return (r.output === "user 7" && sanitize("a b") === "a_b" &&
      defineTool({ name: "fine", description: "", run() {} }).name === "fine") || JSON.stringify(r);
  });
  await check("the module still works after errors", async () => {
    try { sanitize(1); } catch { /* expected */ }
    try { new Tool(null); } catch { /* expected */ }
    return (await greet.execute({ name: "again" })).output === "Hello, again!";
  });
  // The rules beyond the core: a WebAssembly module of their own, compiled on first use.
  const find = defineTool({
    name: "find",
    description: "Find notes",
    inputSchema: { type: "object", properties: { q: { type: "string" }, tag: { type: "string" } }, required: ["q"] },
    run: (args) => JSON.stringify(args),
  });
  await check("toOpenAI rewrites a schema for strict mode (the portable rules)", () => {
    const [out] = toOpenAI([find], { strict: true });
    const p = out.function.parameters;
    return (out.function.strict === true && JSON.stringify(p.required) === '["q","tag"]' &&
      JSON.stringify(p.properties.tag.type) === '["string","null"]') || JSON.stringify(out);
  });
  await check("toGemini writes the OpenAPI dialect", () => {
    const [out] = toGemini([find], { dialect: "openapi" });
    const d = out.functionDeclarations[0];
    return (d.name === "find" && d.parameters.properties.q.type === "STRING") || JSON.stringify(out);
  });
  await check("a Toolkit answers a strict-mode call without its optional null", async () => {
    const tk = new Toolkit([find]);
    const [reply] = await tk.runOpenAI({ tool_calls: [{ id: "c1", type: "function",
      function: { name: "find", arguments: '{"q":"x","tag":null}' } }] });
    return reply.content === '{"q":"x"}' || JSON.stringify(reply);
  });
  await check(node ? "builtinTools gives the builtin tools (the Node.js-only rules)" : "builtinTools throws a TypeError naming the runtimes it needs", async () => {
    try {
      const tools = builtinTools({ root: ".", tools: ["read"] });
      if (!node) return `gave ${tools.length} tools`;
      const r = await tools[0].execute({ path: "no-such-file.txt" });
      return (tools[0].name === "read" && r.isError === true) || JSON.stringify(r);
    } catch (e) {
      return (!node && e instanceof TypeError && /needs Node\.js/.test(e.message)) || `${e.name}: ${e.message}`;
    }
  });
  return results;
}
