// Tools out (CONTRACT.md, "Tools out"): the five adapters over the installed package, the MCP
// corpus, and the providers' own clients (no network: their fetch is answered in-process, MCP
// runs over InMemoryTransport).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";

import { defineTool, toAnthropic, toGemini, toMCP, toOpenAI, toOpenAIResponses, Tool } from "toolnexus";

const corpus = JSON.parse(readFileSync(new URL("../fixtures/mcp-tools.json", import.meta.url), "utf8"));
const NODE = Number(process.versions.node.split(".")[0]);
const NEEDS_22 = NODE < 22 && "the SDK supports Node.js 22 and later";

/** The corpus as Tools, names made unique (two servers both have a create_branch). */
function corpusTools() {
  const seen = new Set();
  return corpus.map((t) => {
    const name = seen.has(t.name) ? `${t.name}_2` : t.name;
    seen.add(name);
    return new Tool({ name, description: t.description, inputSchema: t.inputSchema, source: "mcp", execute: () => "" });
  });
}

const ADAPTERS = {
  toOpenAI: (tools) => toOpenAI(tools),
  "toOpenAI strict": (tools) => toOpenAI(tools, { strict: true }),
  toOpenAIResponses: (tools) => toOpenAIResponses(tools),
  "toOpenAIResponses strict": (tools) => toOpenAIResponses(tools, { strict: true }),
  toAnthropic: (tools) => toAnthropic(tools),
  toGemini: (tools) => toGemini(tools),
  "toGemini openapi": (tools) => toGemini(tools, { dialect: "openapi" }),
  toMCP: (tools) => toMCP(tools),
};

/** Every object reachable from `value`. */
function objects(value, out = new Set()) {
  if (value !== null && typeof value === "object" && !out.has(value)) {
    out.add(value);
    for (const v of Object.values(value)) objects(v, out);
  }
  return out;
}

const search = defineTool({
  name: "search",
  description: "Search the web",
  inputSchema: {
    type: "object",
    properties: { q: { type: "string", minLength: 1 }, limit: { type: "integer" }, url: { type: "string", format: "uri" } },
    required: ["q"],
  },
  run: ({ q }) => `results for ${q}`,
});

describe("tools out: shapes", () => {
  it("toOpenAI", () => {
    assert.deepEqual(toOpenAI([search]), [
      { type: "function", function: { name: "search", description: "Search the web", parameters: search.inputSchema } },
    ]);
    const [strict] = toOpenAI([search], { strict: true });
    assert.equal(strict.function.strict, true);
    assert.deepEqual(strict.function.parameters, {
      type: "object",
      properties: {
        q: { type: "string", description: "minLength: 1" },
        limit: { type: ["integer", "null"] },
        url: { type: ["string", "null"], description: "format: uri" },
      },
      required: ["q", "limit", "url"],
      additionalProperties: false,
    });
    assert.equal(toOpenAI([search], { strict: false })[0].function.strict, false);
  });

  it("toOpenAIResponses always says strict", () => {
    assert.deepEqual(toOpenAIResponses([search]), [
      { type: "function", name: "search", description: "Search the web", parameters: search.inputSchema, strict: false },
    ]);
    assert.equal(toOpenAIResponses([search], { strict: true })[0].strict, true);
  });

  it("an open map is sent as given with strict: false", () => {
    const headers = defineTool({
      name: "fetch_url",
      description: "GET a URL",
      inputSchema: { type: "object", properties: { headers: { type: "object", additionalProperties: { type: "string" } } } },
      run: () => "",
    });
    const [chat] = toOpenAI([headers], { strict: true });
    assert.equal(chat.function.strict, false);
    assert.deepEqual(chat.function.parameters, headers.inputSchema);
  });

  it("unused definitions are dropped by the rewriting dialects, used ones kept", () => {
    const inputSchema = {
      type: "object",
      properties: { user: { $ref: "#/$defs/User" }, tags: { type: "array", items: { $ref: "#/definitions/Tag" } } },
      required: ["user", "tags"],
      $defs: {
        User: { type: "object", properties: { name: { type: "string" }, boss: { $ref: "#/$defs/User" } }, required: ["name", "boss"] },
        Meta: { type: "object", additionalProperties: true },
      },
      definitions: { Tag: { type: "string" }, Spare: { type: "integer" } },
    };
    const tool = { name: "t", description: "", inputSchema, source: "custom", execute: () => "" };
    const before = structuredClone(inputSchema);
    // Twice: the second answer comes from the adapters' cache, and must be the same.
    for (let round = 0; round < 2; round++) {
      const [chat] = toOpenAI([tool], { strict: true });
      assert.equal(chat.function.strict, true, "the open map is in an unused definition");
      assert.deepEqual(Object.keys(chat.function.parameters.$defs), ["User"]);
      assert.deepEqual(Object.keys(chat.function.parameters.definitions), ["Tag"]);
      const json = toGemini([tool])[0].functionDeclarations[0].parametersJsonSchema;
      assert.deepEqual(json.$defs, { User: inputSchema.$defs.User });
      assert.deepEqual(json.definitions, { Tag: { type: "string" } });
      const open = toGemini([tool], { dialect: "openapi" })[0].functionDeclarations[0].parameters;
      assert.equal(open.properties.user.type, "OBJECT");
      assert.equal(open.$defs, undefined);
    }
    assert.deepEqual(toAnthropic([tool])[0].input_schema, inputSchema, "a copying target sends it as given");
    assert.deepEqual(inputSchema, before, "the tool's schema is untouched");
  });

  it("toAnthropic, toMCP: copies", () => {
    assert.deepEqual(toAnthropic([search]), [{ name: "search", description: "Search the web", input_schema: search.inputSchema }]);
    assert.deepEqual(toMCP([search]), [{ name: "search", description: "Search the web", inputSchema: search.inputSchema }]);
  });

  it("every text crosses exactly, short or long, ASCII or not", () => {
    const schema = { type: "object", properties: {} };
    const texts = ["plain", "héllo wörld", "emoji 😀 and 中文", "a lone \udc00 surrogate", "x".repeat(300), "é".repeat(200)];
    for (const description of texts) {
      const expected = description.replace(/\udc00/, "\ufffd");
      const [out] = toMCP([{ name: "t", description, inputSchema: schema }]);
      assert.equal(out.description, expected, `${description.length} units`);
      assert.equal(toAnthropic([{ name: "t", description, inputSchema: schema }])[0].description, expected);
    }
    // Around the size up to which an input is written into the buffer the rules instance keeps
    // (32 KiB of UTF-8, a third of that in UTF-16 units), in two-byte and three-byte characters.
    for (const char of ["é", "中"]) {
      for (let n = 10_870; n <= 10_930; n += 3) {
        const description = char.repeat(n);
        assert.equal(toMCP([{ name: "t", description, inputSchema: schema }])[0].description, description, `${n} × ${char}`);
      }
    }
    const long = toMCP([{ name: "t", description: "x".repeat(200_000), inputSchema: schema }]);
    assert.equal(long[0].description.length, 200_000, "an answer longer than the buffer, let go once read");
    assert.equal(toMCP([{ name: "t", description: "after", inputSchema: schema }])[0].description, "after");
  });

  it("toGemini: one Tool of function declarations, two dialects", () => {
    const [tool] = toGemini([search]);
    assert.deepEqual(Object.keys(tool), ["functionDeclarations"]);
    assert.deepEqual(tool.functionDeclarations[0].parametersJsonSchema, search.inputSchema);
    const [open] = toGemini([search], { dialect: "openapi" });
    assert.deepEqual(open.functionDeclarations[0].parameters, {
      type: "OBJECT",
      properties: {
        q: { type: "STRING", minLength: "1" },
        limit: { type: "INTEGER" },
        url: { type: "STRING", description: "format: uri" },
      },
      required: ["q"],
    });
    assert.deepEqual(toGemini([]), []);
  });

  it("a schema changed in place is rewritten again (answers are kept by content, not by object)", () => {
    const schema = { type: "object", properties: { a: { type: "string" } } };
    const tool = { name: "t", description: "", inputSchema: schema, source: "custom", execute: () => "" };
    for (const adapt of [(t) => toOpenAI(t, { strict: true })[0].function.parameters,
      (t) => toGemini(t, { dialect: "openapi" })[0].functionDeclarations[0].parameters]) {
      const first = adapt([tool]);
      assert.ok(first.properties.a);
      schema.properties.b = { type: "integer" };
      const second = adapt([tool]);
      assert.ok(second.properties.b, "the new property is there");
      assert.notEqual(second.properties.a, first.properties.a, "fresh objects on every call");
      first.properties.a.mutated = true;
      assert.equal(adapt([tool]).properties.a.mutated, undefined, "a caller's change to an answer stays in it");
      delete schema.properties.b;
      assert.equal(adapt([tool]).properties.b, undefined);
    }
  });

  it("takes any iterable: a Set, a generator", () => {
    assert.equal(toMCP(new Set([search])).length, 1);
    assert.equal(toMCP((function* () { yield search; })()).length, 1);
    assert.throws(() => toMCP(42), TypeError);
    assert.throws(() => toMCP({ length: 1, 0: search }), TypeError);
  });

  it("checks its options", () => {
    assert.throws(() => toOpenAI([search], { strict: "yes" }), /strict must be a boolean/);
    assert.throws(() => toGemini([search], { dialect: "yaml" }), /dialect/);
  });
});

describe("tools out: names", () => {
  const named = (name) => ({ name, description: "", inputSchema: { type: "object" }, source: "custom", execute: () => "" });
  const rejects = (fn, ...parts) =>
    assert.throws(fn, (e) => {
      assert.ok(e instanceof TypeError, String(e));
      for (const p of parts) assert.ok(e.message.includes(p), `${e.message} should name ${p}`);
      return true;
    });

  it("OpenAI and Anthropic: ^[a-zA-Z0-9_-]{1,64}$", () => {
    const long = "x".repeat(65);
    rejects(() => toOpenAI([named(long)]), "toOpenAI", long, "OpenAI", "^[a-zA-Z0-9_-]{1,64}$");
    rejects(() => toOpenAIResponses([named("a.b")]), "toOpenAIResponses", '"a.b"');
    rejects(() => toAnthropic([named("a b")]), "toAnthropic", "Anthropic", '"a b"');
    assert.equal(toAnthropic([named("x".repeat(64))]).length, 1);
  });

  it("Gemini: a letter or _ first, at most 128", () => {
    rejects(() => toGemini([named("9lives")]), "toGemini", "Gemini", '"9lives"', "letter");
    rejects(() => toGemini([named("g".repeat(129))]), "128");
    assert.equal(toGemini([named("_ns.tool:v1")])[0].functionDeclarations.length, 1);
  });

  it("MCP: 1 to 128 characters", () => {
    rejects(() => toMCP([named("")]), "toMCP", "MCP");
    assert.equal(toMCP([named("any name é")]).length, 1);
  });

  it("two tools with one name", () => {
    rejects(() => toMCP([named("dup"), named("other"), named("dup")]), "toMCP", '"dup"', "unique");
    const listed = corpus.map((t) => named(t.name));
    rejects(() => toOpenAI(listed), '"create_branch"');
  });
});

describe("tools out: the corpus", () => {
  for (const [label, adapt] of Object.entries(ADAPTERS)) {
    it(`${label}: fresh objects, input untouched`, () => {
      const tools = corpusTools();
      const before = structuredClone(tools.map(({ name, description, inputSchema }) => ({ name, description, inputSchema })));
      const out = adapt(tools);
      const declarations = label.startsWith("toGemini") ? out[0].functionDeclarations : out;
      assert.equal(declarations.length, tools.length);
      assert.deepEqual(tools.map(({ name, description, inputSchema }) => ({ name, description, inputSchema })), before);
      const mine = objects(tools.map((t) => t.inputSchema));
      for (const o of objects(out)) assert.ok(!mine.has(o), `${label} handed back a tool's own object`);
      // A second call gives equal, separate objects.
      const again = adapt(tools);
      assert.deepEqual(again, out);
      assert.notEqual(again[0], out[0]);
    });
  }

  it("strict: every tool strict but the two open maps", () => {
    const out = toOpenAI(corpusTools(), { strict: true });
    const loose = out.filter((t) => !t.function.strict).map((t) => t.function.name);
    assert.deepEqual(loose, ["browser_drop", "puppeteer_navigate"]);
  });
});

describe("tools out: the providers' own clients", () => {
  const captured = [];
  const fetchAnswering = (body) => async (url, init) => {
    captured.push(JSON.parse(init.body));
    return new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
  };

  it("@modelcontextprotocol/sdk: a Client lists what a Server answers with toMCP", async () => {
    const { Client } = await import("@modelcontextprotocol/sdk/client/index.js");
    const { Server } = await import("@modelcontextprotocol/sdk/server/index.js");
    const { InMemoryTransport } = await import("@modelcontextprotocol/sdk/inMemory.js");
    const { ListToolsRequestSchema } = await import("@modelcontextprotocol/sdk/types.js");
    const tools = corpusTools();
    const server = new Server({ name: "corpus", version: "1.0.0" }, { capabilities: { tools: {} } });
    server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: toMCP(tools) }));
    const [a, b] = InMemoryTransport.createLinkedPair();
    await server.connect(a);
    const client = new Client({ name: "test", version: "1.0.0" });
    await client.connect(b);
    const listed = await client.listTools();
    assert.deepEqual(listed.tools, toMCP(tools));
    await client.close();
  });

  it("openai: chat.completions.create and responses.create send the tools", { skip: NEEDS_22 }, async () => {
    const { default: OpenAI } = await import("openai");
    const client = new OpenAI({
      apiKey: "test",
      fetch: fetchAnswering({ id: "x", object: "chat.completion", created: 0, model: "m", choices: [] }),
    });
    const tools = toOpenAI(corpusTools(), { strict: true });
    await client.chat.completions.create({ model: "gpt-4o", messages: [{ role: "user", content: "hi" }], tools });
    assert.deepEqual(captured.pop().tools, tools);
    const rtools = toOpenAIResponses(corpusTools(), { strict: true });
    await client.responses.create({ model: "gpt-4o", input: "hi", tools: rtools });
    assert.deepEqual(captured.pop().tools, rtools);
  });

  it("@anthropic-ai/sdk: messages.create sends the tools", async () => {
    const { default: Anthropic } = await import("@anthropic-ai/sdk");
    const client = new Anthropic({
      apiKey: "test",
      fetch: fetchAnswering({ id: "m", type: "message", role: "assistant", content: [], model: "c", stop_reason: "end_turn", usage: { input_tokens: 0, output_tokens: 0 } }),
    });
    const tools = toAnthropic(corpusTools());
    await client.messages.create({ model: "claude", max_tokens: 1, messages: [{ role: "user", content: "hi" }], tools });
    assert.deepEqual(captured.pop().tools, tools);
  });

  it("@google/genai: generateContent sends both dialects", { skip: NEEDS_22 }, async () => {
    const { GoogleGenAI } = await import("@google/genai");
    const realFetch = globalThis.fetch;
    globalThis.fetch = fetchAnswering({ candidates: [{ content: { role: "model", parts: [{ text: "ok" }] } }] });
    try {
      const ai = new GoogleGenAI({ apiKey: "test" });
      for (const tools of [toGemini(corpusTools()), toGemini(corpusTools(), { dialect: "openapi" })]) {
        await ai.models.generateContent({ model: "gemini-2.5-flash", contents: "hi", config: { tools } });
        assert.deepEqual(captured.pop().tools, tools);
      }
    } finally {
      globalThis.fetch = realFetch;
    }
  });
});
