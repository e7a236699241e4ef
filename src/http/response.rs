//! How a reply becomes a `ToolResult`, and the words for a call that got none.
//!
//! The host reads at most `maxBytes` of the body (cut at a UTF-8 character boundary), then
//! counts what it left out. Here:
//! - a 2xx status is a result: the body as text (`"text"`), the body parsed and written back as
//!   compact JSON (`"json"`, an error result when it does not parse), or `"HTTP 200 OK"`, a
//!   blank line and the body (`"status+text"`);
//! - any other status is an error result: `"HTTP 500 Internal Server Error: "` and the first
//!   [`ERROR_BODY_CHARS`] characters of the body;
//! - a cut body ends with a note saying how many bytes were left out;
//! - `metadata.status` is always there (plus `bytesLeftOut` when the body was cut).

use serde_json::{json, Map, Value};

use super::plan::Mode;

/// How much of an error reply's body the result shows.
pub const ERROR_BODY_CHARS: usize = 1000;

/// The statuses of a success; a reply with any other is an error result.
pub const SUCCESS: (u16, u16) = (200, 299);

/// The statuses (lowest, highest) whose reply, read whole (nothing left out), becomes its body
/// as it is under `mode`: `{ output: body, isError: false, metadata: { status } }`, what
/// [`result`] answers for it. A plan carries them (`bodyIsOutput`), so that a host makes this
/// result itself instead of sending the body back to be read: the rule is here, once.
pub fn body_is_output(mode: Mode) -> Option<(u16, u16)> {
    match mode {
        Mode::Text => Some(SUCCESS),
        Mode::Json | Mode::StatusText => None,
    }
}

/// What the host read of one reply.
#[derive(Debug, Clone)]
pub struct Reply<'a> {
    pub status: u16,
    pub status_text: &'a str,
    /// The body as read: at most `maxBytes` bytes, decoded as UTF-8.
    pub body: &'a str,
    /// Bytes received but not kept.
    pub left_out: u64,
    /// Whether the host stopped reading before the body ended (so `left_out` is a lower bound).
    pub unfinished: bool,
}

/// The result for a reply under `mode`.
pub fn result(reply: &Reply, mode: Mode) -> Value {
    let mut metadata = Map::new();
    metadata.insert("status".into(), json!(reply.status));
    if reply.left_out > 0 || reply.unfinished {
        metadata.insert("bytesLeftOut".into(), json!(reply.left_out));
    }
    let note = cut_note(reply);
    let status_line = status_line(reply.status, reply.status_text);
    if !(SUCCESS.0..=SUCCESS.1).contains(&reply.status) {
        let start: String = reply.body.chars().take(ERROR_BODY_CHARS).collect();
        let more = if start.len() < reply.body.len() || !note.is_empty() { " …" } else { "" };
        let output =
            if start.is_empty() { status_line } else { format!("{status_line}: {}{more}", start.trim_end()) };
        return tool_result(output, true, metadata);
    }
    let output = match mode {
        Mode::Text => format!("{}{note}", reply.body),
        Mode::StatusText => format!("{status_line}\n\n{}{note}", reply.body),
        Mode::Json => match serde_json::from_str::<Value>(reply.body) {
            Ok(value) => value.to_string(),
            Err(_) if !note.is_empty() => {
                let output = format!("the response is larger than maxBytes and cannot be read as JSON{note}");
                return tool_result(output, true, metadata);
            }
            Err(e) => {
                let start: String = reply.body.chars().take(200).collect();
                return tool_result(format!("the response is not JSON ({e}): {start}"), true, metadata);
            }
        },
    };
    tool_result(output, false, metadata)
}

fn tool_result(output: String, is_error: bool, metadata: Map<String, Value>) -> Value {
    json!({ "output": output, "isError": is_error, "metadata": metadata })
}

/// `"HTTP 404 Not Found"` (the reason from the reply, else the standard one, else none).
pub fn status_line(status: u16, reason: &str) -> String {
    let reason = if reason.trim().is_empty() { standard_reason(status) } else { reason.trim() };
    if reason.is_empty() {
        format!("HTTP {status}")
    } else {
        format!("HTTP {status} {reason}")
    }
}

fn standard_reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        201 => "Created",
        202 => "Accepted",
        204 => "No Content",
        301 => "Moved Permanently",
        302 => "Found",
        303 => "See Other",
        304 => "Not Modified",
        307 => "Temporary Redirect",
        308 => "Permanent Redirect",
        400 => "Bad Request",
        401 => "Unauthorized",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        409 => "Conflict",
        410 => "Gone",
        413 => "Content Too Large",
        415 => "Unsupported Media Type",
        422 => "Unprocessable Content",
        429 => "Too Many Requests",
        500 => "Internal Server Error",
        501 => "Not Implemented",
        502 => "Bad Gateway",
        503 => "Service Unavailable",
        504 => "Gateway Timeout",
        _ => "",
    }
}

fn cut_note(reply: &Reply) -> String {
    match (reply.left_out, reply.unfinished) {
        (0, false) => String::new(),
        (n, false) => format!("\n[response cut at {} bytes: {n} more bytes left out]", reply.body.len()),
        (n, true) => format!("\n[response cut at {} bytes: more than {n} bytes left out]", reply.body.len()),
    }
}

/// Why a call got no reply.
#[derive(Debug, Clone, PartialEq)]
pub enum Failure<'a> {
    Timeout { ms: u64 },
    Cancelled,
    Network { message: &'a str },
    TooManyRedirects { max: u32 },
    Redirect { message: &'a str },
}

/// The error result for a call that got no reply.
pub fn failure(f: &Failure) -> Value {
    let output = match f {
        Failure::Timeout { ms } => format!("timed out after {ms} ms"),
        Failure::Cancelled => "cancelled".to_string(),
        Failure::Network { message } => format!("request failed: {message}"),
        Failure::TooManyRedirects { max } => format!("request failed: more than {max} redirects"),
        Failure::Redirect { message } => format!("request failed: {message}"),
    };
    json!({ "output": output, "isError": true })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reply(status: u16, body: &str) -> Reply<'_> {
        Reply { status, status_text: "", body, left_out: 0, unfinished: false }
    }

    #[test]
    fn success_in_each_mode() {
        assert_eq!(
            result(&reply(200, "hi"), Mode::Text),
            json!({ "output": "hi", "isError": false, "metadata": { "status": 200 } })
        );
        assert_eq!(result(&reply(201, "hi"), Mode::StatusText)["output"], "HTTP 201 Created\n\nhi");
        assert_eq!(result(&reply(200, "{ \"a\": [1, 2] }"), Mode::Json)["output"], "{\"a\":[1,2]}");
        let bad = result(&reply(200, "<html>"), Mode::Json);
        assert_eq!(bad["isError"], true);
        assert!(bad["output"].as_str().unwrap_or("").starts_with("the response is not JSON"));
    }

    #[test]
    fn a_body_is_its_output_exactly_where_the_plan_says() {
        for mode in [Mode::Text, Mode::Json, Mode::StatusText] {
            for status in [100, 199, 200, 201, 204, 299, 300, 404, 500] {
                for body in ["", "hi", "{\"a\": 1}", "é \u{1F600}"] {
                    let whole = reply(status, body);
                    let as_is = json!({ "output": body, "isError": false, "metadata": { "status": status } });
                    let covered = body_is_output(mode).is_some_and(|(lo, hi)| (lo..=hi).contains(&status));
                    if covered {
                        assert_eq!(result(&whole, mode), as_is, "{mode:?} {status} {body:?}");
                    }
                }
            }
        }
        assert_eq!(body_is_output(Mode::Text), Some((200, 299)));
        assert_eq!(body_is_output(Mode::Json), None);
    }

    #[test]
    fn errors_show_the_status_and_the_start_of_the_body() {
        let long = "x".repeat(5000);
        let r = result(
            &Reply {
                status: 500,
                status_text: "Internal Server Error",
                body: &long,
                left_out: 0,
                unfinished: false,
            },
            Mode::Text,
        );
        assert_eq!(r["isError"], true);
        assert_eq!(r["metadata"]["status"], 500);
        let out = r["output"].as_str().unwrap_or("");
        assert!(out.starts_with("HTTP 500 Internal Server Error: xxx"));
        assert!(out.len() < 1100 && out.ends_with(" …"));
        assert_eq!(result(&reply(404, ""), Mode::Json)["output"], "HTTP 404 Not Found");
        assert_eq!(result(&reply(599, "nope"), Mode::Text)["output"], "HTTP 599: nope");
    }

    #[test]
    fn a_cut_body_says_how_much_was_left_out() {
        let r = result(
            &Reply { status: 200, status_text: "OK", body: "abc", left_out: 4096, unfinished: false },
            Mode::Text,
        );
        assert_eq!(r["output"], "abc\n[response cut at 3 bytes: 4096 more bytes left out]");
        assert_eq!(r["metadata"]["bytesLeftOut"], 4096);
        let r = result(
            &Reply { status: 200, status_text: "OK", body: "{\"a\":", left_out: 9, unfinished: true },
            Mode::Json,
        );
        assert_eq!(r["isError"], true);
        assert!(r["output"].as_str().unwrap_or("").contains("more than 9 bytes left out"));
    }

    #[test]
    fn failures() {
        assert_eq!(failure(&Failure::Timeout { ms: 250 })["output"], "timed out after 250 ms");
        assert_eq!(failure(&Failure::Cancelled), json!({ "output": "cancelled", "isError": true }));
        assert_eq!(
            failure(&Failure::Network { message: "ECONNREFUSED" })["output"],
            "request failed: ECONNREFUSED"
        );
    }
}
