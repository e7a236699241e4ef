//! The rules of agent skills (the Agent Skills format: a folder with a `SKILL.md` of YAML
//! frontmatter and instructions, and resource files beside it), shared by `loadSkills` /
//! `skillsFrom` (npm) and `load_skills` / `skills_from` (Python).
//!
//! The hosts list folders and read files; every decision is made here, through these
//! operations of [`crate::ops::call`]:
//!
//! | op | input → answer |
//! |---|---|
//! | `skills.options` | `{ maxDepth?, maxFolders?, maxSkills?, maxFileBytes?, maxSkillBytes? }` (or snake_case) → the same, complete |
//! | `skills.walk` | `{ mode: "skills"\|"files", options, state, dirs }` → one level of the search ([`walk::step`]) |
//! | `skills.load` | `{ files, options }` → `{ skills, skipped, warnings, prompt, tool }` ([`load::from_files`]) |
//! | `skills.from` | `{ defs }` → the same, from data ([`load::from_defs`]) |
//! | `skills.call` | `{ args, names }` → `{ name, file? }` or `{ error }` ([`show::call`]) |
//! | `skills.inside` | `{ folder, path }` → whether the real `path` is inside the real `folder` |
//! | `skills.show` | `{ skill, text?, files }` → `{ output, metadata }` or `{ error }` ([`show::show`]) |
//! | `skills.read` | `{ name, file, status, … }` → `{ output, isError }` ([`show::read`]) |

use serde_json::{json, Value};

use crate::ops::{OpError, OpResult};

pub mod catalog;
pub mod frontmatter;
pub mod load;
pub mod paths;
pub mod show;
pub mod spec;
#[cfg(target_arch = "wasm32")]
mod typings;
pub mod walk;
mod yaml;
mod yaml_block;
mod yaml_scalar;

/// Every bound of a load, as the hosts name them (camelCase; Python's snake_case is read too).
const OPTIONS: [(&str, &str, u64); 5] = [
    ("maxDepth", "max_depth", walk::DEFAULT_LIMITS.max_depth),
    ("maxFolders", "max_folders", walk::DEFAULT_LIMITS.max_folders),
    ("maxSkills", "max_skills", walk::DEFAULT_LIMITS.max_skills),
    ("maxFileBytes", "max_file_bytes", show::MAX_FILE_BYTES),
    ("maxSkillBytes", "max_skill_bytes", load::MAX_SKILL_BYTES),
];

/// The options completed with their defaults; a value that is not a whole number ≥ 1 (≥ 0 for
/// the depth) is refused, naming it as the caller wrote it.
fn options(input: &Value) -> Result<Value, OpError> {
    if !(input.is_object() || input.is_null()) {
        return Err(OpError::type_error("the options must be an object"));
    }
    let mut out = serde_json::Map::new();
    for (camel, snake, default) in OPTIONS {
        let (key, value) = match (input.get(camel), input.get(snake)) {
            (Some(v), _) if !v.is_null() => (camel, v),
            (_, Some(v)) if !v.is_null() => (snake, v),
            _ => {
                out.insert(camel.into(), json!(default));
                continue;
            }
        };
        let least = u64::from(camel != "maxDepth");
        match value
            .as_u64()
            .or_else(|| value.as_f64().filter(|f| f.fract() == 0.0 && *f >= 0.0).map(|f| f as u64))
        {
            Some(n) if n >= least => out.insert(camel.into(), json!(n)),
            _ => {
                return Err(OpError::type_error(format!(
                    "`{key}` must be a whole number of at least {least}"
                )))
            }
        };
    }
    Ok(Value::Object(out))
}

fn limits(options: &Value) -> walk::Limits {
    let get = |k: &str, d: u64| options.get(k).and_then(Value::as_u64).unwrap_or(d);
    let d = walk::DEFAULT_LIMITS;
    walk::Limits {
        max_depth: get("maxDepth", d.max_depth),
        max_folders: get("maxFolders", d.max_folders),
        max_skills: get("maxSkills", d.max_skills),
    }
}

fn array<'a>(input: &'a Value, key: &str) -> Result<&'a [Value], OpError> {
    input
        .get(key)
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .ok_or_else(|| OpError::type_error(format!("`{key}` must be an array")))
}

/// The catalog and the tool, added to a load's answer.
fn with_catalog(mut loaded: Value) -> Value {
    let skills = loaded["skills"].as_array().cloned().unwrap_or_default();
    let names: Vec<&str> = skills.iter().filter_map(|s| s["name"].as_str()).collect();
    loaded["tool"] = catalog::tool(&names);
    loaded["prompt"] = json!(catalog::prompt(&skills));
    loaded
}

/// The `skills.*` operations of [`crate::ops::call`] (see the module's table).
pub fn op(name: &str, input: Value) -> OpResult {
    match name {
        "options" => options(&input),
        "walk" => {
            let mode = match input.get("mode").and_then(Value::as_str) {
                Some("files") => walk::Mode::Files,
                _ => walk::Mode::Skills,
            };
            let opts = options(input.get("options").unwrap_or(&Value::Null))?;
            Ok(walk::step(
                mode,
                limits(&opts),
                input.get("state").unwrap_or(&Value::Null),
                array(&input, "dirs")?,
            ))
        }
        "load" => {
            let opts = options(input.get("options").unwrap_or(&Value::Null))?;
            let max = opts["maxSkillBytes"].as_u64().unwrap_or(load::MAX_SKILL_BYTES);
            Ok(with_catalog(load::from_files(array(&input, "files")?, max)))
        }
        "from" => Ok(with_catalog(load::from_defs(input.get("defs").unwrap_or(&Value::Null))?)),
        "call" => {
            let names: Vec<&str> = array(&input, "names")?.iter().filter_map(Value::as_str).collect();
            Ok(show::call(input.get("args").unwrap_or(&Value::Null), &names))
        }
        "inside" => {
            let folder = input.get("folder").and_then(Value::as_str).unwrap_or("");
            let path = input.get("path").and_then(Value::as_str).unwrap_or("");
            Ok(json!(!folder.is_empty() && paths::inside(folder, path)))
        }
        "show" => {
            let text = input.get("text").and_then(Value::as_str);
            Ok(show::show(input.get("skill").unwrap_or(&Value::Null), text, array(&input, "files")?))
        }
        "read" => Ok(show::read(&input)),
        _ => Err(OpError::unknown(&format!("skills.{name}"))),
    }
}

#[cfg(test)]
#[path = "corpus_tests.rs"]
mod corpus_tests;
