// The rows of the HTTP-backed sources alone, measured as bench/run.mjs measures every row
// (alternating rounds, a full GC before each, medians): the httpTool call, the fromA2A call
// and fromOpenAPI over GitHub's description. For work on those paths, where the whole
// `npm run bench` takes minutes. After a build:
//
//   node bench/sources.mjs [rowId ...]
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import * as toolnexus from "toolnexus";
import { a2aRows } from "./a2a.mjs";
import { httpRows } from "./http.mjs";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc");
const root = join(dirname(fileURLToPath(import.meta.url)), "..");

const ROUNDS = +(process.env.R ?? 15);
const WARMUP = 3;
const ROUND_MS = +(process.env.MS ?? 60);

const syncBatch = (n, expr) => new Function("api", "input", `"use strict";
  return function batch() { let s = 0; for (let i = 0; i < ${n}; i++) s += ${expr}; return s; };`);
const sequentialBatch = (n) => new Function("tool", "input", `"use strict";
  return async function batch() {
    let s = 0;
    for (let i = 0; i < ${n}; i++) { const r = await tool.execute(input); s += r.output.length + (r.isError ? 1 : 0); }
    return s;
  };`);

const perBatch = {};
const sides = [{ key: "toolnexus", api: toolnexus }, { key: "plain", api: {} }];
const http = await httpRows({ root, perBatch, syncBatch, sequentialBatch });
const a2a = await a2aRows({ api: toolnexus, perBatch, sequentialBatch });
const only = process.argv.slice(2);
const rows = [...http.rows, ...a2a.rows].filter((r) => only.length === 0 || only.includes(r.id));

const median = (values) => {
  const sorted = [...values].sort((x, y) => x - y);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

async function timeRound(row, batch, reps) {
  gc();
  let sum = 0;
  const t0 = process.hrtime.bigint();
  for (let r = 0; r < reps; r++) sum += row.async ? await batch() : batch();
  const ns = Number(process.hrtime.bigint() - t0);
  if (sum !== reps * perBatch[row.id]) throw new Error(`${row.id}: a batch returned ${sum}`);
  return ns;
}

async function measure(row) {
  const state = sides.map((side) => ({ side, batch: row.make(side), reps: 1, perCall: [] }));
  for (const s of state) s.reps = Math.max(1, Math.round((ROUND_MS * 1e6) / (await timeRound(row, s.batch, 1))));
  const warm = state.map(() => []);
  for (let w = 0; w < WARMUP; w++) {
    for (let i = 0; i < state.length; i++) warm[i].push((await timeRound(row, state[i].batch, state[i].reps)) / state[i].reps);
  }
  state.forEach((s, i) => { s.reps = Math.max(1, Math.round((ROUND_MS * 1e6) / median(warm[i]))); });
  for (let r = 0; r < ROUNDS; r++) {
    for (const s of state) s.perCall.push((await timeRound(row, s.batch, s.reps)) / (s.reps * row.callsPerBatch));
  }
  const pairs = state[0].perCall.map((v, i) => v / state[1].perCall[i]);
  console.log("paired median", median(pairs).toFixed(3), "ratio of medians", (median(state[0].perCall) / median(state[1].perCall)).toFixed(3));
  return state.map((s) => median(s.perCall));
}

const show = (ns, unit) => unit === "ms" ? `${(ns / 1e6).toFixed(1)} ms` : `${(ns / 1e3).toFixed(1)} µs`;
for (const row of rows) {
  const [pkg, js] = await measure(row);
  const ratio = pkg / js;
  console.log(`${row.label}: ${show(pkg, row.unit)} vs ${show(js, row.unit)} = ${ratio.toFixed(2)}× (budget ≤ ${row.budget}×${ratio <= row.budget ? "" : ", not met"})`);
}
await http.close();
await a2a.close();
