//! A call's arguments checked against its tool's schema and turned into what the host does:
//! the path it may touch (placed under the root, see [`super::confine`]), the bounds of its
//! reads, the timeout of a command. A bad argument, a path outside the root, a bad pattern are
//! `isError` answers here, before any I/O.

use serde_json::{json, Map, Value};

use super::confine::{locate, relative};
use super::options::{DEFAULT_MAX_OUTPUT, DEFAULT_TIMEOUT_MS, MAX_TIMEOUT_MS};
use super::{failure, field_str, glob::Glob, search::compile};
use crate::ops::{OpError, OpResult};

/// `read` keeps at most this many bytes of lines per call.
pub const READ_MAX_BYTES: u64 = 50 * 1024;
/// The start of a file that decides whether it is binary.
pub const SNIFF_BYTES: u64 = 8 * 1024;
/// `edit` refuses files larger than this.
pub const EDIT_MAX_BYTES: u64 = 10 * 1024 * 1024;
/// `grep` reads at most this much of each file, and sends files to the core in batches of
/// about this size.
pub const GREP_FILE_BYTES: u64 = 4 * 1024 * 1024;
/// `glob` and `grep` look at no more than this many entries of a folder tree.
pub const WALK_MAX_ENTRIES: u64 = 200_000;
/// Folders a search skips unless its arguments name them.
pub const SKIPPED: [&str; 2] = [".git", "node_modules"];

/// The argument names of each tool, and whether each is required.
fn known(tool: &str) -> &'static [(&'static str, bool)] {
    match tool {
        "bash" => &[("command", true), ("timeout", false), ("workdir", false)],
        "read" => &[("path", true), ("offset", false), ("limit", false)],
        "write" => &[("path", true), ("content", true)],
        "edit" => &[("path", true), ("oldString", true), ("newString", true), ("replaceAll", false)],
        "glob" => &[("pattern", true), ("path", false)],
        _ => &[("pattern", true), ("path", false), ("include", false)],
    }
}

/// The checked arguments, or the message the model reads.
fn arguments<'a>(tool: &str, args: &'a Value) -> Result<&'a Map<String, Value>, String> {
    let map = args.as_object().ok_or_else(|| format!("The arguments of {tool} must be an object."))?;
    let names = known(tool);
    for key in map.keys() {
        if !names.iter().any(|(n, _)| n == key) {
            let list: Vec<&str> = names.iter().map(|(n, _)| *n).collect();
            return Err(format!("{tool} has no argument {key:?}; its arguments are {}.", list.join(", ")));
        }
    }
    for (name, required) in names {
        let value = map.get(*name).filter(|v| !v.is_null());
        let kind = match *name {
            "timeout" | "offset" | "limit" => "integer",
            "replaceAll" => "boolean",
            _ => "string",
        };
        match value {
            None if *required => return Err(format!("{tool} needs the argument {name:?} ({kind}).")),
            None => {}
            Some(v) => {
                let fits = match kind {
                    "integer" => v.as_u64().is_some_and(|n| n >= 1),
                    "boolean" => v.is_boolean(),
                    _ => v.is_string(),
                };
                if !fits {
                    let what = if kind == "integer" { "a whole number of at least 1" } else { kind };
                    return Err(format!("The argument {name:?} of {tool} must be {what}, not {v}."));
                }
            }
        }
    }
    Ok(map)
}

/// `builtins.plan {tool, args, options, ctxTimeout?}` (`options` as checked, with `root` the
/// root's real path): the host's plan, or `{answer}` (an `isError` answer).
pub fn op(input: &Map<String, Value>) -> OpResult {
    let tool = field_str(input, "tool")?;
    let options = input
        .get("options")
        .and_then(Value::as_object)
        .ok_or_else(|| OpError::type_error("options must be the checked options"))?;
    let null = Value::Null;
    let args = input.get("args").unwrap_or(&null);
    let ctx_timeout = input.get("ctxTimeout").and_then(Value::as_f64).filter(|t| t.is_finite() && *t >= 0.0);
    Ok(match plan(tool, args, options, ctx_timeout) {
        Ok(plan) => plan,
        Err(message) => json!({ "answer": failure(message) }),
    })
}

fn plan(
    tool: &str,
    args: &Value,
    options: &Map<String, Value>,
    ctx_timeout: Option<f64>,
) -> Result<Value, String> {
    let root = options.get("root").and_then(Value::as_str).unwrap_or("/");
    let limit = |key: &str, default: u64| options.get(key).and_then(Value::as_u64).unwrap_or(default);
    let args = arguments(tool, args)?;
    let text = |key: &str| args.get(key).and_then(Value::as_str);
    let number = |key: &str| args.get(key).and_then(Value::as_u64);
    let requested = text(if tool == "bash" { "workdir" } else { "path" }).unwrap_or(".");
    let at = locate(root, requested)?;
    // Built with `insert` and `Value::from` rather than `json!`: much less code in the .wasm.
    let mut plan = Map::new();
    let mut put = |key: &str, value: Value| {
        plan.insert(key.to_string(), value);
    };
    let display = relative(root, &at);
    put("tool", tool.into());
    put("path", requested.into());
    put("at", at.into());
    put("display", display.into());
    let opt = |v: Option<&str>| v.map_or(Value::Null, Value::from);
    match tool {
        "bash" => {
            let command = text("command").unwrap_or_default();
            if command.trim().is_empty() {
                return Err("bash needs a command to run.".into());
            }
            let asked = number("timeout").unwrap_or_else(|| limit("timeout", DEFAULT_TIMEOUT_MS));
            if asked > MAX_TIMEOUT_MS {
                return Err(format!(
                    "The timeout {asked} ms is longer than the most allowed, {MAX_TIMEOUT_MS} ms."
                ));
            }
            let timeout = match ctx_timeout {
                Some(t) if (t.ceil() as u64) < asked => t.ceil() as u64,
                _ => asked,
            };
            let max_output = limit("maxOutput", DEFAULT_MAX_OUTPUT);
            put("command", command.into());
            put("timeout", timeout.into());
            put("maxOutput", max_output.into());
            // Bytes kept at each end while the command runs: enough for maxOutput characters.
            put("headBytes", (max_output * 2).into());
            put("tailBytes", (max_output * 2).into());
        }
        "read" => {
            put("offset", number("offset").unwrap_or(1).into());
            put("limit", number("limit").unwrap_or(u64::MAX).min(limit("maxLines", 2000)).into());
            put("maxLineLength", limit("maxLineLength", 2000).into());
            put("maxBytes", READ_MAX_BYTES.into());
            put("sniffBytes", SNIFF_BYTES.into());
        }
        "write" => put("content", opt(text("content"))),
        "edit" => {
            put("oldString", opt(text("oldString")));
            put("newString", opt(text("newString")));
            put("replaceAll", args.get("replaceAll").and_then(Value::as_bool).unwrap_or(false).into());
            put("maxBytes", EDIT_MAX_BYTES.into());
        }
        _ => {
            let pattern = text("pattern").unwrap_or_default();
            let include = text("include");
            if tool == "glob" {
                Glob::new(pattern, false)?;
            } else {
                compile(pattern)?;
                if let Some(include) = include {
                    Glob::new(include, true)?;
                }
            }
            let named = |dir: &str| {
                [Some(pattern), Some(requested), include].iter().flatten().any(|s| s.contains(dir))
            };
            let skip: Vec<Value> = SKIPPED.iter().filter(|d| !named(d)).map(|d| Value::from(*d)).collect();
            put("pattern", pattern.into());
            put("include", opt(include));
            put("skip", Value::Array(skip));
            // A file without this text cannot match: the host may send only its start (for
            // binary detection) instead of all of it.
            let literal = if tool == "grep" { super::search::required_literal(pattern) } else { None };
            put("literal", literal.map_or(Value::Null, Value::from));
            put("maxResults", limit("maxResults", 1000).into());
            put("maxLineLength", limit("maxLineLength", 2000).into());
            put("maxEntries", WALK_MAX_ENTRIES.into());
            put("fileBytes", GREP_FILE_BYTES.into());
            put("batchBytes", GREP_FILE_BYTES.into());
            put("sniffBytes", SNIFF_BYTES.into());
        }
    }
    Ok(Value::Object(plan))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plan_of(tool: &str, args: Value) -> Value {
        let options = super::super::options::op(json!({"root": "/r"}).as_object().unwrap()).unwrap();
        op(json!({"tool": tool, "args": args, "options": options}).as_object().unwrap()).unwrap()
    }

    fn refusal(tool: &str, args: Value) -> String {
        let p = plan_of(tool, args);
        assert_eq!(p["answer"]["isError"], true, "{p}");
        p["answer"]["output"].as_str().unwrap().to_string()
    }

    #[test]
    fn arguments_are_checked_by_name() {
        assert!(refusal("read", json!({})).contains("needs the argument \"path\""));
        assert!(refusal("read", json!({"path": "a", "offset": 0})).contains("\"offset\""));
        assert!(
            refusal("edit", json!({"path": "a", "old_string": "x"})).contains("no argument \"old_string\"")
        );
        assert!(refusal("bash", json!({"command": "  "})).contains("needs a command"));
        assert!(refusal("read", json!("a")).contains("must be an object"));
    }

    #[test]
    fn paths_outside_are_refused_before_io() {
        assert!(refusal("read", json!({"path": "../../etc/passwd"})).contains("outside the root"));
        assert!(refusal("write", json!({"path": "/etc/x", "content": ""})).contains("\"/etc/x\""));
        assert!(refusal("bash", json!({"command": "ls", "workdir": ".."})).contains("outside"));
        let p = plan_of("read", json!({"path": "sub/../a.txt", "limit": 5000}));
        assert_eq!((p["at"].as_str().unwrap(), p["display"].as_str().unwrap()), ("/r/a.txt", "a.txt"));
        assert_eq!(p["limit"], 2000);
    }

    #[test]
    fn timeouts_take_the_shortest_and_are_bounded() {
        assert_eq!(plan_of("bash", json!({"command": "x"}))["timeout"], 120_000);
        assert_eq!(plan_of("bash", json!({"command": "x", "timeout": 1000}))["timeout"], 1000);
        assert!(refusal("bash", json!({"command": "x", "timeout": 600_001})).contains("600000"));
        let options = super::super::options::op(json!({"root": "/r"}).as_object().unwrap()).unwrap();
        let p =
            op(json!({"tool": "bash", "args": {"command": "x"}, "options": options, "ctxTimeout": 250.5})
                .as_object()
                .unwrap())
            .unwrap();
        assert_eq!(p["timeout"], 251);
    }

    #[test]
    fn searches_check_patterns_and_skip_folders() {
        assert!(refusal("grep", json!({"pattern": "(a"})).contains("not a valid regular expression"));
        assert!(refusal("grep", json!({"pattern": "a", "include": "{x"})).contains("unclosed"));
        assert_eq!(plan_of("grep", json!({"pattern": "a"}))["skip"], json!([".git", "node_modules"]));
        assert_eq!(plan_of("glob", json!({"pattern": "node_modules/**"}))["skip"], json!([".git"]));
        assert_eq!(plan_of("grep", json!({"pattern": "fn \\w+"}))["literal"], "fn ");
    }
}
