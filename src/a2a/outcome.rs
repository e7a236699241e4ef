//! What a reply means for the call: a final `ToolResult`, or poll the task again (when, with
//! backoff), and the results of a call that was stopped.
//!
//! | reply | result |
//! |---|---|
//! | a Message | its text |
//! | a Task `completed` | the text of its artifacts, else of its last agent message |
//! | `failed`, `rejected`, `canceled` | `isError` with the agent's status message |
//! | `input-required`, `auth-required` | what the agent asks for, not an error: the model answers with the same `contextId` |
//! | `submitted`, `working`, anything else | poll again |
//! | an error ([`super::wire::Reply::Error`]) | `isError` with its text |
//!
//! Text parts are shown as they are, data parts as JSON, file parts as a short note
//! (`[file report.pdf, application/pdf, 1234 bytes]`). `metadata` holds `taskId`, `contextId`
//! and `state` (0.3's names, whichever version answered).

use serde_json::{json, Value};

use super::wire::{Msg, Part, Reply, Task};

/// The longest output a call gives, in characters; the rest is left out and counted.
pub const MAX_OUTPUT: usize = 100_000;
/// The poll interval when none is given, and the longest wait between two polls (ms).
pub const DEFAULT_INTERVAL: u64 = 500;
pub const MAX_INTERVAL: u64 = 5_000;

fn bounded(text: String) -> String {
    let count = text.chars().count();
    if count <= MAX_OUTPUT {
        return text;
    }
    let kept: String = text.chars().take(MAX_OUTPUT).collect();
    format!("{kept}\n… ({} characters left out)", count - MAX_OUTPUT)
}

fn part_text(p: &Part) -> String {
    match p {
        Part::Text(t) => t.clone(),
        Part::Data(d) => d.to_string(),
        Part::File { name, media_type, size, uri } => {
            let mut note = format!("[file {}", name.as_deref().unwrap_or("(unnamed)"));
            if let Some(t) = media_type {
                note.push_str(&format!(", {t}"));
            }
            if let Some(n) = size {
                note.push_str(&format!(", {n} bytes"));
            }
            if let Some(u) = uri {
                note.push_str(&format!(", {u}"));
            }
            note.push(']');
            note
        }
    }
}

fn parts_text(parts: &[Part]) -> String {
    parts.iter().map(part_text).collect::<Vec<_>>().join("\n")
}

/// What the agent last said in a task: its status message, else its last message in history.
fn agent_words(task: &Task) -> String {
    if let Some(m) = task.status_message.as_ref().filter(|m| !m.parts.is_empty()) {
        return parts_text(&m.parts);
    }
    task.history.iter().rev().find(|m| m.from_agent).map(|m| parts_text(&m.parts)).unwrap_or_default()
}

fn opt(s: &Option<String>) -> Value {
    s.as_ref().map_or(Value::Null, |s| json!(s))
}

fn metadata(task_id: &Option<String>, context_id: &Option<String>, state: &str) -> Value {
    json!({ "taskId": opt(task_id), "contextId": opt(context_id), "state": state })
}

fn result(output: String, is_error: bool, metadata: Option<Value>) -> Value {
    let mut r = json!({ "output": bounded(output), "isError": is_error });
    if let Some(m) = metadata {
        r["metadata"] = m;
    }
    r
}

/// The wait before poll number `attempt` (0 first): `interval` × 1.5^attempt, at most
/// [`MAX_INTERVAL`] (or `interval` when that is longer), and never past `remaining`.
pub fn poll_delay(attempt: u32, interval: u64, remaining: Option<u64>) -> u64 {
    let cap = MAX_INTERVAL.max(interval);
    let mut delay = interval.max(1) as f64;
    for _ in 0..attempt.min(64) {
        delay *= 1.5;
        if delay >= cap as f64 {
            break;
        }
    }
    let delay = (delay as u64).min(cap);
    remaining.map_or(delay, |r| delay.min(r))
}

fn message_result(m: &Msg) -> Value {
    result(parts_text(&m.parts), false, Some(metadata(&m.task_id, &m.context_id, "completed")))
}

/// The answer to a task as it stands: `{ done: result, remember? }` or `{ poll: … }`.
fn task_outcome(t: &Task, attempt: u32, interval: u64, remaining: Option<u64>) -> Value {
    let meta = metadata(&Some(t.id.clone()), &t.context_id, &t.state);
    let done =
        |output: String, is_error: bool| json!({ "done": result(output, is_error, Some(meta.clone())) });
    match t.state.as_str() {
        "completed" => {
            let artifacts: Vec<String> =
                t.artifacts.iter().filter(|a| !a.is_empty()).map(|a| parts_text(a)).collect();
            let output = if artifacts.is_empty() { agent_words(t) } else { artifacts.join("\n") };
            done(output, false)
        }
        "failed" | "rejected" | "canceled" => {
            let what = match t.state.as_str() {
                "failed" => "The agent's task failed",
                "rejected" => "The agent rejected the task",
                _ => "The agent's task was canceled",
            };
            let words = agent_words(t);
            done(if words.is_empty() { format!("{what}.") } else { format!("{what}: {words}") }, true)
        }
        "input-required" | "auth-required" => {
            let need = if t.state == "input-required" { "more input" } else { "authentication" };
            let ctx = t.context_id.as_deref().unwrap_or("");
            let words = agent_words(t);
            let hint = format!("(The agent needs {need}: answer with contextId \"{ctx}\".)");
            let output = if words.is_empty() { hint } else { format!("{words}\n\n{hint}") };
            let mut answer = done(output, false);
            answer["remember"] = json!({ "contextId": opt(&t.context_id), "taskId": t.id });
            answer
        }
        _ => json!({ "poll": {
            "taskId": t.id, "contextId": opt(&t.context_id), "state": t.state,
            "delay": poll_delay(attempt, interval, remaining),
        }}),
    }
}

/// What a read reply means. `known` is the task this call already follows, if any: an error
/// result carries it in its metadata.
pub fn of_reply(
    reply: &Reply,
    known: Option<&Value>,
    attempt: u32,
    interval: u64,
    remaining: Option<u64>,
) -> Value {
    match reply {
        Reply::Message(m) => json!({ "done": message_result(m) }),
        Reply::Task(t) => task_outcome(t, attempt, interval, remaining),
        Reply::Error(e) => json!({ "done": result(e.clone(), true, known.cloned()) }),
    }
}

/// The result of a call stopped by its timeout (`timeout_ms`) or by its signal.
pub fn stopped(timed_out: bool, timeout_ms: u64, known: Option<&Value>) -> Value {
    let output = if timed_out { format!("timed out after {timeout_ms} ms") } else { "cancelled".to_string() };
    result(output, true, known.cloned())
}

#[cfg(test)]
#[path = "outcome_tests.rs"]
mod tests;
