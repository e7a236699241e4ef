//! `builtinTools({ root, tools?, timeout?, maxOutput?, maxLines?, maxLineLength?, maxResults?,
//! env? })`: the user's options checked and filled with the defaults.
//!
//! The npm package sends camelCase keys and milliseconds; the Python package sends `python:
//! true`, snake_case keys and seconds. The answer is the same either way: camelCase and
//! milliseconds, so every later operation reads one shape.

use serde_json::{json, Map, Value};

use crate::ops::{OpError, OpResult};

/// The tools, in the order they are listed.
pub const TOOLS: [&str; 6] = ["bash", "read", "write", "edit", "glob", "grep"];

/// `bash`'s timeout when neither the call nor the options give one: 2 minutes.
pub const DEFAULT_TIMEOUT_MS: u64 = 120_000;
/// The longest timeout anything may ask for: 10 minutes.
pub const MAX_TIMEOUT_MS: u64 = 600_000;
/// `bash` output kept, in characters (head and tail).
pub const DEFAULT_MAX_OUTPUT: u64 = 32_000;
/// `read`: lines per call and characters per line.
pub const DEFAULT_MAX_LINES: u64 = 2_000;
pub const DEFAULT_MAX_LINE_LENGTH: u64 = 2_000;
/// `grep` and `glob`: results per call.
pub const DEFAULT_MAX_RESULTS: u64 = 1_000;

/// The variables of the parent environment a command inherits; everything else stays out
/// unless the options' `env` names it.
pub const SAFE_ENV: [&str; 11] =
    ["PATH", "HOME", "LANG", "LC_ALL", "LC_CTYPE", "TERM", "TMPDIR", "TZ", "USER", "LOGNAME", "SHELL"];

/// A numeric option: its npm and Python names, default and bounds (in the npm unit).
struct Limit {
    js: &'static str,
    py: &'static str,
    default: u64,
    max: u64,
}

const LIMITS: [Limit; 5] = [
    Limit { js: "timeout", py: "timeout", default: DEFAULT_TIMEOUT_MS, max: MAX_TIMEOUT_MS },
    Limit { js: "maxOutput", py: "max_output", default: DEFAULT_MAX_OUTPUT, max: 10_000_000 },
    Limit { js: "maxLines", py: "max_lines", default: DEFAULT_MAX_LINES, max: 1_000_000 },
    Limit { js: "maxLineLength", py: "max_line_length", default: DEFAULT_MAX_LINE_LENGTH, max: 1_000_000 },
    Limit { js: "maxResults", py: "max_results", default: DEFAULT_MAX_RESULTS, max: 1_000_000 },
];

/// `builtins.options`: the checked options (see the module's description).
pub fn op(input: &Map<String, Value>) -> OpResult {
    let python = input.get("python").and_then(Value::as_bool).unwrap_or(false);
    let fname = if python { "builtin_tools" } else { "builtinTools" };
    let bad = |key: &str, what: &str| OpError::type_error(format!("{fname}: {key} {what}"));
    for key in input.keys() {
        let known = key == "python"
            || key == "root"
            || key == "tools"
            || key == "env"
            || LIMITS.iter().any(|l| key == if python { l.py } else { l.js });
        if !known {
            return Err(bad(&format!("{key:?}"), "is not an option (root, tools, timeout, maxOutput, maxLines, maxLineLength, maxResults, env)"));
        }
    }
    let root = match input.get("root") {
        Some(Value::String(s)) if !s.is_empty() && !s.contains('\0') => s.clone(),
        None | Some(Value::Null) => return Err(bad("root", "is required: the folder the tools may touch")),
        Some(_) => return Err(bad("root", "must be a non-empty path")),
    };
    let mut out = Map::new();
    out.insert("root".into(), Value::String(root));
    out.insert("tools".into(), Value::Array(tools(input.get("tools"), &bad)?));
    for limit in &LIMITS {
        let key = if python { limit.py } else { limit.js };
        let value = match input.get(key) {
            None | Some(Value::Null) => limit.default,
            Some(v) => number(v, limit, python, &|what| bad(key, what))?,
        };
        out.insert(limit.js.into(), json!(value));
    }
    out.insert("env".into(), Value::Object(env(input.get("env"), &bad)?));
    out.insert("inherit".into(), json!(SAFE_ENV));
    Ok(Value::Object(out))
}

fn tools(value: Option<&Value>, bad: &dyn Fn(&str, &str) -> OpError) -> Result<Vec<Value>, OpError> {
    let list = match value {
        None | Some(Value::Null) => return Ok(TOOLS.iter().map(|t| json!(t)).collect()),
        Some(Value::Array(list)) => list,
        Some(_) => return Err(bad("tools", "must be a list of tool names")),
    };
    let mut chosen = [false; TOOLS.len()];
    for item in list {
        let name = item.as_str().unwrap_or_default();
        match TOOLS.iter().position(|t| *t == name) {
            Some(i) => chosen[i] = true,
            None => {
                // The item as JSON text, through the serialiser the answers use.
                let shown = serde_json::to_string(item).unwrap_or_default();
                return Err(bad(
                    "tools",
                    &format!("names {shown}, which is not one of {}", TOOLS.join(", ")),
                ));
            }
        }
    }
    Ok(TOOLS.iter().zip(chosen).filter(|(_, c)| *c).map(|(t, _)| json!(t)).collect())
}

fn number(v: &Value, limit: &Limit, python: bool, bad: &dyn Fn(&str) -> OpError) -> Result<u64, OpError> {
    let seconds = python && limit.js == "timeout";
    let n = match v.as_f64() {
        Some(n) if n.is_finite() && n > 0.0 && !v.is_boolean() => n,
        _ => return Err(bad("must be a positive number")),
    };
    let n = if seconds { (n * 1000.0).round() } else { n };
    if !seconds && n.fract() != 0.0 {
        return Err(bad("must be a whole number"));
    }
    if n > limit.max as f64 {
        let most = if seconds {
            format!("{} seconds", limit.max / 1000)
        } else if limit.js == "timeout" {
            format!("{} ms", limit.max)
        } else {
            limit.max.to_string()
        };
        return Err(bad(&format!("must be at most {most}")));
    }
    Ok((n as u64).max(1))
}

fn env(value: Option<&Value>, bad: &dyn Fn(&str, &str) -> OpError) -> Result<Map<String, Value>, OpError> {
    let map = match value {
        None | Some(Value::Null) => return Ok(Map::new()),
        Some(Value::Object(map)) => map,
        Some(_) => return Err(bad("env", "must be an object of strings")),
    };
    for (name, value) in map {
        if name.is_empty() || name.contains('=') || name.contains('\0') {
            return Err(bad("env", &format!("has an invalid variable name {name:?}")));
        }
        match value {
            Value::String(s) if !s.contains('\0') => {}
            _ => return Err(bad("env", &format!("value of {name} must be a string without NUL"))),
        }
    }
    Ok(map.clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn call(v: Value) -> OpResult {
        op(v.as_object().cloned().as_ref().unwrap_or(&Map::new()))
    }

    #[test]
    fn fills_the_defaults() {
        let o = call(json!({"root": "/tmp/x"})).unwrap();
        assert_eq!(o["tools"], json!(TOOLS));
        assert_eq!(o["timeout"], 120_000);
        assert_eq!(o["maxOutput"], 32_000);
        assert_eq!(o["maxLines"], 2_000);
        assert_eq!(o["maxLineLength"], 2_000);
        assert_eq!(o["maxResults"], 1_000);
        assert_eq!(o["env"], json!({}));
        assert!(o["inherit"].as_array().unwrap().contains(&json!("PATH")));
    }

    #[test]
    fn root_is_required_and_named() {
        let e = call(json!({})).unwrap_err();
        assert!(e.message.contains("builtinTools: root is required"), "{}", e.message);
        let e = call(json!({"python": true, "root": ""})).unwrap_err();
        assert!(e.message.starts_with("builtin_tools: root"), "{}", e.message);
    }

    #[test]
    fn tools_is_a_subset_in_canonical_order() {
        let o = call(json!({"root": "/r", "tools": ["grep", "read"]})).unwrap();
        assert_eq!(o["tools"], json!(["read", "grep"]));
        let e = call(json!({"root": "/r", "tools": ["rm"]})).unwrap_err();
        assert!(e.message.contains("\"rm\""), "{}", e.message);
    }

    #[test]
    fn timeouts_are_bounded_in_each_unit() {
        let e = call(json!({"root": "/r", "timeout": 600_001})).unwrap_err();
        assert!(e.message.contains("at most 600000 ms"), "{}", e.message);
        let o = call(json!({"root": "/r", "python": true, "timeout": 1.5, "max_output": 10})).unwrap();
        assert_eq!(o["timeout"], 1500);
        assert_eq!(o["maxOutput"], 10);
        let e = call(json!({"root": "/r", "python": true, "timeout": 601})).unwrap_err();
        assert!(e.message.contains("at most 600 seconds"), "{}", e.message);
        assert!(call(json!({"root": "/r", "timeout": 0})).is_err());
        assert!(call(json!({"root": "/r", "maxOutput": 1.5})).is_err());
        assert!(call(json!({"root": "/r", "maxOutput": true})).is_err());
    }

    #[test]
    fn env_and_unknown_keys_are_checked() {
        assert!(call(json!({"root": "/r", "env": {"A=B": "x"}})).is_err());
        assert!(call(json!({"root": "/r", "env": {"A": 1}})).is_err());
        let o = call(json!({"root": "/r", "env": {"TOKEN": "t"}})).unwrap();
        assert_eq!(o["env"]["TOKEN"], "t");
        let e = call(json!({"root": "/r", "maxoutput": 3})).unwrap_err();
        assert!(e.message.contains("\"maxoutput\" is not an option"), "{}", e.message);
    }
}
