// The http and openapi rows of `npm run bench` (bench/run.mjs measures them like every row):
//   fromOpenAPI   GitHub's description (@octokit/openapi, 13 MB of JSON text) into tools,
//                 against JSON.parse of the same text: the floor for reading it at all
//   httpTool      one call to a server on 127.0.0.1 (placeholder, query argument, JSON reply),
//                 against the same request made with fetch by hand (with a time limit and a
//                 bound on the body read, as every careful call has) and read with res.text()
import { existsSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import { join } from "node:path";

const CALLS = 200; // calls per batch of the httpTool row, one awaited at a time

/** `{ rows, close }`; the rows are left out when GitHub's description is not installed. */
export async function httpRows({ root, perBatch, syncBatch, sequentialBatch }) {
  const rows = [];
  const spec = join(root, "node_modules", "@octokit", "openapi", "generated", "api.github.com.json");
  if (existsSync(spec)) {
    const text = readFileSync(spec, "utf8");
    perBatch.fromOpenAPIGitHub = 1;
    rows.push({
      id: "fromOpenAPIGitHub",
      label: `fromOpenAPI(GitHub's spec, ${(text.length / 2 ** 20).toFixed(1)} MB text) vs JSON.parse of it`,
      unit: "ms",
      callsPerBatch: 1,
      make: (side) => side.key === "toolnexus"
        ? syncBatch(1, "(api.fromOpenAPI(input).length > 1000 ? 1 : 0)")(side.api, text)
        : syncBatch(1, "(JSON.parse(input).openapi ? 1 : 0)")(side.api, text),
      budget: 5,
      aim: 2,
    });
  }

  const reply = JSON.stringify({ id: 42, name: "widget", tags: ["a", "b"] });
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => res.writeHead(200, { "content-type": "application/json", "content-length": reply.length }).end(reply));
  });
  server.keepAliveTimeout = 600_000; // as the A2A row's server (bench/run.mjs)
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${server.address().port}`;
  const args = { id: "w 42", verbose: "yes" };
  // The same request written by hand as a careful call makes it (as the A2A row's hand-written
  // side does): the URL built, fetch with a time limit, a bound on what is read (a declared
  // length within httpTool's default maxBytes is read whole, anything else is not read), the
  // result as httpTool's.
  const MAX_BYTES = 1 << 20;
  const byHand = {
    async execute(a) {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), 30_000);
      try {
        const url = `${base}/items/${encodeURIComponent(a.id)}?verbose=${encodeURIComponent(a.verbose)}`;
        const res = await fetch(url, { method: "GET", signal: controller.signal });
        const declared = res.headers.get("content-length");
        if (declared === null || Number(declared) > MAX_BYTES) {
          await res.body?.cancel();
          return { output: "the response is longer than 1 MiB or says no length", isError: true, metadata: { status: res.status } };
        }
        const output = await res.text();
        return { output, isError: !res.ok, metadata: { status: res.status } };
      } finally {
        clearTimeout(timer);
      }
    },
  };
  const tools = new Map();
  perBatch.httpToolCall = CALLS * reply.length;
  rows.push({
    id: "httpToolCall",
    label: "httpTool call to 127.0.0.1 vs the same fetch by hand",
    unit: "ns",
    callsPerBatch: CALLS,
    async: true,
    make: (side) => {
      if (side.key === "toolnexus") {
        if (!tools.has(side)) tools.set(side, side.api.httpTool({ name: "item", url: `${base}/items/{id}` }));
        return sequentialBatch(CALLS)(tools.get(side), args);
      }
      return sequentialBatch(CALLS)(byHand, args);
    },
    budget: 1.1,
    aim: 1.05,
  });
  return { rows, close: () => new Promise((resolve) => server.close(resolve)) };
}
