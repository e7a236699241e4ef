//! The TypeScript declarations of `fromA2A` (the npm binding, pkg-template/a2a.js).

use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const A2A_TYPES: &'static str = r#"
/**
 * An A2A agent card, protocol 1.0 (`supportedInterfaces`) or 0.3 (`url`, `preferredTransport`,
 * `additionalInterfaces`): only what `fromA2A` reads is typed; anything else may be there.
 */
export interface A2AAgentCard {
  name: string;
  description?: string;
  supportedInterfaces?: { url: string; protocolBinding: string; protocolVersion?: string; tenant?: string }[];
  url?: string;
  preferredTransport?: string;
  additionalInterfaces?: { url: string; transport: string }[];
  skills?: { id?: string; name?: string; description?: string; examples?: string[]; [key: string]: unknown }[];
  [key: string]: unknown;
}

/** The options of {@link fromA2A}. */
export interface FromA2AOptions {
  /** Sent with every request, the card's included (e.g. `Authorization`). */
  headers?: Record<string, string>;
  /** How long one call may take, in ms, when `ctx.timeout` does not say; 300000 by default. */
  timeout?: number;
  /** The first wait before polling a task that is not finished, in ms (it backs off to 5 s); 500 by default. */
  pollInterval?: number;
  /** The `fetch` to use; the global one by default. */
  fetch?: (input: string, init?: { method?: string; headers?: Record<string, string>; body?: string; signal?: AbortSignal }) => Promise<Response>;
}

/**
 * A remote A2A agent (protocol 0.3 or 1.0) as one {@link Tool} with `source: "a2a"`, taking
 * `{ message: string, contextId?: string }`. `card` is an agent card, its URL, or the agent's
 * base URL (then `/.well-known/agent-card.json`, then `/.well-known/agent.json`). Rejects only
 * when no card can be read or the document is not a usable card, naming the URL; the tool's
 * `execute` never rejects (timeouts, aborts, errors of any kind are `isError` results, and a
 * stopped task is cancelled at the agent).
 *
 * @example
 * ```ts
 * const agent = await fromA2A("https://agents.example.com");
 * const res = await agent.execute({ message: "Plan a trip to Rome" });
 * ```
 */
export function fromA2A(card: A2AAgentCard | string | URL, options?: FromA2AOptions): Promise<Tool>;
"#;
