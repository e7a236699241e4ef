// The benchmark behind `npm run bench`: the installed package `toolnexus` against the same
// contract written in plain JavaScript (bench/plain.mjs), in one process, in alternating rounds
// (package round, plain round, package round, ...), reporting medians, ratios and whether each
// budget holds. It is a report: it exits 0 whether or not the budgets hold, and writes every
// figure (and every round) to build/bench.json.
//
//   node bench/run.mjs
//
// Rows:
//   execute   four paths of the result table, ns per call, timed in batches of
//             `await Promise.all(1000 × tool.execute(args))` (the same for both sides)
//   runOpenAI a Chat Completions message of 8 tool calls (the four paths, twice each, JSON
//             arguments) answered by `Toolkit.runOpenAI` against the same dispatch in plain
//             JavaScript (bench/plain.mjs: lookup, JSON.parse, execute, reply objects), each
//             side with its own tools; one message at a time, each awaited before the next.
//             A second row gives both sides the package's tools: the dispatch alone
//   defineTool, sanitize of a 16-character name (ns per call), sanitize of 1 MB of text (ms)
//   toOpenAI strict and toGemini openapi over the MCP corpus against structuredClone (ms):
//   the same list every call, and every schema new each call
//   fromA2A: one call to an A2A agent answering with a message (protocol 1.0), against the same
//             JSON-RPC request written by hand with fetch (the agent: a node:http server in
//             this process answering a fixed reply, the same for both sides); one call at a time
//             (bench/a2a.mjs)
//   characters sent: the corpus's schemas in each rewriting dialect against the schemas as
//   given, as listed and with a block of shared definitions added to every tool
//   import + first call, in fresh `node` processes (bench/startup-child.mjs)
//   builtinTools: grep over the repository vs readdir + RegExp, read of a 10,000-line file vs
//             readFile + split (bench/builtins.mjs)
//   fromOpenAPI over GitHub's description vs JSON.parse of its text; an httpTool call to a
//             local server vs the same fetch by hand (bench/http.mjs)
//   sizes of the .wasm (raw and gzip -9) and of the npm tarball
//   memory per live tool, in `node --expose-gc` processes (bench/memory-child.mjs)
//   loadSkills over 1,000 skill folders against readdir + readFile + the yaml package
//   (bench/skills.mjs)
//   connectMCP: three stdio servers from a config against the same three connected by hand
//             with the MCP SDK, concurrently (bench/mcp.mjs), ms per start
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { gzipSync } from "node:zlib";

import * as toolnexus from "toolnexus";
import { a2aRows } from "./a2a.mjs";
import { httpRows } from "./http.mjs";
import { measureMcpStart } from "./mcp.mjs";
import * as plain from "./plain.mjs";
import { builtinRows } from "./builtins.mjs";
import { skillsRow } from "./skills.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..");
const started = process.hrtime.bigint();

// A full collection before every timed round, so that no round pays for the garbage of the one
// before it (allocation inside a round, and the scavenges it causes, are still counted).
setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc");

const BATCH = 1000; // calls per batch for the per-call rows
const ROUNDS = 15; // timed rounds per side (alternating), the median is reported
const WARMUP = 3; // untimed rounds per side first
const ROUND_MS = 60; // each round runs about this long
const SPAWNS = 15; // fresh processes per side for import + first call
const MEMORY_TOOLS = 100_000;
const MEMORY_SPAWNS = 3;

const sides = [
  { key: "toolnexus", api: toolnexus },
  { key: "plain", api: plain },
];

// ---------------------------------------------------------------------------------------------
// Inputs. The run functions are shared by both sides (the very same function objects).

const ARGS = { id: 7 };
const runs = {
  string: ({ id }) => `user ${id}`,
  json: async ({ id }) => ({ id, name: "Ada Lovelace", roles: ["admin", "dev"], active: true }),
  passthrough: ({ id }) => ({ output: `user ${id}`, isError: false, metadata: { id, cached: true } }),
  throws: ({ id }) => {
    throw new Error(`no user ${id}`);
  },
};

const SCHEMA = {
  type: "object",
  properties: { id: { type: "integer", description: "The user's id" } },
  required: ["id"],
  additionalProperties: false,
};
const DEFINE_OPTS = {
  name: "get_user_profile",
  description: "Look a user's profile up by id",
  inputSchema: SCHEMA,
  run: runs.string,
};

// Eight names of 16 characters, cycled, so that neither side can profit from seeing one string
// over and over.
const NAMES_16 = ["get user profile", "list open orders", "Send E-Mail now!", "search_the_docs2",
  "create account!!", "fetch weather/v2", "delete old files", "run-sql (ro) 42?"];
for (const name of NAMES_16) assert.equal(name.length, 16);

/** About 1 MB of realistic text: mostly ASCII words, spaces and punctuation, some non-ASCII. */
function mixedText(units) {
  let seed = 0x9e3779b9;
  const random = () => {
    // mulberry32: deterministic, so every run sanitizes the same text
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const words = ("the of and to in is that for it as with was on be by this are from at or an " +
    "user tool name schema result output error request response value string number object " +
    "profile account order search update delete create list fetch query index token model agent " +
    "server client handler context signal timeout config version path file data json http api").split(" ");
  const foreign = ["Grüße", "naïve", "café", "Ärger", "über", "façade", "日本語", "世界", "данные",
    "Ωmega", "—", "…", "€5", "😀", "🚀", "✓"];
  const punctuation = [" ", " ", " ", " ", " ", ", ", ". ", "; ", ": ", "! ", "? ", "/", "-", "_",
    "\n", " (", ") ", "\"", "'", "#", "@", "=", "\t"];
  const parts = [];
  let length = 0;
  while (true) {
    const r = random();
    let word = r < 0.04 ? foreign[Math.floor(random() * foreign.length)] : words[Math.floor(random() * words.length)];
    if (random() < 0.08) word = word[0].toUpperCase() + word.slice(1);
    if (random() < 0.05) word += String(Math.floor(random() * 1000));
    const token = word + punctuation[Math.floor(random() * punctuation.length)];
    if (length + token.length > units) break;
    parts.push(token);
    length += token.length;
  }
  parts.push("a".repeat(units - length));
  return parts.join("");
}

const TEXT_1MB = mixedText(1 << 20);
assert.equal(TEXT_1MB.length, 1 << 20);
let nonAscii = 0;
for (let i = 0; i < TEXT_1MB.length; i++) if (TEXT_1MB.charCodeAt(i) > 0x7f) nonAscii++;
let allowed = 0;
for (let i = 0; i < TEXT_1MB.length; i++) if (/[a-zA-Z0-9_-]/.test(TEXT_1MB[i])) allowed++;

// ---------------------------------------------------------------------------------------------
// Both sides must agree on every benchmark input, or the comparison would not be fair.

const reference = (value) => value.replace(/[^a-zA-Z0-9_-]/g, "_");
const tools = {};
const perBatch = {}; // what one batch must sum to, from the checked results
for (const { key, api } of sides) {
  tools[key] = {};
  for (const [path, run] of Object.entries(runs)) {
    tools[key][path] = api.defineTool({ name: `bench_${path}`, description: `The ${path} path`, inputSchema: SCHEMA, run });
  }
}
for (const path of Object.keys(runs)) {
  const a = await tools.toolnexus[path].execute(ARGS);
  const b = await tools.plain[path].execute(ARGS);
  assert.deepEqual(a, b, `execute (${path}): toolnexus and plain JS disagree`);
  assert.deepEqual(Object.keys(a), Object.keys(b), `execute (${path}): result keys differ`);
  perBatch[`execute_${path}`] = BATCH * (a.output.length + (a.isError ? 1 : 0));
}
{
  const marker = { output: "same", isError: false };
  for (const { key, api } of sides) {
    const t = api.defineTool({ name: "same_object", description: "", run: () => marker });
    assert.equal(await t.execute(), marker, `${key}: a ToolResult is passed through unchanged`);
  }
  const a = toolnexus.defineTool(DEFINE_OPTS);
  const b = plain.defineTool(DEFINE_OPTS);
  assert.equal(JSON.stringify(a), JSON.stringify(b), "defineTool: the tools differ");
  assert.deepEqual(Object.keys(a), Object.keys(b), "defineTool: the own keys differ");
  assert.ok(a instanceof toolnexus.Tool && b instanceof plain.Tool);
  assert.ok(a.inputSchema === SCHEMA && b.inputSchema === SCHEMA, "defineTool: the schema is kept as given");
  assert.deepEqual(await a.execute(ARGS), await b.execute(ARGS));
  perBatch.defineTool = BATCH * a.name.length;
}
for (const input of [...NAMES_16, TEXT_1MB]) {
  const a = toolnexus.sanitize(input);
  const b = plain.sanitize(input);
  assert.ok(a === b && a === reference(input), `sanitize: toolnexus and plain JS disagree on ${JSON.stringify(input.slice(0, 20))}`);
  assert.equal(a.length, input.length);
}
// A message of 8 tool calls over the four paths, as a model sends it (arguments as JSON).
const MESSAGES = 100; // messages per batch, each awaited before the next
const MESSAGE = {
  role: "assistant",
  content: null,
  tool_calls: Array.from({ length: 8 }, (_, i) => {
    const path = Object.keys(runs)[i % 4];
    return { id: `call_${i}`, type: "function", function: { name: `bench_${path}`, arguments: JSON.stringify({ id: i }) } };
  }),
};
const kits = {
  toolnexus: new toolnexus.Toolkit(Object.values(tools.toolnexus)),
  plain: new Map(Object.values(tools.plain).map((tool) => [tool.name, tool])),
};
const dispatch = {
  toolnexus: (message) => kits.toolnexus.runOpenAI(message),
  plain: (message) => plain.runOpenAI(kits.plain, message),
};
// The dispatch alone: the plain dispatch over the package's own tools.
const packageTools = new Map(Object.values(tools.toolnexus).map((tool) => [tool.name, tool]));
const dispatchOnly = {
  toolnexus: dispatch.toolnexus,
  plain: (message) => plain.runOpenAI(packageTools, message),
};
{
  const a = await dispatch.toolnexus(MESSAGE);
  const b = await dispatch.plain(MESSAGE);
  assert.deepEqual(a, b, "runOpenAI: toolnexus and plain JS disagree");
  assert.deepEqual(await dispatchOnly.plain(MESSAGE), a, "runOpenAI: the plain dispatch over the package's tools disagrees");
  assert.equal(a.filter((m) => m.content.startsWith("Error: ")).length, 2);
  perBatch.runOpenAI8 = perBatch.runOpenAI8_dispatch = MESSAGES * a.reduce((n, m) => n + m.content.length, 0);
}
perBatch.sanitize16 = BATCH * 16;
perBatch.sanitize1MB = TEXT_1MB.length;

// ---------------------------------------------------------------------------------------------
// Timing. Each (row, side) gets its own batch function compiled from source, so the two sides
// never share the feedback (inline caches, optimized code) of one call site. Every batch sums
// what it got back, and every round checks that sum: the work cannot be optimized away, and a
// wrong result would stop the benchmark.

function syncBatch(n, expr) {
  return new Function("api", "input", `"use strict";
    return function batch() {
      let s = 0;
      for (let i = 0; i < ${n}; i++) s += ${expr};
      return s;
    };`);
}

function executeBatch(n) {
  return new Function("tool", "input", `"use strict";
    return async function batch() {
      const pending = new Array(${n});
      for (let i = 0; i < ${n}; i++) pending[i] = tool.execute(input);
      const results = await Promise.all(pending);
      let s = 0;
      for (let i = 0; i < ${n}; i++) {
        const r = results[i];
        s += r.output.length + (r.isError ? 1 : 0);
      }
      return s;
    };`);
}

function dispatchBatch(n) {
  return new Function("run", "message", `"use strict";
    return async function batch() {
      let s = 0;
      for (let i = 0; i < ${n}; i++) {
        const replies = await run(message);
        for (let j = 0; j < replies.length; j++) s += replies[j].content.length;
      }
      return s;
    };`);
}

// One awaited call at a time, as an agent loop makes them: every call's own cost shows.
function sequentialBatch(n) {
  return new Function("tool", "input", `"use strict";
    return async function batch() {
      let s = 0;
      for (let i = 0; i < ${n}; i++) {
        const r = await tool.execute(input);
        s += r.output.length + (r.isError ? 1 : 0);
      }
      return s;
    };`);
}

// The least a defineTool can do: no checks at all, the same fields and the same execute.
const bare = {
  defineTool: (o) => {
    const tool = Object.create(plain.Tool.prototype);
    tool.name = o.name;
    tool.description = o.description;
    tool.inputSchema = o.inputSchema ?? { type: "object", properties: {}, additionalProperties: false };
    tool.source = o.source ?? "native";
    tool.execute = plain.wrap(o.run);
    return tool;
  },
};

const EXECUTE_HOW = `one awaited call at a time (sequential), and await Promise.all of ${BATCH} executes per batch`;
const PATHS = {
  string: "sync run → string",
  json: "async run → object (JSON)",
  passthrough: "run → ToolResult",
  throws: "run throws",
};
const rows = [
  ...Object.entries(PATHS).map(([path, label]) => ({
    id: `sequential_${path}`,
    label: `execute, sequential await: ${label}`,
    unit: "ns",
    callsPerBatch: BATCH,
    async: true,
    perBatchOf: `execute_${path}`,
    make: (side) => sequentialBatch(BATCH)(tools[side.key][path], ARGS),
    budget: 1.25,
    aim: 1,
  })),
  ...Object.entries(PATHS).map(([path, label]) => ({
    id: `execute_${path}`,
    label: `execute, batch of ${BATCH}: ${label}`,
    unit: "ns",
    callsPerBatch: BATCH,
    async: true,
    make: (side) => executeBatch(BATCH)(tools[side.key][path], ARGS),
    budget: 2,
    aim: 1.25,
  })),
  {
    id: "runOpenAI8",
    label: "runOpenAI: a message of 8 tool calls",
    unit: "ns",
    callsPerBatch: MESSAGES,
    async: true,
    make: (side) => dispatchBatch(MESSAGES)(dispatch[side.key], MESSAGE),
    budget: 1.5,
    aim: 1.1,
  },
  {
    id: "runOpenAI8_dispatch",
    label: "runOpenAI: 8 calls, dispatch alone (same tools)",
    unit: "ns",
    callsPerBatch: MESSAGES,
    async: true,
    make: (side) => dispatchBatch(MESSAGES)(dispatchOnly[side.key], MESSAGE),
    budget: 1.5,
    aim: 1.1,
  },
  {
    id: "defineTool",
    label: "defineTool (with inputSchema)",
    unit: "ns",
    callsPerBatch: BATCH,
    make: (side) => syncBatch(BATCH, "api.defineTool(input).name.length")(side.api, DEFINE_OPTS),
    budget: 1.5,
    aim: 1,
  },
  {
    id: "defineToolBare",
    label: "defineTool against one that checks nothing",
    unit: "ns",
    callsPerBatch: BATCH,
    perBatchOf: "defineTool",
    make: (side) => syncBatch(BATCH, "api.defineTool(input).name.length")(side.key === "plain" ? bare : side.api, DEFINE_OPTS),
    budget: 1.5,
    aim: 1,
  },
  {
    id: "sanitize16",
    label: "sanitize: 16-char name",
    unit: "ns",
    callsPerBatch: BATCH,
    make: (side) => syncBatch(BATCH, "api.sanitize(input[i & 7]).length")(side.api, NAMES_16),
    budget: 1.25,
    aim: 1,
  },
  {
    id: "sanitize1MB",
    label: "sanitize: 1 MB mixed text",
    unit: "ms",
    callsPerBatch: 1,
    make: (side) => syncBatch(1, "api.sanitize(input).length")(side.api, TEXT_1MB),
    budget: 1,
    aim: 0.5,
  },
];

// Tools out over the MCP corpus (tests/fixtures/mcp-tools.json, 151 real tools, names made
// unique): the adapters against structuredClone of the same schemas, the floor for building a
// new tree.
const CORPUS = (() => {
  const seen = new Set();
  return JSON.parse(readFileSync(join(root, "tests", "fixtures", "mcp-tools.json"), "utf8")).map((t) => {
    const name = seen.has(t.name) ? `${t.name}_2` : t.name;
    seen.add(name);
    return { name, description: t.description, inputSchema: t.inputSchema };
  });
})();
const CORPUS_SCHEMAS = CORPUS.map((t) => t.inputSchema);
perBatch.toOpenAIStrict = CORPUS.length;
perBatch.toGeminiOpenAPI = CORPUS.length;
perBatch.toOpenAIStrictCold = CORPUS.length;
perBatch.toGeminiOpenAPICold = CORPUS.length;
// The adapters keep their answers by each schema's JSON text, so the rows above (the same list
// every call, as an agent loop sends it) are answered from that cache after the first call.
// The cold rows give every schema a new description before each call (both sides pay for
// that), so that every schema is new to the adapters: the core parses and rewrites them all.
const COLD = { tools: structuredClone(CORPUS), round: 0 };
COLD.schemas = COLD.tools.map((t) => t.inputSchema);
COLD.bump = () => {
  const text = `round ${COLD.round++}`;
  for (const schema of COLD.schemas) schema.description = text;
};
assert.equal(toolnexus.toOpenAI(CORPUS, { strict: true }).length, CORPUS.length);
rows.push(
  {
    id: "toOpenAIStrict",
    label: `toOpenAI(corpus, { strict: true }) vs structuredClone (${CORPUS.length} schemas)`,
    unit: "ms",
    callsPerBatch: 1,
    make: (side) => side.key === "toolnexus"
      ? syncBatch(1, "api.toOpenAI(input, { strict: true }).length")(side.api, CORPUS)
      : syncBatch(1, "structuredClone(input).length")(side.api, CORPUS_SCHEMAS),
    budget: 2,
    aim: 1.5,
  },
  {
    id: "toGeminiOpenAPI",
    label: `toGemini(corpus, { dialect: "openapi" }) vs structuredClone`,
    unit: "ms",
    callsPerBatch: 1,
    make: (side) => side.key === "toolnexus"
      ? syncBatch(1, 'api.toGemini(input, { dialect: "openapi" })[0].functionDeclarations.length')(side.api, CORPUS)
      : syncBatch(1, "structuredClone(input).length")(side.api, CORPUS_SCHEMAS),
    budget: 2,
    aim: 1.5,
  },
  {
    id: "toOpenAIStrictCold",
    label: "  the same, every schema new to the adapters",
    unit: "ms",
    callsPerBatch: 1,
    make: (side) => side.key === "toolnexus"
      ? syncBatch(1, "(input.bump(), api.toOpenAI(input.tools, { strict: true }).length)")(side.api, COLD)
      : syncBatch(1, "(input.bump(), structuredClone(input.schemas).length)")(side.api, COLD),
    budget: 2.5,
    aim: 1.5,
  },
  {
    id: "toGeminiOpenAPICold",
    label: "  toGemini openapi, every schema new to the adapters",
    unit: "ms",
    callsPerBatch: 1,
    make: (side) => side.key === "toolnexus"
      ? syncBatch(1, '(input.bump(), api.toGemini(input.tools, { dialect: "openapi" })[0].functionDeclarations.length)')(side.api, COLD)
      : syncBatch(1, "(input.bump(), structuredClone(input.schemas).length)")(side.api, COLD),
    budget: 2.5,
    aim: 1.5,
  },
);

// A2A: a call answered with a message (bench/a2a.mjs).
const a2a = await a2aRows({ api: toolnexus, perBatch, sequentialBatch });
rows.push(...a2a.rows);
const skills = await skillsRow();
rows.push(skills.row);
perBatch[skills.row.id] = skills.perBatch;

const builtins = await builtinRows(toolnexus, root);
rows.push(...builtins.rows);
Object.assign(perBatch, builtins.perBatch);
// Sources: fromOpenAPI over GitHub's description, an httpTool call to a local server.
const http = await httpRows({ root, perBatch, syncBatch, sequentialBatch });
rows.push(...http.rows);

const median = (values) => {
  const sorted = [...values].sort((x, y) => x - y);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

async function timeRound(row, batch, reps) {
  gc();
  let sum = 0;
  const t0 = process.hrtime.bigint();
  if (row.async) {
    for (let r = 0; r < reps; r++) sum += await batch();
  } else {
    for (let r = 0; r < reps; r++) sum += batch();
  }
  const ns = Number(process.hrtime.bigint() - t0);
  const expected = reps * perBatch[row.perBatchOf ?? row.id];
  if (sum !== expected) throw new Error(`${row.id}: a batch returned ${sum}, expected ${expected}`);
  return ns;
}

async function measure(row) {
  const state = sides.map((side) => {
    const batch = row.make(side);
    return { side, batch, reps: 1, perCall: [] };
  });
  // Calibrate on a first call, then warm up in alternating rounds and calibrate again from them.
  for (const s of state) {
    const ns = await timeRound(row, s.batch, 1);
    s.reps = Math.max(1, Math.round((ROUND_MS * 1e6) / ns));
  }
  const warm = state.map(() => []);
  for (let w = 0; w < WARMUP; w++) {
    for (let i = 0; i < state.length; i++) {
      const s = state[i];
      warm[i].push((await timeRound(row, s.batch, s.reps)) / s.reps);
    }
  }
  state.forEach((s, i) => {
    s.reps = Math.max(1, Math.round((ROUND_MS * 1e6) / median(warm[i])));
  });
  for (let r = 0; r < ROUNDS; r++) {
    for (const s of state) {
      const ns = await timeRound(row, s.batch, s.reps);
      s.perCall.push(ns / (s.reps * row.callsPerBatch));
    }
  }
  const [pkg, js] = state.map((s) => median(s.perCall));
  return {
    pkg, js, ratio: pkg / js,
    rounds: Object.fromEntries(state.map((s) => [s.side.key, { reps: s.reps, callsPerBatch: row.callsPerBatch, nsPerCall: s.perCall }])),
  };
}

// ---------------------------------------------------------------------------------------------
// Cold start: import + defineTool + the first execute, in fresh processes, alternating.

function startup() {
  // Both sides are imported by bare name from packages installed side by side in a fresh
  // node_modules (a copy of pkg/, as npm installs it, and a one-module plain package), so both
  // pay the same package resolution.
  const dir = mkdtempSync(join(tmpdir(), "toolnexus-bench-"));
  try {
    const modules = join(dir, "node_modules");
    cpSync(join(root, "pkg"), join(modules, "toolnexus"), { recursive: true });
    const plainPkg = join(modules, "plain-baseline");
    mkdirSync(plainPkg, { recursive: true });
    writeFileSync(join(plainPkg, "package.json"),
      JSON.stringify({ name: "plain-baseline", type: "module", exports: "./index.js" }));
    writeFileSync(join(plainPkg, "index.js"), 'export const defineTool=(o)=>({name:o.name,description:o.description,inputSchema:o.inputSchema??{type:"object",properties:{},additionalProperties:false},source:o.source??"native",execute:async(a,c)=>{try{const v=await o.run(a??{},c);return typeof v==="string"?{output:v,isError:false}:v!==null&&typeof v==="object"&&"output"in v&&"isError"in v?v:{output:JSON.stringify(v)??"",isError:false}}catch(e){return{output:typeof e?.message==="string"?e.message:String(e),isError:true}}}});\n');
    const child = join(dir, "startup-child.mjs");
    cpSync(join(here, "startup-child.mjs"), child);
    const specs = { toolnexus: "toolnexus", plain: "plain-baseline" };
    const once = (key) => {
      const r = spawnSync(process.execPath, [child, specs[key]], { cwd: dir, encoding: "utf8" });
      if (r.status !== 0) throw new Error(`startup (${key}) failed: ${r.stderr}`);
      return JSON.parse(r.stdout);
    };
    const ms = { toolnexus: [], plain: [] };
    for (let i = 0; i < 2 + SPAWNS; i++) {
      for (const key of ["toolnexus", "plain"]) {
        const { ms: t, result } = once(key);
        assert.deepEqual(result, { output: "user 7", isError: false }, `startup (${key}): wrong first result`);
        if (i >= 2) ms[key].push(t); // the first two per side only warm the file cache
      }
    }
    const pkg = median(ms.toolnexus);
    const js = median(ms.plain);
    return { pkg, js, delta: pkg - js, rounds: ms };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// Memory per live tool, in `--expose-gc` processes, alternating.

function memory() {
  const child = join(here, "memory-child.mjs");
  const per = { toolnexus: [], plain: [] };
  for (let i = 0; i < MEMORY_SPAWNS; i++) {
    for (const key of ["toolnexus", "plain"]) {
      const r = spawnSync(process.execPath, ["--expose-gc", child, key, String(MEMORY_TOOLS)], { cwd: root, encoding: "utf8" });
      if (r.status !== 0) throw new Error(`memory (${key}) failed: ${r.stderr}`);
      const m = JSON.parse(r.stdout);
      assert.equal(m.count, MEMORY_TOOLS);
      per[key].push(m.perTool);
    }
  }
  const pkg = median(per.toolnexus);
  const js = median(per.plain);
  return { pkg, js, ratio: pkg / js, rounds: per };
}

// ---------------------------------------------------------------------------------------------
// Sizes.

function sizes() {
  // The three WebAssembly modules: the core (compiled at import), the portable rules and the
  // Node.js-only rules (each compiled on first use). The core and the portable rules ship as
  // .wasm files (Node.js, edge) and as base64 (browsers); the Node.js-only rules as base64.
  const gz = (bytes) => gzipSync(bytes, { level: 9 }).length;
  const base64In = (file) => Buffer.from(readFileSync(join(root, "pkg", file), "utf8").match(/"([A-Za-z0-9+/=]+)"/)[1], "base64");
  const modules = [
    ["core, compiled at import (edge/toolnexus_bg.wasm)", readFileSync(join(root, "pkg", "edge", "toolnexus_bg.wasm")), "web/toolnexus_wasm.js"],
    ["portable rules, on first use (edge/toolnexus_rules.wasm)", readFileSync(join(root, "pkg", "edge", "toolnexus_rules.wasm")), "web/toolnexus_rules_wasm.js"],
    ["Node.js-only rules, on first use (node/toolnexus_node_wasm.cjs)", base64In("node/toolnexus_node_wasm.cjs"), undefined],
  ].map(([label, bytes, web]) => {
    if (web !== undefined && !base64In(web).equals(bytes)) throw new Error(`${web} is not the same module as the .wasm file`);
    return { label, raw: bytes.length, gzip: gz(bytes) };
  });
  const r = spawnSync("npm", ["pack", "./pkg", "--dry-run", "--json"], { cwd: root, encoding: "utf8" });
  let tarball = null;
  let unpacked = null;
  if (r.status === 0) {
    const info = JSON.parse(r.stdout.slice(r.stdout.indexOf("[")))[0];
    tarball = info.size;
    unpacked = info.unpackedSize;
  } else {
    console.error(`npm pack --dry-run failed: ${r.stderr || r.error?.message}`);
  }
  return { modules, tarball, unpacked };
}

// Characters sent: the JSON of every schema a dialect sends for the corpus, against the JSON of
// the schemas as given. Some servers send one block of shared definitions with every tool; the
// second set adds such a block (none of it used by the tools) to each corpus schema.
const SHARED_DEFS = {
  Meta: { type: "object", additionalProperties: true, description: "Free-form metadata attached by the server." },
  Page: { type: "object", properties: { cursor: { type: "string", description: "Where the next page starts" }, limit: { type: "integer", minimum: 1, maximum: 100 }, meta: { $ref: "#/$defs/Meta" } } },
  Error: { type: "object", properties: { code: { type: "integer" }, message: { type: "string" }, details: { type: "array", items: { $ref: "#/$defs/Meta" } } }, required: ["code", "message"] },
};

function characters() {
  const padded = CORPUS.map((t) => ({ ...t, inputSchema: { ...t.inputSchema, $defs: SHARED_DEFS } }));
  const size = (schemas) => schemas.reduce((n, s) => n + JSON.stringify(s).length, 0);
  const dialects = [
    ["toOpenAI strict", (tools) => toolnexus.toOpenAI(tools, { strict: true }).map((t) => t.function.parameters)],
    ["toGemini parametersJsonSchema", (tools) => toolnexus.toGemini(tools)[0].functionDeclarations.map((d) => d.parametersJsonSchema)],
    ["toGemini openapi", (tools) => toolnexus.toGemini(tools, { dialect: "openapi" })[0].functionDeclarations.map((d) => d.parameters)],
  ];
  const out = {};
  for (const [label, tools] of [["corpus", CORPUS], ["corpus + shared $defs", padded]]) {
    const given = size(tools.map((t) => t.inputSchema));
    out[label] = dialects.map(([dialect, run]) => ({ dialect, sent: size(run(tools)), given }));
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Run everything, then print the table.

const results = {};
for (const row of rows) results[row.id] = await measure(row);
await a2a.close();
builtins.cleanup();
await http.close();
skills.cleanup();
results.startup = startup();
results.memory = memory();
results.sizes = sizes();
results.characters = characters();
results.mcpStart = await measureMcpStart(root);

const KiB = 1024;
const fmtNs = (ns) => (ns >= 1000 ? `${(ns / 1000).toFixed(2)} µs` : `${ns.toFixed(1)} ns`);
const fmtMs = (ms) => `${ms.toFixed(2)} ms`;
const fmtKiB = (bytes) => `${(bytes / KiB).toFixed(1)} KiB`;
const fmtBytes = (bytes) => `${Math.round(bytes).toLocaleString("en-US")} B`;
const times = (x) => `${x.toFixed(2)}×`;
const verdict = (holds, aimMet) => (holds ? (aimMet ? "yes (aim met)" : "yes") : "NO");

const table = [];
const budgets = [];
for (const row of rows) {
  const r = results[row.id];
  const fmt = row.unit === "ms" ? (ns) => fmtMs(ns / 1e6) : fmtNs;
  const holds = r.ratio <= row.budget;
  const aimMet = r.ratio <= row.aim;
  budgets.push({ id: row.id, holds, aimMet });
  table.push([`${row.label} (${row.unit}/call)`, fmt(r.pkg), fmt(r.js), times(r.ratio), `≤ ${row.budget}×`, `≤ ${row.aim}×`, verdict(holds, aimMet)]);
}
{
  const s = results.sizes;
  for (const [i, m] of s.modules.entries()) {
    const holds = m.gzip <= 64 * KiB;
    const aimMet = m.gzip <= 25 * KiB;
    budgets.push({ id: `wasmGzip${i}`, holds, aimMet });
    table.push([`.wasm, ${m.label}: raw / gzip -9`, `${fmtKiB(m.raw)} / ${fmtKiB(m.gzip)}`, "", "", "≤ 64 KiB", "≤ 25 KiB", verdict(holds, aimMet)]);
  }
  const holds = s.tarball != null && s.tarball <= 256 * KiB;
  budgets.push({ id: "tarball", holds, aimMet: holds });
  table.push(["tarball (npm pack size)", s.tarball == null ? "n/a" : fmtKiB(s.tarball), "", "", "≤ 256 KiB", "", verdict(holds, holds)]);
}
{
  const r = results.startup;
  const holds = r.delta <= 5;
  const aimMet = r.delta <= 3;
  budgets.push({ id: "startup", holds, aimMet });
  table.push(["import + first call (ms, fresh process)", fmtMs(r.pkg), fmtMs(r.js), `${r.delta >= 0 ? "+" : ""}${r.delta.toFixed(2)} ms`, "≤ +5 ms", "≤ +3 ms", verdict(holds, aimMet)]);
}
for (const [set, rows] of Object.entries(results.characters)) {
  for (const r of rows) {
    table.push([`characters sent, ${r.dialect} (${set}; plain JS: as given)`, r.sent.toLocaleString("en-US"), r.given.toLocaleString("en-US"), times(r.sent / r.given), "", "", ""]);
  }
}
{
  const r = results.memory;
  table.push([`memory per live tool (${MEMORY_TOOLS.toLocaleString("en-US")} kept)`, fmtBytes(r.pkg), fmtBytes(r.js), times(r.ratio), "", "", ""]);
}

{
  const r = results.mcpStart;
  const holds = r.ratio <= 1.1;
  const aimMet = r.ratio <= 1;
  budgets.push({ id: "mcpStart", holds, aimMet });
  table.push(["connectMCP, 3 stdio servers from a config vs the SDK by hand (ms)", fmtMs(r.pkg / 1e6), fmtMs(r.js / 1e6), times(r.ratio), "≤ 1.1×", "≤ 1×", verdict(holds, aimMet)]);
}

const header = ["figure", "toolnexus", "plain JS", "ratio/delta", "budget", "aim", "holds"];
const widths = header.map((h, i) => Math.max(h.length, ...table.map((line) => line[i].length)));
const rightAligned = new Set([1, 2, 3]);
const line = (cells) => cells.map((c, i) => (rightAligned.has(i) ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join("  ").trimEnd();

const held = budgets.filter((b) => b.holds).length;
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
const cpu = cpus()[0]?.model ?? "unknown CPU";

console.log(`toolnexus ${JSON.parse(readFileSync(join(root, "pkg", "package.json"), "utf8")).version} vs plain JS (bench/plain.mjs) — node ${process.version}, ${cpus().length} × ${cpu}`);
console.log(`medians of ${ROUNDS} alternating rounds per side (after ${WARMUP} warm-up rounds), ~${ROUND_MS} ms each, full GC before each round`);
console.log(`execute: ${EXECUTE_HOW}; ns/call includes the batch's Promise.all and reading the results`);
console.log(`1 MB text: ${TEXT_1MB.length.toLocaleString("en-US")} UTF-16 units, ${(100 * nonAscii / TEXT_1MB.length).toFixed(1)}% non-ASCII, ${(100 * (1 - allowed / TEXT_1MB.length)).toFixed(1)}% replaced`);
console.log(`import + first call: median of ${SPAWNS} fresh processes per side, import("toolnexus") vs import("plain-baseline"), a one-module package, both installed in one fresh node_modules`);
console.log(`memory: (heapUsed + external + arrayBuffers) growth / ${MEMORY_TOOLS.toLocaleString("en-US")} tools kept alive, median of ${MEMORY_SPAWNS} --expose-gc processes per side`);
console.log("");
console.log(line(header));
console.log(widths.map((w) => "-".repeat(w)).join("  "));
for (const cells of table) console.log(line(cells));
console.log("");
console.log(`(ran in ${seconds.toFixed(1)} s)`);
console.log(`bench: ${held} of ${budgets.length} budgets hold`);

mkdirSync(join(root, "build"), { recursive: true });
writeFileSync(join(root, "build", "bench.json"), JSON.stringify({
  date: new Date().toISOString(),
  node: process.version,
  cpu: { model: cpu, count: cpus().length },
  settings: { batch: BATCH, rounds: ROUNDS, warmup: WARMUP, roundMs: ROUND_MS, spawns: SPAWNS, memoryTools: MEMORY_TOOLS, memorySpawns: MEMORY_SPAWNS, execute: EXECUTE_HOW },
  text1MB: { units: TEXT_1MB.length, nonAscii, replaced: TEXT_1MB.length - allowed },
  rows: Object.fromEntries(rows.map((row) => [row.id, { label: row.label, unit: `${row.unit}/call`, budget: row.budget, aim: row.aim, ...results[row.id],
    toolnexus: row.unit === "ms" ? results[row.id].pkg / 1e6 : results[row.id].pkg,
    plain: row.unit === "ms" ? results[row.id].js / 1e6 : results[row.id].js }])),
  startup: { unit: "ms", budgetDelta: 5, aimDelta: 3, ...results.startup },
  memory: { unit: "bytes per live tool", ...results.memory },
  characters: results.characters,
  sizes: { ...results.sizes, budgetWasmGzip: 64 * KiB, aimWasmGzip: 25 * KiB },
  mcpStart: { unit: "ms", budget: 1.1, aim: 1, toolnexus: results.mcpStart.pkg / 1e6, sdkByHand: results.mcpStart.js / 1e6,
    ratio: results.mcpStart.ratio },
  budgets,
  summary: { hold: held, of: budgets.length },
  seconds,
}, null, 2) + "\n");

// The Python rows: bench/python.py prints its own table (it installs ./python into its own venv
// under build/python/ first).
const python = spawnSync(process.env.PYTHON ?? "python3", [join(here, "python.py")], { stdio: "inherit" });
if (python.status !== 0) console.log(`bench/python.py: ${python.error?.message ?? `exited with ${python.status ?? python.signal}`}`);
