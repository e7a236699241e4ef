// fromA2A against a real A2A server of the official SDK (@a2a-js/sdk), in protocol 1.0 and 0.3:
// tests/package/a2a-server.mjs, started here as a Node.js child process on 127.0.0.1 (the SDK
// needs Node.js 20+; the client under test is this runtime's).
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { dirname, join } from "node:path";
import { after, before, describe, it } from "node:test";
import { fileURLToPath } from "node:url";

import { createToolkit, fromA2A } from "toolnexus";

const script = join(dirname(fileURLToPath(import.meta.url)), "a2a-server.mjs");
const nodeMajor = Number(globalThis.process?.versions?.node?.split(".")[0] ?? 0);
// Bun and Deno report a Node.js version too; only a real Node.js 20+ binary runs the server here:
// this one, else the one `npm test` runs on (TOOLNEXUS_SERVER_NODE), else `node` on PATH.
const isNode = !globalThis.Bun && !globalThis.Deno;
const node = isNode && nodeMajor >= 20 ? process.execPath : (globalThis.process?.env?.TOOLNEXUS_SERVER_NODE ?? "node");

let child;
let base;
const VERSIONS = { "1.0": "", "0.3": "/v03" };

async function json(path) {
  return (await fetch(base + path)).json();
}

/** A port nobody listens on. */
async function closedPort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Resolves once the client has read a task again (it knows the task: a cancel can follow). */
async function polled() {
  const before = await json("/gets");
  while ((await json("/gets")) === before) await new Promise((resolve) => setTimeout(resolve, 10));
}

const agent = (version, options = {}) => fromA2A(base + VERSIONS[version], { pollInterval: 10, ...options });

describe("fromA2A with the official A2A server", () => {
  before(async () => {
    child = spawn(node, [script], { stdio: ["pipe", "pipe", "inherit"] });
    const line = await new Promise((resolve, reject) => {
      let text = "";
      child.stdout.on("data", (chunk) => {
        text += chunk;
        if (text.includes("\n")) resolve(text.split("\n")[0]);
      });
      child.once("exit", (code) => reject(new Error(`the A2A server exited (${code})`)));
    });
    base = `http://127.0.0.1:${JSON.parse(line).port}`;
  });

  after(() => {
    child?.stdin.end();
    child?.kill();
  });

  it("a card becomes one tool: its name, its skills in the description, message and contextId in", async () => {
    const tool = await agent("1.0");
    assert.equal(tool.name, "Chef_Agent");
    assert.equal(tool.source, "a2a");
    assert.equal(tool.description, "Cooks, books and answers.\n\nSkills:\n- Cook: Cooks a dish.\n  Examples: hello; files");
    assert.deepEqual(tool.inputSchema.required, ["message"]);
    assert.deepEqual(Object.keys(tool.inputSchema.properties), ["message", "contextId"]);
  });

  for (const version of Object.keys(VERSIONS)) {
    describe(`protocol ${version}`, () => {
      it("a message is the answer", async () => {
        const res = await (await agent(version)).execute({ message: "hello there" });
        assert.equal(res.output, "hi! you said: hello there");
        assert.equal(res.isError, false);
        assert.equal(res.metadata.state, "completed");
        assert.ok(res.metadata.contextId);
      });

      it("a message of any text arrives as it is (a lone surrogate as U+FFFD), with or without a context", async () => {
        const tool = await agent(version);
        const said = 'hello "quoted" \\ back\n\ttab über 日本 😀 \u0001 \u2028 end';
        assert.equal((await tool.execute({ message: said })).output, `hi! you said: ${said}`);
        assert.equal((await tool.execute({ message: "hello a\ud800b" })).output, "hi! you said: hello a\ufffdb");
        const again = await tool.execute({ message: said, contextId: "ctx-any-text" });
        assert.deepEqual([again.output, again.metadata.contextId], [`hi! you said: ${said}`, "ctx-any-text"]);
        assert.equal((await tool.execute({ message: 42 })).isError, true);
      });

      it("a task is polled until it completes", async () => {
        const res = await (await agent(version)).execute({ message: "slow" });
        assert.deepEqual([res.output, res.isError, res.metadata.state], ["slow work done", false, "completed"]);
        assert.ok((await json("/slow")).includes(res.metadata.taskId));
      });

      it("failed and rejected are errors with the agent's words", async () => {
        const tool = await agent(version);
        const failed = await tool.execute({ message: "fail" });
        assert.deepEqual([failed.output, failed.isError, failed.metadata.state], ["The agent's task failed: the oven broke", true, "failed"]);
        const rejected = await tool.execute({ message: "reject" });
        assert.deepEqual([rejected.output, rejected.isError, rejected.metadata.state], ["The agent rejected the task: I only cook", true, "rejected"]);
      });

      it("input-required asks, and the answer in the same context completes the task", async () => {
        const tool = await agent(version);
        const asked = await tool.execute({ message: "ask" });
        assert.equal(asked.isError, false);
        assert.equal(asked.metadata.state, "input-required");
        assert.match(asked.output, /^Which city are you flying from\?/);
        const answered = await tool.execute({ message: "Lyon", contextId: asked.metadata.contextId });
        assert.deepEqual([answered.output, answered.metadata.state], ["Booked, flying from Lyon.", "completed"]);
        assert.equal(answered.metadata.taskId, asked.metadata.taskId);
      });

      it("data parts as JSON, file parts as a note", async () => {
        const res = await (await agent(version)).execute({ message: "files" });
        assert.equal(res.output, 'three parts\n{"rows":2,"ok":true}\n[file h.txt, text/plain, 5 bytes]\n[file r.pdf, application/pdf, https://files.example.com/r.pdf]');
      });

      it("a timeout cancels the task at the server", async () => {
        const res = await (await agent(version, { timeout: 1000 })).execute({ message: "forever" });
        assert.deepEqual([res.output, res.isError, res.metadata.state], ["timed out after 1000 ms", true, "working"]);
        assert.ok((await json("/cancels")).includes(res.metadata.taskId), "the cancel arrived");
        const ctxWins = await (await agent(version, { timeout: 60_000 })).execute({ message: "forever" }, { timeout: 800 });
        assert.equal(ctxWins.output, "timed out after 800 ms");
      });
    });
  }

  it("an abort cancels the task at the server; one listener, removed; an aborted signal starts nothing", async () => {
    const tool = await agent("1.0");
    const controller = new AbortController();
    const signal = controller.signal;
    let added = 0;
    let removed = 0;
    const add = signal.addEventListener.bind(signal);
    const remove = signal.removeEventListener.bind(signal);
    signal.addEventListener = (...a) => (added++, add(...a));
    signal.removeEventListener = (...a) => (removed++, remove(...a));
    polled().then(() => controller.abort());
    const res = await tool.execute({ message: "forever" }, { signal });
    assert.deepEqual([res.output, res.isError], ["cancelled", true]);
    assert.ok((await json("/cancels")).includes(res.metadata.taskId));
    assert.deepEqual([added, removed], [1, 1]);

    const unused = new AbortController();
    const longer = await tool.execute({ message: "slow" }, { signal: unused.signal });
    assert.equal(longer.output, "slow work done", "many polls, the one signal untouched");

    const slowBefore = (await json("/slow")).length;
    const aborted = AbortSignal.abort();
    const none = await tool.execute({ message: "slow" }, { signal: aborted });
    assert.deepEqual(none, { output: "cancelled", isError: true });
    assert.equal((await json("/slow")).length, slowBefore, "nothing was sent");
  });

  it("reads a relative interface URL, a card only at the old path, a card object, a 0.3-only card", async () => {
    const relative = await fromA2A(`${base}/rel`);
    assert.equal(relative.name, "Chef_Agent_relative");
    assert.equal((await relative.execute({ message: "hello you" })).output, "hi! you said: hello you");
    const old = await fromA2A(`${base}/old/`);
    assert.equal((await old.execute({ message: "hello old" })).output, "hi! you said: hello old");
    const object = await fromA2A({ name: "d", url: `${base}/a2a/jsonrpc` });
    assert.equal((await object.execute({ message: "hello object" })).output, "hi! you said: hello object");
    const v03 = await fromA2A(`${base}/v03/.well-known/agent-card.json`);
    assert.equal(v03.name, "Chef_Agent_0_3");
  });

  it("speaks 0.3 without a version header and 1.0 with A2A-Version: 1.0", async () => {
    const seen = [];
    const spy = (url, init) => {
      if (init?.method === "POST") seen.push([JSON.parse(init.body).method, init.headers["A2A-Version"]]);
      return fetch(url, init);
    };
    await (await agent("1.0", { fetch: spy })).execute({ message: "hello" });
    await (await agent("0.3", { fetch: spy })).execute({ message: "hello" });
    assert.deepEqual(seen, [["SendMessage", "1.0"], ["message/send", undefined]]);
  });

  it("rejects only for the card, naming the URL", async () => {
    await assert.rejects(fromA2A(`${base}/html`), {
      name: "TypeError",
      message: `the document at ${base}/html/.well-known/agent-card.json is not a usable A2A agent card: it is not a JSON object`,
    });
    await assert.rejects(fromA2A(`${base}/none`), {
      message: `could not read an A2A agent card for ${base}/none (${base}/none/.well-known/agent-card.json: HTTP 404; ${base}/none/.well-known/agent.json: HTTP 404)`,
    });
    const port = await closedPort();
    await assert.rejects(fromA2A(`http://127.0.0.1:${port}`), (e) => e.message.startsWith(`could not read an A2A agent card for http://127.0.0.1:${port} (`));
    await assert.rejects(fromA2A({ name: "x", url: "/a2a/jsonrpc" }), /relative and the card's own URL is unknown/);
  });

  it("once the tool exists, every failure is a result", async () => {
    const at = (url) => fromA2A({ name: "x", url });
    const port = await closedPort();
    const unreachable = await (await at(`http://127.0.0.1:${port}/rpc`)).execute({ message: "hello" });
    assert.equal(unreachable.isError, true);
    assert.ok(unreachable.output.startsWith(`the agent could not be reached at http://127.0.0.1:${port}/rpc: `), unreachable.output);
    const http = await (await at(`${base}/nothing`)).execute({ message: "hello" });
    assert.equal(http.isError, true);
    assert.match(http.output, /^the agent answered HTTP 404: /);
    assert.deepEqual(await (await at(`${base}/text`)).execute({ message: "hello" }), { output: "the agent's reply is not JSON: <html>busy</html>", isError: true });
    const shape = await (await at(`${base}/shape`)).execute({ message: "hello" });
    assert.match(shape.output, /^the agent's reply has the wrong shape: its result is neither a Task nor a Message/);
    const bad = await (await at(`${base}/a2a/jsonrpc`)).execute({ message: 3 });
    assert.deepEqual(bad, { output: "`message` must be a string", isError: true });
    const stuck = await (await at(`${base}/slow-answer`)).execute({ message: "hello" }, { timeout: 100 });
    assert.deepEqual(stuck, { output: "timed out after 100 ms", isError: true });
    const unbounded = await (await at(`${base}/a2a/jsonrpc`)).execute({ message: "hello" }, { timeout: Infinity });
    assert.equal(unbounded.output, "hi! you said: hello", "a limit beyond setTimeout's range is no limit");
    const ctx = { get signal() { throw new Error("no signal here"); } };
    assert.deepEqual(await (await at(`${base}/a2a/jsonrpc`)).execute({ message: "hello" }, ctx), { output: "no signal here", isError: true });
  });

  it("createToolkit({ agents }): an unreachable agent is left out and listed in sources", async () => {
    const port = await closedPort();
    const tk = await createToolkit({ agents: [base, `http://127.0.0.1:${port}`, `${base}/rel`] });
    assert.deepEqual(tk.tools().map((t) => t.name), ["Chef_Agent", "Chef_Agent_relative"]);
    const sources = tk.sources;
    assert.deepEqual(sources.map((s) => [s.kind, s.name, s.status]), [
      ["a2a", "Chef_Agent", "ready"],
      ["a2a", `http://127.0.0.1:${port}`, "failed"],
      ["a2a", "Chef_Agent_relative", "ready"],
    ]);
    assert.match(sources[1].error, /could not read an A2A agent card/);
    assert.equal((await tk.execute("Chef_Agent", { message: "hello kit" })).output, "hi! you said: hello kit");

    const withOptions = await createToolkit({ agents: [{ card: `${base}/rel`, timeout: 150, pollInterval: 10 }] });
    assert.equal((await withOptions.execute("Chef_Agent_relative", { message: "forever" })).output, "timed out after 150 ms");
    assert.equal((await withOptions.execute("Chef_Agent_relative", { message: "hello" }, { timeout: 60_000 })).output, "hi! you said: hello");
  });
});
