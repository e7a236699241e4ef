//! Tools out: a tool list in one provider's format, names checked against that provider's rule.

use super::walk::{put, Changes, Obj};
use super::{gemini, openai};
use serde_json::{Map, Value};

/// A provider format, with its options.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Target {
    /// Chat Completions; `Some(strict)` when the caller passed `strict`.
    OpenAI(Option<bool>),
    /// Responses (its `strict` is always written: the API defaults it to true).
    Responses(bool),
    Anthropic,
    /// `parametersJsonSchema`, or with `true` the `openapi` dialect's `parameters`.
    Gemini(bool),
    Mcp,
}

impl Target {
    /// The targets by code: 0 OpenAI, 1 OpenAI strict, 2 OpenAI `strict: false`, 3 Responses,
    /// 4 Responses strict, 5 Anthropic, 6 Gemini, 7 Gemini `openapi`, 8 MCP.
    pub fn from_code(code: u32) -> Option<Target> {
        const ALL: [Target; 9] = [
            Target::OpenAI(None),
            Target::OpenAI(Some(true)),
            Target::OpenAI(Some(false)),
            Target::Responses(false),
            Target::Responses(true),
            Target::Anthropic,
            Target::Gemini(false),
            Target::Gemini(true),
            Target::Mcp,
        ];
        ALL.get(code as usize).copied()
    }

    pub(crate) fn function(self) -> &'static str {
        match self {
            Target::OpenAI(_) => "toOpenAI",
            Target::Responses(_) => "toOpenAIResponses",
            Target::Anthropic => "toAnthropic",
            Target::Gemini(_) => "toGemini",
            Target::Mcp => "toMCP",
        }
    }

    fn provider(self) -> &'static str {
        match self {
            Target::OpenAI(_) | Target::Responses(_) => "OpenAI",
            Target::Anthropic => "Anthropic",
            Target::Gemini(_) => "Gemini",
            Target::Mcp => "MCP",
        }
    }

    /// The name rule, in words, when `name` breaks it.
    pub fn name_error(self, name: &str) -> Option<&'static str> {
        let ok = match self {
            Target::OpenAI(_) | Target::Responses(_) | Target::Anthropic => {
                (1..=64).contains(&name.len())
                    && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
            }
            Target::Gemini(_) => {
                name.chars().next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
                    && name.encode_utf16().count() <= 128
            }
            Target::Mcp => (1..=128).contains(&name.encode_utf16().count()),
        };
        if ok {
            return None;
        }
        Some(match self {
            Target::OpenAI(_) | Target::Responses(_) | Target::Anthropic => {
                "a name must match ^[a-zA-Z0-9_-]{1,64}$"
            }
            Target::Gemini(_) => "a name must start with a letter or _ and have at most 128 characters",
            Target::Mcp => "a name must have 1 to 128 characters",
        })
    }
}

/// One tool's rewrite: the schema to send, strict mode's verdict, and what changed.
pub struct Written {
    pub schema: Value,
    pub strict: Option<bool>,
    pub changes: Changes,
    pub reason: Option<String>,
}

/// The schema a target sends for `schema`.
pub fn write_schema(target: Target, schema: &Value) -> Written {
    write_owned(target, schema.clone())
}

/// [`write_schema`], taking the schema apart as it goes. Only strict mode keeps the schema as
/// given, as JSON text, for the tool it cannot take (sent as given with `strict: false`).
#[inline(never)]
pub fn write_owned(target: Target, schema: Value) -> Written {
    let given = |schema, strict| Written { schema, strict, changes: Changes::default(), reason: None };
    match target {
        Target::OpenAI(Some(true)) | Target::Responses(true) => {
            let text = super::walk::json(&schema);
            let s = openai::strict_owned(schema);
            let schema = match s.schema {
                Some(schema) => schema,
                // Text this crate wrote from a value reads back as that value.
                None => serde_json::from_str(&text).unwrap_or(Value::Null),
            };
            Written { schema, strict: Some(s.strict), changes: s.changes, reason: s.reason }
        }
        Target::OpenAI(Some(false)) | Target::Responses(false) => given(schema, Some(false)),
        Target::Gemini(false) => {
            let (schema, changes) = gemini::json_schema_owned(schema);
            Written { schema, strict: None, changes, reason: None }
        }
        Target::Gemini(true) => {
            let (schema, changes) = gemini::openapi_owned(schema);
            Written { schema, strict: None, changes, reason: None }
        }
        Target::OpenAI(None) | Target::Anthropic | Target::Mcp => given(schema, None),
    }
}

/// Checks the names (the tools' `name` values, in order) against the target's rule and for
/// duplicates: the message of the `TypeError` to throw, when one fails.
pub fn check_names(target: Target, names: &[Value]) -> Result<(), String> {
    check_names_for(target, names, target.function())
}

/// [`check_names`], the messages naming `function` (the caller's name for the export).
pub fn check_names_for(target: Target, names: &[Value], function: &str) -> Result<(), String> {
    let names: Vec<Option<&str>> = names.iter().map(Value::as_str).collect();
    check(target, &names, function)
}

fn check(target: Target, names: &[Option<&str>], function: &str) -> Result<(), String> {
    let mut seen: Vec<&str> = Vec::with_capacity(names.len());
    for (i, name) in names.iter().enumerate() {
        let Some(name) = *name else {
            return Err(format!("{function}: the tool at index {i} has no string name"));
        };
        if let Some(rule) = target.name_error(name) {
            return Err(format!(
                "{}: tool {} breaks {}'s name rule: {rule}",
                function,
                super::walk::json(&Value::String(name.into())),
                target.provider()
            ));
        }
        if seen.contains(&name) {
            return Err(format!(
                "{}: two tools are named {}; {} needs every tool name to be unique",
                function,
                super::walk::json(&Value::String(name.into())),
                target.provider()
            ));
        }
        seen.push(name);
    }
    Ok(())
}

/// What a tool without an inputSchema takes: no arguments (also `defineTool`'s default).
pub fn empty_schema() -> Value {
    serde_json::json!({ "type": "object", "properties": {}, "additionalProperties": false })
}

fn notes_of(written: &Written) -> Value {
    notes(&written.changes, written.reason.as_deref())
}

/// A tool's notes: its changes, and why it is kept as given when strict mode cannot take it.
pub(crate) fn notes(changes: &Changes, reason: Option<&str>) -> Value {
    let mut n: Vec<Value> = changes.notes().into_iter().map(Value::String).collect();
    if let Some(reason) = reason {
        n.push(Value::String(format!("kept as given with strict: false: {reason}")));
    }
    Value::Array(n)
}

/// The whole list in the target's format, or the message of the `TypeError` to throw.
/// `tools` is an array of `{ name, description, inputSchema }`. With `explain`, the answer is
/// `{ tools, notes }`, `notes` holding each tool's list of changes.
pub fn tools_out(target: Target, tools: &Value, explain: bool) -> Result<Value, String> {
    tools_out_for(target, tools, explain, target.function())
}

/// [`tools_out`], the messages naming `function` (the caller's name for the export).
pub fn tools_out_for(target: Target, tools: &Value, explain: bool, function: &str) -> Result<Value, String> {
    tools_out_owned(target, tools.clone(), explain, function)
}

/// [`tools_out_for`], taking the list apart: each schema is rewritten out of its own tree.
pub fn tools_out_owned(target: Target, tools: Value, explain: bool, function: &str) -> Result<Value, String> {
    let Value::Array(list) = tools else {
        return Err(format!("{function}: expected a list of tools"));
    };
    let names: Vec<Option<&str>> = list.iter().map(|t| t.at("name").and_then(Value::as_str)).collect();
    check(target, &names, function)?;
    let mut out = Vec::with_capacity(list.len());
    let mut notes = Vec::new();
    for tool in list {
        let Value::Object(tool) = tool else { continue };
        let (mut name, mut description, mut schema) = (String::new(), None, None);
        for (key, value) in tool {
            match (key.as_str(), value) {
                ("name", Value::String(n)) => name = n,
                ("description", d @ Value::String(_)) => description = Some(d),
                ("inputSchema", s) if !s.is_null() => schema = Some(s),
                _ => {}
            }
        }
        let written = write_owned(target, schema.unwrap_or_else(empty_schema));
        if explain {
            notes.push(notes_of(&written));
        }
        out.push(entry(target, name, description, written));
    }
    let tools = match target {
        Target::Gemini(_) if out.is_empty() => Value::Array(Vec::new()),
        Target::Gemini(_) => {
            let mut t = Map::new();
            put(&mut t, "functionDeclarations".into(), Value::Array(out));
            Value::Array(vec![Value::Object(t)])
        }
        _ => Value::Array(out),
    };
    if !explain {
        return Ok(tools);
    }
    let mut both = Map::new();
    put(&mut both, "tools".into(), tools);
    put(&mut both, "notes".into(), Value::Array(notes));
    Ok(Value::Object(both))
}

#[inline(never)]
fn entry(target: Target, name: String, description: Option<Value>, w: Written) -> Value {
    let mut m = Map::new();
    let mut description = description;
    let mut describe = |m: &mut Map<String, Value>| {
        if let Some(d) = description.take() {
            put(m, "description".into(), d);
        }
    };
    match target {
        Target::OpenAI(_) => {
            let mut f = Map::new();
            put(&mut f, "name".into(), name.into());
            describe(&mut f);
            put(&mut f, "parameters".into(), w.schema);
            if let Some(s) = w.strict {
                put(&mut f, "strict".into(), s.into());
            }
            put(&mut m, "type".into(), "function".into());
            put(&mut m, "function".into(), Value::Object(f));
        }
        Target::Responses(_) => {
            put(&mut m, "type".into(), "function".into());
            put(&mut m, "name".into(), name.into());
            describe(&mut m);
            put(&mut m, "parameters".into(), w.schema);
            put(&mut m, "strict".into(), w.strict.unwrap_or(false).into());
        }
        Target::Anthropic => {
            put(&mut m, "name".into(), name.into());
            describe(&mut m);
            put(&mut m, "input_schema".into(), w.schema);
        }
        Target::Gemini(openapi) => {
            put(&mut m, "name".into(), name.into());
            describe(&mut m);
            let key = if openapi { "parameters" } else { "parametersJsonSchema" };
            put(&mut m, key.into(), w.schema);
        }
        Target::Mcp => {
            put(&mut m, "name".into(), name.into());
            describe(&mut m);
            put(&mut m, "inputSchema".into(), w.schema);
        }
    }
    Value::Object(m)
}
