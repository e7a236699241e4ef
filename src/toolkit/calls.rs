//! A model's tool calls, read from each provider's response shape, and the answers built from
//! the tools' results.
//!
//! [`calls`] turns a response (or the part of it that holds the calls) into one record per call,
//! in order: `{ id, name, args }` for a call to run, or `{ id, name, error }` for one answered
//! in place (no id, a repeated id, an unknown tool, arguments that are not JSON or not an
//! object). `nulls: true` marks arguments holding a `null`, for strict mode's removal.
//! [`answers`] builds the entries the provider's next request takes from the records and one
//! `{ output, is_error, metadata? }` per record.

use serde_json::{json, Map, Value};

use super::messages as m;

/// The providers' call shapes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Provider {
    OpenAI,
    Responses,
    Anthropic,
    Gemini,
    Mcp,
}

impl Provider {
    pub fn parse(name: &str) -> Option<Provider> {
        Some(match name {
            "openai" => Provider::OpenAI,
            "openai_responses" => Provider::Responses,
            "anthropic" => Provider::Anthropic,
            "gemini" => Provider::Gemini,
            "mcp" => Provider::Mcp,
            _ => return None,
        })
    }
}

/// One call: its id (when it has one), its tool's name (when a string), and what to do.
struct Call {
    id: Option<String>,
    name: Option<String>,
    outcome: Result<Value, String>,
}

impl Call {
    fn record(self) -> Value {
        let mut r = Map::new();
        r.insert("id".into(), self.id.map_or(Value::Null, Value::String));
        r.insert("name".into(), self.name.map_or(Value::Null, Value::String));
        match self.outcome {
            Ok(args) => {
                if holds_null(&args, 32) {
                    r.insert("nulls".into(), Value::Bool(true));
                }
                r.insert("args".into(), args);
            }
            Err(message) => {
                r.insert("error".into(), Value::String(message));
            }
        }
        Value::Object(r)
    }
}

fn holds_null(value: &Value, depth: usize) -> bool {
    match value {
        Value::Null => true,
        _ if depth == 0 => false,
        Value::Array(list) => list.iter().any(|v| holds_null(v, depth - 1)),
        Value::Object(map) => map.values().any(|v| holds_null(v, depth - 1)),
        _ => false,
    }
}

/// The arguments a call to `name` with `args` runs with, or the message answering it: what
/// `execute(name, args)` decides before the tool runs. A string is parsed as JSON (`""` is no
/// arguments); absent and `null` are no arguments.
pub fn prepare(name: Option<&Value>, args: Option<&Value>, tools: &[&str]) -> Result<Value, String> {
    let tool = match name {
        Some(Value::String(n)) if tools.contains(&n.as_str()) => n.as_str(),
        _ => return Err(m::unknown(name, tools)),
    };
    let parsed;
    let args = match args {
        None | Some(Value::Null) => return Ok(Value::Object(Map::new())),
        Some(Value::String(text)) if text.is_empty() => return Ok(Value::Object(Map::new())),
        Some(Value::String(text)) => {
            parsed = serde_json::from_str::<Value>(text).map_err(|e| m::bad_json(tool, &e.to_string()))?;
            if parsed.is_null() {
                return Ok(Value::Object(Map::new()));
            }
            &parsed
        }
        Some(other) => other,
    };
    if args.is_object() {
        Ok(args.clone())
    } else {
        Err(m::not_object(tool, Some(args)))
    }
}

fn nonempty_str(value: Option<&Value>) -> Option<&str> {
    value.and_then(Value::as_str).filter(|s| !s.is_empty())
}

fn name_of(value: Option<&Value>) -> Option<String> {
    value.and_then(Value::as_str).map(str::to_owned)
}

/// The list under `key` of `input` (or `input` itself when it is a list).
fn list_of<'a>(input: &'a Value, key: &str) -> &'a [Value] {
    match input {
        Value::Array(list) => list,
        Value::Object(map) => map.get(key).and_then(Value::as_array).map_or(&[], Vec::as_slice),
        _ => &[],
    }
}

/// Checks a call's id against the ones before it; the id, or the message answering the call.
fn checked_id(id: Option<&str>, seen: &mut Vec<String>, what: &str) -> Result<String, String> {
    let id = id.unwrap_or_default().to_owned();
    if seen.contains(&id) {
        return Err(m::duplicate(what, &id));
    }
    seen.push(id.clone());
    Ok(id)
}

fn openai(input: &Value, tools: &[&str]) -> Vec<Call> {
    let mut seen = Vec::new();
    let mut out = Vec::new();
    for (i, call) in list_of(input, "tool_calls").iter().enumerate() {
        let Some(id) = nonempty_str(call.get("id")) else {
            out.push(Call { id: None, name: None, outcome: Err(m::openai_no_id(i)) });
            continue;
        };
        let function = call.get("function");
        let name = name_of(function.and_then(|f| f.get("name")));
        let outcome = checked_id(Some(id), &mut seen, "Tool call").and_then(|id| match call.get("type") {
            Some(Value::String(t)) if t == "function" => Ok(id),
            None => Ok(id),
            Some(kind) => Err(m::openai_not_function(&id, kind, tools)),
        });
        let outcome = outcome.and_then(|id| match function {
            Some(f @ Value::Object(_)) => prepare(f.get("name"), f.get("arguments"), tools),
            _ => Err(m::openai_no_function(&id)),
        });
        out.push(Call { id: Some(id.to_owned()), name, outcome });
    }
    out
}

/// The items of `type` among `input` (a list, or an object holding one under `key`).
fn typed<'a>(input: &'a Value, key: &str, kind: &str) -> impl Iterator<Item = &'a Value> {
    let kind = kind.to_owned();
    list_of(input, key)
        .iter()
        .filter(move |item| item.get("type").and_then(Value::as_str) == Some(kind.as_str()))
}

fn responses(input: &Value, tools: &[&str]) -> Vec<Call> {
    let mut seen = Vec::new();
    let mut out = Vec::new();
    for (i, item) in typed(input, "output", "function_call").enumerate() {
        let name = name_of(item.get("name"));
        let Some(id) = nonempty_str(item.get("call_id")) else {
            out.push(Call { id: None, name, outcome: Err(m::responses_no_id(i)) });
            continue;
        };
        let outcome = checked_id(Some(id), &mut seen, "Function call")
            .and_then(|_| prepare(item.get("name"), item.get("arguments"), tools));
        out.push(Call { id: Some(id.to_owned()), name, outcome });
    }
    out
}

fn anthropic(input: &Value, tools: &[&str]) -> Vec<Call> {
    let mut seen = Vec::new();
    let mut out = Vec::new();
    for (i, block) in typed(input, "content", "tool_use").enumerate() {
        let name = name_of(block.get("name"));
        let Some(id) = nonempty_str(block.get("id")) else {
            out.push(Call { id: None, name, outcome: Err(m::anthropic_no_id(i)) });
            continue;
        };
        let outcome = checked_id(Some(id), &mut seen, "Tool use")
            .and_then(|_| prepare(block.get("name"), block.get("input"), tools));
        out.push(Call { id: Some(id.to_owned()), name, outcome });
    }
    out
}

/// Gemini's calls: a list of them, a response's `functionCalls`, or the `functionCall` parts of
/// its first candidate (either spelling: the REST JSON's camelCase, the Python SDK's snake_case).
fn gemini_calls(input: &Value) -> Vec<&Value> {
    match input {
        Value::Array(list) => return list.iter().collect(),
        Value::Object(_) => {}
        _ => return Vec::new(),
    }
    for key in ["functionCalls", "function_calls"] {
        if let Some(Value::Array(calls)) = input.get(key) {
            return calls.iter().collect();
        }
    }
    let parts = input.pointer("/candidates/0/content/parts").and_then(Value::as_array);
    parts
        .into_iter()
        .flatten()
        .filter_map(|p| p.get("functionCall").or_else(|| p.get("function_call")))
        .filter(|c| !c.is_null())
        .collect()
}

fn gemini(input: &Value, tools: &[&str]) -> Vec<Call> {
    let mut seen: Vec<String> = Vec::new();
    let mut out = Vec::new();
    for (i, call) in gemini_calls(input).into_iter().enumerate() {
        if !call.is_object() {
            out.push(Call { id: None, name: None, outcome: Err(m::gemini_not_object(i, call)) });
            continue;
        }
        let name = name_of(call.get("name"));
        let id = nonempty_str(call.get("id")).map(str::to_owned);
        let outcome = match &id {
            Some(id) if seen.contains(id) => Err(m::duplicate("Function call", id)),
            _ => prepare(call.get("name"), call.get("args"), tools),
        };
        if let Some(id) = &id {
            seen.push(id.clone());
        }
        out.push(Call { id, name, outcome });
    }
    out
}

fn mcp(input: &Value, tools: &[&str]) -> Vec<Call> {
    let call = match input {
        Value::Object(params) => Call {
            id: None,
            name: name_of(params.get("name")),
            outcome: prepare(params.get("name"), params.get("arguments"), tools),
        },
        other => Call { id: None, name: None, outcome: Err(m::mcp_no_params(Some(other))) },
    };
    vec![call]
}

/// The records of the calls in `input` (see the module's description).
pub fn calls(provider: Provider, input: &Value, tools: &[&str]) -> Value {
    let list = match provider {
        Provider::OpenAI => openai(input, tools),
        Provider::Responses => responses(input, tools),
        Provider::Anthropic => anthropic(input, tools),
        Provider::Gemini => gemini(input, tools),
        Provider::Mcp => mcp(input, tools),
    };
    Value::Array(list.into_iter().map(Call::record).collect())
}

/// A result's text and error flag: `output` when a string, else its JSON.
fn parts(result: &Value) -> (String, bool) {
    let text = match result.get("output") {
        Some(Value::String(s)) => s.clone(),
        None | Some(Value::Null) => String::new(),
        Some(other) => other.to_string(),
    };
    let is_error = match result.get("is_error").or_else(|| result.get("isError")) {
        Some(Value::Bool(b)) => *b,
        None | Some(Value::Null) => false,
        Some(_) => true,
    };
    (text, is_error)
}

/// `output`, or `"Error: output"` when it failed: for the formats with no error flag.
fn prefixed(result: &Value) -> String {
    match parts(result) {
        (text, true) => format!("{}{text}", m::ERROR_PREFIX),
        (text, false) => text,
    }
}

fn str_or_empty(record: &Value, key: &str) -> Value {
    record.get(key).filter(|v| v.is_string()).cloned().unwrap_or_else(|| Value::String(String::new()))
}

/// One answer per record, from its result; `snake` spells Gemini's part as the Python SDK's
/// dict form does (`function_response`).
pub fn answers(provider: Provider, records: &[Value], results: &[Value], snake: bool) -> Vec<Value> {
    let none = Value::Null;
    records
        .iter()
        .enumerate()
        .map(|(i, record)| {
            let result = results.get(i).unwrap_or(&none);
            match provider {
                Provider::OpenAI => json!({
                    "role": "tool", "tool_call_id": str_or_empty(record, "id"), "content": prefixed(result),
                }),
                Provider::Responses => json!({
                    "type": "function_call_output", "call_id": str_or_empty(record, "id"), "output": prefixed(result),
                }),
                Provider::Anthropic => {
                    let (text, is_error) = parts(result);
                    let content = if is_error && text.is_empty() { m::EMPTY_ERROR.to_owned() } else { text };
                    json!({
                        "type": "tool_result", "tool_use_id": str_or_empty(record, "id"),
                        "content": content, "is_error": is_error,
                    })
                }
                Provider::Gemini => {
                    let (text, is_error) = parts(result);
                    let mut f = Map::new();
                    if let Some(id @ Value::String(_)) = record.get("id") {
                        f.insert("id".into(), id.clone());
                    }
                    f.insert("name".into(), str_or_empty(record, "name"));
                    let key = if is_error { "error" } else { "output" };
                    f.insert("response".into(), json!({ key: text }));
                    let mut part = Map::new();
                    let key = if snake { "function_response" } else { "functionResponse" };
                    part.insert(key.into(), Value::Object(f));
                    Value::Object(part)
                }
                Provider::Mcp => {
                    let (text, is_error) = parts(result);
                    let mut out = json!({ "content": [{ "type": "text", "text": text }], "isError": is_error });
                    if let Some(meta) = result.get("metadata").filter(|m| m.is_object() || m.is_array()) {
                        out["_meta"] = meta.clone();
                    }
                    out
                }
            }
        })
        .collect()
}
