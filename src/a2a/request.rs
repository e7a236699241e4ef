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

/// The body of a request (JSON text), POSTed to [`target`].
pub fn build(agent: &Agent, kind: &Kind, id: u64) -> String {
    let v1 = agent.version == Version::V10;
    // The body is written as text directly: it is sent as text, and this is the hot path of
    // every call (a tree built and then printed costs several times more).
    let q = |s: &str| Value::String(s.to_string()).to_string();
    let params = match kind {
        Kind::Send { message, message_id, context_id, task_id } => {
            let mut m = if v1 {
                format!(
                    r#"{{"messageId":{},"role":"ROLE_USER","parts":[{{"text":{}}}]"#,
                    q(message_id),
                    q(message)
                )
            } else {
                format!(
                    r#"{{"kind":"message","messageId":{},"role":"user","parts":[{{"kind":"text","text":{}}}]"#,
                    q(message_id),
                    q(message)
                )
            };
            if let Some(c) = context_id {
                m.push_str(&format!(r#","contextId":{}"#, q(c)));
            }
            if let Some(t) = task_id {
                m.push_str(&format!(r#","taskId":{}"#, q(t)));
            }
            let configuration = if v1 { r#"{"returnImmediately":false}"# } else { r#"{"blocking":true}"# };
            format!(r#"{{"message":{m}}},"configuration":{configuration}"#)
        }
        Kind::Get { task_id } | Kind::Cancel { task_id } => format!(r#"{{"id":{}"#, q(task_id)),
    };
    let method = match (kind, v1) {
        (Kind::Send { .. }, true) => "SendMessage",
        (Kind::Send { .. }, false) => "message/send",
        (Kind::Get { .. }, true) => "GetTask",
        (Kind::Get { .. }, false) => "tasks/get",
        (Kind::Cancel { .. }, true) => "CancelTask",
        (Kind::Cancel { .. }, false) => "tasks/cancel",
    };
    let tenant = match (v1, &agent.tenant) {
        (true, Some(t)) => format!(r#","tenant":{}"#, q(t)),
        _ => String::new(),
    };
    format!(r#"{{"jsonrpc":"2.0","id":{id},"method":"{method}","params":{params}{tenant}}}}}"#)
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
