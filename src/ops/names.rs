//! `names.*`: the names rule of [`crate::names`] for the bindings.

use serde_json::Value;

use super::{OpError, OpResult};
use crate::names;

pub fn op(name: &str, input: Value) -> OpResult {
    match name {
        // { names: string[], prefix?: string, max?: number } → string[]
        "tool_names" => {
            let raw = input
                .get("names")
                .and_then(Value::as_array)
                .ok_or_else(|| OpError::type_error("`names` must be an array of strings"))?;
            let raw: Vec<&str> = raw
                .iter()
                .enumerate()
                .map(|(i, v)| {
                    v.as_str().ok_or_else(|| OpError::type_error(format!("`names[{i}]` must be a string")))
                })
                .collect::<Result<_, _>>()?;
            let prefix = input.get("prefix").and_then(Value::as_str).unwrap_or("");
            let max = input.get("max").and_then(Value::as_u64).map_or(names::MAX_LEN, |m| m as usize);
            Ok(Value::Array(names::tool_names(&raw, prefix, max).into_iter().map(Value::String).collect()))
        }
        _ => Err(OpError::unknown(&format!("names.{name}"))),
    }
}
