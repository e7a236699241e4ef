//! What the host says about a server: its status record, the words of every failure, and the
//! choice of transport after a refused Streamable HTTP request. Every text goes through
//! [`redact`] first, so a value a variable expanded to never reaches a message or a status.

use serde_json::{json, Map, Value};

/// The last lines of a server's stderr a status keeps.
pub const STDERR_LINES: usize = 20;
/// The most characters of stderr a status keeps.
pub const STDERR_CHARS: usize = 4000;
/// The most characters of one message.
pub const MESSAGE_CHARS: usize = 2000;
/// A secret shorter than this is not looked for: it cannot be told from ordinary text.
pub const SECRET_MIN: usize = 4;

/// `text` with every secret (of at least [`SECRET_MIN`] characters) replaced by `***`.
pub fn redact(text: &str, secrets: &[&str]) -> String {
    let mut sorted: Vec<&str> = secrets.iter().copied().filter(|s| s.chars().count() >= SECRET_MIN).collect();
    // The longest first, so that a secret containing another is hidden whole.
    sorted.sort_by_key(|s| std::cmp::Reverse(s.len()));
    let mut out = text.to_string();
    for secret in sorted {
        if out.contains(secret) {
            out = out.replace(secret, "***");
        }
    }
    out
}

/// `text` cut to its last `chars` characters.
fn tail(text: &str, chars: usize) -> &str {
    let count = text.chars().count();
    match text.char_indices().nth(count.saturating_sub(chars)) {
        Some((at, _)) if count > chars => &text[at..],
        _ => text,
    }
}

/// The last [`STDERR_LINES`] non-empty lines of `stderr`, at most [`STDERR_CHARS`] characters.
pub fn stderr_tail(stderr: &str) -> String {
    let lines: Vec<&str> = stderr.lines().map(str::trim_end).filter(|l| !l.is_empty()).collect();
    let kept = lines[lines.len().saturating_sub(STDERR_LINES)..].join("\n");
    tail(&kept, STDERR_CHARS).to_string()
}

fn bounded(text: String) -> String {
    if text.chars().count() <= MESSAGE_CHARS {
        return text;
    }
    let cut: String = text.chars().take(MESSAGE_CHARS).collect();
    format!("{cut}…")
}

fn num(input: &Value, key: &str) -> Option<i64> {
    input.get(key).and_then(|v| v.as_i64().or_else(|| v.as_f64().map(|f| f as i64)))
}

fn text<'v>(input: &'v Value, key: &str) -> &'v str {
    input.get(key).and_then(Value::as_str).unwrap_or("")
}

/// The words for one failure of server `name`: `input` is `{ kind, … }` (see each arm).
pub fn message(name: &str, input: &Value) -> String {
    let detail = text(input, "detail");
    let ms = num(input, "ms").unwrap_or(0);
    let words = match text(input, "kind") {
        // { command, code }: the process could not be started.
        "spawn" => {
            let command = text(input, "command");
            let why = match text(input, "code") {
                "ENOENT" => "command not found".to_string(),
                "EACCES" => "permission denied".to_string(),
                _ => detail.to_string(),
            };
            let hint = if command.trim().contains(char::is_whitespace) && text(input, "code") == "ENOENT" {
                " (a command is never split at spaces: put its arguments in `args`)"
            } else {
                ""
            };
            format!("server \"{name}\": could not start {command:?}: {why}{hint}")
        }
        // { ms }: no answer to initialize in time.
        "start_timeout" => format!("server \"{name}\" did not start within {ms} ms (no answer to initialize)"),
        // { ms }: a tool call without an answer in time.
        "call_timeout" => format!("MCP server \"{name}\": the call timed out after {ms} ms"),
        "cancelled" => format!("MCP server \"{name}\": the call was cancelled"),
        "aborted" => format!("server \"{name}\": the start was cancelled"),
        // { code, signal }: the process ended.
        "exited" => {
            let how = match (num(input, "code"), input.get("signal").and_then(Value::as_str)) {
                (_, Some(signal)) => format!("killed by {signal}"),
                (Some(code), None) => format!("exit code {code}"),
                (None, None) => "closed its connection".to_string(),
            };
            format!("server \"{name}\" exited ({how})")
        }
        // { detail }: a call found the server gone; the next one restarts it.
        "dead" => format!("MCP server \"{name}\" is not running ({detail}); the next call restarts it"),
        // { detail }: a call found the server gone, and its restart failed.
        "down" => format!("MCP server \"{name}\" is not running: {detail}"),
        // { status }: an HTTP answer that ends the attempt.
        "http" => match num(input, "status") {
            Some(401 | 403) => format!(
                "server \"{name}\" refused the connection (HTTP {}): it needs authorization; set its `headers`",
                num(input, "status").unwrap_or(401)
            ),
            Some(status) => format!("server \"{name}\" answered HTTP {status}{}", if detail.is_empty() { String::new() } else { format!(": {detail}") }),
            None => format!("server \"{name}\": {detail}"),
        },
        _ => format!("server \"{name}\": {detail}"),
    };
    bounded(words)
}

/// Whether a remote server that refused a Streamable HTTP request with `status` is tried over
/// SSE: 400, 404 and 405 are what a server that only speaks the older SSE transport answers.
/// Never on 401 or 403: that is a question of credentials, and another transport would only
/// hide it.
pub fn sse_fallback(status: i64) -> bool {
    matches!(status, 400 | 404 | 405)
}

/// `{ name, status, error?, stderr?, transport?, tools?, secrets }` → the status record the host
/// shows: `{ kind: "mcp", name, status, transport?, tools?, error?, stderr? }`, texts redacted
/// and bounded. `error` is a text or a failure's `{ kind, … }` (see [`message`]).
pub fn record(input: &Value) -> Value {
    let secrets: Vec<&str> = input
        .get("secrets")
        .and_then(Value::as_array)
        .map(|a| a.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let name = text(input, "name");
    let mut out = Map::new();
    out.insert("kind".into(), json!("mcp"));
    out.insert("name".into(), json!(name));
    out.insert("status".into(), json!(text(input, "status")));
    for key in ["transport", "tools"] {
        if let Some(v) = input.get(key).filter(|v| !v.is_null()) {
            out.insert(key.into(), v.clone());
        }
    }
    let error = match input.get("error") {
        Some(Value::String(s)) => Some(bounded(s.clone())),
        Some(e @ Value::Object(_)) => Some(message(name, e)),
        _ => None,
    };
    if let Some(error) = error {
        out.insert("error".into(), json!(redact(&error, &secrets)));
    }
    let stderr = stderr_tail(text(input, "stderr"));
    if !stderr.is_empty() {
        out.insert("stderr".into(), json!(redact(&stderr, &secrets)));
    }
    Value::Object(out)
}
