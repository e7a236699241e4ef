// httpTool and fromOpenAPI: HTTP endpoints and whole OpenAPI documents as tools, in every
// runtime with `fetch`. Every decision is the core's (`http.*`, `openapi.*`, src/http/ and
// src/openapi/): where each argument goes, the request, each redirect hop, what a reply
// becomes. This module does the I/O only: read the environment variables the core names, fetch,
// follow redirects one hop at a time, read at most maxBytes.
import { call, coreCall, instanceOf } from "../core.js";
import { resultOfThrown, sourceTool } from "../tool.js";
import { Stop, timeUp } from "./stop.js";

// How a `${VAR}` in a header is read. Here only Deno's environment (a web module may read it);
// the Node.js entries set Node's and Bun's too (http.node.js).
let readEnv = (name) => {
  try {
    return globalThis.Deno?.env?.get(name);
  } catch {
    return undefined; // Deno without --allow-env: unset
  }
};

/** Sets how `${VAR}`s are read (the Node.js entries' http.node.js calls it once). */
export function setEnvReader(read) {
  readEnv = read;
}

// How far past maxBytes a body is still counted (not kept) to say how much was left out.
const DRAIN_LIMIT = 16 << 20;

const ask = call;
const failure = (kind, extra) => call("http.failure", { kind, ...extra });
const messageOf = (e) => {
  const cause = e?.cause?.code ?? e?.cause?.message;
  const text = typeof e?.message === "string" && e.message ? e.message : String(e);
  return cause && !text.includes(cause) ? `${text} (${cause})` : text;
};

function checkFetch(fetch) {
  if (fetch !== undefined && fetch !== null && typeof fetch !== "function") {
    throw new TypeError("`fetch` must be a function (a fetch implementation)");
  }
  return fetch ?? undefined;
}

// A tool's plan is kept in the core on its first call (`http.keep`): later calls send its
// number, not the plan. It is forgotten there once the plan object, which every call of the
// tool reaches, is garbage-collected. A tool never called (most of an OpenAPI document's)
// costs the core nothing. A plan is kept in one rules instance (`instanceOf`): after a trap
// the next instance holds none, so the plan is kept again there, and a number of the old
// instance is never forgotten in the new one.
const forgetting =
  typeof FinalizationRegistry === "function"
    ? new FinalizationRegistry(({ id, instance }) => {
        if (instanceOf("http.forget", false) !== instance) return;
        try {
          coreCall("http.forget", `{"plan":${id}}`);
        } catch {
          // the instance is gone with its plans
        }
      })
    : undefined;

/** What a call sends as its plan: the number it is kept under (kept on the first call). */
function keptNumber(plan) {
  if (!forgetting) return (plan.kept ??= JSON.stringify(plan)); // nothing would forget a kept one
  const instance = instanceOf("http.keep");
  if (plan.keptIn === instance) return plan.kept;
  const answer = JSON.parse(coreCall("http.keep", `{"plan":${JSON.stringify({ ...plan, kept: undefined, keptIn: undefined })}}`));
  if (answer.error) throw new TypeError(answer.error.message);
  forgetting.register(plan, { id: answer.ok, instance });
  plan.kept = answer.ok;
  plan.keptIn = instance;
  return answer.ok;
}

function makeTool(name, description, inputSchema, plan, fetchOption) {
  return sourceTool({
    name,
    description,
    inputSchema,
    source: "http",
    execute: (args, ctx) => perform(plan, args, ctx, fetchOption),
  });
}

const NO_SECRETS = [];
const NO_HEADERS = [];
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

// One call: the core's request, then fetch with the time limit and the caller's signal wired
// to one AbortController, then the reply read and made a result. The tool's `execute` itself
// (`sourceTool`): one async function on the way (no await beyond fetch's and the body's), no
// closure made per call, and what it throws past its own handling (a caller's signal that is
// no EventTarget, a core that traps while wording a failure) answered as `execute` answers a
// throw.
async function perform(plan, args, ctx, fetchOption) {
  try {
    const signal = ctx?.signal;
    if (signal?.aborted) return failure("cancelled");
    let secrets = NO_SECRETS;
    let request;
    try {
      // The core's `http.request` over the kept plan, this call's arguments and the values of
      // the `${VAR}`s its headers need (none sent when the headers need none), as
      // `[plan, args, env?]`.
      let input = `[${keptNumber(plan)},${JSON.stringify(args ?? {}) ?? "null"}`;
      if (plan.vars.length > 0) {
        const values = {};
        for (const name of plan.vars) {
          const value = readEnv(name);
          if (typeof value === "string") values[name] = value;
        }
        secrets = Object.values(values);
        input += `,${JSON.stringify(values)}`;
      }
      // The answer: the request, `[method, url, headers, body]`, or for a GET with no headers
      // and no body its URL alone (a JSON string, read as it is when it holds no escape); or the
      // error result sent instead.
      const text = coreCall("http.request", `${input}]`);
      if (text.startsWith('{"ok":"') && !text.includes("\\")) {
        request = ["GET", text.slice(7, -2), NO_HEADERS, null];
      } else {
        const answer = JSON.parse(text);
        if (answer.error) throw new TypeError(answer.error.message);
        request = answer.ok;
        if (typeof request === "string") request = ["GET", request, NO_HEADERS, null];
        else if (!Array.isArray(request)) return request.result;
      }
    } catch (e) {
      return failure("network", { message: messageOf(e), secrets });
    }
    const fetch = fetchOption ?? globalThis.fetch;
    if (typeof fetch !== "function") return failure("network", { message: "this runtime has no fetch; pass the `fetch` option" });
    const ms = ctx?.timeout ?? plan.timeout;
    // One signal for fetch per call: the caller's own may be long-lived, and fetch leaves a
    // listener on the signal it is given until the request is garbage-collected.
    const stop = new Stop();
    if (signal) signal.addEventListener("abort", stop, { once: true });
    // setTimeout fires at once for a delay beyond 2^31 - 1 ms (about 24.8 days): such a limit
    // is no limit.
    const timer = ms <= 2147483647 ? setTimeout(timeUp, ms, stop) : undefined;
    try {
      let [method, url, headers, body] = request;
      for (let hop = 1; ; hop++) {
        // Redirects by hand when there are headers to keep from another origin; `fetch` follows
        // them itself otherwise (a browser hands back no Location in "manual" mode).
        const manual = headers.length > 0 && headers.some(([k]) => k.toLowerCase() !== "content-type");
        const init = { method, signal: stop.controller.signal };
        if (headers.length > 0) init.headers = headers;
        if (body != null) init.body = body;
        if (manual) init.redirect = "manual";
        const res = await fetch(url, init);
        // Only a request sent with redirect: "manual" can come back as an opaque redirect.
        if (manual && res.type === "opaqueredirect") {
          return failure("network", {
            message: "the server redirected, and this runtime does not show where to; configured headers are not sent on blindly",
          });
        }
        const status = res.status;
        const location = manual && REDIRECTS.has(status) ? res.headers.get("location") : null;
        if (location) {
          await res.body?.cancel().catch(() => {});
          const to = new URL(location, url).href;
          const next = ask("http.redirect", { method, status, from: url, to, hop, headers });
          if (next.result) return next.result;
          ({ method, url, headers } = next);
          if (!next.keepBody) body = undefined;
          continue;
        }
        // A plain body whose declared length fits is read whole (HTTP framing ends it there); a
        // compressed one may grow when decoded, and a chunked one says nothing: read by chunks.
        const declared = res.headers.get("content-length");
        let text;
        let leftOut = 0;
        let unfinished = false;
        if (declared !== null && /^\d+$/.test(declared) && Number(declared) <= plan.maxBytes && !res.headers.has("content-encoding")) {
          text = await res.text();
        } else {
          ({ text, leftOut, unfinished } = await readBody(res, plan.maxBytes));
        }
        // A status the plan names, read whole: the core's rule says the body is the output
        // (`bodyIsOutput`, src/http/response.rs), so it is not sent back to be read.
        const asIs = plan.bodyIsOutput;
        if (asIs && leftOut === 0 && !unfinished && status >= asIs[0] && status <= asIs[1]) {
          return { output: text, isError: false, metadata: { status } };
        }
        // The body crosses beside the input, as it is (not written into the JSON).
        const answer = JSON.parse(coreCall(
          "http.response",
          `{"resultMode":"${plan.resultMode}","status":${status},"statusText":${JSON.stringify(res.statusText ?? "")},"leftOut":${leftOut},"unfinished":${unfinished}}`,
          text,
        ));
        if (answer.error) throw new TypeError(answer.error.message);
        return answer.ok;
      }
    } catch (e) {
      if (stop.why === "cancelled") return failure("cancelled");
      if (stop.why === "timeout") return failure("timeout", { ms });
      // The core hides the values of the call's `${VAR}`s, should the message quote a header.
      return failure("network", { message: messageOf(e), secrets });
    } finally {
      clearTimeout(timer);
      if (signal) signal.removeEventListener("abort", stop);
    }
  } catch (e) {
    return resultOfThrown(e);
  }
}

// At most `max` bytes of the body, cut at a UTF-8 character boundary; how many bytes were
// left out, and whether reading stopped before the end.
async function readBody(res, max) {
  const reader = res.body?.getReader();
  if (!reader) return { text: "", leftOut: 0, unfinished: false };
  const room = max + 4;
  const chunks = [];
  let kept = 0;
  let total = 0;
  let unfinished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.length;
      if (kept < room) {
        const part = value.length <= room - kept ? value : value.subarray(0, room - kept);
        chunks.push(part);
        kept += part.length;
      }
      if (total > max + DRAIN_LIMIT) {
        unfinished = true;
        break;
      }
    }
  } finally {
    if (unfinished) reader.cancel().catch(() => {});
  }
  const bytes = chunks.length === 1 ? chunks[0] : new Uint8Array(kept);
  if (chunks.length !== 1) {
    let at = 0;
    for (const c of chunks) {
      bytes.set(c, at);
      at += c.length;
    }
  }
  let cut = Math.min(kept, max);
  if (kept > max) while (cut > 0 && (bytes[cut] & 0xc0) === 0x80) cut--;
  return { text: new TextDecoder().decode(bytes.subarray(0, cut)), leftOut: total - cut, unfinished };
}

/**
 * An HTTP endpoint as a Tool (`source: "http"`).
 * @example
 * const weather = httpTool({ name: "weather", url: "https://api.example.com/weather/{city}" });
 * await weather.execute({ city: "Paris", units: "metric" }); // GET …/weather/Paris?units=metric
 */
export function httpTool(options) {
  if (options === null || typeof options !== "object") throw new TypeError("httpTool options must be an object");
  const fetch = checkFetch(options.fetch);
  const { fetch: _, ...rest } = options;
  const defined = ask("http.define", rest);
  const schema = options.inputSchema ?? defined.inputSchema;
  return makeTool(defined.name, defined.description, schema, defined.plan, fetch);
}

/**
 * One Tool per operation of an OpenAPI 3.0 or 3.1 document (the object or its JSON text).
 * @example
 * const tools = fromOpenAPI(spec, { include: ["pets"], headers: { Authorization: "Bearer ${PET_TOKEN}" } });
 * @param {string | object} spec
 * @param {any} [options] the declared FromOpenAPIOptions (http.d.ts), read as given
 */
export function fromOpenAPI(spec, options = {}) {
  if (options === null || typeof options !== "object") throw new TypeError("fromOpenAPI options must be an object");
  const fetch = checkFetch(options.fetch);
  let text = spec;
  if (typeof spec !== "string") {
    if (spec === null || typeof spec !== "object") throw new TypeError("`spec` must be an OpenAPI document (an object or its JSON text)");
    text = JSON.stringify(spec);
  }
  const { fetch: _, spec: __, text: ___, ...rest } = options;
  // The document's text crosses beside the options, as it is: writing 13 MB as a JSON string
  // and reading it back would cost more than the rest of the work.
  const answer = JSON.parse(coreCall("openapi.tools", JSON.stringify(rest), text));
  if (answer.error) throw new TypeError(answer.error.message);
  const tools = answer.ok;
  return tools.map((t) => makeTool(t.name, t.description, t.inputSchema, t.plan, fetch));
}


// Each export against its declaration in http.d.ts (tsc --checkJs, scripts/types.mjs).
/** @satisfies {typeof import("./http.js").httpTool} */ (httpTool);
/** @satisfies {typeof import("./http.js").fromOpenAPI} */ (fromOpenAPI);
/** @satisfies {typeof import("./http.js").setEnvReader} */ (setEnvReader);
