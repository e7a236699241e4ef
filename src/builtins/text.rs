//! Text the tools hand back: binary detection, long lines and long output cut with a note of
//! what was left out, and `read`'s numbered lines.

use serde_json::{json, Map, Value};

use super::{answer, count, failure, field_bool, field_str, field_u64};
use crate::ops::OpResult;

/// How much of a file's start decides whether it is binary.
pub const SNIFF_CHARS: usize = 8192;

/// Whether text decoded from bytes (invalid UTF-8 replaced by U+FFFD) is binary: a NUL in its
/// first 8,192 characters, or more than 30% of them control characters or replacements.
pub fn is_binary(text: &str) -> bool {
    let mut seen = 0usize;
    let mut odd = 0usize;
    for c in text.chars().take(SNIFF_CHARS) {
        seen += 1;
        match c {
            '\0' => return true,
            '\t' | '\n' | '\r' | '\x0c' | '\x1b' | '\x08' => {}
            '\u{fffd}' => odd += 1,
            c if (c as u32) < 0x20 || c == '\x7f' => odd += 1,
            _ => {}
        }
    }
    seen > 0 && odd * 10 > seen * 3
}

/// The byte index of the `n`th character of `text` (its length when shorter).
fn char_index(text: &str, n: usize) -> usize {
    text.char_indices().nth(n).map_or(text.len(), |(i, _)| i)
}

/// `text` cut to at most `max` characters, keeping its first and last halves; the answer and
/// how many characters were left out.
pub fn cut_middle(text: &str, max: usize) -> (String, usize) {
    let total = text.chars().count();
    if total <= max {
        return (text.to_string(), 0);
    }
    let head = max / 2;
    let tail = max - head;
    let head_end = char_index(text, head);
    let tail_start = char_index(text, total - tail);
    (format!("{}{}", &text[..head_end], &text[tail_start..]), total - max)
}

/// One line cut at `max` characters, with a note of how many more there were.
pub fn cut_line(line: &str, max: usize) -> String {
    let end = char_index(line, max);
    if end == line.len() {
        line.to_string()
    } else {
        let more = line[end..].chars().count();
        format!("{}… ({} more characters)", &line[..end], count(more as u64))
    }
}

/// `builtins.read {path, head, text, offset, eof, size, limit, maxLineLength}`: the numbered
/// lines of the text the host collected from line `offset` (see [`super::plan`]), or why not.
pub fn read_op(input: &Map<String, Value>) -> OpResult {
    let path = field_str(input, "path")?;
    let head = field_str(input, "head")?;
    let text = field_str(input, "text")?;
    let offset = field_u64(input, "offset", 1)?.max(1);
    let limit = field_u64(input, "limit", 2000)?.max(1) as usize;
    let max_line = field_u64(input, "maxLineLength", 2000)?.max(1) as usize;
    let size = field_u64(input, "size", 0)?;
    let eof = field_bool(input, "eof");
    if is_binary(head) || is_binary(text) {
        return Ok(failure(format!(
            "Cannot read {path:?}: it is a binary file ({} bytes); only text files can be read.",
            count(size)
        )));
    }
    if text.is_empty() {
        return Ok(if offset == 1 {
            answer(
                format!("(The file {path:?} is empty.)"),
                false,
                Some(json!({ "lines": 0, "truncated": false })),
            )
        } else {
            failure(format!("The offset {offset} is past the end of {path:?}."))
        });
    }
    let mut lines: Vec<&str> = text.split('\n').collect();
    if text.ends_with('\n') {
        lines.pop();
    }
    let mut complete = eof;
    if lines.len() > limit {
        lines.truncate(limit);
        complete = false;
    } else if !eof && !text.ends_with('\n') && lines.len() > 1 {
        // The host stopped at its byte bound in the middle of a line: that line starts the next read.
        lines.pop();
    }
    let mut out = String::with_capacity(text.len() + lines.len() * 8);
    for (i, line) in lines.iter().enumerate() {
        let line = line.strip_suffix('\r').unwrap_or(line);
        // The number right-aligned in six columns, a tab, the line (cut when too long).
        let number = (offset + i as u64).to_string();
        for _ in number.len()..6 {
            out.push(' ');
        }
        out.push_str(&number);
        out.push('\t');
        if line.len() <= max_line {
            out.push_str(line);
        } else {
            out.push_str(&cut_line(line, max_line));
        }
        out.push('\n');
    }
    let last = offset + lines.len() as u64 - 1;
    if !complete {
        out.push_str(&format!(
            "\n(Showing lines {offset}-{last} of a {}-byte file. Use offset={} to read more.)",
            count(size),
            last + 1
        ));
    } else if out.ends_with('\n') {
        out.pop();
    }
    Ok(answer(out, false, Some(json!({ "lines": lines.len(), "truncated": !complete }))))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(v: Value) -> Value {
        read_op(v.as_object().unwrap()).unwrap()
    }

    #[test]
    fn binary_is_a_nul_or_mostly_control() {
        assert!(is_binary("ab\0cd"));
        assert!(is_binary("\u{fffd}\u{fffd}\u{1}x"));
        assert!(!is_binary("plain text\n\twith tabs\r\n"));
        assert!(!is_binary("héllo wörld ✓"));
        assert!(!is_binary(""));
    }

    #[test]
    fn cuts_keep_head_and_tail() {
        let (t, left) = cut_middle("abcdefghij", 4);
        assert_eq!((t.as_str(), left), ("abij", 6));
        let (t, left) = cut_middle("ééééé", 10);
        assert_eq!((t.as_str(), left), ("ééééé", 0));
        assert_eq!(cut_line("abcdef", 3), "abc… (3 more characters)");
    }

    #[test]
    fn numbers_lines_and_says_where_to_continue() {
        let r = read(
            json!({"path": "a.txt", "head": "x", "text": "one\ntwo\r\nthree\n", "offset": 1, "eof": true, "size": 15}),
        );
        assert_eq!(r["output"], "     1\tone\n     2\ttwo\n     3\tthree");
        assert_eq!(r["isError"], false);
        let r = read(
            json!({"path": "a.txt", "head": "x", "text": "b\nc\nd\n", "offset": 2, "limit": 2, "eof": false, "size": 99}),
        );
        assert!(r["output"].as_str().unwrap().starts_with("     2\tb\n     3\tc\n\n(Showing lines 2-3"));
        assert!(r["output"].as_str().unwrap().contains("offset=4"));
        let r = read(
            json!({"path": "a.txt", "head": "x", "text": "b\nc\npart", "offset": 1, "eof": false, "size": 99}),
        );
        assert!(!r["output"].as_str().unwrap().contains("part"));
    }

    #[test]
    fn refuses_binary_and_a_past_the_end_offset() {
        let r = read(json!({"path": "b.bin", "head": "\0\u{1}", "text": "\0", "size": 4}));
        assert_eq!(r["isError"], true);
        assert!(r["output"].as_str().unwrap().contains("binary"));
        let r = read(json!({"path": "a", "head": "x", "text": "", "offset": 9, "eof": true}));
        assert_eq!(r["isError"], true);
        let r = read(json!({"path": "a", "head": "", "text": "", "offset": 1, "eof": true}));
        assert_eq!(r["isError"], false);
    }

    #[test]
    fn long_lines_are_cut() {
        let long = "x".repeat(5000);
        let r = read(json!({"path": "a", "head": "x", "text": long, "eof": true, "maxLineLength": 2000}));
        assert!(r["output"].as_str().unwrap().ends_with("… (3,000 more characters)"));
    }
}
