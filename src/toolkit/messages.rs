//! What the Toolkit tells a model when a call cannot run: each message says what went wrong and
//! what to send next. The npm and Python packages word them identically from here.

use serde_json::Value;

/// What kind of value it is, as a message shows it (`None`: absent, JavaScript's `undefined`).
pub fn show(value: Option<&Value>) -> &'static str {
    match value {
        None => "undefined",
        Some(Value::Null) => "null",
        Some(Value::Array(_)) => "an array",
        Some(Value::Object(_)) => "an object",
        Some(Value::String(_)) => "a string",
        Some(Value::Number(_)) => "a number",
        Some(Value::Bool(_)) => "a boolean",
    }
}

/// A text as a JSON string.
pub fn json_str(text: &str) -> String {
    Value::String(text.to_owned()).to_string()
}

/// A name or id as JSON, cut to 117 UTF-16 units and `...` when longer than 120.
pub fn quote(text: &str) -> String {
    let units: Vec<u16> = text.encode_utf16().collect();
    if units.len() <= 120 {
        return json_str(text);
    }
    json_str(&format!("{}...", String::from_utf16_lossy(&units[..117])))
}

/// The available tools, `"a, b, c"`, or `"none"`.
pub fn available(names: &[&str]) -> String {
    if names.is_empty() {
        "none".to_owned()
    } else {
        names.join(", ")
    }
}

/// A call to a name the toolkit does not hold (or no name at all).
pub fn unknown(name: Option<&Value>, names: &[&str]) -> String {
    match name {
        Some(Value::String(n)) if !n.is_empty() => {
            format!("Unknown tool {}. Available tools: {}", quote(n), available(names))
        }
        other => no_name(if matches!(other, Some(Value::String(_))) { "empty" } else { show(other) }, names),
    }
}

/// A call whose name is not a string (or is empty), `shown` saying what it is.
pub fn no_name(shown: &str, names: &[&str]) -> String {
    format!(
        "The tool call names no tool (its name is {shown}). Call one of the available tools by name: {}",
        available(names)
    )
}

/// Arguments sent as text that is not JSON.
pub fn bad_json(tool: &str, problem: &str) -> String {
    format!(
        "The arguments for tool {} are not valid JSON ({problem}). \
         Call it again with its arguments as one JSON object that matches its input schema.",
        json_str(tool)
    )
}

/// Arguments that are not an object of named arguments.
pub fn not_object(tool: &str, args: Option<&Value>) -> String {
    not_object_shown(tool, show(args))
}

/// [`not_object`], `shown` saying what the arguments are.
pub fn not_object_shown(tool: &str, shown: &str) -> String {
    format!(
        "The arguments for tool {} must be a JSON object of named arguments, got {shown}. \
         Call it again with an object that matches its input schema.",
        json_str(tool)
    )
}

/// A call whose id was already answered.
pub fn duplicate(what: &str, id: &str) -> String {
    format!("{what} id {} appears more than once; only its first call was run.", quote(id))
}

pub fn openai_no_id(i: usize) -> String {
    format!("Tool call #{} has no id, so it was not run. Every tool call needs an id.", i + 1)
}

pub fn openai_not_function(id: &str, kind: &Value, names: &[&str]) -> String {
    let shown = match kind {
        Value::String(k) => quote(k),
        other => show(Some(other)).to_owned(),
    };
    openai_not_function_shown(id, &shown, names)
}

/// [`openai_not_function`], `shown` saying what the `type` is (a quoted string, or its kind).
pub fn openai_not_function_shown(id: &str, shown: &str, names: &[&str]) -> String {
    format!(
        "Tool call {} is of type {shown}; only \"function\" calls can be answered. \
         Call one of the available tools as a function: {}",
        quote(id),
        available(names)
    )
}

pub fn openai_no_function(id: &str) -> String {
    format!("Tool call {} has no `function` with a name and arguments.", quote(id))
}

pub fn responses_no_id(i: usize) -> String {
    format!(
        "Function call #{} has no call_id, so it was not run. Every function call needs a call_id.",
        i + 1
    )
}

pub fn anthropic_no_id(i: usize) -> String {
    format!("Tool use block #{} has no id, so it was not run. Every tool_use block needs an id.", i + 1)
}

pub fn gemini_not_object(i: usize, call: &Value) -> String {
    gemini_not_object_shown(i, show(Some(call)))
}

pub fn gemini_not_object_shown(i: usize, shown: &str) -> String {
    format!("Function call #{} is {shown}, not an object with a name and args.", i + 1)
}

pub fn mcp_no_params(params: Option<&Value>) -> String {
    mcp_no_params_shown(show(params))
}

pub fn mcp_no_params_shown(shown: &str) -> String {
    format!("A tools/call request needs params with a tool name and arguments, got {shown}.")
}

/// What a failed result's text starts with where the format has no error flag (OpenAI's tool
/// messages, Responses' `function_call_output`).
pub const ERROR_PREFIX: &str = "Error: ";

/// The content of an Anthropic error result whose output is empty (the API refuses it).
pub const EMPTY_ERROR: &str = "The tool failed without a message.";

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn words_the_failures() {
        assert_eq!(unknown(Some(&json!("x")), &["a", "b"]), "Unknown tool \"x\". Available tools: a, b");
        assert_eq!(
            unknown(Some(&json!("")), &[]),
            "The tool call names no tool (its name is empty). Call one of the available tools by name: none"
        );
        assert!(unknown(None, &["a"]).contains("(its name is undefined)"));
        assert!(unknown(Some(&json!(3)), &["a"]).contains("(its name is a number)"));
        let long = "é".repeat(130);
        assert_eq!(quote(&long), format!("\"{}...\"", "é".repeat(117)));
        assert!(not_object("t", Some(&json!([1]))).contains("got an array."));
        assert!(openai_not_function("c1", &json!(null), &[]).contains("is of type null;"));
        assert!(openai_not_function("c1", &json!("custom"), &[]).contains("is of type \"custom\";"));
    }
}
