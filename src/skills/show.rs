//! The `skill` tool's answers: which call it is ([`call`]), a skill's instructions with its
//! files ([`show`]), and one resource file's text ([`read`]). Every answer is a result the model
//! can act on; none is an exception.

use serde_json::{json, Value};

use super::paths::{resource_path, sorted};

/// How many resource paths a skill's answer lists.
pub const LISTED_FILES: usize = 50;
/// The most of a resource file an answer holds, by default.
pub const MAX_FILE_BYTES: u64 = 256 * 1024;
/// How much of a file's start decides whether it is binary.
pub const SNIFF_BYTES: usize = 8000;

fn error(output: String) -> Value {
    json!({ "error": output })
}

/// What a call asks: `{ name, file? }` (`file` as `/`-separated segments), or `{ error }`.
pub fn call(args: &Value, names: &[&str]) -> Value {
    let list = names.join(", ");
    let name = match args.get("name") {
        Some(Value::String(s)) => s.as_str(),
        _ => return error(format!("`name` is required: one of {list}")),
    };
    if !names.contains(&name) {
        return error(format!("Unknown skill {name:?}. Available skills: {list}"));
    }
    match args.get("file") {
        None | Some(Value::Null) => json!({ "name": name }),
        Some(Value::String(file)) => match resource_path(file) {
            Ok(file) => json!({ "name": name, "file": file }),
            Err(reason) => error(format!("No file read from skill {name:?}: {reason}")),
        },
        Some(_) => error("`file` must be a path (a string) relative to the skill's folder".into()),
    }
}

/// A skill's answer: `skill` is `{ name, folder, body? }` (`folder` null for a skill given as
/// data), `text` its `SKILL.md` as read now (the body is what follows the frontmatter; a
/// skill's instructions are read when the model asks for them), `files` every resource path.
/// → `{ output, metadata: { skill, folder, files, more } }`, or `{ error }` when the
/// `SKILL.md` no longer reads.
pub fn show(skill: &Value, text: Option<&str>, files: &[Value]) -> Value {
    let name = skill["name"].as_str().unwrap_or("");
    let read;
    let body = match text {
        Some(text) => match super::frontmatter::parse(text) {
            Ok(doc) => {
                read = doc.body;
                read.as_str()
            }
            Err(reason) => return error(format!("The SKILL.md of skill {name:?} no longer reads: {reason}")),
        },
        None => skill["body"].as_str().unwrap_or(""),
    };
    let mut paths = sorted(&files.iter().filter_map(Value::as_str).collect::<Vec<_>>());
    let more = paths.len().saturating_sub(LISTED_FILES);
    paths.truncate(LISTED_FILES);
    let mut out = match skill["folder"].as_str() {
        Some(folder) => format!("Skill {name:?} (folder: {folder})\n\n"),
        None => format!("Skill {name:?}\n\n"),
    };
    out.push_str(body.trim_end());
    if paths.is_empty() {
        out.push_str("\n\nThis skill has no resource files.");
    } else {
        out.push_str(
            "\n\nResource files (paths relative to the skill's folder; read one with the `file` argument):",
        );
        for p in &paths {
            out.push_str("\n- ");
            out.push_str(p);
        }
        if more > 0 {
            out.push_str(&format!("\n… and {more} more"));
        }
    }
    json!({ "output": out, "metadata": { "skill": name, "folder": skill["folder"], "files": paths, "more": more } })
}

/// Whether a file whose first bytes are `head` is binary: a NUL byte, or bytes that are not
/// UTF-8 (a character cut at the end of `head` does not count).
pub fn is_binary(head: &[u8]) -> bool {
    head.contains(&0) || std::str::from_utf8(head).is_err_and(|e| e.error_len().is_some())
}

/// One resource file's answer. `input`: `{ name, file, status, message?, size?, head?, text?,
/// limit? }`, `status` one of `"ok"`, `"missing"`, `"directory"`, `"outside"`, `"error"`;
/// `head`: the file's first bytes (up to [`SNIFF_BYTES`]); `text`: its start as text.
/// → `{ output, isError }`.
pub fn read(input: &Value) -> Value {
    let name = input["name"].as_str().unwrap_or("");
    let file = input["file"].as_str().unwrap_or("");
    let fail = |output: String| json!({ "output": output, "isError": true });
    match input["status"].as_str().unwrap_or("ok") {
        "missing" => {
            return fail(format!(
                "No file {file:?} in skill {name:?}; its files are listed when the skill is loaded (call the tool \
                 with only `name`)"
            ))
        }
        "directory" => return fail(format!("{file:?} is a folder in skill {name:?}, not a file")),
        "outside" => {
            return fail(format!(
                "{file:?} leads outside the folder of skill {name:?} (through a symbolic link); it is not read"
            ))
        }
        "error" => {
            let message = input["message"].as_str().unwrap_or("unknown error");
            return fail(format!("Could not read {file:?} of skill {name:?}: {message}"));
        }
        _ => {}
    }
    let text = input["text"].as_str().unwrap_or("");
    let size = input["size"].as_u64().unwrap_or(text.len() as u64);
    if let Some(head) = input["head"].as_array() {
        let bytes: Vec<u8> = head.iter().take(SNIFF_BYTES).map(|b| b.as_u64().unwrap_or(0) as u8).collect();
        if is_binary(&bytes) {
            return fail(format!("{file:?} is a binary file ({size} bytes); only text files are read"));
        }
    }
    let limit = input["limit"].as_u64().unwrap_or(MAX_FILE_BYTES) as usize;
    let mut cut = text.len().min(limit);
    while !text.is_char_boundary(cut) {
        cut -= 1;
    }
    let mut output = text[..cut].trim_end_matches('\u{fffd}').to_string();
    if size > cut as u64 || cut < text.len() {
        output.push_str(&format!("\n\n[the first {cut} of {size} bytes shown; the rest left out]"));
    }
    json!({ "output": output, "isError": false })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_call() {
        let names = ["pdf", "docx"];
        assert_eq!(call(&json!({ "name": "pdf" }), &names), json!({ "name": "pdf" }));
        assert_eq!(
            call(&json!({ "name": "pdf", "file": "./a//b.md" }), &names),
            json!({ "name": "pdf", "file": "a/b.md" })
        );
        assert_eq!(
            call(&json!({ "name": "x" }), &names)["error"],
            "Unknown skill \"x\". Available skills: pdf, docx"
        );
        assert_eq!(call(&json!({}), &names)["error"], "`name` is required: one of pdf, docx");
        let escape = call(&json!({ "name": "pdf", "file": "../../etc/passwd" }), &names);
        assert!(escape["error"].as_str().unwrap_or("").contains("goes outside the skill's folder"));
    }

    #[test]
    fn shows_the_first_fifty_files() {
        let files: Vec<Value> = (0..60).rev().map(|i| json!(format!("f{i:02}.md"))).collect();
        let out = show(
            &json!({ "name": "pdf", "folder": "/s/pdf" }),
            Some("---\nname: pdf\n---\nDo it.\n"),
            &files,
        );
        let text = out["output"].as_str().unwrap_or("");
        assert!(text.starts_with("Skill \"pdf\" (folder: /s/pdf)\n\nDo it.\n\nResource files"));
        assert!(text.contains("\n- f00.md\n- f01.md") && text.ends_with("- f49.md\n… and 10 more"));
        assert_eq!(out["metadata"]["more"], 10);
        let none = show(&json!({ "name": "n", "folder": null, "body": "B" }), None, &[]);
        assert_eq!(none["output"], "Skill \"n\"\n\nB\n\nThis skill has no resource files.");
    }

    #[test]
    fn reads_text_caps_it_and_refuses_binary() {
        let ok = read(
            &json!({ "name": "s", "file": "a.md", "status": "ok", "size": 5, "text": "hello", "head": [104] }),
        );
        assert_eq!(ok, json!({ "output": "hello", "isError": false }));
        let big =
            read(&json!({ "name": "s", "file": "a", "size": 10_485_760, "text": "é".repeat(3), "limit": 5 }));
        assert_eq!(big["output"], "éé\n\n[the first 4 of 10485760 bytes shown; the rest left out]");
        let bin = read(&json!({ "name": "s", "file": "x.gz", "size": 9, "head": [31, 139, 8, 0] }));
        assert_eq!(bin["isError"], true);
        assert!(bin["output"].as_str().unwrap_or("").contains("binary"));
        assert!(!is_binary("é".as_bytes().get(..1).unwrap_or_default()));
        assert!(is_binary(&[0xff, 0x41, 0x42]));
        assert_eq!(read(&json!({ "name": "s", "file": "f", "status": "missing" }))["isError"], true);
    }
}
