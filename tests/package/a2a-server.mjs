// A real A2A server of the official SDK (@a2a-js/sdk, Express), speaking protocol 1.0 and, on
// the same endpoint, 0.3 (its compat layer). Started by tests/package/a2a.test.mjs as a child
// process on 127.0.0.1 (the SDK needs Node.js 20+; the client under test runs anywhere); it
// prints `{"port": N}` once listening. One agent, whose behaviour the message picks:
//
//   hello …   answers with a message
//   slow      a working task, completed once it has been read twice (so the client polls)
//   fail      a failed task;  reject: a rejected one (with the agent's words)
//   ask       asks which city (input-required), completes when answered in the same context
//   forever   a working task that never ends
//   files     a completed task whose artifact holds text, data and file parts
//
// Also: a 0.3 card (the SDK's own 0.3 rendering), a 1.0 card with a relative interface URL, a
// card only at the old /.well-known/agent.json, a JSON document that is not a card, endpoints
// answering text and a wrong shape, GET /cancels (the task ids whose cancel arrived) and GET
// /gets (how many task reads arrived).
import express from "express";
import { Role, TaskState } from "@a2a-js/sdk";
import { AgentEvent, DefaultRequestHandler, InMemoryTaskStore } from "@a2a-js/sdk/server";
import { agentCardHandler, jsonRpcHandler, UserBuilder } from "@a2a-js/sdk/server/express";

const now = () => new Date().toISOString();
const part = (value, extra = {}) => ({ content: { $case: "text", value }, metadata: undefined, filename: "", mediaType: "text/plain", ...extra });
const agentMessage = (text, taskId, contextId) => ({
  role: Role.ROLE_AGENT, messageId: crypto.randomUUID(), parts: [part(text)], taskId, contextId,
  extensions: [], metadata: {}, referenceTaskIds: [],
});
const textOf = (message) => message.parts.map((p) => (p.content?.$case === "text" ? p.content.value : "")).join("").trim();

class Agent {
  asked = new Set();

  async execute(ctx, bus) {
    const { taskId, contextId } = ctx;
    const text = textOf(ctx.userMessage);
    const word = text.split(" ")[0];
    if (word === "hello" && !this.asked.has(contextId)) {
      bus.publish(AgentEvent.message({ ...agentMessage(`hi! you said: ${text}`, undefined, contextId), taskId: "" }));
      return;
    }
    if (!ctx.task) {
      bus.publish(AgentEvent.task({
        id: taskId, contextId, status: { state: TaskState.TASK_STATE_SUBMITTED, timestamp: now(), message: undefined },
        artifacts: [], history: [ctx.userMessage], metadata: {},
      }));
    }
    const status = (state, words) => bus.publish(AgentEvent.statusUpdate({
      taskId, contextId, metadata: {},
      status: { state, timestamp: now(), message: words === undefined ? undefined : agentMessage(words, taskId, contextId) },
    }));
    const artifact = (parts) => bus.publish(AgentEvent.artifactUpdate({
      taskId, contextId, append: false, lastChunk: true, metadata: undefined,
      artifact: { artifactId: crypto.randomUUID(), name: "result", description: "", parts, metadata: undefined, extensions: [] },
    }));
    if (this.asked.has(contextId)) {
      this.asked.delete(contextId);
      artifact([part(`Booked, flying from ${text}.`)]);
      status(TaskState.TASK_STATE_COMPLETED);
    } else if (word === "slow") {
      slow.set(taskId, 0);
      status(TaskState.TASK_STATE_WORKING);
    } else if (word === "forever") {
      status(TaskState.TASK_STATE_WORKING);
    } else if (word === "fail") {
      status(TaskState.TASK_STATE_FAILED, "the oven broke");
    } else if (word === "reject") {
      status(TaskState.TASK_STATE_REJECTED, "I only cook");
    } else if (word === "ask") {
      this.asked.add(contextId);
      status(TaskState.TASK_STATE_INPUT_REQUIRED, "Which city are you flying from?");
    } else if (word === "files") {
      artifact([
        part("three parts"),
        { ...part(""), content: { $case: "data", value: { rows: 2, ok: true } }, mediaType: "application/json" },
        { ...part(""), content: { $case: "raw", value: Buffer.from("hello") }, filename: "h.txt" },
        { ...part(""), content: { $case: "url", value: "https://files.example.com/r.pdf" }, filename: "r.pdf", mediaType: "application/pdf" },
      ]);
      status(TaskState.TASK_STATE_COMPLETED);
    } else {
      status(TaskState.TASK_STATE_COMPLETED, `done: ${text}`);
    }
  }

  async cancelTask(taskId, bus) {
    bus.publish(AgentEvent.statusUpdate({ taskId, contextId: "", metadata: {}, status: { state: TaskState.TASK_STATE_CANCELED, timestamp: now(), message: undefined } }));
  }
}

const slow = new Map();
const cancels = [];
const gets = [];
const store = new InMemoryTaskStore();

class Handler extends DefaultRequestHandler {
  async getTask(params, context) {
    gets.push(params.id);
    if (slow.has(params.id)) {
      const reads = slow.get(params.id) + 1;
      slow.set(params.id, reads);
      const task = await store.load(params.id, context);
      if (reads >= 2 && task && task.status.state === TaskState.TASK_STATE_WORKING) {
        task.status = { state: TaskState.TASK_STATE_COMPLETED, timestamp: now(), message: undefined };
        task.artifacts = [{ artifactId: "a1", name: "result", description: "", parts: [part("slow work done")], metadata: undefined, extensions: [] }];
        await store.save(task, context);
      }
    }
    return super.getTask(params, context);
  }

  async cancelTask(params, context) {
    cancels.push(params.id);
    return super.cancelTask(params, context);
  }
}

const app = express();
const server = app.listen(0, "127.0.0.1", async () => {
  const { port } = server.address();
  const base = `http://127.0.0.1:${port}`;
  const rpc = `${base}/a2a/jsonrpc`;
  const card = {
    name: "Chef Agent", description: "Cooks, books and answers.", version: "1.0.0",
    supportedInterfaces: [
      { url: rpc, protocolBinding: "JSONRPC", protocolVersion: "1.0", tenant: "" },
      { url: rpc, protocolBinding: "JSONRPC", protocolVersion: "0.3", tenant: "" },
    ],
    provider: undefined, capabilities: { streaming: false, pushNotifications: false, extensions: [] },
    securitySchemes: {}, securityRequirements: [], defaultInputModes: ["text/plain"], defaultOutputModes: ["text/plain"],
    skills: [{ id: "cook", name: "Cook", description: "Cooks a dish.", tags: ["food"], examples: ["hello", "files"], inputModes: [], outputModes: [], securityRequirements: [] }],
    signatures: [],
  };
  const handler = new Handler(card, store, new Agent());
  app.use("/.well-known/agent-card.json", agentCardHandler({ agentCardProvider: handler, legacyCompat: { enabled: true } }));
  app.use("/a2a/jsonrpc", jsonRpcHandler({ requestHandler: handler, userBuilder: UserBuilder.noAuthentication, legacyCompat: { enabled: true } }));
  // The SDK's own 0.3 rendering of the card (asked for without a version header).
  // The SDK's 0.3 card also lists the 1.0 interfaces; without them it is a card of 0.3 alone.
  const { supportedInterfaces, ...v03 } = await (await fetch(`${base}/.well-known/agent-card.json`)).json();
  const relative = { name: "Chef Agent relative", description: "", version: "1", skills: [],
    supportedInterfaces: [{ url: "/a2a/jsonrpc", protocolBinding: "JSONRPC", protocolVersion: "1.0" }] };
  app.get("/v03/.well-known/agent-card.json", (_, res) => res.json({ ...v03, name: "Chef Agent 0.3" }));
  app.get("/rel/.well-known/agent-card.json", (_, res) => res.json(relative));
  app.get("/old/.well-known/agent.json", (_, res) => res.json(v03));
  app.get("/html/.well-known/agent-card.json", (_, res) => res.json(["not", "a", "card"]));
  app.post("/text", (_, res) => res.type("text/html").send("<html>busy</html>"));
  app.post("/shape", (_, res) => res.json({ jsonrpc: "2.0", id: 1, result: { x: 1 } }));
  app.post("/slow-answer", (_, res) => { setTimeout(() => res.json({ jsonrpc: "2.0", id: 1, result: {} }), 30_000).unref(); });
  app.get("/cancels", (_, res) => res.json(cancels));
  app.get("/gets", (_, res) => res.json(gets.length));
  app.get("/slow", (_, res) => res.json([...slow.keys()]));
  process.stdout.write(`${JSON.stringify({ port, interfaces: supportedInterfaces.length })}\n`);
});
process.stdin.on("end", () => process.exit(0));
process.stdin.resume();
