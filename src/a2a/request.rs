//! The JSON-RPC requests sent to an agent, in the dialect of the version it speaks.
//!
//! | what | 0.3 | 1.0 |
//! |---|---|---|
//! | send a message (blocking) | `message/send`, `configuration.blocking: true` | `SendMessage`, `configuration.returnImmediately: false` |
//! | read a task | `tasks/get` | `GetTask` |
//! | cancel a task | `tasks/cancel` | `CancelTask` |
//! | a message | `kind: "message"`, `role: "user"`, parts `{ kind: "text", text }` | `role: "ROLE_USER"`, parts `{ text }` |
//! | headers | none about the version | `A2A-Version: 1.0` |
//!
//! A 0.3 request carries no `A2A-Version` header: a missing header means 0.3, and the official
//! JavaScript server refuses the value `0.3.0` there.

use serde_json::{json, Value};

use super::card::{Agent, Version};

/// What a request is for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Kind {
    /// A user message, maybe in an earlier context and for an interrupted task.
    Send {
        message: String,
        message_id: String,
        context_id: Option<String>,
        task_id: Option<String>,
    },
    Get {
        task_id: String,
    },
    Cancel {
        task_id: String,
    },
}

/// Where every request to `agent` goes, and its headers: `{ url, headers }`.
pub fn target(agent: &Agent) -> Value {
    let mut headers = json!({ "Content-Type": "application/json", "Accept": "application/json" });
    if agent.version == Version::V10 {
        headers["A2A-Version"] = json!("1.0");
    }
    json!({ "url": agent.url, "headers": headers })
}

/// The text of a send request around its values, which come in this order: `head`, the
/// JSON-RPC id, `before_message_id`, the message id, `before_message`, the message,
/// `before_rest`, then `contextId` and `taskId` when given, then `tail`. [`build`] writes every
/// send from it, and [`send_template`] hands it to the host for the sends with neither.
struct SendText {
    head: &'static str,
    before_message_id: &'static str,
    before_message: &'static str,
    before_rest: &'static str,
    tail: String,
}

fn send_text(agent: &Agent) -> SendText {
    let v1 = agent.version == Version::V10;
    let tenant = match (v1, &agent.tenant) {
        (true, Some(t)) => format!(r#","tenant":{}"#, quoted(t)),
        _ => String::new(),
    };
    let configuration = if v1 { r#"{"returnImmediately":false}"# } else { r#"{"blocking":true}"# };
    SendText {
        head: r#"{"jsonrpc":"2.0","id":"#,
        before_message_id: if v1 {
            r#","method":"SendMessage","params":{"message":{"messageId":"#
        } else {
            r#","method":"message/send","params":{"message":{"kind":"message","messageId":"#
        },
        before_message: if v1 {
            r#","role":"ROLE_USER","parts":[{"text":"#
        } else {
            r#","role":"user","parts":[{"kind":"text","text":"#
        },
        before_rest: "}]",
        tail: format!(r#"}},"configuration":{configuration}{tenant}}}}}"#),
    }
}

fn quoted(s: &str) -> String {
    Value::String(s.to_string()).to_string()
}

/// A send request with no `contextId` and no `taskId` as four texts to join with its three
/// values written as JSON between them, in this order: the JSON-RPC id (a number), the message
/// id and the message (strings). Joined so, it is exactly what [`build`] writes for that send:
/// a host writes the common request of every call without asking again.
pub fn send_template(agent: &Agent) -> [String; 4] {
    let t = send_text(agent);
    [
        t.head.to_string(),
        t.before_message_id.to_string(),
        t.before_message.to_string(),
        format!("{}{}", t.before_rest, t.tail),
    ]
}

/// The body of a request (JSON text), POSTed to [`target`].
pub fn build(agent: &Agent, kind: &Kind, id: u64) -> String {
    let v1 = agent.version == Version::V10;
    // The body is written as text directly: it is sent as text, and this is the hot path of
    // every call (a tree built and then printed costs several times more).
    if let Kind::Send { message, message_id, context_id, task_id } = kind {
        let t = send_text(agent);
        let mut out = format!(
            "{}{id}{}{}{}{}{}",
            t.head,
            t.before_message_id,
            quoted(message_id),
            t.before_message,
            quoted(message),
            t.before_rest
        );
        if let Some(c) = context_id {
            out.push_str(&format!(r#","contextId":{}"#, quoted(c)));
        }
        if let Some(task) = task_id {
            out.push_str(&format!(r#","taskId":{}"#, quoted(task)));
        }
        out.push_str(&t.tail);
        return out;
    }
    let (method, task_id) = match (kind, v1) {
        (Kind::Get { task_id }, true) => ("GetTask", task_id),
        (Kind::Get { task_id }, false) => ("tasks/get", task_id),
        (Kind::Cancel { task_id }, true) => ("CancelTask", task_id),
        (Kind::Cancel { task_id }, false) => ("tasks/cancel", task_id),
        (Kind::Send { .. }, _) => return String::new(), // written above
    };
    let tenant = match (v1, &agent.tenant) {
        (true, Some(t)) => format!(r#","tenant":{}"#, quoted(t)),
        _ => String::new(),
    };
    format!(
        r#"{{"jsonrpc":"2.0","id":{id},"method":"{method}","params":{{"id":{}{tenant}}}}}"#,
        quoted(task_id)
    )
}

/// The headers of the card's own request: a server that keeps both versions answers with the
/// 1.0 card when asked for it, and a 0.3 server ignores the header.
pub fn card_headers() -> Value {
    json!({ "Accept": "application/json", "A2A-Version": "1.0" })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn agent(version: Version, tenant: Option<&str>) -> Agent {
        Agent { name: "a".into(), version, url: "http://h/rpc".into(), tenant: tenant.map(str::to_string) }
    }

    fn body(req: &str) -> Value {
        serde_json::from_str(req).unwrap_or(Value::Null)
    }

    fn send(ctx: Option<&str>, task: Option<&str>) -> Kind {
        Kind::Send {
            message: "hi".into(),
            message_id: "m-1".into(),
            context_id: ctx.map(str::to_string),
            task_id: task.map(str::to_string),
        }
    }

    #[test]
    fn a_0_3_send_is_message_send_with_kinds_and_no_version_header() {
        let req = build(&agent(Version::V03, None), &send(None, None), 7);
        let to = target(&agent(Version::V03, None));
        assert_eq!(to["url"], "http://h/rpc");
        assert_eq!(
            to["headers"],
            json!({ "Content-Type": "application/json", "Accept": "application/json" })
        );
        assert_eq!(
            body(&req),
            json!({ "jsonrpc": "2.0", "id": 7, "method": "message/send", "params": {
                "message": { "kind": "message", "messageId": "m-1", "role": "user", "parts": [{ "kind": "text", "text": "hi" }] },
                "configuration": { "blocking": true },
            }})
        );
    }

    #[test]
    fn a_1_0_send_is_send_message_with_roles_tenant_and_the_version_header() {
        let req = build(&agent(Version::V10, Some("t1")), &send(Some("c-1"), Some("t-9")), 1);
        assert_eq!(target(&agent(Version::V10, None))["headers"]["A2A-Version"], "1.0");
        assert_eq!(
            body(&req),
            json!({ "jsonrpc": "2.0", "id": 1, "method": "SendMessage", "params": {
                "message": { "messageId": "m-1", "role": "ROLE_USER", "parts": [{ "text": "hi" }], "contextId": "c-1", "taskId": "t-9" },
                "configuration": { "returnImmediately": false },
                "tenant": "t1",
            }})
        );
    }

    #[test]
    fn the_send_template_joins_into_the_same_request() {
        for a in [agent(Version::V03, None), agent(Version::V10, None), agent(Version::V10, Some("t\"1"))] {
            let t = send_template(&a);
            for (id, message) in
                [(1, "hi"), (42, "line\nbreak \"quoted\" \\ tab\t \u{1}"), (7, "é 日本 😀"), (9, "")]
            {
                let kind = Kind::Send {
                    message: message.into(),
                    message_id: "0b9f5c43-5d1d-4a4e-8a40-3f0e7bd3b0c1".into(),
                    context_id: None,
                    task_id: None,
                };
                let joined = format!(
                    "{}{id}{}{}{}{}{}",
                    t[0],
                    t[1],
                    quoted("0b9f5c43-5d1d-4a4e-8a40-3f0e7bd3b0c1"),
                    t[2],
                    quoted(message),
                    t[3]
                );
                assert_eq!(joined, build(&a, &kind, id), "{a:?} {message:?}");
                assert!(body(&joined).is_object());
            }
        }
    }

    #[test]
    fn get_and_cancel_in_both_versions() {
        let get = |v| body(&build(&agent(v, None), &Kind::Get { task_id: "t".into() }, 2));
        let cancel = |v| body(&build(&agent(v, None), &Kind::Cancel { task_id: "t".into() }, 3));
        assert_eq!(get(Version::V03)["method"], "tasks/get");
        assert_eq!(get(Version::V10)["method"], "GetTask");
        assert_eq!(cancel(Version::V03)["method"], "tasks/cancel");
        assert_eq!(cancel(Version::V10)["method"], "CancelTask");
        assert_eq!(cancel(Version::V10)["params"], json!({ "id": "t" }));
    }
}
