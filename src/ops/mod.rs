//! One door into the sources' rules for both bindings.
//!
//! [`call`] takes an operation's name (`"domain.op"`, e.g. `"names.tool_names"`) and its input
//! as JSON text, and answers JSON text: `{"ok": value}` or `{"error": {"kind", "message"}}`,
//! where `kind` is `"type"` (a value of the wrong type) or `"value"` (a bad value). The npm
//! binding (`coreCall`) throws a `TypeError` for either kind; the Python binding (`_core.call`)
//! raises `TypeError` or `ValueError`. The bindings pass the two strings and nothing else, so
//! each rule behind this door has exactly one home.
//!
//! Each source's rules are a module of the crate with one `op(name, input)` function, listed in
//! [`dispatch`].

use serde_json::{json, Value};

mod names;

/// Why an operation refused its input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpError {
    pub kind: ErrorKind,
    pub message: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErrorKind {
    /// The wrong type of value: JavaScript's and Python's `TypeError`.
    Type,
    /// A value of the right type that breaks a rule: Python's `ValueError`, JavaScript's
    /// `TypeError`.
    Value,
}

impl OpError {
    pub fn type_error(message: impl Into<String>) -> Self {
        OpError { kind: ErrorKind::Type, message: message.into() }
    }
    pub fn value_error(message: impl Into<String>) -> Self {
        OpError { kind: ErrorKind::Value, message: message.into() }
    }
    pub fn unknown(op: &str) -> Self {
        OpError::value_error(format!("unknown core operation {op:?}"))
    }
}

/// The domains whose rules only the Node.js entry loads (they reach files and processes): the
/// npm package builds them into a WebAssembly module of their own (the `node` feature), and the
/// other domains into the portable one (the `portable` feature). Emitted into
/// `pkg-template/src/protocol.js`, where `coreCall` routes each operation by its domain.
pub const NODE_DOMAINS: [&str; 2] = ["builtins", "mcp_config"];

/// The domains of the portable rules module. `names` is in both modules. The build asks each
/// module built for an operation of every domain of both lists, and fails when a module lacks
/// one of its own or answers one of the other's (scripts/rules.mjs).
pub const PORTABLE_DOMAINS: [&str; 7] = ["names", "http", "openapi", "skills", "a2a", "schema", "toolkit"];

/// What an operation answers.
pub type OpResult = Result<Value, OpError>;

/// Runs `op` over `input` (JSON text); the answer is JSON text (see the module's description).
pub fn call(op: &str, input: &str) -> String {
    let reply = match serde_json::from_str::<Value>(input) {
        Ok(value) => dispatch(op, value),
        Err(e) => Err(OpError::type_error(format!("the input of {op} is not JSON: {e}"))),
    };
    answer(reply)
}

/// [`call`] with a long text beside the input: `text` goes into the input object as its `"text"`
/// field, as it is. Megabytes (an OpenAPI document) so cross without being written as a JSON
/// string by the host and read back here.
pub fn call_with_text(op: &str, input: &str, text: &str) -> String {
    let reply = match serde_json::from_str::<Value>(input) {
        Ok(Value::Object(mut map)) => {
            map.insert("text".into(), Value::String(text.to_owned()));
            dispatch(op, Value::Object(map))
        }
        Ok(_) => Err(OpError::type_error(format!(
            "the input of {op} must be an object when a text comes beside it"
        ))),
        Err(e) => Err(OpError::type_error(format!("the input of {op} is not JSON: {e}"))),
    };
    answer(reply)
}

fn answer(reply: OpResult) -> String {
    match reply {
        // Written around the value's own text: no object is built to hold it.
        Ok(value) => {
            let mut out = Vec::with_capacity(64);
            out.extend_from_slice(b"{\"ok\":");
            // Writing a `Value` into a Vec cannot fail.
            let _ = serde_json::to_writer(&mut out, &value);
            out.push(b'}');
            String::from_utf8(out).unwrap_or_default()
        }
        Err(e) => json!({ "error": {
            "kind": match e.kind { ErrorKind::Type => "type", ErrorKind::Value => "value" },
            "message": e.message,
        }})
        .to_string(),
    }
}

/// The operation `op` over a parsed input.
pub fn dispatch(op: &str, input: Value) -> OpResult {
    let (domain, name) = op.split_once('.').unwrap_or((op, ""));
    match domain {
        "names" => names::op(name, input),
        #[cfg(feature = "portable")]
        "http" => crate::http::op(name, input),
        #[cfg(feature = "portable")]
        "openapi" => crate::openapi::op(name, input),
        #[cfg(feature = "portable")]
        "skills" => crate::skills::op(name, input),
        #[cfg(feature = "portable")]
        "a2a" => crate::a2a::op(name, input),
        #[cfg(feature = "portable")]
        "schema" => crate::schema::op(name, input),
        #[cfg(feature = "portable")]
        "toolkit" => crate::toolkit::op(name, input),
        #[cfg(feature = "node")]
        "mcp_config" => crate::mcp_config::op(name, input),
        #[cfg(feature = "node")]
        "builtins" => crate::builtins::op(name, input),
        _ => Err(OpError::value_error(format!("no rules for the domain of {op:?} here"))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_ok_or_a_typed_error() {
        let ok: Value =
            serde_json::from_str(&call("names.tool_names", r#"{"names":["a b"]}"#)).unwrap_or_default();
        assert_eq!(ok, json!({ "ok": ["a_b"] }));
        let bad: Value = serde_json::from_str(&call("names.tool_names", "{")).unwrap_or_default();
        assert_eq!(bad["error"]["kind"], "type");
        let unknown: Value = serde_json::from_str(&call("nothing.here", "{}")).unwrap_or_default();
        assert_eq!(unknown["error"]["kind"], "value");
        assert_eq!(unknown["error"]["message"], r#"no rules for the domain of "nothing.here" here"#);
    }

    /// The host has every feature: every domain of both lists has its rules here.
    #[test]
    fn every_listed_domain_is_dispatched() {
        for domain in NODE_DOMAINS.iter().chain(PORTABLE_DOMAINS.iter()) {
            let answer = call(&format!("{domain}.no_such_op"), "{}");
            assert!(!answer.contains("no rules for the domain"), "{domain}: {answer}");
        }
    }
}
