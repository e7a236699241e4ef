//! The rules of the `a2a` source: a remote A2A agent (protocol 0.3 or 1.0) as one tool.
//!
//! The host fetches; everything else is decided here:
//!
//! - [`url`]: where a card may be for a base URL (`/.well-known/agent-card.json`, then
//!   `/.well-known/agent.json`), and relative interface URLs;
//! - [`card`]: the version and endpoint a card offers, and the tool it becomes;
//! - [`request`]: the JSON-RPC requests of each version, with their headers;
//! - [`wire`]: a reply of either version read into one shape;
//! - [`outcome`]: what a reply means (a result, or poll again and when), and a stopped call.
//!
//! The operations, for [`crate::ops::call`]:
//!
//! | op | input | answer |
//! |---|---|---|
//! | `card_urls` | `{ url }` | `{ urls, headers, maxBody }`: the card URLs to try in order, the request's headers, the most a card may hold |
//! | `card_failed` | `{ url, tried: [{ url, status?, error? }] }` | the message `fromA2A` rejects with |
//! | `agent` | `{ card, url? }` | `{ agent, tool, target: { url, headers }, send, limits }` (every request is a POST to `target`; `send`: the texts around the JSON-RPC id, message id and message of a send with no `contextId` or `taskId`, [`request::send_template`]), or a value error naming `url` |
//! | `request` | `{ agent, kind: "send" \| "get" \| "cancel", id, message?, messageId?, contextId?, taskId? }` | the request's body (JSON text) |
//! | `reply` | `{ status, body }` (the body may come as `text`, beside the input) or `{ error }` or `{ tooLarge: true }`, plus `agent?` (for the message of `error`), `attempt?`, `interval?`, `remaining?`, `task?` | `{ done: result, remember? }` or `{ poll: { taskId, contextId, state, delay } }` |
//! | `stopped` | `{ timedOut, timeout, task? }` | the result of a call stopped by its timeout or its signal |
//!
//! Times are milliseconds (the Python package converts its seconds).

use serde_json::{json, Value};

use crate::ops::{OpError, OpResult};

pub mod card;
pub mod outcome;
pub mod request;
pub mod url;
pub mod wire;

/// The most a card or a reply body may hold (bytes).
pub const MAX_BODY: u64 = 8 * 1024 * 1024;
/// How long a call may take when neither the call nor the tool says (ms).
pub const DEFAULT_TIMEOUT: u64 = 300_000;

fn str_field<'a>(input: &'a Value, key: &str) -> Result<&'a str, OpError> {
    input
        .get(key)
        .and_then(Value::as_str)
        .ok_or_else(|| OpError::type_error(format!("`{key}` must be a string")))
}

fn opt_str(input: &Value, key: &str) -> Result<Option<String>, OpError> {
    match input.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s.clone())),
        Some(_) => Err(OpError::type_error(format!("`{key}` must be a string"))),
    }
}

fn agent_of(input: &Value) -> Result<card::Agent, OpError> {
    card::Agent::from_json(input.get("agent").unwrap_or(&Value::Null)).map_err(OpError::type_error)
}

fn card_failed(input: &Value) -> Result<String, OpError> {
    let given = str_field(input, "url")?;
    let tried = input.get("tried").and_then(Value::as_array).cloned().unwrap_or_default();
    let reasons: Vec<String> = tried
        .iter()
        .map(|t| {
            let url = t.get("url").and_then(Value::as_str).unwrap_or("?");
            let why = match (t.get("status").and_then(Value::as_u64), t.get("error").and_then(Value::as_str))
            {
                (_, Some(e)) => e.to_string(),
                (Some(s), None) => format!("HTTP {s}"),
                (None, None) => "no answer".to_string(),
            };
            format!("{url}: {why}")
        })
        .collect();
    Ok(format!("could not read an A2A agent card for {given} ({})", reasons.join("; ")))
}

/// The `a2a.*` operations of [`crate::ops::call`].
pub fn op(name: &str, input: Value) -> OpResult {
    match name {
        "card_urls" => {
            let given = str_field(&input, "url")?;
            Ok(
                json!({ "urls": url::card_candidates(given), "headers": request::card_headers(), "maxBody": MAX_BODY }),
            )
        }
        "card_failed" => Ok(json!(card_failed(&input)?)),
        "agent" => {
            let at = opt_str(&input, "url")?;
            let doc = input.get("card").unwrap_or(&Value::Null);
            let agent = card::read(doc, at.as_deref()).map_err(|why| {
                OpError::value_error(match &at {
                    Some(u) => format!("the document at {u} is not a usable A2A agent card: {why}"),
                    None => format!("the agent card is not usable: {why}"),
                })
            })?;
            Ok(json!({
                "agent": agent.to_json(),
                "tool": card::definition(doc),
                "target": request::target(&agent),
                "send": request::send_template(&agent),
                "limits": { "maxBody": MAX_BODY, "timeout": DEFAULT_TIMEOUT, "pollInterval": outcome::DEFAULT_INTERVAL },
            }))
        }
        "request" => {
            let agent = agent_of(&input)?;
            let id = input.get("id").and_then(Value::as_u64).unwrap_or(1);
            let kind = match str_field(&input, "kind")? {
                "send" => request::Kind::Send {
                    message: str_field(&input, "message")?.to_string(),
                    message_id: str_field(&input, "messageId")?.to_string(),
                    context_id: opt_str(&input, "contextId")?,
                    task_id: opt_str(&input, "taskId")?,
                },
                "get" => request::Kind::Get { task_id: str_field(&input, "taskId")?.to_string() },
                "cancel" => request::Kind::Cancel { task_id: str_field(&input, "taskId")?.to_string() },
                other => {
                    return Err(OpError::value_error(format!(
                        "`kind` must be send, get or cancel, not {other:?}"
                    )))
                }
            };
            Ok(Value::String(request::build(&agent, &kind, id)))
        }
        "reply" => {
            let reply = if let Some(e) = input.get("error").and_then(Value::as_str) {
                let at = input
                    .get("agent")
                    .and_then(|a| a.get("url"))
                    .and_then(Value::as_str)
                    .unwrap_or("its URL");
                wire::Reply::Error(format!("the agent could not be reached at {at}: {e}"))
            } else if input.get("tooLarge").and_then(Value::as_bool) == Some(true) {
                wire::Reply::Error(format!("the agent's reply is larger than {MAX_BODY} bytes"))
            } else {
                let status = input.get("status").and_then(Value::as_u64);
                let status = status.and_then(|s| u16::try_from(s).ok()).unwrap_or(0);
                let body = input.get("body").or_else(|| input.get("text"));
                wire::read(status, body.and_then(Value::as_str).unwrap_or(""))
            };
            let attempt = input.get("attempt").and_then(Value::as_u64).unwrap_or(0);
            let interval = input.get("interval").and_then(Value::as_u64).unwrap_or(outcome::DEFAULT_INTERVAL);
            let remaining = input.get("remaining").and_then(Value::as_f64).map(|r| r.max(0.0) as u64);
            let known = input.get("task").filter(|t| t.is_object());
            Ok(outcome::of_reply(
                &reply,
                known,
                u32::try_from(attempt).unwrap_or(u32::MAX),
                interval,
                remaining,
            ))
        }
        "stopped" => {
            let timed_out = input.get("timedOut").and_then(Value::as_bool).unwrap_or(false);
            let timeout = input
                .get("timeout")
                .and_then(Value::as_f64)
                .map_or(DEFAULT_TIMEOUT, |t| t.max(0.0).round() as u64);
            Ok(outcome::stopped(timed_out, timeout, input.get("task").filter(|t| t.is_object())))
        }
        _ => Err(OpError::unknown(&format!("a2a.{name}"))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ops_answer_through_the_door() {
        let urls = crate::ops::dispatch("a2a.card_urls", json!({ "url": "http://h:1" })).unwrap_or_default();
        assert_eq!(urls["urls"][1], "http://h:1/.well-known/agent.json");
        let card = json!({ "name": "Echo", "url": "/rpc" });
        let a = op("agent", json!({ "card": card, "url": "http://h:1/.well-known/agent.json" }))
            .unwrap_or_default();
        assert_eq!(a["agent"], json!({ "name": "Echo", "version": "0.3", "url": "http://h:1/rpc" }));
        assert_eq!(a["tool"]["name"], "Echo");
        let bad = op("agent", json!({ "card": { "nope": 1 }, "url": "http://h/c.json" }));
        assert_eq!(
            bad.map_err(|e| e.message),
            Err("the document at http://h/c.json is not a usable A2A agent card: it has no \"name\""
                .to_string())
        );
        let req = op("request", json!({ "agent": a["agent"], "kind": "get", "taskId": "t", "id": 4 }))
            .unwrap_or_default();
        assert_eq!(req, r#"{"jsonrpc":"2.0","id":4,"method":"tasks/get","params":{"id":"t"}}"#);
        assert_eq!(a["target"]["url"], "http://h:1/rpc");
        assert!(op("request", json!({ "agent": a["agent"], "kind": "send" })).is_err());
        let failed = op(
            "card_failed",
            json!({ "url": "http://h", "tried": [
                { "url": "http://h/.well-known/agent-card.json", "status": 404 },
                { "url": "http://h/.well-known/agent.json", "error": "fetch failed" },
            ]}),
        );
        assert_eq!(
            failed.unwrap_or_default(),
            "could not read an A2A agent card for http://h (http://h/.well-known/agent-card.json: HTTP 404; http://h/.well-known/agent.json: fetch failed)"
        );
    }

    #[test]
    fn reply_errors_and_stops() {
        let unreachable = op("reply", json!({ "agent": { "url": "http://h/rpc" }, "error": "ECONNREFUSED" }))
            .unwrap_or_default();
        assert_eq!(
            unreachable["done"]["output"],
            "the agent could not be reached at http://h/rpc: ECONNREFUSED"
        );
        assert_eq!(unreachable["done"]["isError"], true);
        let beside = crate::ops::call_with_text(
            "a2a.reply",
            r#"{"status":200,"attempt":0,"interval":1000,"remaining":null,"task":null}"#,
            r#"{"jsonrpc":"2.0","id":1,"result":{"message":{"messageId":"m","contextId":"c","role":"ROLE_AGENT","parts":[{"text":"hi"}]}}}"#,
        );
        let beside: Value = serde_json::from_str(&beside).unwrap_or_default();
        assert_eq!(beside["ok"]["done"]["output"], "hi");
        assert_eq!(beside["ok"]["done"]["metadata"]["contextId"], "c");
        let big = op("reply", json!({ "tooLarge": true })).unwrap_or_default();
        assert_eq!(big["done"]["output"], "the agent's reply is larger than 8388608 bytes");
        let task = json!({ "taskId": "t", "contextId": "c", "state": "working" });
        let timed =
            op("stopped", json!({ "timedOut": true, "timeout": 250, "task": task })).unwrap_or_default();
        assert_eq!(timed, json!({ "output": "timed out after 250 ms", "isError": true, "metadata": task }));
        let cancelled = op("stopped", json!({ "timedOut": false })).unwrap_or_default();
        assert_eq!(cancelled, json!({ "output": "cancelled", "isError": true }));
    }
}
