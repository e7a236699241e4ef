//! The Agent Skills format's rules for a skill's fields, with the leniency real skills need.
//!
//! - `name`: 1–64 characters of `a`–`z`, digits and `-`, no leading, trailing or double hyphen;
//!   anything else is skipped (the name is what the model sends back). It should equal its
//!   folder's name: a difference loads, with a warning.
//! - `description`: required, since the model chooses a skill by it; over 1,024 characters
//!   loads, with a warning.
//! - `license`, `compatibility` (at most 500 characters), `metadata` (a mapping of text),
//!   `allowed-tools` (text; a list is joined with spaces): optional; a value of the wrong kind is
//!   left out with a warning. Other fields are the products' own and are ignored.

use serde_json::{Map, Value};

pub const MAX_NAME: usize = 64;
pub const MAX_DESCRIPTION: usize = 1024;
pub const MAX_COMPATIBILITY: usize = 500;

/// A skill's fields, checked.
#[derive(Debug, Clone, PartialEq)]
pub struct Fields {
    pub name: String,
    pub description: String,
    /// `license`, `compatibility`, `metadata`, `allowed_tools`, when present.
    pub optional: Map<String, Value>,
}

/// Whether `name` follows the format's rule.
pub fn valid_name(name: &str) -> bool {
    let bytes = name.as_bytes();
    !bytes.is_empty()
        && name.chars().count() <= MAX_NAME
        && bytes.iter().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || *b == b'-')
        && bytes[0] != b'-'
        && bytes[bytes.len() - 1] != b'-'
        && !name.contains("--")
}

/// `name` made to follow the rule, for the advice in a refusal.
pub fn suggest_name(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars().map(|c| c.to_ascii_lowercase()) {
        let c = if c.is_ascii_lowercase() || c.is_ascii_digit() { c } else { '-' };
        if !(c == '-' && (out.is_empty() || out.ends_with('-'))) {
            out.push(c);
        }
    }
    let mut out: String = out.trim_end_matches('-').chars().take(MAX_NAME).collect();
    while out.ends_with('-') {
        out.pop();
    }
    out
}

/// The `name` rule as a refusal of `name`.
pub fn name_refusal(name: &str) -> String {
    let hint = suggest_name(name);
    let hint = if hint.is_empty() { String::new() } else { format!(" (e.g. {hint:?})") };
    format!(
        "`name` {name:?} is not a skill name: use 1–64 characters of lowercase letters a–z, digits and \
         single hyphens, not starting or ending with a hyphen{hint}"
    )
}

/// Checks the fields of a frontmatter. `folder` is the name of the skill's folder, when it has
/// one. `Err` is why the skill is skipped; `warnings` receives what loaded anyway.
pub fn check(
    fields: &Map<String, Value>,
    folder: Option<&str>,
    warnings: &mut Vec<String>,
) -> Result<Fields, String> {
    let name = match fields.get("name") {
        None | Some(Value::Null) => {
            let hint = folder.map(|f| format!(": add `name: {}`", suggest_name(f))).unwrap_or_default();
            return Err(format!("no `name` in the frontmatter{hint}"));
        }
        Some(Value::String(s)) => s.trim().to_string(),
        Some(_) => return Err("`name` must be text".into()),
    };
    if !valid_name(&name) {
        return Err(name_refusal(&name));
    }
    let description = match fields.get("description") {
        Some(Value::String(s)) if !s.trim().is_empty() => s.trim().to_string(),
        Some(Value::String(_)) | None | Some(Value::Null) => {
            return Err("no `description` in the frontmatter: the model chooses a skill by its description, \
                        so a skill without one would never be used; add `description: …` saying what it \
                        does and when to use it"
                .into())
        }
        Some(_) => return Err("`description` must be text".into()),
    };
    let length = description.chars().count();
    if length > MAX_DESCRIPTION {
        warnings.push(format!(
            "`description` is {length} characters; the format allows {MAX_DESCRIPTION} (loaded whole)"
        ));
    }
    if let Some(folder) = folder {
        if folder != name {
            warnings.push(format!(
                "`name` {name:?} differs from its folder's name {folder:?}; the format asks for them to be equal"
            ));
        }
    }
    let mut optional = Map::new();
    for (field, key) in [("license", "license"), ("compatibility", "compatibility")] {
        match fields.get(field) {
            None | Some(Value::Null) => {}
            Some(Value::String(s)) => {
                if field == "compatibility" && s.chars().count() > MAX_COMPATIBILITY {
                    warnings.push(format!(
                        "`compatibility` is over {MAX_COMPATIBILITY} characters (loaded whole)"
                    ));
                }
                optional.insert(key.into(), Value::String(s.clone()));
            }
            Some(_) => warnings.push(format!("`{field}` must be text; left out")),
        }
    }
    match fields.get("metadata") {
        None | Some(Value::Null) => {}
        Some(Value::Object(m)) if m.values().all(|v| v.is_string() || v.is_null()) => {
            optional.insert("metadata".into(), Value::Object(m.clone()));
        }
        Some(_) => warnings.push("`metadata` must be a mapping of keys to text; left out".into()),
    }
    match fields.get("allowed-tools") {
        None | Some(Value::Null) => {}
        Some(Value::String(s)) => {
            optional.insert("allowed_tools".into(), Value::String(s.clone()));
        }
        Some(Value::Array(items)) if items.iter().all(Value::is_string) => {
            let joined: Vec<&str> = items.iter().filter_map(Value::as_str).collect();
            optional.insert("allowed_tools".into(), Value::String(joined.join(" ")));
        }
        Some(_) => {
            warnings.push("`allowed-tools` must be text (tool names separated by spaces); left out".into())
        }
    }
    Ok(Fields { name, description, optional })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn fields(v: Value) -> Map<String, Value> {
        v.as_object().cloned().unwrap_or_default()
    }

    #[test]
    fn names_follow_the_format() {
        for good in ["pdf", "a", "pdf-tools", "x1-2", &"a".repeat(64)] {
            assert!(valid_name(good), "{good}");
        }
        for bad in ["", "PDF", "-pdf", "pdf-", "pd--f", "pdf_tools", "pdf tools", "é", &"a".repeat(65)] {
            assert!(!valid_name(bad), "{bad}");
        }
        assert_eq!(suggest_name("PDF Tools!"), "pdf-tools");
        assert_eq!(suggest_name("--A__b--"), "a-b");
    }

    #[test]
    fn checks_and_forgives() {
        let mut w = Vec::new();
        let ok = check(
            &fields(json!({ "name": "pdf", "description": "d", "license": "MIT", "metadata": { "v": "1" },
                "allowed-tools": ["Read", "Grep"], "model": "x" })),
            Some("pdf"),
            &mut w,
        );
        assert_eq!(
            ok,
            Ok(Fields {
                name: "pdf".into(),
                description: "d".into(),
                optional: fields(
                    json!({ "license": "MIT", "metadata": { "v": "1" }, "allowed_tools": "Read Grep" })
                ),
            })
        );
        assert!(w.is_empty());
        let long = "x".repeat(2000);
        let ok = check(&fields(json!({ "name": "pdf", "description": long })), Some("other"), &mut w);
        assert!(ok.is_ok());
        assert_eq!(w.len(), 2, "{w:?}");
        assert!(w[0].contains("2000 characters") && w[1].contains("differs from its folder"));
    }

    #[test]
    fn skips_with_a_reason() {
        let mut w = Vec::new();
        let reason =
            |v: Value, w: &mut Vec<String>| check(&fields(v), Some("my-skill"), w).err().unwrap_or_default();
        assert_eq!(
            reason(json!({ "description": "d" }), &mut w),
            "no `name` in the frontmatter: add `name: my-skill`"
        );
        assert!(
            reason(json!({ "name": "My-Skill", "description": "d" }), &mut w).contains("(e.g. \"my-skill\")")
        );
        assert!(reason(json!({ "name": "my-skill" }), &mut w).starts_with("no `description`"));
        assert!(reason(json!({ "name": "my-skill", "description": "  " }), &mut w)
            .starts_with("no `description`"));
        assert_eq!(reason(json!({ "name": ["a"], "description": "d" }), &mut w), "`name` must be text");
    }
}
