// A2A in: a remote agent (protocol 0.3 or 1.0) as one `Tool` with `source: "a2a"`. The core
// (src/a2a/) reads the card, chooses the version and endpoint, writes every JSON-RPC request and
// says what each reply means (a result, or poll again and when); this module only fetches and
// waits. It uses `fetch` and nothing of Node.js, so it runs wherever `fetch` does. Its
// declarations: src/a2a/typings.rs.

import { call, coreCall } from "../core.js";
import { Tool } from "../tool.js";

const parse = JSON.parse;

let ids = 0;

function uuid() {
  const c = globalThis.crypto;
  if (c !== undefined && typeof c.randomUUID === "function") return c.randomUUID();
  const hex = [];
  for (let i = 0; i < 32; i++) hex.push(Math.floor(Math.random() * 16).toString(16));
  return `${hex.slice(0, 8).join("")}-${hex.slice(8, 12).join("")}-4${hex.slice(13, 16).join("")}-a${hex.slice(17, 20).join("")}-${hex.slice(20).join("")}`;
}

function errorText(e) {
  const text = e !== null && typeof e === "object" && typeof e.message === "string" ? e.message : String(e);
  const cause = e?.cause?.message ?? e?.cause?.code;
  return typeof cause === "string" && cause !== "" && !text.includes(cause) ? `${text} (${cause})` : text;
}

/** The body as text, or `undefined` when it is longer than `limit` bytes. */
function bounded(response, limit) {
  const declared = Number(response.headers.get("content-length"));
  // A declared length that fits: read whole (HTTP framing ends the body there).
  if (declared > 0 && declared <= limit) return response.text();
  return boundedByChunks(response, limit, declared);
}

async function boundedByChunks(response, limit, declared) {
  if (declared > limit) {
    await response.body?.cancel().catch(() => {});
    return undefined;
  }
  if (response.body === null) return response.text();
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      return undefined;
    }
    text += decoder.decode(value, { stream: true });
  }
}

function sleep(ms, signal) {
  return new Promise((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", done);
      resolve();
    }, ms);
    signal.addEventListener("abort", done, { once: true });
  });
}

async function readCard(given, headers, fetchFn) {
  const plan = call("a2a.card_urls", { url: given });
  const limit = plan.maxBody;
  const tried = [];
  for (const url of plan.urls) {
    let response;
    try {
      response = await fetchFn(url, { headers: { ...plan.headers, ...headers } });
    } catch (e) {
      tried.push({ url, error: errorText(e) });
      continue;
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => {});
      tried.push({ url, status: response.status });
      continue;
    }
    const text = await bounded(response, limit);
    if (text === undefined) {
      tried.push({ url, error: `larger than ${limit} bytes` });
      continue;
    }
    let card;
    try {
      card = parse(text);
    } catch {
      tried.push({ url, error: "not JSON" });
      continue;
    }
    return call("a2a.agent", { card, url });
  }
  throw new Error(call("a2a.card_failed", { url: given, tried }));
}

/**
 * A remote A2A agent as one tool. `card`: an agent card, its URL, or the agent's base URL.
 * Rejects only when no card can be read or the document is not a usable card.
 * @param {import("./a2a.js").A2AAgentCard | string | URL} card
 * @param {import("./a2a.js").FromA2AOptions} [options]
 */
export async function fromA2A(card, options = {}) {
  if (options === null || typeof options !== "object") throw new TypeError("fromA2A: the options must be an object");
  const fetchFn = options.fetch ?? globalThis.fetch;
  if (typeof fetchFn !== "function") throw new TypeError("fromA2A: no `fetch` in this runtime; pass one as the `fetch` option");
  const headers = { ...(options.headers ?? {}) };
  let answer;
  if (typeof card === "string" || card instanceof URL) answer = await readCard(String(card), headers, fetchFn);
  else if (card !== null && typeof card === "object") answer = call("a2a.agent", { card });
  else throw new TypeError("fromA2A: `card` must be an agent card, its URL or the agent's base URL");
  const { agent, tool, limits, target } = answer;
  const postHeaders = { ...headers, ...target.headers };
  const interval = options.pollInterval ?? limits.pollInterval;
  // What every call sends the core again, written as JSON once.
  const agentJson = JSON.stringify(agent);
  const intervalJson = JSON.stringify(interval) ?? "null";
  /** The body of a JSON-RPC request: the core's `a2a.request` over `fields`, JSON text. */
  const requestBody = (fields) => {
    const answer = parse(coreCall("a2a.request", `{"agent":${agentJson},${fields}}`));
    if (answer.error !== undefined) throw new TypeError(answer.error.message);
    return answer.ok;
  };
  // contextId → taskId of a task waiting for the caller's answer, so it is continued.
  const waiting = new Map();

  // The reply of one POST, as the core's `a2a.reply` reads it: its status and body, or what
  // went wrong.
  async function post(body, signal) {
    let response;
    try {
      response = await fetchFn(target.url, { method: "POST", headers: postHeaders, body, signal });
    } catch (e) {
      if (signal?.aborted) throw e;
      return { error: errorText(e), agent };
    }
    let text;
    try {
      text = await bounded(response, limits.maxBody);
    } catch (e) {
      if (signal?.aborted) throw e;
      return { error: errorText(e), agent };
    }
    return text === undefined ? { tooLarge: true } : { status: response.status, body: text };
  }

  async function cancel(task) {
    if (task === undefined) return;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), 5000);
    try {
      await post(requestBody(`"kind":"cancel","taskId":${JSON.stringify(task.taskId)},"id":${++ids}`), controller.signal);
    } catch {
      // best effort: the call's result says what happened
    } finally {
      clearTimeout(timer);
    }
  }

  async function converse(args, followed, signal, deadline) {
    const contextId = args.contextId;
    const taskId = typeof contextId === "string" ? waiting.get(contextId) : undefined;
    let fields = `"kind":"send","id":${++ids},"message":${JSON.stringify(args.message) ?? "null"},"messageId":"${uuid()}"`;
    if (contextId !== undefined) fields += `,"contextId":${JSON.stringify(contextId) ?? "null"}`;
    if (taskId !== undefined) fields += `,"taskId":${JSON.stringify(taskId)}`;
    let body = requestBody(fields);
    if (taskId !== undefined) waiting.delete(contextId);
    for (let attempt = 0; ; attempt++) {
      const reply = await post(body, signal);
      const remaining = Math.max(0, deadline - Date.now());
      let step;
      if (reply.body !== undefined) {
        // The reply's body crosses beside the input, as it is (not written into the JSON).
        const answer = parse(coreCall("a2a.reply",
          `{"status":${+reply.status || 0},"attempt":${attempt},"interval":${intervalJson},"remaining":${JSON.stringify(remaining)},"task":${JSON.stringify(followed.task) ?? "null"}}`,
          reply.body));
        if (answer.error !== undefined) throw new TypeError(answer.error.message);
        step = answer.ok;
      } else {
        step = call("a2a.reply", { ...reply, attempt, interval, remaining, task: followed.task });
      }
      if (step.done !== undefined) {
        const remember = step.remember;
        if (remember?.contextId) waiting.set(remember.contextId, remember.taskId);
        return step.done;
      }
      const poll = step.poll;
      followed.task = { taskId: poll.taskId, contextId: poll.contextId, state: poll.state };
      await sleep(poll.delay, signal);
      body = requestBody(`"kind":"get","taskId":${JSON.stringify(poll.taskId)},"id":${++ids}`);
    }
  }

  async function execute(args, ctx) {
    const signal = ctx?.signal;
    const timeout = ctx?.timeout ?? options.timeout ?? limits.timeout;
    if (signal?.aborted) return call("a2a.stopped", { timedOut: false, timeout });
    const controller = new AbortController();
    let why;
    const onAbort = () => {
      why ??= "cancelled";
      controller.abort();
    };
    signal?.addEventListener("abort", onAbort, { once: true });
    // setTimeout fires at once for a delay beyond 2^31 - 1 ms (about 24.8 days): such a limit
    // is no limit.
    const timer = timeout <= 2147483647 ? setTimeout(() => {
      why ??= "timeout";
      controller.abort();
    }, timeout) : undefined;
    const followed = {};
    try {
      return await converse(args ?? {}, followed, controller.signal, Date.now() + timeout);
    } catch (e) {
      if (why === undefined) return { output: errorText(e), isError: true };
      await cancel(followed.task);
      return call("a2a.stopped", { timedOut: why === "timeout", timeout, task: followed.task });
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
    }
  }

  return new Tool({ name: tool.name, description: tool.description, inputSchema: tool.inputSchema, source: "a2a", execute });
}


// Each export against its declaration in a2a.d.ts (tsc --checkJs, scripts/types.mjs).
/** @satisfies {typeof import("./a2a.js").fromA2A} */ (fromA2A);
