//! A `SKILL.md` split into its YAML frontmatter and its body, and the frontmatter read as YAML.
//!
//! The frontmatter is the block between a first line `---` and the next line `---` (or `...`).
//! It is read by [`crate::skills::yaml`], a reader of the part of YAML that frontmatter uses
//! (block mappings and sequences, plain, quoted and block scalars, one-line flow collections,
//! comments), written here rather than taken from a YAML crate: every YAML crate measured cost
//! more of the WebAssembly module than the budget leaves, and this one can be lenient where the
//! format's users are (an unquoted `: ` in a description) and exact where a person needs it
//! (the line and column of an error, counted in the file).

use serde_json::{Map, Value};

use super::yaml;

/// A `SKILL.md` read: its frontmatter fields, its body, and what was forgiven on the way.
#[derive(Debug, Clone, PartialEq)]
pub struct Document {
    pub fields: Map<String, Value>,
    pub body: String,
    pub warnings: Vec<String>,
}

/// Reads a whole `SKILL.md`. `Err` is a reason a person can act on.
pub fn parse(text: &str) -> Result<Document, String> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut lines = text.split_inclusive('\n');
    let first = lines.next().unwrap_or("");
    if first.trim_end() != "---" {
        return Err("no YAML frontmatter: SKILL.md must start with a line `---`, then `name: …` and \
                    `description: …`, then a closing `---`"
            .into());
    }
    let start = first.len();
    let mut offset = start;
    let mut end = None;
    for line in lines {
        let bare = line.trim_end();
        if bare == "---" || bare == "..." {
            end = Some((offset, offset + line.len()));
            break;
        }
        offset += line.len();
    }
    let Some((yaml_end, body_start)) = end else {
        return Err("the frontmatter opened on line 1 is never closed: add a line `---` after it".into());
    };
    let parsed = yaml::parse_mapping(&text[start..yaml_end], 2)?;
    let body = text[body_start..].trim_start_matches(['\r', '\n']);
    Ok(Document { fields: parsed.fields, body: body.to_string(), warnings: parsed.warnings })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn splits_frontmatter_and_body() {
        let doc =
            parse("---\nname: a\ndescription: b\n---\n\n# Title\nText\n").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(Value::Object(doc.fields), json!({ "name": "a", "description": "b" }));
        assert_eq!(doc.body, "# Title\nText\n");
        let crlf = parse("\u{feff}---\r\nname: a\r\n---\r\nBody").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(crlf.fields["name"], "a");
        assert_eq!(crlf.body, "Body");
    }

    #[test]
    fn refuses_a_missing_or_unclosed_frontmatter() {
        assert!(parse("# Just markdown\n").unwrap_err().contains("no YAML frontmatter"));
        assert!(parse("---\nname: a\n").unwrap_err().contains("never closed"));
    }
}
