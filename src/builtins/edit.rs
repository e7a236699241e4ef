//! `edit`: literal replacement with counted matches. Nothing in `oldString` or `newString` is a
//! pattern or an escape (`$&`, `$1`, `\n` stay what they are); no match, or several without
//! `replaceAll`, changes nothing and says how many were found.

use serde_json::{json, Map, Value};

use super::{answer, failure, field_bool, field_str, text::is_binary};
use crate::ops::OpResult;

/// The edited text and how many matches were replaced, or the message the model reads.
pub fn edit(path: &str, text: &str, old: &str, new: &str, all: bool) -> Result<(String, usize), String> {
    if old.is_empty() {
        return Err(format!("oldString is empty; to create or replace the whole of {path:?}, use write."));
    }
    if old == new {
        return Err("oldString and newString are the same; nothing to change.".into());
    }
    let mut old = old.to_string();
    let mut new = new.to_string();
    let mut found = text.matches(old.as_str()).count();
    if found == 0 && text.contains("\r\n") && old.contains('\n') && !old.contains("\r\n") {
        // A file with Windows line ends, edited with the plain line ends a model writes.
        old = old.replace('\n', "\r\n");
        new = new.replace('\n', "\r\n");
        found = text.matches(old.as_str()).count();
    }
    match found {
        0 => Err(format!(
            "oldString was not found in {path:?} (0 matches); it must match the file's text exactly, \
             spaces and line ends included. Read the file to copy the text."
        )),
        n if n > 1 && !all => Err(format!(
            "oldString was found {n} times in {path:?}; add surrounding lines to make it match once, or \
             set replaceAll to true to replace all {n}."
        )),
        n if all => Ok((text.replace(old.as_str(), &new), n)),
        _ => Ok((text.replacen(old.as_str(), &new, 1), 1)),
    }
}

/// `builtins.edit {path, text, oldString, newString, replaceAll}`: `{text, answer}` to write,
/// or an `isError` answer (nothing to write).
pub fn op(input: &Map<String, Value>) -> OpResult {
    let path = field_str(input, "path")?;
    let text = field_str(input, "text")?;
    if is_binary(text) {
        return Ok(json!({ "answer": failure(format!("Cannot edit {path:?}: it is a binary file.")) }));
    }
    let old = field_str(input, "oldString")?;
    let new = field_str(input, "newString")?;
    Ok(match edit(path, text, old, new, field_bool(input, "replaceAll")) {
        Ok((edited, n)) => {
            let noun = if n == 1 { "match" } else { "matches" };
            json!({
                "text": edited,
                "answer": answer(format!("Edited {path:?}: replaced {n} {noun}."), false, Some(json!({ "replacements": n }))),
            })
        }
        Err(message) => json!({ "answer": failure(message) }),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replaces_literally() {
        let (t, n) = edit("f", "let a = 1;", "1", "$& and $1 and $$", false).unwrap();
        assert_eq!((t.as_str(), n), ("let a = $& and $1 and $$;", 1));
        let (t, _) = edit("f", "a.b", ".", "\\n", false).unwrap();
        assert_eq!(t, "a\\nb");
    }

    #[test]
    fn counts_matches() {
        let e = edit("f", "x x x", "x", "y", false).unwrap_err();
        assert!(e.contains("found 3 times"), "{e}");
        let e = edit("f", "abc", "z", "y", false).unwrap_err();
        assert!(e.contains("not found") && e.contains("0 matches"), "{e}");
        let (t, n) = edit("f", "x x x", "x", "y", true).unwrap();
        assert_eq!((t.as_str(), n), ("y y y", 3));
        assert!(edit("f", "abc", "", "y", false).is_err());
        assert!(edit("f", "abc", "a", "a", false).is_err());
    }

    #[test]
    fn windows_line_ends_match_plain_ones() {
        let (t, _) = edit("f", "a\r\nb\r\n", "a\nb", "c\nd", false).unwrap();
        assert_eq!(t, "c\r\nd\r\n");
    }

    #[test]
    fn op_answers_text_and_result() {
        let r =
            op(json!({"path": "f", "text": "aaa", "oldString": "a", "newString": "b"}).as_object().unwrap())
                .unwrap();
        assert_eq!(r["answer"]["isError"], true);
        assert!(r.get("text").is_none());
        let r =
            op(json!({"path": "f", "text": "\0", "oldString": "a", "newString": "b"}).as_object().unwrap())
                .unwrap();
        assert!(r["answer"]["output"].as_str().unwrap().contains("binary"));
    }
}
