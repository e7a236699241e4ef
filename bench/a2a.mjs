// The fromA2A row of `npm run bench` (bench/run.mjs measures it like every row): one call to
// an A2A agent answering with a message (protocol 1.0), against the same JSON-RPC request
// written by hand with fetch. The agent: a node:http server in this process answering a fixed
// reply, the same for both sides; one call at a time. The hand-written side sends the same
// request (headers, a time limit, a fresh messageId), checks the status, bounds the body, reads
// a JSON-RPC error as an error, and reads the reply into the same result.
import assert from "node:assert/strict";
import { createServer } from "node:http";

const BATCH = 20; // calls per batch, one awaited at a time
const MAX_BODY = 8 << 20; // what fromA2A reads at most of a reply

const REPLY = JSON.stringify({ jsonrpc: "2.0", id: 1, result: { message: {
  messageId: "m-1", contextId: "ctx-1", role: "ROLE_AGENT", parts: [{ text: "hi there" }] } } });

/** `{ rows, close }`. */
export async function a2aRows({ api, perBatch, sequentialBatch }) {
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(REPLY) });
      res.end(REPLY);
    });
  });
  // Kept-alive sockets stay open through the whole run: the synchronous rows block the event
  // loop for seconds, so a socket the server closed after its default 5 s could be reused
  // before the client saw it close, and a POST on it fails.
  server.keepAliveTimeout = 600_000;
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${server.address().port}/a2a`;
  const tools = {
    toolnexus: await api.fromA2A({ name: "bench_agent",
      supportedInterfaces: [{ url, protocolBinding: "JSONRPC", protocolVersion: "1.0" }] }),
    plain: {
      async execute({ message }) {
        const controller = new AbortController();
        const timer = setTimeout(() => controller.abort(), 300_000);
        try {
          const res = await fetch(url, {
            method: "POST",
            headers: { "Content-Type": "application/json", Accept: "application/json", "A2A-Version": "1.0" },
            signal: controller.signal,
            body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "SendMessage", params: {
              message: { messageId: crypto.randomUUID(), role: "ROLE_USER", parts: [{ text: message }] },
              configuration: { returnImmediately: false } } }),
          });
          // A careful call bounds what it reads (8 MiB, as fromA2A) and reads a JSON-RPC error
          // as a result, not as a message.
          const declared = res.headers.get("content-length");
          if (declared === null || Number(declared) > MAX_BODY) {
            await res.body?.cancel();
            return { output: "the reply is longer than 8 MiB or says no length", isError: true };
          }
          const text = await res.text();
          if (!res.ok) return { output: `HTTP ${res.status}: ${text.slice(0, 200)}`, isError: true };
          const reply = JSON.parse(text);
          if (reply.error) return { output: `the agent answered with an error: ${reply.error.message}`, isError: true };
          const m = reply.result.message;
          return { output: m.parts.map((p) => p.text).join("\n"), isError: false,
            metadata: { taskId: null, contextId: m.contextId, state: "completed" } };
        } finally {
          clearTimeout(timer);
        }
      },
    },
  };
  const [a, b] = [await tools.toolnexus.execute({ message: "hello" }), await tools.plain.execute({ message: "hello" })];
  assert.deepEqual(a, b, "fromA2A and the hand-written request give the same result");
  perBatch.a2aMessage = BATCH * a.output.length;
  const rows = [{
    id: "a2aMessage",
    label: "fromA2A: a call answered with a message, vs the JSON-RPC request by hand with fetch",
    unit: "ns",
    callsPerBatch: BATCH,
    async: true,
    make: (side) => sequentialBatch(BATCH)(tools[side.key], { message: "hello" }),
    budget: 1.1,
    aim: 1.05,
  }];
  return { rows, close: () => new Promise((resolve) => server.close(resolve)) };
}
