// The checks every browser environment runs against the package (a page, a module worker, a
// Vite build). Each returns [name, passed, detail]; the Node side asserts all of them.
export async function runChecks({ defineTool, sanitize, Tool }) {
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
  return results;
}
