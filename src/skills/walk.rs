//! Discovery: which folders the host lists, which `SKILL.md` it reads, which files a skill
//! offers, and where the search stops.
//!
//! The host lists folders a level at a time and hands the listings over ([`step`]); this
//! decides which entries to follow and carries the search's state from one level to the next
//! as a value the host passes back untouched. Rules: `node_modules` and hidden entries (`.git`
//! among them) are skipped; a folder is searched once (by its real path, so a symbolic link
//! cycle ends); a symbolic link leading outside its root is not followed; a folder holding a
//! `SKILL.md` is a skill and is not searched further (a `SKILL.md` below it is one of its
//! files); depth, folders and skills are bounded, and reaching a bound says so in a warning.

use serde_json::{json, Value};

use super::paths::{inside, order};

/// The bounds of a search.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Limits {
    pub max_depth: u64,
    pub max_folders: u64,
    pub max_skills: u64,
}

pub const DEFAULT_LIMITS: Limits = Limits { max_depth: 6, max_folders: 10_000, max_skills: 1_000 };
/// How many files a skill's listing collects at most.
pub const MAX_FILES: u64 = 10_000;

/// What the search looks for: skills under the roots, or the files of one skill's folder.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Mode {
    Skills,
    Files,
}

fn skipped_name(name: &str) -> bool {
    name.starts_with('.') || name == "node_modules"
}

fn num(state: &Value, key: &str) -> u64 {
    state.get(key).and_then(Value::as_u64).unwrap_or(0)
}

fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// One level of the search. `dirs`: `[{ root, path, rel, depth, real, entries: [{ name, kind:
/// "dir"|"file"|"other", real? }], error? }]` (`real` on an entry: where a symbolic link leads).
/// Answers `{ state, next: [{ dir, name, rel, depth, real? }], skills: [{ root, dir, path }],
/// files: [rel], warnings: [{ path, message }], done }`.
pub fn step(mode: Mode, limits: Limits, state: &Value, dirs: &[Value]) -> Value {
    let mut state = if state.is_object() {
        state.clone()
    } else {
        let roots: Vec<Value> = dirs.iter().map(|d| d.get("real").cloned().unwrap_or(Value::Null)).collect();
        json!({ "roots": roots, "seen": [], "folders": 0, "skills": 0, "files": 0 })
    };
    let roots: Vec<String> = state["roots"]
        .as_array()
        .map(|a| a.iter().map(|r| r.as_str().unwrap_or("").to_string()).collect())
        .unwrap_or_default();
    let mut seen: std::collections::HashSet<String> = state["seen"]
        .as_array()
        .map(|a| a.iter().filter_map(Value::as_str).map(String::from).collect())
        .unwrap_or_default();
    let (mut folders, mut skills, mut files_n) =
        (num(&state, "folders"), num(&state, "skills"), num(&state, "files"));
    let mut stopped = state.get("stopped").and_then(Value::as_bool).unwrap_or(false);
    let mut deep = state.get("deep").and_then(Value::as_bool).unwrap_or(false);
    let (mut next, mut found, mut files, mut warnings) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    let mut warn = |path: &Value, message: String| warnings.push(json!({ "path": path, "message": message }));

    for (i, dir) in dirs.iter().enumerate() {
        if stopped {
            break;
        }
        let path = dir.get("path").cloned().unwrap_or(Value::Null);
        let real = dir.get("real").and_then(Value::as_str).unwrap_or("").to_string();
        if !seen.insert(real) {
            continue;
        }
        if folders >= limits.max_folders {
            warn(&path, format!("stopped after searching {} folders (the folder limit)", grouped(folders)));
            stopped = true;
            break;
        }
        folders += 1;
        if let Some(error) = dir.get("error").and_then(Value::as_str) {
            warn(&path, format!("could not be listed: {error}"));
            continue;
        }
        let root_index = dir.get("root").and_then(Value::as_u64).unwrap_or(0);
        let root = roots.get(root_index as usize).map_or("", String::as_str);
        let rel = dir.get("rel").and_then(Value::as_str).unwrap_or("");
        let depth = dir.get("depth").and_then(Value::as_u64).unwrap_or(0);
        let listed: &[Value] = dir.get("entries").and_then(Value::as_array).map_or(&[], Vec::as_slice);
        let keys: Vec<(u64, &str)> = listed.iter().map(|e| (0, e["name"].as_str().unwrap_or(""))).collect();
        let entries: Vec<&Value> = order(&keys).into_iter().map(|i| &listed[i]).collect();
        let child_path = |name: &str| match path.as_str() {
            Some(p) => json!(format!("{}/{name}", p.trim_end_matches(['/', '\\']))),
            None => json!(name),
        };
        let leads_out =
            |entry: &Value| entry.get("real").and_then(Value::as_str).is_some_and(|r| !inside(root, r));

        if mode == Mode::Skills {
            let skill = entries.iter().find(|e| e["name"] == "SKILL.md" && e["kind"] == "file");
            if let Some(entry) = skill {
                if leads_out(entry) {
                    warn(
                        &child_path("SKILL.md"),
                        "a symbolic link leading outside the folder searched; not read".into(),
                    );
                } else {
                    found.push(json!({ "root": root_index, "dir": i, "path": path }));
                    skills += 1;
                    if skills >= limits.max_skills {
                        warn(&path, format!("stopped at {} skills (the skill limit)", grouped(skills)));
                        stopped = true;
                    }
                    continue;
                }
            }
        }
        for entry in entries {
            let name = entry["name"].as_str().unwrap_or("");
            if name.is_empty() || skipped_name(name) {
                continue;
            }
            let child_rel = if rel.is_empty() { name.to_string() } else { format!("{rel}/{name}") };
            let link = entry.get("real").and_then(Value::as_str);
            match entry["kind"].as_str() {
                Some("file") if mode == Mode::Files => {
                    if (depth == 0 && name == "SKILL.md") || leads_out(entry) {
                        continue;
                    }
                    if files_n >= MAX_FILES {
                        warn(&path, format!("listed the first {} files only", grouped(MAX_FILES)));
                        stopped = true;
                        break;
                    }
                    files_n += 1;
                    files.push(json!(child_rel));
                }
                Some("dir") => {
                    if leads_out(entry) {
                        warn(
                            &child_path(name),
                            "a symbolic link leading outside the folder searched; not followed".into(),
                        );
                        continue;
                    }
                    if link.is_some_and(|r| seen.contains(r)) {
                        warn(
                            &child_path(name),
                            "a symbolic link to a folder already searched; not followed".into(),
                        );
                        continue;
                    }
                    if depth + 1 > limits.max_depth {
                        if !deep {
                            warn(
                                &path,
                                format!("not searched below depth {} (the depth limit)", limits.max_depth),
                            );
                            deep = true;
                        }
                        continue;
                    }
                    let mut item = json!({ "dir": i, "name": name, "rel": child_rel, "depth": depth + 1 });
                    if let Some(r) = link {
                        item["real"] = json!(r);
                    }
                    next.push(item);
                }
                _ => {}
            }
        }
    }
    state["seen"] = json!(seen.into_iter().collect::<Vec<_>>());
    state["folders"] = json!(folders);
    state["skills"] = json!(skills);
    state["files"] = json!(files_n);
    state["stopped"] = json!(stopped);
    state["deep"] = json!(deep);
    let done = stopped || next.is_empty();
    json!({ "state": state, "next": if stopped { vec![] } else { next }, "skills": found, "files": files,
            "warnings": warnings, "done": done })
}

#[cfg(test)]
#[path = "walk_tests.rs"]
mod tests;
