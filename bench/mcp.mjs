// connectMCP against the MCP SDK by hand: three stdio servers (server-memory,
// server-filesystem, and the tests' print-env server), started from a config by connectMCP, and
// the same three connected with the SDK's Client + StdioClientTransport, concurrently
// (Promise.all), each through initialize and tools/list. Alternating rounds; the time is the
// start alone (both sides then close, untimed).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { connectMCP } from "toolnexus";

export async function measureMcpStart(root, { rounds = 9, warmup = 2 } = {}) {
  const files = mkdtempSync(join(tmpdir(), "toolnexus-bench-mcp-"));
  const servers = {
    memory: { command: process.execPath, args: [join(root, "node_modules/@modelcontextprotocol/server-memory/dist/index.js")],
      env: { MEMORY_FILE_PATH: join(files, "memory.jsonl") } },
    filesystem: { command: process.execPath, args: [join(root, "node_modules/@modelcontextprotocol/server-filesystem/dist/index.js"), files] },
    printer: { command: process.execPath, args: [join(root, "tests/mcp/servers/print-env.mjs")] },
  };
  const config = { mcpServers: servers };

  const fromConfig = async () => {
    const started = process.hrtime.bigint();
    const conn = await connectMCP(config);
    const ns = Number(process.hrtime.bigint() - started);
    if (conn.tools.length === 0 || conn.servers.some((s) => s.status !== "connected")) {
      throw new Error(`bench: connectMCP did not connect: ${JSON.stringify(conn.servers)}`);
    }
    await conn.close();
    return ns;
  };
  const byHand = async () => {
    const started = process.hrtime.bigint();
    const clients = await Promise.all(Object.values(servers).map(async (server) => {
      const client = new Client({ name: "bench", version: "1" });
      await client.connect(new StdioClientTransport({ ...server, stderr: "pipe" }));
      await client.listTools();
      return client;
    }));
    const ns = Number(process.hrtime.bigint() - started);
    await Promise.all(clients.map((c) => c.close()));
    return ns;
  };

  const times = { pkg: [], js: [] };
  for (let i = 0; i < warmup + rounds; i++) {
    // Which side goes first alternates too: the second start of a round finds warmer caches.
    const first = i % 2 === 0;
    const a = first ? await fromConfig() : undefined;
    const b = await byHand();
    const a2 = first ? a : await fromConfig();
    if (i >= warmup) {
      times.pkg.push(a2);
      times.js.push(b);
    }
  }
  rmSync(files, { recursive: true, force: true });
  const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
  const pkg = median(times.pkg);
  const js = median(times.js);
  return { pkg, js, ratio: pkg / js, rounds: times };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { fileURLToPath } = await import("node:url");
  const r = await measureMcpStart(join(fileURLToPath(import.meta.url), "..", ".."));
  console.log(`connectMCP ${(r.pkg / 1e6).toFixed(1)} ms, SDK by hand ${(r.js / 1e6).toFixed(1)} ms, ratio ${r.ratio.toFixed(2)}×`);
}
