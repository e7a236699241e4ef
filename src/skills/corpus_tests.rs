//! The rules against real skills (tests/fixtures/skills, from the format's reference
//! repository), with a host written here the way the packages' hosts are: list a level, ask
//! `skills.walk`, read the `SKILL.md` files, ask `skills.load`.

use std::fs;
use std::path::{Path, PathBuf};

use serde_json::{json, Value};

use super::op;

fn ask(name: &str, input: Value) -> Value {
    op(name, input).unwrap_or_else(|e| panic!("skills.{name}: {}", e.message))
}

fn listing(path: &Path) -> Value {
    let mut entries = Vec::new();
    for entry in fs::read_dir(path).into_iter().flatten().flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let kind = entry.file_type().ok();
        let link = kind.is_some_and(|k| k.is_symlink());
        let meta = fs::metadata(entry.path()).ok();
        let kind = match meta {
            Some(m) if m.is_dir() => "dir",
            Some(m) if m.is_file() => "file",
            _ => "other",
        };
        let mut e = json!({ "name": name, "kind": kind });
        if link {
            if let Ok(real) = fs::canonicalize(entry.path()) {
                e["real"] = json!(real.to_string_lossy());
            }
        }
        entries.push(e);
    }
    json!(entries)
}

/// Walks `roots` in `mode`; answers `(skill folders, files, warnings)`.
pub(super) fn walk(
    roots: &[PathBuf],
    mode: &str,
    options: Value,
) -> (Vec<(u64, PathBuf)>, Vec<String>, Vec<Value>) {
    let mut level: Vec<(u64, PathBuf, String, u64, PathBuf)> = roots
        .iter()
        .enumerate()
        .map(|(i, r)| (i as u64, r.clone(), String::new(), 0, fs::canonicalize(r).unwrap_or_default()))
        .collect();
    let (mut state, mut skills, mut files, mut warnings) = (Value::Null, Vec::new(), Vec::new(), Vec::new());
    while !level.is_empty() {
        let dirs: Vec<Value> = level
            .iter()
            .map(|(root, path, rel, depth, real)| {
                json!({ "root": root, "path": path.to_string_lossy(), "rel": rel, "depth": depth,
                        "real": real.to_string_lossy(), "entries": listing(path) })
            })
            .collect();
        let a = ask("walk", json!({ "mode": mode, "options": options, "state": state, "dirs": dirs }));
        for s in a["skills"].as_array().into_iter().flatten() {
            let d = &level[s["dir"].as_u64().unwrap_or(0) as usize];
            skills.push((d.0, d.1.clone()));
        }
        files
            .extend(a["files"].as_array().into_iter().flatten().filter_map(|f| f.as_str().map(String::from)));
        warnings.extend(a["warnings"].as_array().cloned().unwrap_or_default());
        level = a["next"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|n| {
                let d = &level[n["dir"].as_u64().unwrap_or(0) as usize];
                let name = n["name"].as_str().unwrap_or("");
                let real = n["real"].as_str().map_or_else(|| d.4.join(name), PathBuf::from);
                (
                    d.0,
                    d.1.join(name),
                    n["rel"].as_str().unwrap_or("").into(),
                    n["depth"].as_u64().unwrap_or(0),
                    real,
                )
            })
            .collect();
        state = a["state"].clone();
    }
    (skills, files, warnings)
}

pub(super) fn load(roots: &[PathBuf]) -> Value {
    let (skills, _, warnings) = walk(roots, "skills", Value::Null);
    let files: Vec<Value> = skills
        .iter()
        .map(|(root, dir)| {
            let path = dir.join("SKILL.md");
            json!({ "root": root, "path": path.to_string_lossy(), "folder": dir.to_string_lossy(),
                    "text": fs::read_to_string(&path).unwrap_or_default() })
        })
        .collect();
    let mut out = ask("load", json!({ "files": files }));
    out["walk_warnings"] = json!(warnings);
    out
}

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/skills")
}

/// Every file under `dir` but its own `SKILL.md`, as sorted relative paths (found by a plain
/// recursive listing, not by the rules under test).
fn plain_files(dir: &Path, rel: &str, out: &mut Vec<String>) {
    for entry in fs::read_dir(dir).into_iter().flatten().flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let child = if rel.is_empty() { name.clone() } else { format!("{rel}/{name}") };
        if entry.path().is_dir() {
            plain_files(&entry.path(), &child, out);
        } else if child != "SKILL.md" {
            out.push(child);
        }
    }
}

#[test]
fn loads_every_real_skill() {
    let out = load(&[fixtures()]);
    assert_eq!(out["skipped"], json!([]));
    assert_eq!(out["warnings"], json!([]));
    let names: Vec<&str> =
        out["skills"].as_array().into_iter().flatten().filter_map(|s| s["name"].as_str()).collect();
    assert_eq!(
        names,
        [
            "algorithmic-art",
            "brand-guidelines",
            "frontend-design",
            "internal-comms",
            "mcp-builder",
            "skill-creator",
            "web-artifacts-builder",
            "webapp-testing"
        ]
    );
    for skill in out["skills"].as_array().into_iter().flatten() {
        let name = skill["name"].as_str().unwrap_or("");
        let text = fs::read_to_string(fixtures().join(name).join("SKILL.md")).unwrap_or_default();
        // Each real description is one plain line; read it without the rules under test.
        let line = text.lines().find_map(|l| l.strip_prefix("description: ")).unwrap_or("");
        assert_eq!(skill["description"], line, "{name}");
        let license = text.lines().find_map(|l| l.strip_prefix("license: "));
        assert_eq!(skill.get("license").and_then(Value::as_str), license, "{name}");
        // The resource list the tool gives, against a plain listing.
        let (_, mut files, _) = walk(&[fixtures().join(name)], "files", Value::Null);
        let mut expected = Vec::new();
        plain_files(&fixtures().join(name), "", &mut expected);
        expected.sort();
        files.sort();
        assert_eq!(files, expected, "{name}");
        let shown = ask("show", json!({ "skill": skill, "text": text, "files": files }));
        let output = shown["output"].as_str().unwrap_or("");
        let body =
            output.split("\n\nResource files").next().unwrap_or("").split_once("\n\n").map_or("", |p| p.1);
        assert!(!body.is_empty() && text.trim_end().ends_with(body), "{name}");
        assert_eq!(shown["metadata"]["files"].as_array().map(Vec::len), Some(expected.len().min(50)));
    }
    let prompt = out["prompt"].as_str().unwrap_or("");
    assert!(prompt
        .contains("<name>brand-guidelines</name>\n<description>Applies Anthropic&apos;s official brand"));
    assert_eq!(out["tool"]["input_schema"]["properties"]["name"]["enum"].as_array().map(Vec::len), Some(8));
}
