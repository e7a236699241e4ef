//! The rules of the builtin tools (`builtinTools` / `builtin_tools`): `bash`, `read`, `write`,
//! `edit`, `glob` and `grep`, confined to a root, bounded, and opt-in.
//!
//! The host runs processes and touches the disk; everything it does is asked of these rules
//! first and reported back to them after:
//!
//! - [`options`]: the user's options checked and filled with the defaults;
//! - [`definitions`]: the six tools as the model sees them (names, descriptions, schemas: the
//!   same in both packages);
//! - [`plan`]: a call's arguments checked and turned into what the host does, every path
//!   placed under the root ([`confine`]: lexically first, then on the host's real paths);
//! - [`text`]: binary detection, line numbering and the head-and-tail cut of long output;
//! - [`edit`], [`search`], [`glob`], [`bash`], [`report`]: the work on text and the result
//!   texts.
//!
//! Every answer that reaches the model is `{output, isError, metadata?}`.

use serde_json::{Map, Value};

use crate::ops::{OpError, OpResult};

pub mod bash;
pub mod confine;
pub mod definitions;
pub mod edit;
pub mod glob;
pub mod options;
pub mod plan;
pub mod report;
pub mod search;
pub mod text;
#[cfg(target_arch = "wasm32")]
mod typings;

/// The `builtins.*` operations of [`crate::ops::call`].
pub fn op(name: &str, input: Value) -> OpResult {
    let input = match input {
        Value::Object(map) => map,
        _ => return Err(OpError::type_error(format!("the input of builtins.{name} must be an object"))),
    };
    match name {
        "options" => options::op(&input),
        "definitions" => definitions::op(&input),
        "plan" => plan::op(&input),
        "confine" => confine::op(&input),
        "read" => text::read_op(&input),
        "edit" => edit::op(&input),
        "glob" => glob::op(&input),
        "select" => glob::select_op(&input),
        "grep" => search::op(&input),
        "grep_result" => search::result_op(&input),
        "bash" => bash::op(&input),
        "write" | "failure" => report::op(name, &input),
        _ => Err(OpError::unknown(&format!("builtins.{name}"))),
    }
}

/// A tool's answer: what the model reads, whether it failed, and facts for the caller.
pub fn answer(output: impl Into<String>, is_error: bool, metadata: Option<Value>) -> Value {
    let mut map = Map::new();
    map.insert("output".into(), Value::String(output.into()));
    map.insert("isError".into(), Value::Bool(is_error));
    if let Some(metadata) = metadata {
        map.insert("metadata".into(), metadata);
    }
    Value::Object(map)
}

/// An `isError` answer with no metadata.
pub fn failure(output: impl Into<String>) -> Value {
    answer(output, true, None)
}

/// The string field `key` of an operation's input (hosts always send these).
pub(crate) fn field_str<'a>(input: &'a Map<String, Value>, key: &str) -> Result<&'a str, OpError> {
    input
        .get(key)
        .and_then(Value::as_str)
        .ok_or_else(|| OpError::type_error(format!("{key} must be a string")))
}

/// The optional string field `key`; absent or null is `None`.
pub(crate) fn field_opt_str<'a>(
    input: &'a Map<String, Value>,
    key: &str,
) -> Result<Option<&'a str>, OpError> {
    match input.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s)),
        Some(_) => Err(OpError::type_error(format!("{key} must be a string"))),
    }
}

/// The non-negative integer field `key`, or `default` when absent.
pub(crate) fn field_u64(input: &Map<String, Value>, key: &str, default: u64) -> Result<u64, OpError> {
    match input.get(key) {
        None | Some(Value::Null) => Ok(default),
        Some(v) => {
            v.as_u64().ok_or_else(|| OpError::type_error(format!("{key} must be a non-negative integer")))
        }
    }
}

/// The boolean field `key`, false when absent.
pub(crate) fn field_bool(input: &Map<String, Value>, key: &str) -> bool {
    input.get(key).and_then(Value::as_bool).unwrap_or(false)
}

/// `n` with thousands separators, as the result texts print counts.
pub fn count(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn counts_have_separators() {
        assert_eq!(count(0), "0");
        assert_eq!(count(999), "999");
        assert_eq!(count(32000), "32,000");
        assert_eq!(count(1234567), "1,234,567");
    }

    #[test]
    fn refuses_a_non_object_and_unknown_ops() {
        assert!(op("plan", json!([])).is_err());
        assert!(op("nothing", json!({})).is_err());
    }
}
