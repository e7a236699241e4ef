//! `toolkit.*`: the Toolkit's decisions, for the bindings.
//!
//! - `toolkit.calls` `{ provider, input, tools }` → one record per call in `input` (see
//!   [`super::calls`]); `provider` is `"openai"`, `"openai_responses"`, `"anthropic"`,
//!   `"gemini"` or `"mcp"` (`input`: a `tools/call`'s params); `tools` the names the toolkit
//!   holds, in order.
//! - `toolkit.answers` `{ provider, calls, results, snake? }` → the entries of the provider's
//!   next request (for `"mcp"`, the one `CallToolResult`), from the records and one
//!   `{ output, is_error, metadata? }` per record.
//! - `toolkit.prepare` `{ name, args, tools }` → `{ args }` to run the tool with, or `{ error }`:
//!   what `execute(name, args)` answers before the tool runs.
//! - `toolkit.mcp_result` a `CallToolResult` (wire JSON) → `{ output, is_error, metadata? }`
//!   (see [`super::mcp`]).
//! - `toolkit.message` `{ kind, … }` → one failure message (`unknown`: `{ name?, tools }`;
//!   `bad_json`: `{ tool, problem }`; `not_object`: `{ tool, args? }`; `duplicate`:
//!   `{ what, id }`; `no_id`: `{ provider, index }`; `not_function`: `{ id, type, tools }`;
//!   `no_function`: `{ id }`; `not_a_call`: `{ index, shown }`; `no_params`: `{ shown }`;
//!   `empty_error`; `error_prefix`: what a failure's text starts with where the format has no
//!   error flag), so that a binding reading calls itself words them as the core does; `shown` (what a value
//!   that JSON cannot carry is, as the binding's language names it) stands for the name or the
//!   arguments.

use serde_json::{json, Value};

use super::calls::{answers, calls, prepare, Provider};
use super::messages as m;
use crate::ops::{OpError, OpResult};

pub fn op(name: &str, input: Value) -> OpResult {
    match name {
        "calls" => {
            let provider = provider(&input)?;
            let tools = names(&input)?;
            Ok(calls(provider, input.get("input").unwrap_or(&Value::Null), &tools))
        }
        "answers" => {
            let provider = provider(&input)?;
            let records = list(&input, "calls")?;
            let results = list(&input, "results")?;
            let snake = input.get("snake").and_then(Value::as_bool).unwrap_or(false);
            let mut out = answers(provider, records, results, snake);
            if provider == Provider::Mcp {
                return Ok(out.pop().unwrap_or(Value::Null));
            }
            Ok(Value::Array(out))
        }
        "prepare" => {
            let tools = names(&input)?;
            Ok(match prepare(input.get("name"), input.get("args"), &tools) {
                Ok(args) => json!({ "args": args }),
                Err(error) => json!({ "error": error }),
            })
        }
        "message" => message(&input),
        "mcp_result" => Ok(super::mcp::result(&input)),
        _ => Err(OpError::unknown(&format!("toolkit.{name}"))),
    }
}

fn provider(input: &Value) -> Result<Provider, OpError> {
    let name = input.get("provider").and_then(Value::as_str).unwrap_or("");
    Provider::parse(name).ok_or_else(|| {
        OpError::value_error(format!(
            "toolkit: unknown provider {name:?} (openai, openai_responses, anthropic, gemini, mcp)"
        ))
    })
}

fn list<'a>(input: &'a Value, key: &str) -> Result<&'a [Value], OpError> {
    input
        .get(key)
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .ok_or_else(|| OpError::type_error(format!("toolkit: `{key}` must be a list")))
}

fn names(input: &Value) -> Result<Vec<&str>, OpError> {
    list(input, "tools")?
        .iter()
        .enumerate()
        .map(|(i, v)| {
            v.as_str().ok_or_else(|| OpError::type_error(format!("toolkit: `tools[{i}]` must be a string")))
        })
        .collect()
}

fn text<'a>(input: &'a Value, key: &str) -> Result<&'a str, OpError> {
    input
        .get(key)
        .and_then(Value::as_str)
        .ok_or_else(|| OpError::type_error(format!("toolkit: `{key}` must be a string")))
}

fn index(input: &Value) -> Result<usize, OpError> {
    input
        .get("index")
        .and_then(Value::as_u64)
        .map(|i| i as usize)
        .ok_or_else(|| OpError::type_error("toolkit: `index` must be a whole number"))
}

fn message(input: &Value) -> OpResult {
    let message = match input.get("kind").and_then(Value::as_str).unwrap_or("") {
        "unknown" => match input.get("shown").and_then(Value::as_str) {
            Some(shown) => m::no_name(shown, &names(input)?),
            None => m::unknown(input.get("name"), &names(input)?),
        },
        "bad_json" => m::bad_json(text(input, "tool")?, text(input, "problem")?),
        "not_object" => match input.get("shown").and_then(Value::as_str) {
            Some(shown) => m::not_object_shown(text(input, "tool")?, shown),
            None => m::not_object(text(input, "tool")?, input.get("args")),
        },
        "duplicate" => m::duplicate(text(input, "what")?, text(input, "id")?),
        "no_id" => {
            let i = index(input)?;
            match provider(input)? {
                Provider::Responses => m::responses_no_id(i),
                Provider::Anthropic => m::anthropic_no_id(i),
                _ => m::openai_no_id(i),
            }
        }
        "not_function" => {
            let kind = match (input.get("type"), input.get("shown").and_then(Value::as_str)) {
                (Some(t @ Value::String(_)), _) => t.clone(),
                (_, Some(shown)) => {
                    return Ok(Value::String(m::openai_not_function_shown(
                        text(input, "id")?,
                        shown,
                        &names(input)?,
                    )))
                }
                (t, None) => t.cloned().unwrap_or(Value::Null),
            };
            m::openai_not_function(text(input, "id")?, &kind, &names(input)?)
        }
        "no_function" => m::openai_no_function(text(input, "id")?),
        "not_a_call" => m::gemini_not_object_shown(index(input)?, text(input, "shown")?),
        "no_params" => m::mcp_no_params_shown(text(input, "shown")?),
        "empty_error" => m::EMPTY_ERROR.to_owned(),
        "error_prefix" => m::ERROR_PREFIX.to_owned(),
        other => return Err(OpError::value_error(format!("toolkit.message: unknown kind {other:?}"))),
    };
    Ok(Value::String(message))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn calls_of(provider: &str, input: Value) -> Value {
        op("calls", json!({ "provider": provider, "input": input, "tools": ["add", "echo"] })).unwrap()
    }

    #[test]
    fn openai_calls_answered_in_place() {
        let message = json!({ "tool_calls": [
            { "id": "a", "type": "function", "function": { "name": "add", "arguments": "{\"x\":1}" } },
            { "id": "a", "type": "function", "function": { "name": "add", "arguments": "{}" } },
            { "type": "function", "function": { "name": "add", "arguments": "{}" } },
            { "id": "b", "type": "function", "function": { "name": "add", "arguments": "{\"x\":" } },
            { "id": "c", "type": "function", "function": { "name": "add", "arguments": "" } },
            { "id": "d", "type": "function", "function": { "name": "nope", "arguments": "{}" } },
            { "id": "e", "type": "function", "function": { "name": "echo", "arguments": "[1]" } },
            { "id": "f", "type": "custom", "custom": {} },
            { "id": "g", "type": "function", "function": { "name": "echo", "arguments": "{\"o\":null}" } },
        ]});
        let r = calls_of("openai", message);
        assert_eq!(r[0]["args"], json!({ "x": 1 }));
        assert!(r[1]["error"].as_str().unwrap().contains("appears more than once"));
        assert!(r[2]["error"].as_str().unwrap().starts_with("Tool call #3 has no id"));
        assert!(r[3]["error"].as_str().unwrap().contains("are not valid JSON ("));
        assert_eq!(r[4]["args"], json!({}));
        assert!(r[5]["error"]
            .as_str()
            .unwrap()
            .starts_with("Unknown tool \"nope\". Available tools: add, echo"));
        assert!(r[6]["error"].as_str().unwrap().contains("got an array."));
        assert!(r[7]["error"].as_str().unwrap().contains("is of type \"custom\""));
        assert_eq!(r[8]["nulls"], true);
        let results: Vec<Value> = (0..9).map(|i| json!({ "output": "x", "is_error": i % 2 == 1 })).collect();
        let a = op("answers", json!({ "provider": "openai", "calls": r, "results": results })).unwrap();
        assert_eq!(a[0], json!({ "role": "tool", "tool_call_id": "a", "content": "x" }));
        assert_eq!(a[1]["content"], "Error: x");
        assert_eq!(op("message", json!({ "kind": "error_prefix" })).unwrap(), json!(m::ERROR_PREFIX));
        assert_eq!(a[2]["tool_call_id"], "");
    }

    #[test]
    fn every_shape() {
        let r = calls_of(
            "anthropic",
            json!({ "content": [{ "type": "text", "text": "hi" },
            { "type": "tool_use", "id": "t", "name": "add", "input": { "x": 1 } },
            { "type": "server_tool_use", "id": "s", "name": "web" }]}),
        );
        assert_eq!(r.as_array().unwrap().len(), 1);
        let a = op(
            "answers",
            json!({ "provider": "anthropic", "calls": r, "results": [{ "output": "", "is_error": true }] }),
        )
        .unwrap();
        assert_eq!(a[0]["content"], m::EMPTY_ERROR);
        let r = calls_of(
            "openai_responses",
            json!({ "output": [{ "type": "function_call", "name": "add", "arguments": "{}" }] }),
        );
        assert!(r[0]["error"].as_str().unwrap().contains("has no call_id"));
        let r = calls_of(
            "gemini",
            json!({ "candidates": [{ "content": { "parts": [
            { "functionCall": { "name": "add", "args": { "x": 1 } } }, { "text": "t" }] } }] }),
        );
        assert_eq!(r[0]["args"], json!({ "x": 1 }));
        let a = op(
            "answers",
            json!({ "provider": "gemini", "calls": r, "results": [{ "output": "2", "is_error": false }] }),
        )
        .unwrap();
        assert_eq!(a, json!([{ "functionResponse": { "name": "add", "response": { "output": "2" } } }]));
        let r = calls_of("mcp", json!(3));
        assert!(r[0]["error"].as_str().unwrap().contains("got a number."));
        let a = op(
            "answers",
            json!({ "provider": "mcp", "calls": r,
            "results": [{ "output": "o", "is_error": false, "metadata": { "k": 1 } }] }),
        )
        .unwrap();
        assert_eq!(
            a,
            json!({ "content": [{ "type": "text", "text": "o" }], "isError": false, "_meta": { "k": 1 } })
        );
        let p = op("prepare", json!({ "name": "add", "args": "3", "tools": ["add"] })).unwrap();
        assert!(p["error"].as_str().unwrap().contains("got a number"));
    }
}
