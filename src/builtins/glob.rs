//! Glob patterns (`*` within a folder, `**` across folders, `?`, `[abc]`, `[!abc]`, `{a,b}`),
//! translated to the linear-time regular expressions of [`regex_lite`], and `glob`'s answer.

use regex_lite::Regex;
use serde_json::{json, Map, Value};

use super::{answer, count, failure, field_bool, field_str, field_u64};
use crate::ops::{OpError, OpResult};

/// The regular expression (anchored) a glob pattern stands for, or why it is not a pattern.
pub fn to_regex(pattern: &str) -> Result<String, String> {
    let chars: Vec<char> = pattern.chars().collect();
    let mut out = String::from("^");
    let mut depth = 0usize;
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        match c {
            '*' if chars.get(i + 1) == Some(&'*') => {
                let at_start = i == 0 || chars[i - 1] == '/';
                i += 1;
                if at_start && chars.get(i + 1) == Some(&'/') {
                    out.push_str("(?:[^/]*/)*");
                    i += 1;
                } else {
                    out.push_str(".*");
                }
            }
            '*' => out.push_str("[^/]*"),
            '?' => out.push_str("[^/]"),
            '[' => match chars[i + 1..].iter().skip(1).position(|&c| c == ']') {
                Some(end) => {
                    let end = i + 2 + end;
                    let mut body: String = chars[i + 1..end].iter().collect();
                    if let Some(rest) = body.strip_prefix('!') {
                        body = format!("^{rest}");
                    }
                    out.push('[');
                    for c in body.chars() {
                        if c == '\\' || c == '[' || c == '&' || c == '~' {
                            out.push('\\');
                        }
                        out.push(c);
                    }
                    out.push(']');
                    i = end;
                }
                None => out.push_str("\\["),
            },
            '{' => {
                depth += 1;
                out.push_str("(?:");
            }
            ',' if depth > 0 => out.push('|'),
            '}' if depth > 0 => {
                depth -= 1;
                out.push(')');
            }
            c => out.push_str(&regex_lite::escape(c.encode_utf8(&mut [0; 4]))),
        }
        i += 1;
    }
    if depth > 0 {
        return Err(format!("The glob pattern {pattern:?} has an unclosed {{."));
    }
    out.push('$');
    Ok(out)
}

/// A compiled glob; `base_only` patterns (no `/`) match a path's last part, as `grep --include`.
pub struct Glob {
    regex: Regex,
    base_only: bool,
}

impl Glob {
    pub fn new(pattern: &str, base_only_when_no_slash: bool) -> Result<Glob, String> {
        let source = to_regex(pattern)?;
        let regex =
            Regex::new(&source).map_err(|e| format!("The glob pattern {pattern:?} is not valid: {e}"))?;
        Ok(Glob { regex, base_only: base_only_when_no_slash && !pattern.contains('/') })
    }

    pub fn matches(&self, path: &str) -> bool {
        let subject = if self.base_only { path.rsplit('/').next().unwrap_or(path) } else { path };
        self.regex.is_match(subject)
    }
}

/// `dir/name` for display, `name` under the root.
pub fn join(prefix: &str, path: &str) -> String {
    if prefix.is_empty() || prefix == "." {
        path.to_string()
    } else {
        format!("{prefix}/{path}")
    }
}

/// `builtins.glob {pattern, files, prefix, maxResults, incomplete}`: the files (relative to the
/// search folder) that match, sorted, capped, shown relative to the root.
pub fn op(input: &Map<String, Value>) -> OpResult {
    let pattern = field_str(input, "pattern")?;
    let prefix = field_str(input, "prefix")?;
    let max = field_u64(input, "maxResults", 1000)? as usize;
    let files = input
        .get("files")
        .and_then(Value::as_array)
        .ok_or_else(|| OpError::type_error("files must be a list"))?;
    let glob = match Glob::new(pattern, false) {
        Ok(glob) => glob,
        Err(message) => return Ok(failure(message)),
    };
    let mut found: Vec<&str> = files.iter().filter_map(Value::as_str).filter(|f| glob.matches(f)).collect();
    found.sort_unstable();
    let total = found.len();
    let mut out: Vec<String> = found.iter().take(max).map(|f| join(prefix, f)).collect();
    if out.is_empty() {
        out.push(format!("No files match {pattern:?}."));
    }
    if total > max {
        out.push(format!(
            "\n({} more files match; narrow the pattern or the path.)",
            count((total - max) as u64)
        ));
    }
    if field_bool(input, "incomplete") {
        out.push("\n(The folder holds too many entries: not all of them were searched.)".into());
    }
    Ok(answer(out.join("\n"), false, Some(json!({ "count": total, "truncated": total > max }))))
}

/// `builtins.select {include?, files}`: the files `grep` searches, sorted, those matching
/// `include` (a last-part match when it has no `/`) only.
pub fn select_op(input: &Map<String, Value>) -> OpResult {
    let files = input
        .get("files")
        .and_then(Value::as_array)
        .ok_or_else(|| OpError::type_error("files must be a list"))?;
    let include = match super::field_opt_str(input, "include")? {
        Some(pattern) => Some(Glob::new(pattern, true).map_err(OpError::value_error)?),
        None => None,
    };
    let mut chosen: Vec<&str> = files
        .iter()
        .filter_map(Value::as_str)
        .filter(|f| include.as_ref().map_or(true, |g| g.matches(f)))
        .collect();
    chosen.sort_unstable();
    Ok(json!(chosen))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(pattern: &str, path: &str) -> bool {
        Glob::new(pattern, false).unwrap().matches(path)
    }

    #[test]
    fn stars_and_double_stars() {
        assert!(m("*.rs", "lib.rs"));
        assert!(!m("*.rs", "src/lib.rs"));
        assert!(m("**/*.rs", "lib.rs"));
        assert!(m("**/*.rs", "src/a/lib.rs"));
        assert!(m("src/**", "src/a/b"));
        assert!(m("src/**/x.js", "src/x.js"));
        assert!(!m("src/**/x.js", "srcx.js"));
        assert!(m("a?c", "abc") && !m("a?c", "a/c"));
    }

    #[test]
    fn classes_braces_and_literals() {
        assert!(m("[ab].txt", "a.txt") && !m("[ab].txt", "c.txt"));
        assert!(m("[!ab].txt", "c.txt"));
        assert!(m("*.{js,mjs}", "x.mjs") && !m("*.{js,mjs}", "x.ts"));
        assert!(m("a+b(1).txt", "a+b(1).txt"));
        assert!(m("[", "["));
        assert!(Glob::new("{a,b", false).is_err());
        assert!(m("new\nline", "new\nline"));
    }

    #[test]
    fn base_only_for_include() {
        let g = Glob::new("*.rs", true).unwrap();
        assert!(g.matches("src/deep/lib.rs"));
        let g = Glob::new("src/*.rs", true).unwrap();
        assert!(!g.matches("lib/x.rs"));
    }

    #[test]
    fn answers_sorted_then_capped() {
        let input = json!({"pattern": "**/*.js", "files": ["b.js", "a/c.js", "a.js", "d.ts"], "prefix": "sub", "maxResults": 2});
        let r = op(input.as_object().unwrap()).unwrap();
        let out = r["output"].as_str().unwrap();
        assert!(out.starts_with("sub/a.js\nsub/a/c.js\n\n(1 more files match"), "{out}");
        assert_eq!(r["metadata"]["count"], 3);
    }

    #[test]
    fn select_sorts_and_filters() {
        let r =
            select_op(json!({"include": "*.rs", "files": ["b/x.rs", "a.rs", "c.js"]}).as_object().unwrap())
                .unwrap();
        assert_eq!(r, json!(["a.rs", "b/x.rs"]));
        let r = select_op(json!({"files": ["b", "a"]}).as_object().unwrap()).unwrap();
        assert_eq!(r, json!(["a", "b"]));
    }
}
