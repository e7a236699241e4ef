// connectMCP and createToolkit({ mcpConfig }) against real servers: the reference servers from
// npm (everything over stdio, Streamable HTTP and SSE; filesystem; memory), the project's
// example server, and small odd servers (tests/mcp/servers/) that flood stderr, ignore TERM
// with a grandchild, die mid-call, never answer, print their environment, change their tools.
// One config file per dialect (tests/mcp/configs/), the same files the Rust and Python suites read.
import assert from "node:assert/strict";
import { execFileSync, spawn } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { after, before, describe, it } from "node:test";
import { fileURLToPath } from "node:url";

import { connectMCP, createToolkit, defineTool } from "toolnexus";

// The repository (the first folder above the test project holding the configs and the servers).
let ROOT = dirname(fileURLToPath(import.meta.url));
const holdsServers = (dir) => existsSync(join(dir, "tests", "mcp", "configs")) &&
  existsSync(join(dir, "node_modules", "@modelcontextprotocol", "server-everything"));
while (!holdsServers(ROOT)) {
  const up = dirname(ROOT);
  if (up === ROOT) throw new Error("no tests/mcp/configs and node_modules/@modelcontextprotocol/server-everything above the tests");
  ROOT = up;
}
const CONFIGS = join(ROOT, "tests", "mcp", "configs");
const SERVERS = join(ROOT, "tests", "mcp", "servers");
const EVERYTHING = join(ROOT, "node_modules", "@modelcontextprotocol", "server-everything", "dist", "index.js");
const scratch = mkdtempSync(join(tmpdir(), "toolnexus-mcp-"));
const env = {
  ...process.env, ROOT, FILES_DIR: scratch, MEMORY_FILE: join(scratch, "memory.jsonl"),
  API_TOKEN: "tok-0123456789abcdef", NAMED_VAR: "named-value",
};
process.env.PARENT_SECRET = "parent-secret-value";

const byName = (servers) => Object.fromEntries(servers.map((s) => [s.name, s]));
const node = (script, extra = {}) => ({ command: process.execPath, args: [join(SERVERS, script)], ...extra });

// A process that is gone, or a zombie nobody reaps (it runs nothing).
function gone(pid) {
  try {
    process.kill(pid, 0);
  } catch {
    return true;
  }
  try {
    return readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.startsWith("Z") ?? false;
  } catch {
    return true;
  }
}

// A reference server over HTTP (streamableHttp or sse) on a free port.
async function httpServer(kind) {
  const port = await new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
  // The reference server uses the global `crypto`, a flag away on Node.js 18.
  const flags = Number(process.versions.node.split(".")[0]) < 20 && !process.versions.bun ? ["--experimental-global-webcrypto"] : [];
  const child = spawn(process.execPath, [...flags, EVERYTHING, kind], { env: { ...process.env, PORT: String(port) }, stdio: ["ignore", "ignore", "pipe"] });
  await new Promise((resolve, reject) => {
    let text = "";
    child.stderr.on("data", (d) => {
      text += d;
      if (/port/i.test(text)) resolve();
    });
    child.once("exit", () => reject(new Error(`the ${kind} server exited: ${text}`)));
  });
  child.stderr.resume();
  return { url: `http://127.0.0.1:${port}`, stop: () => new Promise((r) => { child.once("exit", r); child.kill("SIGKILL"); }) };
}

describe("connectMCP: one config file per dialect", () => {
  let streamable;
  before(async () => {
    streamable = await httpServer("streamableHttp");
  });
  after(async () => {
    await streamable?.stop();
    rmSync(scratch, { recursive: true, force: true });
  });

  it("Claude Desktop (a path): everything, memory, filesystem and the example server; include, exclude, disabled", async () => {
    const conn = await connectMCP(join(CONFIGS, "claude_desktop_config.json"), { env });
    try {
      const servers = byName(conn.servers);
      for (const name of ["everything", "memory", "filesystem", "example"]) assert.equal(servers[name].status, "connected", JSON.stringify(servers[name]));
      assert.deepEqual(servers.old, { kind: "mcp", name: "old", status: "disabled", transport: "stdio" });
      const names = conn.tools.map((t) => t.name);
      assert.ok(names.includes("everything_echo"));
      assert.deepEqual(names.filter((n) => n.startsWith("memory_")).sort(), ["memory_create_entities", "memory_read_graph"]);
      assert.ok(names.includes("filesystem_read_text_file") && !names.includes("filesystem_write_file"));
      assert.ok(conn.tools.every((t) => t.source === "mcp" && t.name.length <= 64 && /^[a-zA-Z0-9_-]+$/.test(t.name)));
      const tool = (name) => conn.tools.find((t) => t.name === name);
      assert.deepEqual(await tool("everything_echo").execute({ message: "hi" }), { output: "Echo: hi", isError: false });
      assert.deepEqual(await tool("example_add").execute({ a: 20, b: 22 }), { output: "42", isError: false });
      const divide = await tool("example_divide").execute({ a: 1, b: 0 });
      assert.deepEqual(divide, { output: "Cannot divide by zero", isError: true });
      const dirs = await tool("filesystem_list_allowed_directories").execute({});
      assert.equal(dirs.isError, false);
      const created = await tool("memory_create_entities").execute({ entities: [{ name: "a", entityType: "t", observations: ["o"] }] });
      assert.equal(created.isError, false, created.output);
    } finally {
      await conn.close();
    }
  });

  it("Claude Code's .mcp.json: Streamable HTTP with ${VAR} headers, ${VAR:-default}, a missing variable, the child's environment", async () => {
    const conn = await connectMCP(readFileSync(join(CONFIGS, ".mcp.json"), "utf8"), { env: { ...env, EVERYTHING_URL: `${streamable.url}/mcp` } });
    try {
      const servers = byName(conn.servers);
      assert.equal(servers.remote.status, "connected", JSON.stringify(servers.remote));
      assert.equal(servers.remote.transport, "http");
      const echo = conn.tools.find((t) => t.name === "remote_echo");
      assert.deepEqual(await echo.execute({ message: "over http" }), { output: "Echo: over http", isError: false });
      assert.equal(servers.missing.status, "failed");
      assert.match(servers.missing.error, /server "missing": env\.KEY uses \$\{NOT_SET_ANYWHERE\}/);
      const printed = JSON.parse((await conn.tools.find((t) => t.name === "env-printer_env").execute({})).output);
      assert.equal(printed.PLAIN, "plain-value");
      assert.equal(printed.NAMED_VAR, "***", "an expanded value is kept out of the result");
      assert.equal(printed.PARENT_SECRET, undefined, "a parent variable the config does not name never reaches the server");
      assert.equal(printed.API_TOKEN, undefined);
      assert.equal(typeof printed.PATH, "string", "the safe set (PATH, HOME, ...) is passed on");
      assert.equal(printed.HOME, process.env.HOME);
      assert.ok(!JSON.stringify(conn.servers).includes("tok-0123456789abcdef"));
    } finally {
      await conn.close();
    }
  });

  it("VS Code's .vscode/mcp.json (comments): ${workspaceFolder}, envFile, ${input:id}, ${env:VAR}", async () => {
    const conn = await connectMCP(join(CONFIGS, "vscode-mcp.json"), { env, cwd: ROOT, inputs: { greeting: "hello there" } });
    try {
      const servers = byName(conn.servers);
      assert.equal(servers.memory.status, "connected", JSON.stringify(servers.memory));
      assert.equal(servers.printer.status, "connected");
      assert.equal(servers.asks.status, "failed");
      assert.match(servers.asks.error, /args\[0\] uses \$\{input:unknown-path\}/);
      const out = (await conn.tools.find((t) => t.name === "printer_env").execute({})).output;
      const printed = JSON.parse(out);
      assert.equal(printed.GREETING, "***");
      assert.equal(printed.FROM_ENV, "***");
      assert.ok(!out.includes("hello there"));
    } finally {
      await conn.close();
    }
  });

  it("opencode: command arrays, environment, enabled: false", async () => {
    const conn = await connectMCP(join(CONFIGS, "opencode.json"), { env });
    try {
      const servers = byName(conn.servers);
      assert.equal(servers.everything.status, "connected");
      assert.equal(servers.printer.status, "connected");
      assert.equal(servers.off.status, "disabled");
      assert.equal(servers.remote.status, "disabled");
      const sum = await conn.tools.find((t) => t.name === "everything_get-sum").execute({ a: 2, b: 3 });
      assert.match(sum.output, /5/);
    } finally {
      await conn.close();
    }
  });
});

describe("connectMCP: servers that misbehave", () => {
  it("drains megabytes of stderr, ends a TERM-ignoring server and its grandchild, reports failures with their stderr", async () => {
    const started = Date.now();
    const conn = await connectMCP({
      mcpServers: {
        flood: node("stderr-flood.mjs"),
        stubborn: node("grandchild.mjs"),
        silent: { ...node("never-init.mjs"), timeout: 800 },
        nothere: { command: "toolnexus-no-such-command", args: [] },
      },
    }, { env, timeout: 10_000 });
    let pids;
    try {
      const servers = byName(conn.servers);
      assert.equal(servers.flood.status, "connected", JSON.stringify(servers.flood));
      assert.equal(servers.stubborn.status, "connected");
      assert.equal(servers.silent.status, "failed");
      assert.equal(servers.silent.error, 'server "silent" did not start within 800 ms (no answer to initialize)');
      assert.match(servers.silent.stderr, /waiting forever/);
      assert.equal(servers.nothere.status, "failed");
      assert.match(servers.nothere.error, /could not start "toolnexus-no-such-command": command not found/);
      assert.ok(Date.now() - started < 8000, "the servers start concurrently, a slow one bounded by its timeout");
      assert.deepEqual(await conn.tools.find((t) => t.name === "flood_ping").execute({}), { output: "pong", isError: false });
      pids = JSON.parse((await conn.tools.find((t) => t.name === "stubborn_pids").execute({})).output);
      assert.ok(pids.every((pid) => !gone(pid)));
    } finally {
      await conn.close();
    }
    assert.ok(pids.every(gone), `after close() no process of the server's tree remains: ${pids}`);
  });

  it("a server that dies mid-call: that call is an error naming it, the next one restarts it once", async () => {
    const marker = join(mkdtempSync(join(tmpdir(), "toolnexus-marker-")), "died");
    const conn = await connectMCP({ mcpServers: { flaky: node("exit-after-call.mjs", { env: { MARKER: marker } }) } }, { env });
    try {
      const work = conn.tools.find((t) => t.name === "flaky_work");
      const first = await work.execute({});
      assert.equal(first.isError, true);
      assert.match(first.output, /MCP server "flaky" is not running \(exited \(exit code 3\)\); the next call restarts it/);
      const status = conn.servers[0];
      assert.equal(status.status, "failed");
      assert.match(status.error, /exit code 3/);
      assert.match(status.stderr, /dying on purpose/);
      const second = await work.execute({});
      assert.equal(second.isError, false, second.output);
      assert.match(second.output, /^done by \d+$/);
      assert.equal(conn.servers[0].status, "connected");
    } finally {
      // `await using conn = …` where the syntax is there (Node.js 24): the same call.
      await conn[Symbol.asyncDispose ?? Symbol.for("Symbol.asyncDispose")]();
    }
  });

  it("tools/list_changed refreshes the connection's tools and the Toolkit's", async () => {
    const tk = await createToolkit({ mcpConfig: { mcpServers: { dyn: node("dynamic.mjs") } }, mcpOptions: { env } });
    try {
      assert.deepEqual(tk.tools().map((t) => t.name), ["dyn_grow"]);
      assert.equal((await tk.execute("dyn_grow", {})).output, "now 2 tools");
      for (let i = 0; i < 100 && !tk.has("dyn_grown_1"); i++) await new Promise((r) => setTimeout(r, 20));
      assert.ok(tk.has("dyn_grown_1"), tk.tools().map((t) => t.name).join());
      assert.deepEqual(await tk.execute("dyn_grown_1", {}), { output: "grown 1", isError: false });
    } finally {
      await tk.close();
    }
  });

  it("a signal aborts the whole start; a call's signal and timeout are honoured", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error("stop now")), 300);
    const started = Date.now();
    await assert.rejects(connectMCP({ mcpServers: { silent: node("never-init.mjs") } }, { env, signal: controller.signal }), /stop now/);
    assert.ok(Date.now() - started < 3000);
    const conn = await connectMCP({ mcpServers: { s: node("print-env.mjs") } }, { env });
    try {
      const aborted = AbortSignal.abort();
      assert.deepEqual(await conn.tools[0].execute({}, { signal: aborted }), { output: 'MCP server "s": the call was cancelled', isError: true });
      const ok = await conn.tools[0].execute({}, { timeout: 5000 });
      assert.equal(ok.isError, false);
    } finally {
      await conn.close();
    }
  });
});

describe("connectMCP: remote transports", () => {
  it("falls back to SSE only when Streamable HTTP answers 400, 404 or 405; never on 401", async () => {
    const sse = await httpServer("sse");
    const seen = [];
    const refusing = createServer((req, res) => {
      seen.push(req.method);
      res.writeHead(401, { "content-type": "text/plain" }).end("unauthorized");
    });
    await new Promise((r) => refusing.listen(0, "127.0.0.1", r));
    try {
      const conn = await connectMCP({
        mcpServers: {
          old: { url: `${sse.url}/sse` },
          locked: { type: "http", url: `http://127.0.0.1:${refusing.address().port}/mcp`, headers: { Authorization: "Bearer ${API_TOKEN}" } },
        },
      }, { env, timeout: 5000 });
      try {
        const servers = byName(conn.servers);
        assert.equal(servers.old.status, "connected", JSON.stringify(servers.old));
        assert.deepEqual(await conn.tools.find((t) => t.name === "old_echo").execute({ message: "sse" }), { output: "Echo: sse", isError: false });
        assert.equal(servers.locked.status, "failed");
        assert.match(servers.locked.error, /HTTP 401/);
        assert.ok(!seen.includes("GET"), `no SSE attempt after a 401: ${seen}`);
        assert.ok(!JSON.stringify(conn.servers).includes("tok-0123456789abcdef"));
      } finally {
        await conn.close();
      }
    } finally {
      refusing.close();
      await sse.stop();
    }
  });
});

describe("createToolkit({ mcpConfig, mcpOptions, extraTools })", () => {
  it("holds the servers' tools and the extra tools, lists failed servers in sources, closes them", async () => {
    const extra = defineTool({ name: "local", description: "a local tool", run: () => "local" });
    const tk = await createToolkit({
      mcpConfig: { mcpServers: { s: node("print-env.mjs"), broken: { command: "toolnexus-no-such-command" } } },
      mcpOptions: { env },
      extraTools: [extra],
    });
    assert.deepEqual(tk.tools().map((t) => t.name), ["local", "s_env"]);
    assert.deepEqual(tk.sources.map(({ name, status }) => [name, status]), [["s", "connected"], ["broken", "failed"]]);
    assert.match(tk.sources[1].error, /command not found/);
    assert.equal(typeof tk[Symbol.asyncDispose ?? Symbol.for("Symbol.asyncDispose")], "function");
    await tk.close();
    const after = await tk.execute("s_env", {});
    assert.equal(after.isError, true);
    assert.match(after.output, /MCP server "s" is not running/);
    await assert.rejects(createToolkit({ mcpConfig: "{ not json" }), TypeError);
    const plain = await createToolkit({ extraTools: [extra] });
    assert.deepEqual(plain.sources, []);
    await plain.close();
  });
});

describe("connectMCP without the MCP SDK", () => {
  it("says what to install; a config with no server to start needs nothing", () => {
    const dir = mkdtempSync(join(tmpdir(), "toolnexus-nosdk-"));
    try {
      const pkg = dirname(createRequire(import.meta.url).resolve("toolnexus/package.json"));
      cpSync(pkg, join(dir, "node_modules", "toolnexus"), { recursive: true, dereference: true });
      const script = `import { connectMCP } from "toolnexus";
        const none = await connectMCP({ mcpServers: { off: { command: "x", disabled: true } } });
        console.log(JSON.stringify(none.servers));
        try { await connectMCP({ mcpServers: { a: { command: "x" } } }); } catch (e) { console.log(e.constructor.name + ": " + e.message); }`;
      // Deno's own executable takes other flags: the check runs on the Node.js of PATH there.
      const runtime = process.versions.deno ? "node" : process.execPath;
      const out = execFileSync(runtime, ["--input-type=module", "-e", script], { cwd: dir, encoding: "utf8" }).trim().split("\n");
      assert.equal(out[0], '[{"kind":"mcp","name":"off","status":"disabled","transport":"stdio"}]');
      assert.equal(out[1], "TypeError: connectMCP needs the MCP SDK, an optional peer dependency: npm install @modelcontextprotocol/sdk");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
