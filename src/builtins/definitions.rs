//! The six tools as the model sees them: names, descriptions and input schemas, built from the
//! checked options so that both packages show the model the same text.

use serde_json::{json, Map, Value};

use super::count;
use super::options::TOOLS;
use crate::ops::{OpError, OpResult};

/// `builtins.definitions {options}`: `[{name, description, inputSchema}]` for the chosen tools.
pub fn op(input: &Map<String, Value>) -> OpResult {
    let options = input
        .get("options")
        .and_then(Value::as_object)
        .ok_or_else(|| OpError::type_error("options must be the checked options"))?;
    let chosen: Vec<&str> = options
        .get("tools")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .collect();
    let n = |key: &str| count(options.get(key).and_then(Value::as_u64).unwrap_or(0));
    let mut out = Vec::new();
    for tool in TOOLS.iter().filter(|t| chosen.contains(t)) {
        let (description, schema) = definition(tool, &n);
        out.push(json!({ "name": tool, "description": description, "inputSchema": schema }));
    }
    Ok(Value::Array(out))
}

fn string(description: &str) -> Value {
    json!({ "type": "string", "description": description })
}

fn integer(description: &str) -> Value {
    json!({ "type": "integer", "minimum": 1, "description": description })
}

fn object(properties: Value, required: &[&str]) -> Value {
    json!({ "type": "object", "properties": properties, "required": required, "additionalProperties": false })
}

fn definition(tool: &str, n: &dyn Fn(&str) -> String) -> (String, Value) {
    let path = "A path relative to the root folder (or absolute, inside it).";
    match tool {
        "bash" => (
            format!(
                "Run a shell command (bash -c) in the root folder or a folder inside it. The command gets a \
                 small environment (PATH, HOME, LANG, TERM and the variables the user allowed), runs for at \
                 most its timeout ({} ms unless given), and is stopped with every process it started. Output \
                 (stdout and stderr together) over {} characters keeps its start and end. A non-zero exit code \
                 is an error.",
                n("timeout"),
                n("maxOutput")
            ),
            object(
                json!({
                    "command": string("The command to run."),
                    "timeout": integer("Milliseconds before the command is stopped (at most 600000)."),
                    "workdir": string("The folder to run in, inside the root folder (default: the root)."),
                }),
                &["command"],
            ),
        ),
        "read" => (
            format!(
                "Read a text file, with line numbers. At most {} lines per call, each cut at {} characters; \
                 use offset to read further. Binary files are refused.",
                n("maxLines"),
                n("maxLineLength")
            ),
            object(
                json!({
                    "path": string(path),
                    "offset": integer("The first line to read, counting from 1."),
                    "limit": integer("How many lines to read."),
                }),
                &["path"],
            ),
        ),
        "write" => (
            "Write a text file inside the root folder, creating it and its parent folders or replacing \
             its content."
                .into(),
            object(json!({ "path": string(path), "content": string("The whole new content.") }), &["path", "content"]),
        ),
        "edit" => (
            "Replace exact text in a file. oldString must match the file's text literally (no patterns, \
             no escapes) and exactly once, unless replaceAll is true; otherwise nothing changes and the \
             error says how many matches were found."
                .into(),
            object(
                json!({
                    "path": string(path),
                    "oldString": string("The exact text to replace."),
                    "newString": string("The text to put in its place, taken literally."),
                    "replaceAll": { "type": "boolean", "description": "Replace every match (default false)." },
                }),
                &["path", "oldString", "newString"],
            ),
        ),
        "glob" => (
            format!(
                "List the files whose path matches a glob pattern (* within a folder, ** across folders, ?, \
                 [abc], {{a,b}}), relative to the search folder, sorted; at most {} results. .git and \
                 node_modules are skipped unless the pattern names them.",
                n("maxResults")
            ),
            object(
                json!({
                    "pattern": string("The glob pattern, e.g. **/*.ts or src/*.{js,mjs}."),
                    "path": string("The folder to search in (default: the root folder)."),
                }),
                &["pattern"],
            ),
        ),
        _ => (
            format!(
                "Search file contents with a regular expression (linear-time syntax: no backreferences or \
                 lookaround), line by line; answers path:line: text, sorted by path; at most {} matches. \
                 Binary files, .git and node_modules are skipped.",
                n("maxResults")
            ),
            object(
                json!({
                    "pattern": string("The regular expression to look for."),
                    "path": string("The folder or file to search (default: the root folder)."),
                    "include": string("A glob the file names must match, e.g. *.rs or src/**/*.{ts,tsx}."),
                }),
                &["pattern"],
            ),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_the_chosen_tools_with_their_limits() {
        let options = super::super::options::op(
            json!({"root": "/r", "tools": ["edit", "bash"], "maxOutput": 500}).as_object().unwrap(),
        )
        .unwrap();
        let defs = op(json!({ "options": options }).as_object().unwrap()).unwrap();
        let names: Vec<&str> = defs.as_array().unwrap().iter().map(|d| d["name"].as_str().unwrap()).collect();
        assert_eq!(names, ["bash", "edit"]);
        assert!(defs[0]["description"].as_str().unwrap().contains("over 500 characters"));
        assert!(defs[0]["description"].as_str().unwrap().contains("120,000 ms"));
        assert_eq!(defs[1]["inputSchema"]["required"], json!(["path", "oldString", "newString"]));
        assert_eq!(defs[1]["inputSchema"]["properties"]["replaceAll"]["type"], "boolean");
    }
}
