//! `grep`: a regular expression over files' lines, with the linear-time engine of
//! [`regex_lite`]: its time grows with the text times the pattern, never exponentially, so a
//! pattern such as `(a+)+$` cannot hang the search.

use regex_lite::{Regex, RegexBuilder};
use serde_json::{json, Map, Value};

use super::{answer, count, failure, field_bool, field_str, field_u64, text::cut_line, text::is_binary};
use crate::ops::{OpError, OpResult};

/// The compiled pattern, or the message the model reads.
pub fn compile(pattern: &str) -> Result<Regex, String> {
    RegexBuilder::new(pattern)
        .size_limit(1 << 20)
        .nest_limit(100)
        .build()
        .map_err(|e| format!("The pattern {pattern:?} is not a valid regular expression: {e}"))
}

/// A text every match of `pattern` contains, when one can be read off the pattern: the longest
/// run of plain characters outside any group, class or repetition. Lines without it cannot
/// match, so only the lines around its occurrences (found by a fast substring search) go
/// through the regular expression. `None` for patterns with flags or a top-level `|`.
pub fn required_literal(pattern: &str) -> Option<String> {
    if pattern.contains("(?") {
        return None;
    }
    let chars: Vec<char> = pattern.chars().collect();
    let (mut best, mut run) = (String::new(), String::new());
    let mut depth = 0usize;
    let mut i = 0;
    let end_run = |run: &mut String, best: &mut String| {
        if run.chars().count() > best.chars().count() {
            *best = run.clone();
        }
        run.clear();
    };
    while i < chars.len() {
        let c = chars[i];
        match c {
            '\\' => {
                match chars.get(i + 1) {
                    Some(&e) if depth == 0 && e.is_ascii_punctuation() => run.push(e),
                    _ => end_run(&mut run, &mut best),
                }
                i += 1;
            }
            '(' => {
                end_run(&mut run, &mut best);
                depth += 1;
            }
            ')' => depth = depth.saturating_sub(1),
            '|' if depth == 0 => return None,
            '[' => {
                end_run(&mut run, &mut best);
                // Skip the class: a `]` right after `[` or `[^` is part of it.
                i += 1;
                if chars.get(i) == Some(&'^') {
                    i += 1;
                }
                if chars.get(i) == Some(&']') {
                    i += 1;
                }
                while i < chars.len() && chars[i] != ']' {
                    if chars[i] == '\\' {
                        i += 1;
                    }
                    i += 1;
                }
            }
            '?' | '*' | '{' => {
                // The character before is optional or repeated: it leaves the run.
                run.pop();
                end_run(&mut run, &mut best);
                if c == '{' {
                    while i < chars.len() && chars[i] != '}' {
                        i += 1;
                    }
                }
            }
            '+' | '.' | '^' | '$' => end_run(&mut run, &mut best),
            _ if depth == 0 => run.push(c),
            _ => {}
        }
        i += 1;
    }
    end_run(&mut run, &mut best);
    (!best.is_empty()).then_some(best)
}

/// The matching lines of one file, as `path:line: text`, at most `room` of them; `None` for a
/// binary file. `literal` is the pattern's [`required_literal`].
pub fn search(
    regex: &Regex,
    literal: Option<&str>,
    path: &str,
    text: &str,
    room: usize,
    max_line: usize,
    out: &mut Vec<String>,
) -> Option<usize> {
    if is_binary(text) {
        return None;
    }
    let mut found = 0;
    let mut hit = |number: usize, line: &str, out: &mut Vec<String>| {
        let line = line.strip_suffix('\r').unwrap_or(line);
        if !regex.is_match(line) {
            return true;
        }
        found += 1;
        if out.len() < room {
            out.push(format!("{path}:{number}: {}", cut_line(line, max_line)));
            true
        } else {
            false
        }
    };
    match literal {
        Some(literal) => {
            // Line numbers are counted forward from the last line looked at.
            let (mut counted_to, mut number, mut next) = (0usize, 1usize, 0usize);
            while let Some(at) = text[next..].find(literal).map(|at| at + next) {
                let start = text[..at].rfind('\n').map_or(0, |n| n + 1);
                let end = text[at..].find('\n').map_or(text.len(), |n| at + n);
                number += text.as_bytes()[counted_to..start].iter().filter(|&&b| b == b'\n').count();
                counted_to = start;
                if !hit(number, &text[start..end], out) || end >= text.len() {
                    break;
                }
                next = end + 1;
            }
        }
        None => {
            for (i, line) in text.split('\n').enumerate() {
                if !hit(i + 1, line, out) {
                    break;
                }
            }
        }
    }
    Some(found)
}

/// `builtins.grep {pattern, files: [{path, text}], room, maxLineLength}`: one batch of files
/// searched; `{lines, matches, binary, full}` (`full`: `room` was reached, stop reading).
pub fn op(input: &Map<String, Value>) -> OpResult {
    let pattern = field_str(input, "pattern")?;
    let room = field_u64(input, "room", 1000)? as usize;
    let max_line = field_u64(input, "maxLineLength", 2000)? as usize;
    let files = input
        .get("files")
        .and_then(Value::as_array)
        .ok_or_else(|| OpError::type_error("files must be a list"))?;
    let regex = match compile(pattern) {
        Ok(regex) => regex,
        Err(message) => return Ok(json!({ "answer": failure(message) })),
    };
    let literal = required_literal(pattern);
    let mut lines = Vec::new();
    let (mut matches, mut binary) = (0usize, 0usize);
    for file in files {
        let path = file.get("path").and_then(Value::as_str).unwrap_or_default();
        let text = file.get("text").and_then(Value::as_str).unwrap_or_default();
        match search(&regex, literal.as_deref(), path, text, room + 1, max_line, &mut lines) {
            Some(n) => matches += n,
            None => binary += 1,
        }
        if lines.len() > room {
            break;
        }
    }
    let full = lines.len() > room;
    lines.truncate(room);
    Ok(json!({ "lines": lines, "matches": matches, "binary": binary, "full": full }))
}

/// `builtins.grep_result {pattern, lines, full, files, binary, incomplete}`: the answer.
pub fn result_op(input: &Map<String, Value>) -> OpResult {
    let pattern = field_str(input, "pattern")?;
    let lines: Vec<&str> = input
        .get("lines")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .collect();
    let full = field_bool(input, "full");
    let files = field_u64(input, "files", 0)?;
    let binary = field_u64(input, "binary", 0)?;
    let mut out = if lines.is_empty() {
        format!("No matches for {pattern:?} in {} files.", count(files))
    } else {
        lines.join("\n")
    };
    if full {
        out.push_str(&format!(
            "\n\n(Only the first {} matches are shown; narrow the pattern, the path or include.)",
            count(lines.len() as u64)
        ));
    }
    if binary > 0 {
        out.push_str(&format!("\n({} binary files skipped.)", count(binary)));
    }
    if field_bool(input, "incomplete") {
        out.push_str("\n(The folder holds too many entries: not all of them were searched.)");
    }
    Ok(answer(out, false, Some(json!({ "matches": lines.len(), "truncated": full }))))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Instant;

    #[test]
    fn a_catastrophic_pattern_runs_in_linear_time() {
        let regex = compile("(a+)+$").unwrap();
        let text = format!("{}!", "a".repeat(100_000));
        let started = Instant::now();
        let mut out = Vec::new();
        assert_eq!(search(&regex, None, "f", &text, 10, 100, &mut out), Some(0));
        assert!(started.elapsed().as_secs() < 5, "took {:?}", started.elapsed());
    }

    #[test]
    fn required_literals() {
        assert_eq!(required_literal("export (async )?function [A-Za-z]+").as_deref(), Some("function "));
        assert_eq!(required_literal("fn \\w+\\(").as_deref(), Some("fn "));
        assert_eq!(required_literal("a\\.b\\(c").as_deref(), Some("a.b(c"));
        assert_eq!(required_literal("colou?r").as_deref(), Some("colo"));
        assert_eq!(required_literal("ab{2}cd").as_deref(), Some("cd"));
        assert_eq!(required_literal("[]a]xyz").as_deref(), Some("xyz"));
        assert_eq!(required_literal("a|b"), None);
        assert_eq!(required_literal("(?i)abc"), None);
        assert_eq!(required_literal("\\w+"), None);
    }

    #[test]
    fn the_literal_path_finds_what_the_line_path_finds() {
        let text = "x needle\r\nnone\nneedle needle\n\nlast needle";
        for pattern in ["needle", "^needle", "needle$", "e{2}dle", "x? ?needle"] {
            let regex = compile(pattern).unwrap();
            let (mut a, mut b) = (Vec::new(), Vec::new());
            let fa = search(&regex, required_literal(pattern).as_deref(), "f", text, 99, 99, &mut a);
            let fb = search(&regex, None, "f", text, 99, 99, &mut b);
            assert_eq!((fa, &a), (fb, &b), "{pattern}");
        }
    }

    #[test]
    fn a_bad_pattern_is_a_message() {
        let e = compile("(unclosed").unwrap_err();
        assert!(e.contains("\"(unclosed\" is not a valid regular expression"), "{e}");
        let r = op(json!({"pattern": "(", "files": []}).as_object().unwrap()).unwrap();
        assert_eq!(r["answer"]["isError"], true);
    }

    #[test]
    fn lines_are_numbered_capped_and_binary_skipped() {
        let input = json!({
            "pattern": "fn \\w+", "room": 2, "maxLineLength": 10,
            "files": [
                {"path": "a.rs", "text": "fn one() {}\r\nlet x;\nfn two_long_name() {}\n"},
                {"path": "b.bin", "text": "fn \0"},
                {"path": "c.rs", "text": "fn three"},
            ],
        });
        let r = op(input.as_object().unwrap()).unwrap();
        assert_eq!(
            r["lines"],
            json!(["a.rs:1: fn one() {… (1 more characters)", "a.rs:3: fn two_lon… (11 more characters)"])
        );
        assert_eq!(r["binary"], 1);
        assert_eq!(r["full"], true);
        let r = result_op(
            json!({"pattern": "x", "lines": r["lines"], "full": true, "files": 3, "binary": 1})
                .as_object()
                .unwrap(),
        )
        .unwrap();
        assert!(r["output"].as_str().unwrap().contains("Only the first 2 matches"));
        let r = result_op(json!({"pattern": "x", "lines": [], "files": 3}).as_object().unwrap()).unwrap();
        assert_eq!(r["output"], "No matches for \"x\" in 3 files.");
    }
}
