// httpTool and fromOpenAPI against real HTTP servers started here (two: a redirect from one to
// the other crosses origins), each recording every request it gets.
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import { createRequire } from "node:module";
import { after, before, describe, it } from "node:test";
import { fileURLToPath } from "node:url";

import { fromOpenAPI, httpTool, Toolkit, toGemini, toOpenAI } from "toolnexus";

const fixtures = new URL("../fixtures/openapi/", import.meta.url);
const BIG = 5 << 20;

function startServer() {
  const requests = [];
  const server = createServer((req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const body = chunks.length ? Buffer.concat(chunks).toString("utf8") : null;
      const record = { method: req.method, path: req.url, headers: req.headers, body };
      requests.push(record);
      const route = req.url.split("?")[0];
      const reply = (status, text, headers = {}) => {
        res.writeHead(status, { "content-length": Buffer.byteLength(text), ...headers });
        res.end(text);
      };
      if (route === "/big") return reply(200, "é".repeat(BIG / 2));
      if (route === "/fail") return reply(500, "boom: the database is down" + ".".repeat(3000));
      if (route === "/slow") return setTimeout(() => !res.destroyed && reply(200, "late"), 1500);
      if (route === "/redirect/same") return reply(307, "", { location: "/echo/after" });
      if (route === "/redirect/other") return reply(302, "", { location: `${server.other}/echo/other` });
      if (route === "/see-other") return reply(303, "", { location: "/echo/seen" });
      if (route === "/loop") return reply(302, "", { location: "/loop" });
      reply(200, JSON.stringify(record), { "content-type": "application/json" });
    });
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => {
    server.url = `http://127.0.0.1:${server.address().port}`;
    server.requests = requests;
    resolve(server);
  }));
}

let a;
let b;
before(async () => {
  [a, b] = await Promise.all([startServer(), startServer()]);
  a.other = b.url;
  b.other = a.url;
});
after(() => {
  a.closeAllConnections?.();
  b.closeAllConnections?.();
  a.close();
  b.close();
});
const last = (server = a) => server.requests.at(-1);

describe("httpTool", () => {
  it("fills placeholders, sends the rest as query, reads ${VAR} headers at call time", async () => {
    process.env.TN_TEST_TOKEN = "s3cret-value";
    const t = httpTool({ name: "get item", url: `${a.url}/items/{id}`, headers: { Authorization: "Bearer ${TN_TEST_TOKEN}" }, resultMode: "json" });
    assert.equal(t.name, "get_item");
    assert.equal(t.source, "http");
    assert.deepEqual(t.inputSchema, { type: "object", properties: { id: { type: "string" } }, required: ["id"], additionalProperties: true });
    const r = await t.execute({ id: "a b/c", tag: ["x", "y"], f: { k: 1 }, n: null });
    assert.equal(r.isError, false, r.output);
    assert.deepEqual(r.metadata, { status: 200 });
    assert.equal(last().path, "/items/a%20b%2Fc?tag=x&tag=y&f=%7B%22k%22%3A1%7D");
    assert.equal(last().headers.authorization, "Bearer s3cret-value");

    const count = a.requests.length;
    assert.deepEqual(await t.execute({}), { output: 'missing argument "id" for the URL placeholder {id}; nothing was sent', isError: true });
    delete process.env.TN_TEST_TOKEN;
    const unset = await t.execute({ id: "1" });
    assert.equal(unset.isError, true);
    assert.match(unset.output, /TN_TEST_TOKEN is not set/);
    assert.equal(a.requests.length, count, "nothing sent");
  });

  it("sends bodies as JSON, form or raw", async () => {
    const post = httpTool({ name: "create", method: "POST", url: `${a.url}/items/{id}`, query: ["dry"] });
    assert.equal((await post.execute({ id: 7, dry: true, title: "T", tags: ["a"] })).isError, false);
    assert.deepEqual([last().method, last().path, last().body], ["POST", "/items/7?dry=true", '{"title":"T","tags":["a"]}']);
    assert.equal(last().headers["content-type"], "application/json");
    await httpTool({ name: "f", method: "POST", url: `${a.url}/f`, body: "form" }).execute({ a: "x y", b: [1, 2] });
    assert.equal(last().body, "a=x%20y&b=1&b=2");
    assert.equal(last().headers["content-type"], "application/x-www-form-urlencoded");
    await httpTool({ name: "r", method: "PUT", url: `${a.url}/r`, body: "raw", headers: { "content-type": "application/xml" } })
      .execute({ body: "<x/>", v: 2 });
    assert.deepEqual([last().path, last().body, last().headers["content-type"]], ["/r?v=2", "<x/>", "application/xml"]);
    const status = await httpTool({ name: "s", url: `${a.url}/s`, resultMode: "status+text" }).execute({});
    assert.match(status.output, /^HTTP 200 OK\n\n\{/);
  });

  it("refuses at definition what it cannot send", () => {
    assert.throws(() => httpTool({ name: "x", url: "file:///etc/passwd" }), { name: "TypeError", message: /http: or https:/ });
    assert.throws(() => httpTool({ name: "x", url: "http://h", method: "BREW" }), TypeError);
    assert.throws(() => httpTool({ name: "x", url: "http://h", headers: { a: "1", A: "2" } }), /twice/);
    assert.throws(() => httpTool({ name: "x", url: "http://h", fetch: 3 }), /fetch/);
    assert.throws(() => httpTool(null), TypeError);
  });

  it("answers a 500, cuts a 5 MiB body, follows redirects (dropping headers across origins)", async () => {
    const fail = await httpTool({ name: "f", url: `${a.url}/fail` }).execute({});
    assert.equal(fail.isError, true);
    assert.match(fail.output, /^HTTP 500 Internal Server Error: boom: the database is down/);
    assert.ok(fail.output.length < 1100);
    assert.deepEqual(fail.metadata, { status: 500 });

    const big = await httpTool({ name: "b", url: `${a.url}/big` }).execute({});
    assert.equal(big.isError, false);
    assert.ok(big.output.endsWith(`\n[response cut at ${1 << 20} bytes: ${BIG - (1 << 20)} more bytes left out]`), big.output.slice(-100));
    assert.ok(!big.output.includes("\uFFFD"), "cut at a character boundary");
    assert.deepEqual(big.metadata, { status: 200, bytesLeftOut: BIG - (1 << 20) });

    const headers = { Authorization: "Bearer configured" };
    const same = await httpTool({ name: "r", method: "POST", url: `${a.url}/redirect/same`, headers }).execute({ a: 1 });
    assert.equal(same.isError, false, same.output);
    assert.deepEqual([last().path, last().method, last().body], ["/echo/after", "POST", '{"a":1}']);
    assert.equal(last().headers.authorization, "Bearer configured");
    const other = await httpTool({ name: "r", url: `${a.url}/redirect/other`, headers }).execute({});
    assert.equal(other.isError, false, other.output);
    assert.equal(last(b).path, "/echo/other");
    assert.equal(last(b).headers.authorization, undefined, "another origin gets no configured header");
    const seen = await httpTool({ name: "r", method: "POST", url: `${a.url}/see-other`, headers }).execute({ a: 1 });
    assert.equal(seen.isError, false);
    assert.deepEqual([last().method, last().body], ["GET", null]);
    const loop = await httpTool({ name: "r", url: `${a.url}/loop`, headers }).execute({});
    assert.deepEqual(loop, { output: "request failed: more than 10 redirects", isError: true });
    const down = await httpTool({ name: "d", url: "http://127.0.0.1:9/x" }).execute({});
    assert.equal(down.isError, true);
    assert.match(down.output, /^request failed: /);
  });

  it("stops on ctx.timeout, the tool's timeout and ctx.signal; an aborted signal sends nothing", async () => {
    const slow = httpTool({ name: "slow", url: `${a.url}/slow`, timeout: 5000 });
    assert.deepEqual(await slow.execute({}, { timeout: 200 }), { output: "timed out after 200 ms", isError: true });
    assert.equal((await httpTool({ name: "s", url: `${a.url}/slow`, timeout: 150 }).execute({})).output, "timed out after 150 ms");
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const started = Date.now();
    assert.deepEqual(await slow.execute({}, { signal: controller.signal }), { output: "cancelled", isError: true });
    assert.ok(Date.now() - started < 1400, "before the server answers (1.5 s)");
    const count = a.requests.length;
    assert.deepEqual(await slow.execute({}, { signal: AbortSignal.abort() }), { output: "cancelled", isError: true });
    assert.equal(a.requests.length, count, "an already-aborted signal sends nothing");
    const unbounded = await httpTool({ name: "e", url: `${a.url}/echo` }).execute({}, { timeout: Infinity });
    assert.equal(unbounded.isError, false, "a limit beyond setTimeout's range is no limit");
  });

  it("answers what its own call throws as a result and never rejects", async () => {
    const t = httpTool({ name: "e", url: `${a.url}/echo` });
    const count = a.requests.length;
    assert.deepEqual(await t.execute({}, { get signal() { throw new Error("no signal here"); } }), {
      output: "no signal here",
      isError: true,
    });
    const odd = await t.execute({}, { signal: { aborted: false } });
    assert.equal(odd.isError, true);
    assert.match(odd.output, /addEventListener/);
    assert.equal(a.requests.length, count, "nothing was sent");
    for (const args of [undefined, null]) {
      const r = await t.execute(args);
      assert.equal(r.isError, false, r.output);
      assert.equal(JSON.parse(r.output).path, "/echo", "no arguments is {}");
    }
  });

  it("leaves no listener on a long-lived signal after 1,000 calls", async () => {
    const { getEventListeners } = await import("node:events");
    const controller = new AbortController();
    const t = httpTool({ name: "e", url: `${a.url}/echo` });
    for (let i = 0; i < 1000; i++) {
      const r = await t.execute({ i }, { signal: controller.signal });
      assert.equal(r.isError, false);
    }
    assert.equal(getEventListeners(controller.signal, "abort").length, 0);
  });

  it("uses the fetch it is given", async () => {
    const seen = [];
    const fetch = async (url, init) => {
      seen.push([url, init.method]);
      return new Response("hi", { status: 200 });
    };
    const r = await httpTool({ name: "x", url: "https://api.example.com/a/{b}", fetch }).execute({ b: "c" });
    assert.deepEqual(r, { output: "hi", isError: false, metadata: { status: 200 } });
    assert.deepEqual(seen, [["https://api.example.com/a/c", "GET"]]);
  });
});

// Strict mode's rules, as a check of what toOpenAI emitted: every object closed, every property
// required. Gemini's Schema: every node typed with Gemini's own names.
function checkOpenAIStrict(node, at) {
  if (!node || typeof node !== "object") return;
  if (node.properties) {
    assert.equal(node.additionalProperties, false, `${at}: additionalProperties`);
    assert.deepEqual([...(node.required ?? [])].sort(), Object.keys(node.properties).sort(), `${at}: required`);
    for (const [name, sub] of Object.entries(node.properties)) checkOpenAIStrict(sub, `${at}/${name}`);
  }
  for (const k of ["allOf", "not", "if", "then", "else", "patternProperties", "$schema", "oneOf"]) assert.ok(!(k in node), `${at}: ${k}`);
  if (node.items) checkOpenAIStrict(node.items, `${at}/items`);
  (node.anyOf ?? []).forEach((s, i) => checkOpenAIStrict(s, `${at}/anyOf/${i}`));
  for (const [name, sub] of Object.entries(node.$defs ?? {})) checkOpenAIStrict(sub, `${at}/$defs/${name}`);
}
const GEMINI_TYPES = new Set(["STRING", "NUMBER", "INTEGER", "BOOLEAN", "ARRAY", "OBJECT", "NULL"]);
function checkGemini(node, at) {
  if (!node.anyOf) assert.ok(GEMINI_TYPES.has(node.type), `${at}: type ${node.type}`);
  for (const [name, sub] of Object.entries(node.properties ?? {})) checkGemini(sub, `${at}/${name}`);
  if (node.items) checkGemini(node.items, `${at}/items`);
  (node.anyOf ?? []).forEach((s, i) => checkGemini(s, `${at}/anyOf/${i}`));
}
function checkProviders(tools) {
  const names = tools.map((t) => t.name);
  assert.equal(new Set(names).size, names.length, "unique names");
  assert.ok(names.every((n) => /^[a-zA-Z0-9_-]{1,64}$/.test(n)));
  let strict = 0;
  for (const entry of toOpenAI(tools, { strict: true })) {
    if (entry.function.strict) {
      strict++;
      checkOpenAIStrict(entry.function.parameters, entry.function.name);
    }
  }
  for (const d of toGemini(tools, { dialect: "openapi" })[0].functionDeclarations) checkGemini(d.parameters, d.name);
  toGemini(tools);
  return strict;
}

describe("fromOpenAPI", () => {
  it("makes the Petstore's tools and calls them against the server", async () => {
    const spec = readFileSync(new URL("petstore.json", fixtures), "utf8");
    const tools = fromOpenAPI(spec, { baseUrl: `${a.url}/v2` });
    assert.deepEqual(tools.map((t) => t.name), ["findPets", "addPet", "find_pet_by_id", "deletePet"]);
    assert.equal(checkProviders(tools), 4);
    const by = Object.fromEntries(tools.map((t) => [t.name, t]));
    await by.findPets.execute({ tags: ["cat", "dog"], limit: 3 });
    assert.equal(last().path, "/v2/pets?tags=cat&tags=dog&limit=3");
    await by.addPet.execute({ name: "Rex", tag: "dog" });
    assert.deepEqual([last().method, last().body], ["POST", '{"name":"Rex","tag":"dog"}']);
    await by.deletePet.execute({ id: 7 });
    assert.deepEqual([last().method, last().path], ["DELETE", "/v2/pets/7"]);
    assert.deepEqual(fromOpenAPI(JSON.parse(spec), { baseUrl: a.url })[0].inputSchema, tools[0].inputSchema);
    const tk = new Toolkit(tools);
    const [answer] = await tk.runOpenAI([{ id: "c1", type: "function", function: { name: "find_pet_by_id", arguments: '{"id":9}' } }]);
    assert.equal(answer.tool_call_id, "c1");
    assert.equal(last().path, "/v2/pets/9");
  });

  it("reads OpenAPI 3.1 and refuses Swagger 2.0", async () => {
    process.env.TN_LIB_TOKEN = "lib-secret";
    const spec = readFileSync(new URL("library-3.1.json", fixtures), "utf8");
    const tools = fromOpenAPI(spec, { baseUrl: a.url, headers: { Authorization: "Bearer ${TN_LIB_TOKEN}" }, include: ["books"], prefix: "lib_" });
    assert.deepEqual(tools.map((t) => t.name).sort(), ["lib_add_note", "lib_createBook", "lib_getBook", "lib_listBooks", "lib_replaceBook"]);
    checkProviders(tools);
    const replace = tools.find((t) => t.name === "lib_replaceBook");
    const r = await replace.execute({ id: "p 1", query_id: 5, body_id: "b1", title: "T" });
    assert.equal(r.isError, false, r.output);
    assert.deepEqual([last().method, last().path, last().body], ["PUT", "/books/p%201?id=5", '{"id":"b1","title":"T"}']);
    assert.equal(last().headers.authorization, "Bearer lib-secret");
    delete process.env.TN_LIB_TOKEN;
    assert.throws(() => fromOpenAPI({ swagger: "2.0", paths: {} }), { name: "TypeError", message: /Swagger 2\.0/ });
    assert.throws(() => fromOpenAPI({ openapi: "3.0.0", paths: { "/a": { get: {} } } }), /baseUrl/);
    assert.throws(() => fromOpenAPI(42), TypeError);
  });

  it("turns GitHub's whole description into tools and calls a sample of them", async (t) => {
    const path = githubSpec();
    if (!path) return t.skip("@octokit/openapi is not installed and TOOLNEXUS_GITHUB_SPEC is not set");
    const text = readFileSync(path, "utf8");
    const tools = fromOpenAPI(text, { baseUrl: a.url });
    const doc = JSON.parse(text);
    const count = Object.values(doc.paths).reduce((n, item) => n + Object.keys(item).filter((k) => k !== "parameters").length, 0);
    assert.equal(tools.length, count);
    assert.ok(tools.length > 1000);
    const strict = checkProviders(tools);
    assert.ok(strict > tools.length * 0.9, `${strict} strict`);
    const by = Object.fromEntries(tools.map((x) => [x.name, x]));
    await by["repos_get-content"].execute({ owner: "o", repo: "r", path: "src/lib.rs", ref: "main" });
    assert.equal(last().path, "/repos/o/r/contents/src%2Flib.rs?ref=main");
    await by.issues_create.execute({ owner: "o", repo: "r", title: "Bug", labels: ["a"] });
    assert.deepEqual([last().method, last().path, last().body], ["POST", "/repos/o/r/issues", '{"title":"Bug","labels":["a"]}']);
    await by["issues_list-for-repo"].execute({ owner: "o", repo: "r", state: "open", per_page: 5 });
    assert.equal(last().path, "/repos/o/r/issues?state=open&per_page=5");
    await by["repos_update"].execute({ owner: "o", repo: "r", description: "d", private: true });
    assert.deepEqual([last().method, last().path, last().body], ["PATCH", "/repos/o/r", '{"description":"d","private":true}']);
  });
});

function githubSpec() {
  if (process.env.TOOLNEXUS_GITHUB_SPEC) return process.env.TOOLNEXUS_GITHUB_SPEC;
  try {
    const main = createRequire(import.meta.url).resolve("@octokit/openapi");
    const path = fileURLToPath(new URL("generated/api.github.com.json", new URL(".", `file://${main}`)));
    return existsSync(path) ? path : undefined;
  } catch {
    return undefined;
  }
}
