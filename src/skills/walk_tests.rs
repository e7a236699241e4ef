use serde_json::{json, Value};

use super::*;

fn dir(root: u64, path: &str, rel: &str, depth: u64, entries: Value) -> Value {
    json!({ "root": root, "path": path, "rel": rel, "depth": depth, "real": path, "entries": entries })
}

#[test]
fn finds_skills_and_skips_what_it_should() {
    let root = dir(
        0,
        "/r",
        "",
        0,
        json!([
            { "name": "pdf", "kind": "dir" }, { "name": ".git", "kind": "dir" },
            { "name": "node_modules", "kind": "dir" }, { "name": ".hidden", "kind": "dir" },
            { "name": "README.md", "kind": "file" },
            { "name": "out", "kind": "dir", "real": "/etc" },
            { "name": "loop", "kind": "dir", "real": "/r" },
            { "name": "alias", "kind": "dir", "real": "/r/pdf" }
        ]),
    );
    let a = step(Mode::Skills, DEFAULT_LIMITS, &Value::Null, &[root]);
    let next: Vec<&str> =
        a["next"].as_array().into_iter().flatten().filter_map(|n| n["name"].as_str()).collect();
    assert_eq!(next, ["alias", "pdf"]);
    let warnings = a["warnings"].to_string();
    assert!(warnings.contains("/r/out") && warnings.contains("leading outside"), "{warnings}");
    assert!(warnings.contains("/r/loop") && warnings.contains("already searched"), "{warnings}");
    // The next level: both reach /r/pdf; it is searched once, and its nested SKILL.md is a file.
    let level = [
        json!({ "root": 0, "path": "/r/alias", "rel": "alias", "depth": 1, "real": "/r/pdf",
                "entries": [{ "name": "SKILL.md", "kind": "file" }] }),
        dir(
            0,
            "/r/pdf",
            "pdf",
            1,
            json!([{ "name": "SKILL.md", "kind": "file" }, { "name": "sub", "kind": "dir" }]),
        ),
    ];
    let b = step(Mode::Skills, DEFAULT_LIMITS, &a["state"], &level);
    assert_eq!(b["skills"], json!([{ "root": 0, "dir": 0, "path": "/r/alias" }]));
    assert_eq!(b["next"], json!([]));
    assert_eq!(b["done"], true);
}

#[test]
fn bounds_depth_folders_and_skills() {
    let limits = Limits { max_depth: 1, max_folders: 2, max_skills: 1 };
    let deep = dir(0, "/r/a", "a", 1, json!([{ "name": "b", "kind": "dir" }]));
    let a = step(Mode::Skills, limits, &Value::Null, &[deep]);
    assert_eq!(a["next"], json!([]));
    assert!(a["warnings"][0]["message"].as_str().unwrap_or("").contains("below depth 1"));
    let many: Vec<Value> = (0..3).map(|i| dir(0, &format!("/r/{i}"), "", 0, json!([]))).collect();
    let b = step(Mode::Skills, limits, &Value::Null, &many);
    assert_eq!(b["warnings"][0]["message"], "stopped after searching 2 folders (the folder limit)");
    let skills: Vec<Value> = (0..2)
        .map(|i| dir(0, &format!("/r/{i}"), "", 0, json!([{ "name": "SKILL.md", "kind": "file" }])))
        .collect();
    let c = step(Mode::Skills, limits, &Value::Null, &skills);
    assert_eq!(c["skills"].as_array().map(Vec::len), Some(1));
    assert_eq!(c["warnings"][0]["message"], "stopped at 1 skills (the skill limit)");
    assert_eq!(c["done"], true);
}

#[test]
fn lists_a_skills_files() {
    let top = dir(
        0,
        "/s/pdf",
        "",
        0,
        json!([
            { "name": "SKILL.md", "kind": "file" }, { "name": "b.md", "kind": "file" },
            { "name": ".DS_Store", "kind": "file" }, { "name": "ref", "kind": "dir" },
            { "name": "secret", "kind": "file", "real": "/etc/passwd" }
        ]),
    );
    let a = step(Mode::Files, DEFAULT_LIMITS, &Value::Null, &[top]);
    assert_eq!(a["files"], json!(["b.md"]));
    let sub = dir(0, "/s/pdf/ref", "ref", 1, json!([{ "name": "SKILL.md", "kind": "file" }]));
    let b = step(Mode::Files, DEFAULT_LIMITS, &a["state"], &[sub]);
    assert_eq!(b["files"], json!(["ref/SKILL.md"]));
}
