//! The six tools as the model sees them: names, descriptions and input schemas, built from the
//! checked options so that both packages show the model the same text.
//!
//! The definitions are one JSON text (smaller in the .wasm than code that builds them); the
//! limits in the descriptions (`{timeout}`, `{maxOutput}`, ...) are filled from the options.

use serde_json::{Map, Value};

use super::count;
use crate::ops::{OpError, OpResult};

/// The tools in their listed order, with `{limit}` placeholders in the descriptions.
const DEFINITIONS: &str = r##"[
 {
  "name": "bash",
  "description": "Run a shell command (bash -c) in the root folder or a folder inside it. The command gets a small environment (PATH, HOME, LANG, TERM and the variables the user allowed), runs for at most its timeout ({timeout} ms unless given), and is stopped with every process it started. Output (stdout and stderr together) over {maxOutput} characters keeps its start and end. A non-zero exit code is an error.",
  "inputSchema": {
   "type": "object",
   "properties": {
    "command": {
     "type": "string",
     "description": "The command to run."
    },
    "timeout": {
     "type": "integer",
     "minimum": 1,
     "description": "Milliseconds before the command is stopped (at most 600000)."
    },
    "workdir": {
     "type": "string",
     "description": "The folder to run in, inside the root folder (default: the root)."
    }
   },
   "required": [
    "command"
   ],
   "additionalProperties": false
  }
 },
 {
  "name": "read",
  "description": "Read a text file, with line numbers. At most {maxLines} lines per call, each cut at {maxLineLength} characters; use offset to read further. Binary files are refused.",
  "inputSchema": {
   "type": "object",
   "properties": {
    "path": {
     "type": "string",
     "description": "A path relative to the root folder (or absolute, inside it)."
    },
    "offset": {
     "type": "integer",
     "minimum": 1,
     "description": "The first line to read, counting from 1."
    },
    "limit": {
     "type": "integer",
     "minimum": 1,
     "description": "How many lines to read."
    }
   },
   "required": [
    "path"
   ],
   "additionalProperties": false
  }
 },
 {
  "name": "write",
  "description": "Write a text file inside the root folder, creating it and its parent folders or replacing its content.",
  "inputSchema": {
   "type": "object",
   "properties": {
    "path": {
     "type": "string",
     "description": "A path relative to the root folder (or absolute, inside it)."
    },
    "content": {
     "type": "string",
     "description": "The whole new content."
    }
   },
   "required": [
    "path",
    "content"
   ],
   "additionalProperties": false
  }
 },
 {
  "name": "edit",
  "description": "Replace exact text in a file. oldString must match the file's text literally (no patterns, no escapes) and exactly once, unless replaceAll is true; otherwise nothing changes and the error says how many matches were found.",
  "inputSchema": {
   "type": "object",
   "properties": {
    "path": {
     "type": "string",
     "description": "A path relative to the root folder (or absolute, inside it)."
    },
    "oldString": {
     "type": "string",
     "description": "The exact text to replace."
    },
    "newString": {
     "type": "string",
     "description": "The text to put in its place, taken literally."
    },
    "replaceAll": {
     "type": "boolean",
     "description": "Replace every match (default false)."
    }
   },
   "required": [
    "path",
    "oldString",
    "newString"
   ],
   "additionalProperties": false
  }
 },
 {
  "name": "glob",
  "description": "List the files whose path matches a glob pattern (* within a folder, ** across folders, ?, [abc], {a,b}), relative to the search folder, sorted; at most {maxResults} results. .git and node_modules are skipped unless the pattern names them.",
  "inputSchema": {
   "type": "object",
   "properties": {
    "pattern": {
     "type": "string",
     "description": "The glob pattern, e.g. **/*.ts or src/*.{js,mjs}."
    },
    "path": {
     "type": "string",
     "description": "The folder to search in (default: the root folder)."
    }
   },
   "required": [
    "pattern"
   ],
   "additionalProperties": false
  }
 },
 {
  "name": "grep",
  "description": "Search file contents with a regular expression (linear-time syntax: no backreferences or lookaround), line by line; answers path:line: text, sorted by path; at most {maxResults} matches. Binary files, .git and node_modules are skipped.",
  "inputSchema": {
   "type": "object",
   "properties": {
    "pattern": {
     "type": "string",
     "description": "The regular expression to look for."
    },
    "path": {
     "type": "string",
     "description": "The folder or file to search (default: the root folder)."
    },
    "include": {
     "type": "string",
     "description": "A glob the file names must match, e.g. *.rs or src/**/*.{ts,tsx}."
    }
   },
   "required": [
    "pattern"
   ],
   "additionalProperties": false
  }
 }
]"##;

/// The limits a description may name.
const LIMITS: [&str; 5] = ["timeout", "maxOutput", "maxLines", "maxLineLength", "maxResults"];

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
    // Read as a `Value` (the door's own parser), not as a `Vec`: a typed target would bring
    // serde's number-formatting error paths into the module.
    let all = match serde_json::from_str::<Value>(DEFINITIONS) {
        Ok(Value::Array(all)) => all,
        Ok(_) => return Err(OpError::value_error("the builtin definitions are not a list")),
        Err(e) => return Err(OpError::value_error(e.to_string())),
    };
    let mut out = Vec::new();
    for mut definition in all {
        if !definition.get("name").and_then(Value::as_str).is_some_and(|n| chosen.contains(&n)) {
            continue;
        }
        if let Some(Value::String(description)) = definition.get_mut("description") {
            for key in LIMITS {
                let n = options.get(key).and_then(Value::as_u64).unwrap_or(0);
                *description = description.replace(&format!("{{{key}}}"), &count(n));
            }
        }
        out.push(definition);
    }
    Ok(Value::Array(out))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

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
        let text = defs.to_string();
        assert!(!text.contains('{') || !LIMITS.iter().any(|k| text.contains(&format!("{{{k}}}"))));
    }
}
