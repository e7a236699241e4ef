// A2A in: a remote agent (protocol 0.3 or 1.0) as one `Tool` with `source: "a2a"`. The core
// (src/a2a/) reads the card, chooses the version and endpoint, writes every JSON-RPC request and
// says what each reply means (a result, or poll again and when); this module only fetches and
// waits. It uses `fetch` and nothing of Node.js, so it runs wherever `fetch` does. Its
// declarations: src/a2a/typings.rs.

import { call, coreCall } from "../core.js";
import { resultOfThrown, sourceTool } from "../tool.js";
import { Stop, timeUp } from "./stop.js";

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

// A lone surrogate, which JSON.stringify writes as a `\u` escape and the core reads as U+FFFD:
// a message holding one goes through `a2a.request`, so every request says what the core says.
const LONE_SURROGATE = /[\ud800-\udfff]/u;

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
  const { agent, tool, limits, target, send } = answer;
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

  /** The body that sends the call's message: the core's `send` texts joined with the call's
   *  values when it has no context (the common call), else the core's `a2a.request`. */
  function sendBody(args) {
    const message = args.message;
    const contextId = args.contextId;
    if (contextId === undefined && typeof message === "string" && !LONE_SURROGATE.test(message)) {
      return `${send[0]}${++ids}${send[1]}"${uuid()}"${send[2]}${JSON.stringify(message)}${send[3]}`;
    }
    const taskId = typeof contextId === "string" ? waiting.get(contextId) : undefined;
    let fields = `"kind":"send","id":${++ids},"message":${JSON.stringify(message) ?? "null"},"messageId":"${uuid()}"`;
    if (contextId !== undefined) fields += `,"contextId":${JSON.stringify(contextId) ?? "null"}`;
    if (taskId !== undefined) fields += `,"taskId":${JSON.stringify(taskId)}`;
    const body = requestBody(fields);
    if (taskId !== undefined) waiting.delete(contextId);
    return body;
  }

  // The reply of one POST, as the core's `a2a.reply` reads it: its status and body, or what
  // went wrong (a call's own POSTs read theirs in `execute`, the same way).
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

  // One call: send, then poll the task until the core says it is done. The tool's `execute`
  // itself (`sourceTool`): one async function on the way (no await beyond fetch's, the body's
  // and the polls'), no closure made per call, and what it throws past its own handling
  // answered as `execute` answers a throw.
  async function execute(args, ctx) {
    try {
      const signal = ctx?.signal;
      const timeout = ctx?.timeout ?? options.timeout ?? limits.timeout;
      if (signal?.aborted) return call("a2a.stopped", { timedOut: false, timeout });
      const stop = new Stop();
      const stopped = stop.controller.signal;
      if (signal) signal.addEventListener("abort", stop, { once: true });
      // setTimeout fires at once for a delay beyond 2^31 - 1 ms (about 24.8 days): such a limit
      // is no limit.
      const timer = timeout <= 2147483647 ? setTimeout(timeUp, timeout, stop) : undefined;
      const deadline = Date.now() + timeout;
      let task; // the task this call follows, once a reply names one
      try {
        let body = sendBody(args ?? {});
        for (let attempt = 0; ; attempt++) {
          let status;
          let text;
          let error;
          try {
            const response = await fetchFn(target.url, { method: "POST", headers: postHeaders, body, signal: stopped });
            status = response.status;
            text = await bounded(response, limits.maxBody);
          } catch (e) {
            if (stopped.aborted) throw e;
            error = errorText(e);
          }
          const remaining = Math.max(0, deadline - Date.now());
          let step;
          if (text !== undefined) {
            // The reply's body crosses beside the input, as it is (not written into the JSON).
            let input = `{"status":${+status || 0},"attempt":${attempt},"interval":${intervalJson},"remaining":${JSON.stringify(remaining)}`;
            if (task !== undefined) input += `,"task":${JSON.stringify(task)}`;
            const answer = parse(coreCall("a2a.reply", `${input}}`, text));
            if (answer.error !== undefined) throw new TypeError(answer.error.message);
            step = answer.ok;
          } else {
            const reply = error !== undefined ? { error, agent } : { tooLarge: true };
            step = call("a2a.reply", { ...reply, attempt, interval, remaining, task });
          }
          if (step.done !== undefined) {
            const remember = step.remember;
            if (remember?.contextId) waiting.set(remember.contextId, remember.taskId);
            return step.done;
          }
          const poll = step.poll;
          task = { taskId: poll.taskId, contextId: poll.contextId, state: poll.state };
          await sleep(poll.delay, stopped);
          body = requestBody(`"kind":"get","taskId":${JSON.stringify(poll.taskId)},"id":${++ids}`);
        }
      } catch (e) {
        if (stop.why === undefined) return { output: errorText(e), isError: true };
        await cancel(task);
        return call("a2a.stopped", { timedOut: stop.why === "timeout", timeout, task });
      } finally {
        clearTimeout(timer);
        if (signal) signal.removeEventListener("abort", stop);
      }
    } catch (e) {
      return resultOfThrown(e);
    }
  }

  return sourceTool({ name: tool.name, description: tool.description, inputSchema: tool.inputSchema, source: "a2a", execute });
}


// Each export against its declaration in a2a.d.ts (tsc --checkJs, scripts/types.mjs).
/** @satisfies {typeof import("./a2a.js").fromA2A} */ (fromA2A);
