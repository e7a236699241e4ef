//! A JSON object's entries found without building its values: each key decoded, each value the
//! slice of text it spans. Skipping a value only follows strings and brackets, so the megabytes
//! of a document that no tool needs (responses, examples) cost one pass over their bytes. The
//! values a tool is made of are then parsed by `serde_json`, which checks them in full.

/// Walks the object that starts at byte `i` of `text`: `f(key, start)` is called for each entry
/// with the index where its value starts, and answers the index just past that value (having
/// skipped it with [`skip`] or walked into it). Answers the index just past the object. So each
/// byte of a document is looked at once, however deep the parts that matter lie.
pub fn object(text: &str, i: usize, f: &mut dyn FnMut(String, usize) -> Option<usize>) -> Option<usize> {
    let b = text.as_bytes();
    let mut i = ws(b, i);
    if b.get(i) != Some(&b'{') {
        return None;
    }
    i = ws(b, i + 1);
    if b.get(i) == Some(&b'}') {
        return Some(i + 1);
    }
    loop {
        if b.get(i) != Some(&b'"') {
            return None;
        }
        let key_end = string(b, i)?;
        let raw_key = &text[i + 1..key_end - 1];
        let key = if raw_key.contains('\\') { decode_key(&text[i..key_end])? } else { raw_key.to_string() };
        i = ws(b, key_end);
        if b.get(i) != Some(&b':') {
            return None;
        }
        let end = f(key, ws(b, i + 1))?;
        i = ws(b, end);
        match b.get(i) {
            Some(b',') => i = ws(b, i + 1),
            Some(b'}') => return Some(i + 1),
            _ => return None,
        }
    }
}

/// The index just past the value that starts at byte `i` of `text` (whitespace before it
/// allowed).
pub fn skip(text: &str, i: usize) -> Option<usize> {
    let b = text.as_bytes();
    value(b, ws(b, i))
}

/// Whether only whitespace follows byte `i`.
pub fn at_end(text: &str, i: usize) -> bool {
    ws(text.as_bytes(), i) == text.len()
}

/// The entries of the JSON object that `text` holds (surrounding whitespace allowed), in
/// order; `None` when it is not an object or its brackets and strings do not close.
pub fn entries(text: &str) -> Option<Vec<(String, &str)>> {
    let b = text.as_bytes();
    let mut i = ws(b, 0);
    if b.get(i) != Some(&b'{') {
        return None;
    }
    i = ws(b, i + 1);
    let mut out = Vec::new();
    if b.get(i) == Some(&b'}') {
        return (ws(b, i + 1) == b.len()).then_some(out);
    }
    loop {
        if b.get(i) != Some(&b'"') {
            return None;
        }
        let key_end = string(b, i)?;
        let raw_key = &text[i + 1..key_end - 1];
        let key = if raw_key.contains('\\') { decode_key(&text[i..key_end])? } else { raw_key.to_string() };
        i = ws(b, key_end);
        if b.get(i) != Some(&b':') {
            return None;
        }
        let start = ws(b, i + 1);
        let end = value(b, start)?;
        out.push((key, &text[start..end]));
        i = ws(b, end);
        match b.get(i) {
            Some(b',') => i = ws(b, i + 1),
            Some(b'}') => return (ws(b, i + 1) == b.len()).then_some(out),
            _ => return None,
        }
    }
}

/// A key with escapes, decoded by the one `serde_json` reader the crate already holds (a reader
/// for `String` alone would add its own copy to the `.wasm`).
fn decode_key(quoted: &str) -> Option<String> {
    match serde_json::from_str::<serde_json::Value>(quoted).ok()? {
        serde_json::Value::String(s) => Some(s),
        _ => None,
    }
}

fn ws(b: &[u8], mut i: usize) -> usize {
    while i < b.len() && matches!(b[i], b' ' | b'\n' | b'\r' | b'\t') {
        i += 1;
    }
    i
}

/// The index just past the string that starts at `i` (a `"`).
fn string(b: &[u8], mut i: usize) -> Option<usize> {
    i += 1;
    while i < b.len() {
        match b[i] {
            b'"' => return Some(i + 1),
            b'\\' => i += 2,
            _ => i += 1,
        }
    }
    None
}

/// The index just past the value that starts at `i`.
fn value(b: &[u8], i: usize) -> Option<usize> {
    match *b.get(i)? {
        b'"' => string(b, i),
        b'{' | b'[' => {
            let mut depth = 0usize;
            let mut j = i;
            while j < b.len() {
                match b[j] {
                    b'"' => {
                        j = string(b, j)?;
                        continue;
                    }
                    b'{' | b'[' => depth += 1,
                    b'}' | b']' => {
                        depth -= 1;
                        if depth == 0 {
                            return Some(j + 1);
                        }
                    }
                    _ => {}
                }
                j += 1;
            }
            None
        }
        _ => {
            let mut j = i;
            while j < b.len() && !matches!(b[j], b',' | b'}' | b']' | b' ' | b'\n' | b'\r' | b'\t') {
                j += 1;
            }
            (j > i).then_some(j)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_entries_without_building_values() {
        let text = r#" { "a" : [1, {"b": "]}\"x"}], "k\u00e9y": "v", "n": -1.5e3, "t": true, "o": {} } "#;
        let e = entries(text).unwrap_or_default();
        let keys: Vec<&str> = e.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(keys, ["a", "kéy", "n", "t", "o"]);
        assert_eq!(e[0].1, r#"[1, {"b": "]}\"x"}]"#);
        assert_eq!((e[1].1, e[2].1, e[3].1, e[4].1), ("\"v\"", "-1.5e3", "true", "{}"));
        assert_eq!(entries("{}"), Some(vec![]));
        for bad in [
            "",
            "[]",
            "{",
            r#"{"a":1"#,
            r#"{"a" 1}"#,
            r#"{"a":"x}"#,
            r#"{"a":[1}"#,
            r#"{"a":1} x"#,
            r#"{"a":}"#,
        ] {
            assert_eq!(entries(bad), None, "{bad}");
        }
    }
}
