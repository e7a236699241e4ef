// The npm face of the cross-package comparison (test_cross_package.py): reads the cases as JSON
// on stdin, runs them through the built npm package (`pkg/`, given as argv[2]) and writes every
// answer as JSON on stdout.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

const api = createRequire(import.meta.url)(join(process.argv[2], "node", "index.cjs"));
const { Tool, Toolkit, defineTool, fromMCP, toAnthropic, toGemini, toMCP, toOpenAI, toOpenAIResponses } = api;
const cases = JSON.parse(readFileSync(0, "utf8"));

const tools = (list) => list.map((t) => new Tool({ ...t, source: "mcp", execute: () => "" }));
const attempt = (f) => {
  try {
    return { ok: f() };
  } catch (error) {
    return { error: error.message };
  }
};

const kit = new Toolkit([
  defineTool({ name: "add", description: "Add.", inputSchema: cases.addSchema, run: ({ a, b }) => `${a + b}` }),
  defineTool({ name: "fail", description: "Fails.", inputSchema: { type: "object" }, run: () => { throw new Error("kaput"); } }),
  defineTool({ name: "keys", description: "Its arguments' keys.", inputSchema: cases.keysSchema, run: (args) => Object.keys(args).join(",") }),
]);

const out = {};
out.adapters = {};
for (const [id, list] of Object.entries(cases.lists)) {
  const t = tools(list);
  out.adapters[id] = {
    openai: attempt(() => toOpenAI(t)),
    openai_strict: attempt(() => toOpenAI(t, { strict: true })),
    openai_nonstrict: attempt(() => toOpenAI(t, { strict: false })),
    responses: attempt(() => toOpenAIResponses(t)),
    responses_strict: attempt(() => toOpenAIResponses(t, { strict: true })),
    anthropic: attempt(() => toAnthropic(t)),
    gemini: attempt(() => toGemini(t)),
    gemini_openapi: attempt(() => toGemini(t, { dialect: "openapi" })),
    mcp: attempt(() => toMCP(t)),
  };
}
out.execute = [];
for (const [name, args] of cases.execute) out.execute.push(await kit.execute(name, args));
out.runs = {
  openai: await Promise.all(cases.runs.openai.map((m) => kit.runOpenAI(m))),
  openai_responses: await Promise.all(cases.runs.openai_responses.map((m) => kit.runOpenAIResponses(m))),
  anthropic: await Promise.all(cases.runs.anthropic.map((m) => kit.runAnthropic(m))),
  gemini: await Promise.all(cases.runs.gemini.map((m) => kit.runGemini(m))),
  mcp: await Promise.all(cases.runs.mcp.map((m) => kit.runMCP(m))),
};
const client = (names) => ({
  listTools: async () => ({ tools: names.map((name) => ({ name, inputSchema: { type: "object" } })) }),
  callTool: async () => ({ content: [] }),
});
out.fromMCP = [];
for (const [names, prefix] of cases.fromMCP) out.fromMCP.push((await fromMCP(client(names), { prefix })).map((t) => t.name));
// What a tool from fromMCP answers for each CallToolResult the server gives.
out.mcpResults = [];
for (const result of cases.mcpResults) {
  const [tool] = await fromMCP({ listTools: client(["r"]).listTools, callTool: async () => result });
  const { output, isError, metadata } = await tool.execute({});
  out.mcpResults.push(metadata === undefined ? { output, isError } : { output, isError, metadata });
}
process.stdout.write(JSON.stringify(out));
