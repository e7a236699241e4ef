use serde_json::json;

use super::*;

const TASK_03: &str = include_str!("testdata/reply-0.3-task.json");
const INPUT_10: &str = include_str!("testdata/reply-1.0-input-required.json");

#[test]
fn a_0_3_task_reads_with_its_artifacts_and_history() {
    let Reply::Task(t) = read(200, TASK_03) else { panic!("not a task") };
    assert_eq!(t.id, "363422be-b0f9-4692-a24d-278670e7c7f1");
    assert_eq!(t.context_id.as_deref(), Some("c295ea44-7543-4f78-b524-7a38915ad6e4"));
    assert_eq!(t.state, "completed");
    assert_eq!(t.artifacts.len(), 2);
    assert_eq!(t.artifacts[1][0], Part::Data(json!({ "rows": 2, "ok": true })));
    assert_eq!(
        t.artifacts[1][1],
        Part::File {
            name: Some("chart.png".into()),
            media_type: Some("image/png".into()),
            size: Some(8),
            uri: None
        }
    );
    assert!(!t.history[0].from_agent);
}

#[test]
fn a_1_0_task_reads_with_states_and_roles_in_one_shape() {
    let Reply::Task(t) = read(200, INPUT_10) else { panic!("not a task") };
    assert_eq!(t.state, "input-required");
    let m = t.status_message.unwrap_or_default();
    assert!(m.from_agent);
    assert_eq!(m.parts, vec![Part::Text("Which city are you flying from?".into())]);
}

#[test]
fn messages_of_both_versions() {
    let v03 = r#"{"jsonrpc":"2.0","id":1,"result":{"kind":"message","messageId":"x","role":"agent","contextId":"c","parts":[{"kind":"text","text":"hello"}]}}"#;
    let v10 = r#"{"jsonrpc":"2.0","id":1,"result":{"message":{"messageId":"x","role":"ROLE_AGENT","contextId":"c","parts":[{"text":"hello"}]}}}"#;
    for doc in [v03, v10] {
        let Reply::Message(m) = read(200, doc) else { panic!("not a message: {doc}") };
        assert!(m.from_agent);
        assert_eq!(m.parts, vec![Part::Text("hello".into())]);
        assert_eq!(m.context_id.as_deref(), Some("c"));
    }
    // 1.0 parts: raw bytes and a URL are files; GetTask answers a bare Task.
    let parts = r#"{"jsonrpc":"2.0","id":2,"result":{"id":"t","status":{"state":"TASK_STATE_WORKING"},
        "artifacts":[{"parts":[{"raw":"aGVsbG8","filename":"h.txt","mediaType":"text/plain"},{"url":"https://x/y.png","mediaType":"image/png"},{"data":[1,2]}]}]}}"#;
    let Reply::Task(t) = read(200, parts) else { panic!("not a task") };
    assert_eq!(t.state, "working");
    assert_eq!(
        t.artifacts[0],
        vec![
            Part::File {
                name: Some("h.txt".into()),
                media_type: Some("text/plain".into()),
                size: Some(5),
                uri: None
            },
            Part::File {
                name: None,
                media_type: Some("image/png".into()),
                size: None,
                uri: Some("https://x/y.png".into())
            },
            Part::Data(json!([1, 2])),
        ]
    );
}

#[test]
fn state_names_are_0_3_names() {
    for (raw, name) in [
        ("TASK_STATE_COMPLETED", "completed"),
        ("TASK_STATE_AUTH_REQUIRED", "auth-required"),
        ("TASK_STATE_UNSPECIFIED", "unknown"),
        ("input-required", "input-required"),
        ("cancelled", "canceled"),
        ("TASK_STATE_CANCELED", "canceled"),
        ("", "unknown"),
    ] {
        assert_eq!(state_name(raw), name);
    }
}

#[test]
fn what_is_no_answer_says_why() {
    let err = |status, body| match read(status, body) {
        Reply::Error(e) => e,
        other => panic!("{other:?}"),
    };
    assert_eq!(
        err(200, r#"{"jsonrpc":"2.0","id":1,"error":{"code":-32001,"message":"Task not found"}}"#),
        "the agent answered with JSON-RPC error -32001: Task not found"
    );
    assert_eq!(
        err(
            400,
            r#"{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid Request","data":"A2A-Version 0.3.0 is not supported"}}"#
        ),
        "the agent answered with JSON-RPC error -32600: Invalid Request (A2A-Version 0.3.0 is not supported)"
    );
    assert_eq!(err(502, "Bad Gateway"), "the agent answered HTTP 502: Bad Gateway");
    assert_eq!(err(500, ""), "the agent answered HTTP 500");
    assert_eq!(err(200, "<html>hi</html>"), "the agent's reply is not JSON: <html>hi</html>");
    assert!(err(200, r#"{"jsonrpc":"2.0","id":1}"#)
        .starts_with("the agent's reply has the wrong shape: no \"result\""));
    assert!(err(200, r#"{"jsonrpc":"2.0","id":1,"result":{"x":1}}"#).contains("neither a Task nor a Message"));
    let long = "x".repeat(1000);
    assert!(err(503, &long).ends_with("… (700 more characters)"));
}
