// Each provider's tool calls in, its next request's entries out: the calls read from the
// message (an SDK object or its JSON), each run through `dispatch`, all at once, and answered in
// order. Nothing here throws or rejects: a malformed call is answered with an error entry the
// model can act on, worded by the core. The entries are built by the core (`toolkit.answers`),
// as in the Python package, except Chat Completions' tool messages (see `prefixed`).
//
// The hot path (`runOpenAI` of a message with a few calls) does per call: a few type checks, one
// Map lookup, `JSON.parse` of the arguments, the tool's own `execute`, and the reply object; one
// `Promise.all` and one `then` per message.

import { call, coreCall } from "./core.js";
import { messageOf, phraseOf } from "./tool.js";
import { dispatch, failure, worded } from "./toolkit-dispatch.js";
import { wellFormedJson } from "./well-formed.js";

const isArray = Array.isArray;
const parse = JSON.parse;
const stringify = JSON.stringify;
const resolve = (value) => Promise.resolve(value);
const EMPTY = Object.freeze([]);

/** A Chat Completions assistant message (or its `tool_calls`) → its `role: "tool"` messages. */
function runOpenAI(entries, input, ctx) {
  let calls;
  let n;
  try {
    calls = isArray(input) ? input : input?.tool_calls;
    if (!isArray(calls) || (n = calls.length) === 0) return resolve([]);
  } catch {
    return resolve([]);
  }
  const ids = new Array(n);
  const pending = new Array(n);
  for (let i = 0; i < n; i++) {
    ids[i] = "";
    try {
      pending[i] = openAICall(entries, calls[i], i, ids, ctx);
    } catch (error) {
      pending[i] = unreadable("Tool call", i, error);
    }
  }
  return Promise.all(pending).then((results) => {
    const out = new Array(n);
    for (let i = 0; i < n; i++) out[i] = { role: "tool", tool_call_id: ids[i], content: prefixed(results[i]) };
    return out;
  });
}

function openAICall(entries, call, i, ids, ctx) {
  const id = call?.id;
  if (typeof id !== "string" || id === "") {
    return failure(worded("no_id", { provider: "openai", index: i }));
  }
  ids[i] = id;
  if (seenBefore(ids, i, id)) return duplicate("Tool call", id);
  const type = call.type;
  if (type !== "function" && type !== undefined) {
    return failure(worded("not_function", typeof type === "string" ? { id, type } : { id, shown: phraseOf(type) },
      [...entries.keys()]));
  }
  const fn = call.function;
  if (fn === null || typeof fn !== "object") {
    return failure(worded("no_function", { id }));
  }
  return dispatch(entries, fn.name, fn.arguments, ctx);
}

// The providers whose calls carry their own ids, and where each call keeps its parts.
const BY_ID = {
  openai_responses: { list: "output", type: "function_call", id: "call_id", args: "arguments", what: "Function call" },
  anthropic: { list: "content", type: "tool_use", id: "id", args: "input", what: "Tool use" },
};

/** The calls of `input` in the shape of `provider` (a key of BY_ID), each answered by its id. */
function runById(provider, entries, input, ctx) {
  const shape = BY_ID[provider];
  const ids = [];
  const pending = collect(input, shape.list, shape.type, ids, (call, at) => {
    const id = call[shape.id];
    if (typeof id !== "string" || id === "") {
      return failure(worded("no_id", { provider, index: at }));
    }
    ids[at] = id;
    return seenBefore(ids, at, id) ? duplicate(shape.what, id) : dispatch(entries, call.name, call[shape.args], ctx);
  });
  if (pending.length === 0) return resolve([]);
  return Promise.all(pending).then((results) => answers(provider, results, ids));
}

/** A Responses `output` (or the response) → a `function_call_output` item per `function_call`. */
const runOpenAIResponses = (entries, input, ctx) => runById("openai_responses", entries, input, ctx);

/** An Anthropic message (or its `content`) → a `tool_result` block per `tool_use` block. */
const runAnthropic = (entries, input, ctx) => runById("anthropic", entries, input, ctx);

// The calls among `input` (an array, or an object whose `key` is one) whose `type` is `type`,
// each answered by `answer(item, position)`; `ids` gets "" for each, for `answer` to set.
function collect(input, key, type, ids, answer) {
  const pending = [];
  let items;
  try {
    items = isArray(input) ? input : input?.[key];
    if (!isArray(items)) return pending;
    const n = items.length;
    for (let i = 0; i < n; i++) {
      const at = pending.length;
      try {
        const item = items[i];
        if (item === null || typeof item !== "object" || item.type !== type) continue;
        ids[at] = "";
        pending[at] = answer(item, at);
      } catch (error) {
        ids[at] = "";
        pending[at] = unreadable("Call", at, error);
      }
    }
  } catch {
    // the list itself could not be read: nothing more to answer
  }
  return pending;
}

/**
 * A Gemini `GenerateContentResponse` (an SDK object or its JSON), its `functionCalls`, or an
 * array of `{ id?, name, args }` → a `functionResponse` part per call.
 */
function runGemini(entries, input, ctx) {
  let calls;
  let n;
  try {
    calls = geminiCalls(input);
    if ((n = calls.length) === 0) return resolve([]);
  } catch {
    return resolve([]);
  }
  const ids = new Array(n);
  const names = new Array(n);
  const pending = new Array(n);
  for (let i = 0; i < n; i++) {
    names[i] = "";
    try {
      const call = calls[i];
      if (call === null || typeof call !== "object") {
        pending[i] = failure(worded("not_a_call", { index: i, shown: phraseOf(call) }));
        continue;
      }
      const id = call.id;
      const name = call.name;
      if (typeof name === "string") names[i] = name;
      if (typeof id === "string" && id !== "") {
        ids[i] = id;
        if (seenBefore(ids, i, id)) {
          pending[i] = duplicate("Function call", id);
          continue;
        }
      }
      pending[i] = dispatch(entries, name, call.args, ctx);
    } catch (error) {
      pending[i] = unreadable("Function call", i, error);
    }
  }
  return Promise.all(pending).then((results) => answers("gemini", results, ids, names));
}

/** The `params` of an MCP `tools/call` request → its `CallToolResult`. */
function runMCP(entries, params, ctx) {
  let pending;
  try {
    pending = params !== null && typeof params === "object"
      ? dispatch(entries, params.name, params.arguments, ctx)
      : failure(worded("no_params", { shown: phraseOf(params) }));
  } catch (error) {
    pending = unreadable("The tools/call request", undefined, error);
  }
  return resolve(pending).then((result) => answers("mcp", [result], EMPTY));
}

const duplicate = (what, id) => failure(worded("duplicate", { what, id }));
const unreadable = (what, i, error) =>
  failure(`${what}${i === undefined ? "" : ` #${i + 1}`} could not be read, so it was not run: ${messageOf(error)}`);

// True when `id` is among ids[0..at).
function seenBefore(ids, at, id) {
  for (let j = 0; j < at; j++) if (ids[j] === id) return true;
  return false;
}

/**
 * A ToolResult as [text, isError], whatever a passthrough result holds.
 * @returns {[string, boolean]}
 */
function parts(result) {
  try {
    const output = result.output;
    const text = typeof output === "string" ? output : (stringify(output) ?? "");
    return [text, Boolean(result.isError)];
  } catch (error) {
    return [`The tool's result could not be read: ${messageOf(error)}`, true];
  }
}

// The core's prefix of a failure's text where the format has no error flag ("Error: "), asked
// once, at the first failure `runOpenAI` answers.
let errorPrefix;
const failed = (text) => (errorPrefix ??= call("toolkit.message", { kind: "error_prefix" })) + text;

// `output`, or the core's prefix and `output` when it failed: a Chat Completions tool message's
// content. The one answer built here rather than by the core's `toolkit.answers` (as every
// other provider's is): `runOpenAI` is the hot path, and a round trip through the core per
// message would cost more than the rest of the dispatch.
function prefixed(result) {
  try {
    const output = result.output;
    if (typeof output === "string") {
      const isError = result.isError;
      return isError === false ? output : isError === true || isError ? failed(output) : output;
    }
  } catch {
    // read again below, with the error shown
  }
  const [text, isError] = parts(result);
  return isError ? failed(text) : text;
}

// A result's metadata, when it has some to give (an object).
function metadataOf(result) {
  try {
    const meta = result.metadata;
    return meta !== null && typeof meta === "object" ? meta : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The entries of `provider`'s next request, built by the core (`toolkit.answers`, as in the
 * Python package): one per result, with `ids[i]` and `names[i]` (Gemini) for its call. For
 * "mcp", the one `CallToolResult`.
 * @returns {any}
 */
function answers(provider, results, ids, names) {
  const n = results.length;
  const calls = new Array(n);
  const given = new Array(n);
  for (let i = 0; i < n; i++) {
    calls[i] = { id: ids[i], name: names === undefined ? undefined : names[i] };
    const [output, isError] = parts(results[i]);
    given[i] = { output, is_error: isError, metadata: metadataOf(results[i]) };
  }
  let input;
  try {
    input = stringify({ provider, calls, results: given });
  } catch {
    // Metadata JSON cannot carry (a BigInt, a cycle): the answers go without it.
    for (const result of given) result.metadata = undefined;
    input = stringify({ provider, calls, results: given });
  }
  // Text with a lone surrogate, which the core cannot read, goes with U+FFFD in its place.
  let answer = parse(coreCall("toolkit.answers", input));
  if (answer.error !== undefined) answer = parse(coreCall("toolkit.answers", wellFormedJson(input)));
  if (answer.error !== undefined) throw new TypeError(answer.error.message);
  return answer.ok;
}

function geminiCalls(input) {
  if (input === undefined || input === null) return EMPTY;
  if (isArray(input)) return input;
  if (typeof input !== "object") return EMPTY;
  if ("functionCalls" in input) {
    const calls = input.functionCalls;
    if (isArray(calls)) return calls;
  }
  // A response as JSON (no SDK getter): the function calls of the first candidate's parts.
  const found = [];
  const partsList = input.candidates?.[0]?.content?.parts;
  if (isArray(partsList)) {
    for (const part of partsList) if (part?.functionCall) found.push(part.functionCall);
  }
  return found;
}

export { runAnthropic, runGemini, runMCP, runOpenAI, runOpenAIResponses };
