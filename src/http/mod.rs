//! The rules of the `http` source: `httpTool` and every `fromOpenAPI` tool call through them.
//!
//! - [`define`]: `httpTool`'s options checked, its default schema, its request [`plan`].
//! - [`request`]: one call's arguments → the request (URL template, query, body, headers with
//!   `${VAR}`s filled from the values the host read), or the error result sent instead.
//! - [`redirect`]: each redirect hop (method, body, which headers another origin gets).
//! - [`response`]: a reply → a `ToolResult`; the words for a timeout, a cancel, a failure.
//! - [`encode`]: percent-encoding, query strings and form bodies.
//!
//! - [`kept`]: plans kept in the core between calls, by number.
//!
//! The host does the I/O only: it reads the plan's `vars` from its environment, sends what
//! `http.request` answers, reads at most `maxBytes`, and hands the reply to `http.response`;
//! or, for a reply read whole whose status is within the plan's `bodyIsOutput`, makes the
//! result that rule names (the body as its output, [`response::body_is_output`]).
//! A host may keep a tool's plan in the core (`http.keep`) and send the plan's number with
//! each call instead of the plan.

use serde_json::{json, Map, Value};

use crate::ops::{OpError, OpResult};

pub mod define;
pub mod encode;
pub mod kept;
pub mod plan;
pub mod redirect;
pub mod request;
pub mod response;

use plan::{Mode, Plan};
use response::{Failure, Reply};

/// The `http.*` operations of [`crate::ops::call`].
pub fn op(name: &str, input: Value) -> OpResult {
    match name {
        // httpTool options → { name, description, inputSchema, plan }
        "define" => define::define(&input),
        // { plan } → the number the plan is kept under, for `request`
        "keep" => Ok(json!(kept::keep(Plan::from_value(input.get("plan").unwrap_or(&Value::Null))?))),
        // { plan, args, env } or [plan, args, env] → the request to send, [method, url,
        // headers, body] or, for a GET with no headers and no body, its url alone
        // (`Request::into_value`) | { result }; `plan`: the plan, or the number of a kept one;
        // `env` may be left out when the plan has no `vars`. The array form is what a host
        // sends on every call: no object to build around the arguments.
        "request" => {
            let empty = Map::new();
            let (plan, args, env) = match &input {
                Value::Array(parts) if parts.len() > 3 => {
                    return Err(OpError::type_error(
                        "the request must be [plan, args, env] or { plan, args, env }",
                    ))
                }
                Value::Array(parts) => (parts.first(), parts.get(1), parts.get(2)),
                _ => (input.get("plan"), input.get("args"), input.get("env")),
            };
            let env = env.and_then(Value::as_object).unwrap_or(&empty);
            let args = args.unwrap_or(&Value::Null);
            let built = match plan {
                Some(Value::Number(n)) => {
                    let id = n.as_u64().and_then(|id| usize::try_from(id).ok()).unwrap_or(usize::MAX);
                    kept::with(id, |plan| request::build(plan, args, env))
                        .ok_or_else(|| OpError::value_error(format!("no kept plan numbered {n}")))?
                }
                plan => request::build(&Plan::from_value(plan.unwrap_or(&Value::Null))?, args, env),
            };
            Ok(match built {
                Ok(req) => req.into_value(),
                Err(message) => json!({ "result": { "output": message, "isError": true } }),
            })
        }
        // { plan: number } or { plans: [number] } → how many kept plans were forgotten
        "forget" => {
            let one = input.get("plan").into_iter();
            let many = input.get("plans").and_then(Value::as_array).into_iter().flatten();
            let ids = one.chain(many).filter_map(Value::as_u64).filter_map(|id| usize::try_from(id).ok());
            Ok(json!(ids.filter(|&id| kept::forget(id)).count()))
        }
        // { resultMode, status, statusText?, body, leftOut?, unfinished? } → ToolResult; the body
        // may come as `text` instead (beside the input: `ops::call_with_text`)
        "response" => {
            let status = input
                .get("status")
                .and_then(Value::as_u64)
                .and_then(|s| u16::try_from(s).ok())
                .ok_or_else(|| OpError::type_error("`status` must be an HTTP status number"))?;
            let reply = Reply {
                status,
                status_text: input.get("statusText").and_then(Value::as_str).unwrap_or(""),
                body: input.get("body").or_else(|| input.get("text")).and_then(Value::as_str).unwrap_or(""),
                left_out: input.get("leftOut").and_then(Value::as_u64).unwrap_or(0),
                unfinished: input.get("unfinished").and_then(Value::as_bool).unwrap_or(false),
            };
            let mode =
                input.get("resultMode").and_then(Value::as_str).and_then(Mode::parse).unwrap_or(Mode::Text);
            Ok(response::result(&reply, mode))
        }
        // { kind: "timeout", ms } | { kind: "cancelled" } | { kind: "network", message, secrets? }
        //   → ToolResult. `secrets`: the values the call's `${VAR}`s had; a client library's
        //   message that quotes a header never shows one.
        "failure" => {
            let mut message = input.get("message").and_then(Value::as_str).unwrap_or("").to_string();
            for secret in
                input.get("secrets").and_then(Value::as_array).into_iter().flatten().filter_map(Value::as_str)
            {
                if !secret.is_empty() {
                    message = message.replace(secret, "[hidden]");
                }
            }
            let message = message.as_str();
            let f = match input.get("kind").and_then(Value::as_str) {
                Some("timeout") => Failure::Timeout {
                    ms: input.get("ms").and_then(Value::as_f64).map_or(0, |m| m.ceil() as u64),
                },
                Some("cancelled") => Failure::Cancelled,
                Some("network") => Failure::Network { message },
                _ => {
                    return Err(OpError::type_error(
                        "`kind` must be \"timeout\", \"cancelled\" or \"network\"",
                    ))
                }
            };
            Ok(response::failure(&f))
        }
        // { method, status, from, to, hop, headers } → { method, url, headers, keepBody } | { result }
        "redirect" => {
            let text = |k: &str| input.get(k).and_then(Value::as_str).unwrap_or("");
            let headers: Vec<(String, String)> = input
                .get("headers")
                .and_then(Value::as_array)
                .map(|list| {
                    list.iter()
                        .filter_map(|p| {
                            Some((p.get(0)?.as_str()?.to_string(), p.get(1)?.as_str()?.to_string()))
                        })
                        .collect()
                })
                .unwrap_or_default();
            let status = input.get("status").and_then(Value::as_u64).unwrap_or(0) as u16;
            let hop = input.get("hop").and_then(Value::as_u64).unwrap_or(1) as u32;
            Ok(redirect::next(text("method"), status, text("from"), text("to"), hop, &headers))
        }
        _ => Err(OpError::unknown(&format!("http.{name}"))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failure_never_shows_a_secret() {
        let r = op(
            "failure",
            json!({ "kind": "network", "message": "Illegal header value b'Bearer s3cret\\x01'", "secrets": ["s3cret", ""] }),
        );
        assert_eq!(
            r.ok().and_then(|v| v["output"].as_str().map(String::from)).as_deref(),
            Some("request failed: Illegal header value b'Bearer [hidden]\\x01'")
        );
    }

    #[test]
    fn a_kept_plan_answers_by_number() {
        let defined =
            op("define", json!({ "name": "item", "url": "https://x.test/items/{id}" })).unwrap_or_default();
        let id = op("keep", json!({ "plan": defined["plan"] })).unwrap_or_default();
        assert!(id.is_u64());
        assert!(op("keep", json!({ "plan": { "method": 1 } })).is_err());
        let req = op("request", json!({ "plan": id, "args": { "id": "a b", "q": 1 }, "env": {} }))
            .unwrap_or_default();
        assert_eq!(req, json!("https://x.test/items/a%20b?q=1"));
        let sent = op("request", json!({ "plan": id, "args": { "id": "1", "x-a": "2" }, "env": {} }));
        assert_eq!(sent.clone().ok(), Some(json!("https://x.test/items/1?x-a=2")));
        // The array form, [plan, args, env?], answers the same.
        assert_eq!(op("request", json!([id, { "id": "a b", "q": 1 }])).ok(), Some(req.clone()));
        assert_eq!(op("request", json!([id, { "id": "1", "x-a": "2" }, {}])), sent);
        assert!(op("request", json!([id, {}, {}, {}])).is_err(), "a fourth part is refused");
        assert_eq!(
            op("request", json!([id])).ok().map(|r| r["result"]["isError"] == true),
            Some(true),
            "no arguments: the placeholder is missing"
        );
        let posted = op("define", json!({ "name": "p", "method": "POST", "url": "https://x.test/p" }))
            .unwrap_or_default();
        let req = op("request", json!({ "plan": posted["plan"], "args": { "a": 1 } })).unwrap_or_default();
        assert_eq!(
            req,
            json!(["POST", "https://x.test/p", [["Content-Type", "application/json"]], "{\"a\":1}"])
        );
        let missing = op("request", json!({ "plan": id, "args": {} })).unwrap_or_default();
        assert_eq!(missing["result"]["isError"], true);
        assert_eq!(op("forget", json!({ "plan": id })), Ok(json!(1)));
        assert_eq!(op("forget", json!({ "plan": id })), Ok(json!(0)));
        assert!(op("request", json!({ "plan": id, "args": { "id": "1" } })).is_err());
        let again = op("keep", json!({ "plan": defined["plan"] })).unwrap_or_default();
        let other = op("keep", json!({ "plan": defined["plan"] })).unwrap_or_default();
        assert_eq!(op("forget", json!({ "plans": [again, other, 1_000_000] })), Ok(json!(2)));
    }

    #[test]
    fn the_body_may_come_beside_the_input() {
        let text = crate::ops::call_with_text(
            "http.response",
            r#"{"resultMode":"text","status":200}"#,
            "hi \"there\"",
        );
        let v: Value = serde_json::from_str(&text).unwrap_or_default();
        assert_eq!(
            v["ok"],
            json!({ "output": "hi \"there\"", "isError": false, "metadata": { "status": 200 } })
        );
    }
}
