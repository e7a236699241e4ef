//! `schema.*`: tools out and strict mode's nulls, for the bindings.
//!
//! - `schema.tools_out` `{ target, tools, strict?, dialect?, function?, explain? }` → the
//!   provider's finished list (see [`super::out::tools_out`]). `target` is one of `"openai"`,
//!   `"openai_responses"`, `"anthropic"`, `"gemini"`, `"mcp"`; `tools` is a list of
//!   `{ name, description, inputSchema }`; `strict` (OpenAI, Responses) a boolean; `dialect`
//!   (Gemini) `"json_schema"` (also spelt `"jsonSchema"`) or `"openapi"`; `function` the
//!   caller's name for the export, used in messages (the npm name by default). A name that
//!   breaks the target's rule, or two tools with one name, is a value error naming the tool, the
//!   target and the rule.
//! - `schema.remove_nulls` `{ schema, args }` → `{ args, removed }`: `args` without the `null`s
//!   the schema leaves optional and does not accept (see [`super::nulls`]), and whether there
//!   was any (so a host can hand back the very object it was given).

use serde_json::Value;

use super::out::{tools_out_owned, Target};
use crate::ops::{OpError, OpResult};

pub fn op(name: &str, input: Value) -> OpResult {
    match name {
        "tools_out" => tools_out(input),
        "remove_nulls" => remove_nulls(input),
        _ => Err(OpError::unknown(&format!("schema.{name}"))),
    }
}

fn bool_option(input: &Value, key: &str, function: &str) -> Result<Option<bool>, OpError> {
    match input.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Bool(b)) => Ok(Some(*b)),
        Some(_) => Err(OpError::type_error(format!("{function}: `{key}` must be a boolean"))),
    }
}

fn target_of(input: &Value) -> Result<(Target, &'static str), OpError> {
    let target = input.get("target").and_then(Value::as_str).unwrap_or("");
    Ok(match target {
        "openai" => {
            let strict = bool_option(input, "strict", "toOpenAI")?;
            (Target::OpenAI(strict), "toOpenAI")
        }
        "openai_responses" => {
            let strict = bool_option(input, "strict", "toOpenAIResponses")?;
            (Target::Responses(strict == Some(true)), "toOpenAIResponses")
        }
        "anthropic" => (Target::Anthropic, "toAnthropic"),
        "gemini" => match input.get("dialect") {
            None | Some(Value::Null) => (Target::Gemini(false), "toGemini"),
            Some(Value::String(d)) if d == "json_schema" || d == "jsonSchema" => {
                (Target::Gemini(false), "toGemini")
            }
            Some(Value::String(d)) if d == "openapi" => (Target::Gemini(true), "toGemini"),
            Some(other) => {
                let shown = match other {
                    Value::String(s) => s.clone(),
                    v => super::walk::json(v),
                };
                return Err(OpError::value_error(format!(
                    "toGemini: the dialect must be \"json_schema\" or \"openapi\", not {shown}"
                )));
            }
        },
        "mcp" => (Target::Mcp, "toMCP"),
        other => {
            return Err(OpError::value_error(format!(
            "schema.tools_out: unknown target {other:?} (openai, openai_responses, anthropic, gemini, mcp)"
        )))
        }
    })
}

fn tools_out(input: Value) -> OpResult {
    let (target, default_fn) = target_of(&input)?;
    let function = match input.get("function") {
        Some(Value::String(f)) => f.clone(),
        _ => default_fn.to_string(),
    };
    let function = function.as_str();
    let explain = bool_option(&input, "explain", function)?.unwrap_or(false);
    // The list is taken out of the input: each schema is rewritten out of its own parsed tree.
    let list = match input {
        Value::Object(mut map) => map.swap_remove("tools"),
        _ => None,
    };
    let Some(Value::Array(list)) = list else {
        return Err(OpError::type_error(format!("{function}: tools must be a list of tools")));
    };
    for (i, tool) in list.iter().enumerate() {
        if !tool.get("name").is_some_and(Value::is_string) {
            return Err(OpError::type_error(format!("{function}: the tool at index {i} has no string name")));
        }
    }
    tools_out_owned(target, Value::Array(list), explain, function).map_err(OpError::value_error)
}

fn remove_nulls(input: Value) -> OpResult {
    let Value::Object(mut map) = input else {
        return Err(OpError::type_error("schema.remove_nulls: the input must be an object { schema, args }"));
    };
    let schema = map.remove("schema").unwrap_or(Value::Null);
    let mut args = map.remove("args").unwrap_or(Value::Null);
    let removed = super::nulls::remove_optional_nulls(&schema, &mut args);
    // Built by hand: `json!` would copy `args` through serde's value serialiser.
    let mut out = serde_json::Map::new();
    out.insert("args".into(), args);
    out.insert("removed".into(), Value::Bool(removed));
    Ok(Value::Object(out))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn envelopes_per_target() {
        let tools = json!([{ "name": "a", "description": "A", "inputSchema": { "type": "object",
            "properties": { "x": { "type": "string" } } } }]);
        let out = op("tools_out", json!({ "target": "openai", "tools": tools, "strict": true })).unwrap();
        assert_eq!(out[0]["function"]["strict"], true);
        assert_eq!(out[0]["function"]["parameters"]["properties"]["x"]["type"], json!(["string", "null"]));
        let out =
            op("tools_out", json!({ "target": "gemini", "tools": tools, "dialect": "openapi" })).unwrap();
        assert_eq!(out[0]["functionDeclarations"][0]["parameters"]["type"], "OBJECT");
        let out = op("tools_out", json!({ "target": "openai_responses", "tools": tools })).unwrap();
        assert_eq!(out[0]["strict"], false);
        let out = op("tools_out", json!({ "target": "mcp", "tools": tools })).unwrap();
        assert_eq!(out[0]["inputSchema"], tools[0]["inputSchema"]);
    }

    #[test]
    fn names_break_rules_as_value_errors() {
        let tools = json!([{ "name": "a b", "inputSchema": null }]);
        let e = op("tools_out", json!({ "target": "anthropic", "tools": tools, "function": "to_anthropic" }))
            .unwrap_err();
        assert_eq!(e.kind, crate::ops::ErrorKind::Value);
        assert!(
            e.message.starts_with("to_anthropic: tool \"a b\" breaks Anthropic's name rule"),
            "{}",
            e.message
        );
        let twice = json!([{ "name": "a" }, { "name": "a" }]);
        let e = op("tools_out", json!({ "target": "mcp", "tools": twice })).unwrap_err();
        assert!(e.message.contains("two tools are named \"a\""), "{}", e.message);
        let e = op("tools_out", json!({ "target": "gemini", "tools": [], "dialect": "x" })).unwrap_err();
        assert_eq!(e.kind, crate::ops::ErrorKind::Value);
        let e = op("tools_out", json!({ "target": "mcp", "tools": [{}] })).unwrap_err();
        assert_eq!(e.kind, crate::ops::ErrorKind::Type);
    }

    #[test]
    fn removes_optional_nulls() {
        let schema = json!({ "type": "object", "properties": { "a": { "type": "string" } } });
        let out = op("remove_nulls", json!({ "schema": schema, "args": { "a": null, "b": null } })).unwrap();
        assert_eq!(out, json!({ "args": { "b": null }, "removed": true }));
        let out = op("remove_nulls", json!({ "schema": schema, "args": { "b": null } })).unwrap();
        assert_eq!(out, json!({ "args": { "b": null }, "removed": false }));
    }
}
