//! What the model sees before it loads a skill: the catalog for the system prompt (each
//! skill's name and description, XML-escaped) and the one `skill` tool.

use serde_json::{json, Value};

/// The tool's name.
pub const TOOL_NAME: &str = "skill";

/// `text` safe inside an XML element or attribute.
pub fn xml_escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

/// The catalog for a system prompt: empty when there are no skills.
pub fn prompt(skills: &[Value]) -> String {
    if skills.is_empty() {
        return String::new();
    }
    let mut out = String::from(
        "The skills below hold instructions for particular tasks. When a task matches a skill's \
         description, call the `skill` tool with the skill's name to read its instructions before you \
         start, then follow them; read the files they mention with the tool's `file` argument.\n\n\
         <available_skills>\n",
    );
    for skill in skills {
        out.push_str("<skill>\n<name>");
        out.push_str(&xml_escape(skill["name"].as_str().unwrap_or("")));
        out.push_str("</name>\n<description>");
        out.push_str(&xml_escape(skill["description"].as_str().unwrap_or("")));
        out.push_str("</description>\n</skill>\n");
    }
    out.push_str("</available_skills>");
    out
}

/// The `skill` tool's definition (`{ name, description, input_schema }`), or `null` when there
/// are no skills: a tool with nothing behind it only misleads the model.
pub fn tool(names: &[&str]) -> Value {
    if names.is_empty() {
        return Value::Null;
    }
    // Parsed from text rather than built by `json!`: the same value, in less of the `.wasm`.
    let mut tool: Value = serde_json::from_str(TOOL).unwrap_or(Value::Null);
    tool["input_schema"]["properties"]["name"]["enum"] = json!(names);
    tool
}

const TOOL: &str = r#"{
  "name": "skill",
  "description": "Loads a skill: the instructions for a task, as listed in <available_skills>, with the skill's folder and its resource files. With `file`, reads one of those files instead.",
  "input_schema": {
    "type": "object",
    "properties": {
      "name": { "type": "string", "enum": [], "description": "The skill's name" },
      "file": {
        "type": "string",
        "description": "A resource file of the skill, as a path relative to its folder (as listed when the skill is loaded); leave out to load the skill's instructions"
      }
    },
    "required": ["name"],
    "additionalProperties": false
  }
}"#;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_every_field() {
        let skills = [json!({ "name": "a-b", "description": "Use <tags> & \"quotes\" 'here'" })];
        let text = prompt(&skills);
        assert!(text.contains("<name>a-b</name>\n<description>Use &lt;tags&gt; &amp; &quot;quotes&quot; &apos;here&apos;</description>"));
        assert!(text.ends_with("</available_skills>"));
        assert_eq!(prompt(&[]), "");
    }

    #[test]
    fn no_tool_without_skills() {
        assert_eq!(tool(&[]), Value::Null);
        let t = tool(&["a", "b"]);
        assert_eq!(t["name"], "skill");
        assert_eq!(t["input_schema"]["properties"]["name"]["enum"], json!(["a", "b"]));
    }
}
