//! An agent's JSON-RPC reply, read in either version's dialect into one shape.
//!
//! 0.3 marks objects with `kind` (`"task"`, `"message"`; parts `"text"`, `"data"`, `"file"`
//! with `file: { name, mimeType, bytes | uri }`), names roles `user`/`agent` and states in
//! lowercase (`input-required`). 1.0 wraps `SendMessage`'s answer in `{ task }` or
//! `{ message }`, has parts `{ text }`, `{ data }`, `{ raw }`, `{ url }` with `filename` and
//! `mediaType`, and enums `ROLE_AGENT`, `TASK_STATE_INPUT_REQUIRED`. Both read to [`Reply`],
//! states always in 0.3's names.

use serde_json::Value;

/// One part of a message or artifact.
#[derive(Debug, Clone, PartialEq)]
pub enum Part {
    Text(String),
    Data(Value),
    File { name: Option<String>, media_type: Option<String>, size: Option<usize>, uri: Option<String> },
}

/// A message, from either side.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Msg {
    pub from_agent: bool,
    pub parts: Vec<Part>,
    pub context_id: Option<String>,
    pub task_id: Option<String>,
}

/// A task as last seen.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Task {
    pub id: String,
    pub context_id: Option<String>,
    /// In 0.3's names: `submitted`, `working`, `input-required`, `completed`, …
    pub state: String,
    pub status_message: Option<Msg>,
    pub artifacts: Vec<Vec<Part>>,
    pub history: Vec<Msg>,
}

/// What a reply said.
#[derive(Debug, Clone, PartialEq)]
pub enum Reply {
    Message(Msg),
    Task(Task),
    /// Why the reply is no answer: the text an `isError` result shows.
    Error(String),
}

/// The most of a body an error message shows.
const EXCERPT: usize = 300;

fn excerpt(text: &str) -> String {
    let text = text.trim();
    if text.chars().count() <= EXCERPT {
        return text.to_string();
    }
    let cut: String = text.chars().take(EXCERPT).collect();
    format!("{cut}… ({} more characters)", text.chars().count() - EXCERPT)
}

/// A state in 0.3's names, whichever version wrote it.
pub fn state_name(raw: &str) -> String {
    let s = raw.trim();
    let s = s.strip_prefix("TASK_STATE_").unwrap_or(s);
    let s = s.to_ascii_lowercase().replace('_', "-");
    match s.as_str() {
        "cancelled" => "canceled".to_string(),
        "unspecified" | "" => "unknown".to_string(),
        _ => s,
    }
}

fn text(v: &Value, key: &str) -> Option<String> {
    v.get(key).and_then(Value::as_str).filter(|s| !s.is_empty()).map(str::to_string)
}

/// The decoded size of base64 text.
fn base64_size(b64: &str) -> usize {
    let len = b64.bytes().filter(|b| !b.is_ascii_whitespace()).count();
    let pad = b64.trim_end().bytes().rev().take_while(|&b| b == b'=').count();
    (len / 4 * 3 + (len % 4).saturating_sub(1)).saturating_sub(pad.min(2))
}

fn part(p: &Value) -> Option<Part> {
    let kind = p.get("kind").and_then(Value::as_str);
    if kind == Some("file") || p.get("file").is_some_and(Value::is_object) {
        let f = p.get("file").unwrap_or(&Value::Null);
        return Some(Part::File {
            name: text(f, "name"),
            media_type: text(f, "mimeType").or_else(|| text(f, "mediaType")),
            size: f.get("bytes").and_then(Value::as_str).map(base64_size),
            uri: text(f, "uri"),
        });
    }
    if let Some(t) = p.get("text").and_then(Value::as_str) {
        return Some(Part::Text(t.to_string()));
    }
    if let Some(d) = p.get("data") {
        return Some(Part::Data(d.clone()));
    }
    if p.get("raw").is_some() || p.get("url").is_some() {
        return Some(Part::File {
            name: text(p, "filename"),
            media_type: text(p, "mediaType"),
            size: p.get("raw").and_then(Value::as_str).map(base64_size),
            uri: text(p, "url"),
        });
    }
    None
}

fn parts(v: &Value) -> Vec<Part> {
    v.get("parts")
        .and_then(Value::as_array)
        .map(|ps| ps.iter().filter_map(part).collect())
        .unwrap_or_default()
}

fn message(m: &Value) -> Msg {
    let role = m.get("role").and_then(Value::as_str).unwrap_or("");
    Msg {
        from_agent: role.eq_ignore_ascii_case("agent") || role == "ROLE_AGENT",
        parts: parts(m),
        context_id: text(m, "contextId"),
        task_id: text(m, "taskId"),
    }
}

fn task(t: &Value) -> Option<Task> {
    let id = text(t, "id")?;
    let status = t.get("status")?;
    Some(Task {
        id,
        context_id: text(t, "contextId"),
        state: state_name(status.get("state").and_then(Value::as_str).unwrap_or("")),
        status_message: status.get("message").filter(|m| m.is_object()).map(message),
        artifacts: t
            .get("artifacts")
            .and_then(Value::as_array)
            .map(|a| a.iter().map(parts).collect())
            .unwrap_or_default(),
        history: t
            .get("history")
            .and_then(Value::as_array)
            .map(|h| h.iter().map(message).collect())
            .unwrap_or_default(),
    })
}

/// A result that is a Task or a Message, in either dialect.
fn task_or_message(r: &Value) -> Option<Reply> {
    if let Some(t) = r.get("task") {
        return task(t).map(Reply::Task);
    }
    if let Some(m) = r.get("message").filter(|m| m.is_object()) {
        return Some(Reply::Message(message(m)));
    }
    match r.get("kind").and_then(Value::as_str) {
        Some("task") => task(r).map(Reply::Task),
        Some("message") => Some(Reply::Message(message(r))),
        _ if r.get("status").is_some() => task(r).map(Reply::Task),
        _ if r.get("parts").is_some() => Some(Reply::Message(message(r))),
        _ => None,
    }
}

fn rpc_error(e: &Value) -> String {
    let code = e.get("code").map(|c| format!(" {c}")).unwrap_or_default();
    let msg = e.get("message").and_then(Value::as_str).unwrap_or("(no message)");
    let data = match e.get("data") {
        Some(Value::String(s)) if !s.is_empty() => format!(" ({})", excerpt(s)),
        _ => String::new(),
    };
    format!("the agent answered with JSON-RPC error{code}: {msg}{data}")
}

/// Reads a reply: the HTTP `status` and the body's text. `Reply::Error` says what was wrong.
pub fn read(status: u16, body: &str) -> Reply {
    match serde_json::from_str::<Value>(body) {
        Ok(json) => read_json(status, &json),
        Err(_) => read_text(status, body),
    }
}

/// A reply whose body is not JSON.
fn read_text(status: u16, body: &str) -> Reply {
    if !(200..300).contains(&status) {
        let shown = excerpt(body);
        let shown = if shown.is_empty() { String::new() } else { format!(": {shown}") };
        return Reply::Error(format!("the agent answered HTTP {status}{shown}"));
    }
    Reply::Error(format!("the agent's reply is not JSON: {}", excerpt(body)))
}

/// A reply whose body is the JSON value `json`.
fn read_json(status: u16, json: &Value) -> Reply {
    if !(200..300).contains(&status) {
        if let Some(e) = json.get("error").filter(|e| e.is_object()) {
            return Reply::Error(rpc_error(e));
        }
        let shown = excerpt(&json.to_string());
        let shown = if shown.is_empty() { String::new() } else { format!(": {shown}") };
        return Reply::Error(format!("the agent answered HTTP {status}{shown}"));
    }
    if let Some(e) = json.get("error").filter(|e| !e.is_null()) {
        return Reply::Error(rpc_error(e));
    }
    let Some(result) = json.get("result").filter(|r| r.is_object()) else {
        return Reply::Error(format!(
            "the agent's reply has the wrong shape: no \"result\" object in {}",
            excerpt(&json.to_string())
        ));
    };
    task_or_message(result).unwrap_or_else(|| {
        Reply::Error(format!(
            "the agent's reply has the wrong shape: its result is neither a Task nor a Message: {}",
            excerpt(&result.to_string())
        ))
    })
}

#[cfg(test)]
#[path = "wire_tests.rs"]
mod tests;
