//! The TypeScript declarations of `httpTool` and `fromOpenAPI` (their behaviour: the rest of
//! this module and `crate::openapi`; their I/O: `pkg-template/src/sources/http.js`).

use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const HTTP_TYPES: &'static str = r#"
/** A `fetch` implementation: the global one, or one you pass (a test double, a proxying fetch). */
export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/** The options of {@link httpTool}. */
export interface HttpToolOptions {
  /** The tool's name (sanitized; at most 64 characters). */
  name: string;
  description?: string;
  /** `"GET"` unless given. */
  method?: "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS" | (string & {});
  /** An `http:` or `https:` URL; `{name}` placeholders are filled from the arguments. */
  url: string;
  /** Without one: each placeholder a required string, any other property accepted. */
  inputSchema?: JSONSchema & { type: "object" };
  /** Header values may hold `${VAR}`: read from the environment at call time, never shown. */
  headers?: Record<string, string>;
  /** Arguments sent in the query string (all remaining ones for GET, HEAD, DELETE, OPTIONS). */
  query?: readonly string[];
  /** How the other arguments are sent: `"json"` (default), `"form"`, or `"raw"` (the `body` argument as is). */
  body?: "json" | "form" | "raw";
  /** Milliseconds; `ctx.timeout` wins; 30 000 unless given. */
  timeout?: number;
  /** `"text"` (default), `"json"` (parsed and written back compactly) or `"status+text"`. */
  resultMode?: "text" | "json" | "status+text";
  /** The most of a response body read (1 MiB unless given); the rest is left out, with a note. */
  maxBytes?: number;
  fetch?: FetchLike;
}

/**
 * An HTTP endpoint as a {@link Tool} with `source: "http"`. Its `execute` never rejects: a
 * missing placeholder, an unset `${VAR}`, a non-2xx status, a network failure, a timeout
 * ("timed out after N ms") or `ctx.signal` ("cancelled") are `isError` results;
 * `metadata.status` holds the status.
 *
 * @example
 * const weather = httpTool({ name: "weather", url: "https://api.example.com/weather/{city}" });
 * await weather.execute({ city: "Paris", units: "metric" }); // GET …/weather/Paris?units=metric
 */
export function httpTool(options: HttpToolOptions): Tool;

/** The options of {@link fromOpenAPI}. */
export interface FromOpenAPIOptions {
  /** The server to call; else the document's first `servers` entry with its variables' defaults. */
  baseUrl?: string;
  /** Sent with every request; values may hold `${VAR}`. */
  headers?: Record<string, string>;
  /** Put before every tool's name. */
  prefix?: string;
  /** Only these operations: `operationId`s, tags or `"METHOD /path"`. */
  include?: readonly string[];
  /** Not these operations: `operationId`s, tags or `"METHOD /path"`. */
  exclude?: readonly string[];
  /** Milliseconds per call; `ctx.timeout` wins; 30 000 unless given. */
  timeout?: number;
  /** The most of a response body read (1 MiB unless given). */
  maxBytes?: number;
  fetch?: FetchLike;
}

/**
 * One {@link Tool} per operation of an OpenAPI 3.0 or 3.1 document (the parsed object or its
 * JSON text): names from `operationId` (else method and path), sanitized and at most 64
 * characters, every collision numbered; `inputSchema` from the path, query and header
 * parameters and the JSON body, `$ref`s inlined. A Swagger 2.0 document is a `TypeError`.
 *
 * @example
 * const tools = fromOpenAPI(spec, { include: ["pets"], headers: { Authorization: "Bearer ${PET_TOKEN}" } });
 */
export function fromOpenAPI(spec: string | object, options?: FromOpenAPIOptions): Tool[];
"#;
