//! Skills from `SKILL.md` texts ([`from_files`]) or from plain data ([`from_defs`]): the list,
//! what was skipped and why, and what loaded with a warning.

use std::collections::HashMap;

use serde_json::{json, Map, Value};

use super::frontmatter;
use super::paths::{order, resource_path, sorted};
use super::spec;
use crate::ops::OpError;

/// The most a `SKILL.md` may weigh, by default.
pub const MAX_SKILL_BYTES: u64 = 1 << 20;

/// What a load gives: `{ skills, skipped: [{ path, reason }], warnings: [{ path, message }] }`.
struct Outcome {
    /// Each loaded name and the index of its skill.
    names: HashMap<String, usize>,
    skills: Vec<Value>,
    skipped: Vec<Value>,
    warnings: Vec<Value>,
}

impl Outcome {
    fn new() -> Self {
        Outcome { names: HashMap::new(), skills: Vec::new(), skipped: Vec::new(), warnings: Vec::new() }
    }

    /// Adds a checked skill unless one of its name is in already.
    fn add(&mut self, path: &Value, skill: Value, warnings: Vec<String>) {
        let name = skill["name"].as_str().unwrap_or("").to_string();
        if let Some(&first) = self.names.get(&name) {
            let from = show(&self.skills[first]["path"]);
            let reason = format!("another skill named {name:?} was loaded first, from {from}");
            self.skipped.push(json!({ "path": path, "reason": reason }));
            return;
        }
        self.names.insert(name, self.skills.len());
        self.warnings.extend(warnings.into_iter().map(|m| json!({ "path": path, "message": m })));
        self.skills.push(skill);
    }

    fn into_value(self) -> Value {
        json!({ "skills": self.skills, "skipped": self.skipped, "warnings": self.warnings })
    }
}

fn show(path: &Value) -> String {
    path.as_str().map_or_else(|| path.to_string(), String::from)
}

/// `files`: `[{ root, path, folder, text?, size?, error? }]` (`path` the `SKILL.md`, `folder` its
/// folder; no `text` when the host did not read it because `size` is over the limit). The
/// first root given wins a name; within a root, the first path in order.
pub fn from_files(files: &[Value], max_bytes: u64) -> Value {
    let keys: Vec<(u64, &str)> = files
        .iter()
        .map(|f| {
            let root = f.get("root").and_then(Value::as_u64).unwrap_or(0);
            (root, f.get("path").and_then(Value::as_str).unwrap_or(""))
        })
        .collect();
    let mut out = Outcome::new();
    for file in order(&keys).into_iter().map(|i| &files[i]) {
        let path = file.get("path").cloned().unwrap_or(Value::Null);
        let folder = file.get("folder").and_then(Value::as_str).unwrap_or("");
        if let Some(error) = file.get("error").and_then(Value::as_str) {
            out.skipped.push(json!({ "path": path, "reason": format!("could not be read: {error}") }));
            continue;
        }
        let Some(text) = file.get("text").and_then(Value::as_str) else {
            let size = file.get("size").and_then(Value::as_u64).unwrap_or(0);
            let reason = format!("SKILL.md is {size} bytes; the limit is {max_bytes} bytes");
            out.skipped.push(json!({ "path": path, "reason": reason }));
            continue;
        };
        let doc = match frontmatter::parse(text) {
            Ok(doc) => doc,
            Err(reason) => {
                out.skipped.push(json!({ "path": path, "reason": reason }));
                continue;
            }
        };
        let folder_name = folder.trim_end_matches(['/', '\\']).rsplit(['/', '\\']).next();
        let mut warnings = doc.warnings;
        match spec::check(&doc.fields, folder_name, &mut warnings) {
            Ok(fields) => {
                let mut skill = record(fields);
                skill["folder"] = json!(folder);
                skill["path"] = path.clone();
                out.add(&path, skill, warnings);
            }
            Err(reason) => out.skipped.push(json!({ "path": path, "reason": reason })),
        }
    }
    out.into_value()
}

fn record(fields: spec::Fields) -> Value {
    let mut skill = json!({ "name": fields.name, "description": fields.description });
    if let Some(map) = skill.as_object_mut() {
        map.extend(fields.optional);
    }
    skill
}

fn text_field<'a>(def: &'a Map<String, Value>, i: usize, key: &str) -> Result<Option<&'a str>, OpError> {
    match def.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s)),
        Some(_) => Err(OpError::type_error(format!("defs[{i}].{key} must be a string"))),
    }
}

/// Skills from data: `[{ name, description, body?, files?: { path: text }, license?,
/// compatibility?, metadata?, allowed_tools? }]`. A value of the wrong type is a `TypeError`
/// naming it; the format's rules skip or warn as for files, the path being `defs[i]`.
pub fn from_defs(defs: &Value) -> Result<Value, OpError> {
    let defs = defs
        .as_array()
        .ok_or_else(|| OpError::type_error("skillsFrom takes an array of skill definitions"))?;
    let mut out = Outcome::new();
    for (i, def) in defs.iter().enumerate() {
        let def =
            def.as_object().ok_or_else(|| OpError::type_error(format!("defs[{i}] must be an object")))?;
        let mut fields = Map::new();
        for key in ["name", "description", "license", "compatibility"] {
            if let Some(s) = text_field(def, i, key)? {
                fields.insert(key.into(), json!(s));
            }
        }
        if let Some(m) = def.get("metadata") {
            fields.insert("metadata".into(), m.clone());
        }
        if let Some(t) = def.get("allowed_tools").or_else(|| def.get("allowedTools")) {
            fields.insert("allowed-tools".into(), t.clone());
        }
        text_field(def, i, "body")?;
        let mut files: Vec<String> = Vec::new();
        match def.get("files") {
            None | Some(Value::Null) => {}
            Some(Value::Object(map)) => {
                for (path, text) in map {
                    if !text.is_string() {
                        return Err(OpError::type_error(format!(
                            "defs[{i}].files[{path:?}] must be a string"
                        )));
                    }
                    let clean = resource_path(path)
                        .map_err(|e| OpError::value_error(format!("defs[{i}].files: {e}")))?;
                    if clean != *path {
                        return Err(OpError::value_error(format!(
                            "defs[{i}].files: {path:?} must be written as {clean:?}"
                        )));
                    }
                    files.push(clean);
                }
            }
            Some(_) => {
                return Err(OpError::type_error(format!("defs[{i}].files must be an object of path → text")))
            }
        }
        let files = sorted(&files.iter().map(String::as_str).collect::<Vec<_>>());
        let path = json!(format!("defs[{i}]"));
        let mut warnings = Vec::new();
        match spec::check(&fields, None, &mut warnings) {
            Ok(checked) => {
                let mut skill = record(checked);
                skill["folder"] = Value::Null;
                skill["path"] = Value::Null;
                skill["files"] = json!(files);
                out.add(&path, skill, warnings);
            }
            Err(reason) => out.skipped.push(json!({ "path": path, "reason": reason })),
        }
    }
    Ok(out.into_value())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loads_skips_and_warns() {
        let files = json!([
            { "root": 1, "path": "/b/pdf/SKILL.md", "folder": "/b/pdf", "text": "---\nname: pdf\ndescription: second root\n---\nB" },
            { "root": 0, "path": "/a/z/SKILL.md", "folder": "/a/z", "text": "---\nname: pdf\ndescription: Use when: x\n---\nA" },
            { "root": 0, "path": "/a/bad/SKILL.md", "folder": "/a/bad", "text": "no frontmatter" },
            { "root": 0, "path": "/a/big/SKILL.md", "folder": "/a/big", "size": 5_000_000 }
        ]);
        let out = from_files(files.as_array().map_or(&[][..], Vec::as_slice), MAX_SKILL_BYTES);
        assert_eq!(out["skills"].as_array().map(Vec::len), Some(1));
        assert_eq!(out["skills"][0]["description"], "Use when: x");
        assert_eq!(out["skills"][0]["folder"], "/a/z");
        let skipped: Vec<&str> =
            out["skipped"].as_array().into_iter().flatten().filter_map(|s| s["path"].as_str()).collect();
        assert_eq!(skipped, ["/a/bad/SKILL.md", "/a/big/SKILL.md", "/b/pdf/SKILL.md"]);
        assert!(out["skipped"][2]["reason"]
            .as_str()
            .unwrap_or("")
            .contains("loaded first, from /a/z/SKILL.md"));
        let warnings = out["warnings"].to_string();
        assert!(warnings.contains("unquoted") && warnings.contains("differs from its folder"), "{warnings}");
    }

    #[test]
    fn defs_are_checked() {
        let out = from_defs(&json!([
            { "name": "notes", "description": "Take notes", "body": "Write.", "files": { "b.md": "B", "a/x.md": "X" } },
            { "name": "Bad", "description": "d" }
        ]))
        .unwrap_or_default();
        assert_eq!(out["skills"][0]["files"], json!(["a/x.md", "b.md"]));
        assert_eq!(out["skipped"][0]["path"], "defs[1]");
        assert!(from_defs(&json!([{ "name": 1 }])).is_err());
        assert!(from_defs(&json!([{ "name": "a", "description": "d", "files": { "../x": "" } }])).is_err());
    }
}
