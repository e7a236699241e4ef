use serde_json::{json, Value};

use super::super::wire::read;
use super::*;

const TASK_03: &str = include_str!("testdata/reply-0.3-task.json");
const INPUT_10: &str = include_str!("testdata/reply-1.0-input-required.json");

fn outcome(body: &str) -> Value {
    of_reply(&read(200, body), None, 0, 100, None)
}

#[test]
fn a_completed_task_gives_its_artifacts_with_data_and_file_notes() {
    let done = &outcome(TASK_03)["done"];
    assert_eq!(
        done["output"],
        "Why did the chicken cross the road? To get to the other side!\n{\"rows\":2,\"ok\":true}\n[file chart.png, image/png, 8 bytes]\n[file report.pdf, application/pdf, https://files.example.com/report.pdf]"
    );
    assert_eq!(done["isError"], false);
    assert_eq!(
        done["metadata"],
        json!({ "taskId": "363422be-b0f9-4692-a24d-278670e7c7f1", "contextId": "c295ea44-7543-4f78-b524-7a38915ad6e4", "state": "completed" })
    );
}

#[test]
fn a_completed_task_without_artifacts_gives_its_last_agent_message() {
    let doc = r#"{"jsonrpc":"2.0","id":1,"result":{"task":{"id":"t","contextId":"c","status":{"state":"TASK_STATE_COMPLETED"},
        "history":[{"role":"ROLE_AGENT","parts":[{"text":"first"}]},{"role":"ROLE_AGENT","parts":[{"text":"last"}]},{"role":"ROLE_USER","parts":[{"text":"thanks"}]}]}}}"#;
    assert_eq!(outcome(doc)["done"]["output"], "last");
}

#[test]
fn a_message_is_the_result() {
    let doc = r#"{"jsonrpc":"2.0","id":1,"result":{"kind":"message","role":"agent","contextId":"c","parts":[{"kind":"text","text":"hi"},{"kind":"data","data":{"a":1}}]}}"#;
    assert_eq!(
        outcome(doc),
        json!({ "done": { "output": "hi\n{\"a\":1}", "isError": false, "metadata": { "taskId": null, "contextId": "c", "state": "completed" } } })
    );
}

#[test]
fn failed_rejected_and_canceled_are_errors_with_the_agents_words() {
    for (state, text) in [
        ("failed", "The agent's task failed: disk full"),
        ("TASK_STATE_REJECTED", "The agent rejected the task: disk full"),
        ("canceled", "The agent's task was canceled: disk full"),
    ] {
        let doc = json!({ "jsonrpc": "2.0", "id": 1, "result": { "kind": "task", "id": "t", "contextId": "c",
            "status": { "state": state, "message": { "role": "agent", "parts": [{ "kind": "text", "text": "disk full" }] } } } });
        let done = &outcome(&doc.to_string())["done"];
        assert_eq!(done["output"], text);
        assert_eq!(done["isError"], true);
        assert_eq!(done["metadata"]["state"], text_state(state));
    }
    let silent =
        r#"{"jsonrpc":"2.0","id":1,"result":{"kind":"task","id":"t","status":{"state":"rejected"}}}"#;
    assert_eq!(outcome(silent)["done"]["output"], "The agent rejected the task.");
}

fn text_state(raw: &str) -> String {
    super::super::wire::state_name(raw)
}

#[test]
fn input_required_asks_and_is_remembered() {
    let answer = outcome(INPUT_10);
    assert_eq!(
        answer["done"]["output"],
        "Which city are you flying from?\n\n(The agent needs more input: answer with contextId \"ctx-42\".)"
    );
    assert_eq!(answer["done"]["isError"], false);
    assert_eq!(answer["done"]["metadata"]["state"], "input-required");
    assert_eq!(
        answer["remember"],
        json!({ "contextId": "ctx-42", "taskId": "8a3c6f0e-3b39-4c53-9b0b-0a8b2f6d1e21" })
    );
    let auth = r#"{"jsonrpc":"2.0","id":1,"result":{"kind":"task","id":"t","contextId":"c","status":{"state":"auth-required"}}}"#;
    assert_eq!(
        outcome(auth)["done"]["output"],
        "(The agent needs authentication: answer with contextId \"c\".)"
    );
}

#[test]
fn a_working_task_is_polled_with_backoff() {
    let doc = r#"{"jsonrpc":"2.0","id":1,"result":{"task":{"id":"t","contextId":"c","status":{"state":"TASK_STATE_WORKING"}}}}"#;
    assert_eq!(
        outcome(doc),
        json!({ "poll": { "taskId": "t", "contextId": "c", "state": "working", "delay": 100 } })
    );
    let delays: Vec<u64> = (0..12).map(|a| poll_delay(a, 500, None)).collect();
    assert_eq!(&delays[..4], &[500, 750, 1125, 1687]);
    assert!(delays.windows(2).all(|w| w[0] <= w[1]));
    assert_eq!(delays[11], MAX_INTERVAL);
    assert_eq!(poll_delay(3, 500, Some(40)), 40);
    assert_eq!(poll_delay(9, 8_000, None), 8_000);
    assert_eq!(poll_delay(u32::MAX, 0, None), 5_000);
}

#[test]
fn errors_carry_the_task_followed_and_outputs_are_bounded() {
    let known = json!({ "taskId": "t", "contextId": "c", "state": "working" });
    let err = of_reply(&read(500, "boom"), Some(&known), 0, 100, None);
    assert_eq!(
        err,
        json!({ "done": { "output": "the agent answered HTTP 500: boom", "isError": true, "metadata": known } })
    );
    let big = json!({ "jsonrpc": "2.0", "id": 1, "result": { "kind": "message", "role": "agent",
        "parts": [{ "kind": "text", "text": "y".repeat(MAX_OUTPUT + 5) }] } });
    let out = outcome(&big.to_string());
    assert!(out["done"]["output"].as_str().unwrap_or("").ends_with("y\n… (5 characters left out)"));
}

#[test]
fn one_answer_whichever_version_answered() {
    // The same task, as the official JavaScript server answers `message/send` (0.3) and
    // `SendMessage` (1.0).
    let v03 = outcome(include_str!("testdata/reply-js-sdk-0.3-files.json"));
    let v10 = outcome(include_str!("testdata/reply-js-sdk-1.0-files.json"));
    assert_eq!(v03, v10);
    assert_eq!(
        v03["done"]["output"],
        "three parts\n{\"rows\":2,\"ok\":true}\n[file h.txt, text/plain, 5 bytes]\n[file r.pdf, application/pdf, https://files.example.com/r.pdf]"
    );
    assert_eq!(v03["done"]["metadata"]["state"], "completed");
}
