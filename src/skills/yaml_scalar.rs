//! Scalars of the frontmatter's YAML: plain (over several lines), quoted, and one-line flow
//! collections of them.

use serde_json::{Map, Value};

use super::yaml::{find_indicator, Reader};

/// A place in the frontmatter: line index and byte in that line.
#[derive(Debug, Clone, Copy)]
pub(super) struct Cursor {
    pub line: usize,
    pub byte: usize,
}

/// `null`, `~` and nothing are YAML's null; every other plain scalar is text.
fn resolve(text: String) -> Value {
    match text.as_str() {
        "" | "~" | "null" | "Null" | "NULL" => Value::Null,
        _ => Value::String(text),
    }
}

/// `text` without a trailing ` # comment`.
fn strip_comment(text: &str) -> &str {
    let bytes = text.as_bytes();
    let cut = (0..bytes.len()).find(|&i| bytes[i] == b'#' && i > 0 && matches!(bytes[i - 1], b' ' | b'\t'));
    text[..cut.unwrap_or(bytes.len())].trim_end_matches([' ', '\t'])
}

/// A plain scalar from byte `start` of the current line, continued on the lines indented more
/// than `indent`; the reader moves past it.
pub(super) fn plain_value(r: &mut Reader, indent: usize, start: usize, key: &str) -> Result<Value, String> {
    let first = r.pos;
    let head = strip_comment(&r.lines[first][start..]);
    if head.starts_with(['@', '`']) {
        r.warnings.push(format!(
            "line {}: the value of `{key}` starts with `{}`, which YAML reserves; put the value in quotes",
            r.line_no(first),
            &head[..1]
        ));
    }
    let mut colon = find_indicator(head).is_some();
    let mut text = head.to_string();
    let mut breaks = 0;
    let mut multi = false;
    r.pos += 1;
    while r.pos < r.lines.len() {
        let line = r.lines[r.pos];
        let trimmed = line.trim_start_matches([' ', '\t']);
        if trimmed.is_empty() {
            breaks += 1;
            r.pos += 1;
            continue;
        }
        let here = line.len() - line.trim_start_matches(' ').len();
        if here <= indent || trimmed.starts_with('#') {
            break;
        }
        let piece = strip_comment(trimmed);
        colon |= find_indicator(piece).is_some();
        if breaks == 0 {
            text.push(' ');
        }
        text.push_str(&"\n".repeat(breaks));
        text.push_str(piece);
        multi = true;
        breaks = 0;
        r.pos += 1;
    }
    if colon {
        r.warn_colon(first, key);
    }
    Ok(if multi { Value::String(text) } else { resolve(text) })
}

/// Folds the line break at the end of a quoted scalar's line: trailing spaces go, the next
/// line's leading spaces go, one break is a space and each empty line a `\n`.
fn fold(r: &Reader, cur: &mut Cursor, out: &mut String, open: Cursor) -> Result<(), String> {
    while out.ends_with([' ', '\t']) {
        out.pop();
    }
    let mut breaks = 0;
    loop {
        cur.line += 1;
        let Some(line) = r.lines.get(cur.line) else {
            return Err(r.error(open.line, open.byte, "a quoted value is never closed"));
        };
        let trimmed = line.trim_start_matches([' ', '\t']);
        if trimmed.is_empty() {
            breaks += 1;
            continue;
        }
        cur.byte = line.len() - trimmed.len();
        break;
    }
    if breaks == 0 {
        out.push(' ');
    }
    out.push_str(&"\n".repeat(breaks));
    Ok(())
}

/// A single-quoted scalar at `cur` (on its `'`); `cur` ends after the closing quote.
pub(super) fn single_quoted(r: &Reader, cur: &mut Cursor) -> Result<String, String> {
    let open = *cur;
    cur.byte += 1;
    let mut out = String::new();
    loop {
        let line = r.lines[cur.line];
        let Some(offset) = line[cur.byte..].find('\'') else {
            out.push_str(&line[cur.byte..]);
            fold(r, cur, &mut out, open)?;
            continue;
        };
        out.push_str(&line[cur.byte..cur.byte + offset]);
        cur.byte += offset + 1;
        if line[cur.byte..].starts_with('\'') {
            out.push('\'');
            cur.byte += 1;
            continue;
        }
        return Ok(out);
    }
}

/// A double-quoted scalar at `cur` (on its `"`), escapes included; `cur` ends after the quote.
pub(super) fn double_quoted(r: &Reader, cur: &mut Cursor) -> Result<String, String> {
    let open = *cur;
    cur.byte += 1;
    let mut out = String::new();
    loop {
        let line = r.lines[cur.line];
        let Some(c) = line[cur.byte..].chars().next() else {
            fold(r, cur, &mut out, open)?;
            continue;
        };
        match c {
            '"' => {
                cur.byte += 1;
                return Ok(out);
            }
            '\\' if cur.byte + 1 == line.len() => {
                // An escaped line break joins the lines with nothing between them.
                cur.line += 1;
                let Some(next) = r.lines.get(cur.line) else {
                    return Err(r.error(open.line, open.byte, "a quoted value is never closed"));
                };
                cur.byte = next.len() - next.trim_start_matches([' ', '\t']).len();
            }
            '\\' => {
                let (ch, used) = escape(&line[cur.byte + 1..]).ok_or_else(|| {
                    r.error(cur.line, cur.byte, "an unknown escape in a double-quoted value")
                })?;
                out.push(ch);
                cur.byte += 1 + used;
            }
            _ => {
                out.push(c);
                cur.byte += c.len_utf8();
            }
        }
    }
}

/// The character a YAML escape stands for (the text after the `\`) and its length in bytes.
fn escape(text: &str) -> Option<(char, usize)> {
    let c = text.chars().next()?;
    let simple = match c {
        '0' => '\0',
        'a' => '\u{7}',
        'b' => '\u{8}',
        't' | '\t' => '\t',
        'n' => '\n',
        'v' => '\u{b}',
        'f' => '\u{c}',
        'r' => '\r',
        'e' => '\u{1b}',
        ' ' => ' ',
        '"' => '"',
        '/' => '/',
        '\\' => '\\',
        'N' => '\u{85}',
        '_' => '\u{a0}',
        'L' => '\u{2028}',
        'P' => '\u{2029}',
        'x' | 'u' | 'U' => {
            let n = match c {
                'x' => 2,
                'u' => 4,
                _ => 8,
            };
            let hex = text.get(1..1 + n)?;
            let code = u32::from_str_radix(hex, 16).ok()?;
            return char::from_u32(code).map(|ch| (ch, 1 + n));
        }
        _ => return None,
    };
    Some((simple, c.len_utf8()))
}

/// A one-line flow sequence (`[a, "b"]`) or mapping (`{a: b}`) of scalars at `cur`.
pub(super) fn flow(r: &Reader, cur: &mut Cursor) -> Result<Value, String> {
    let line = r.lines[cur.line];
    let is_map = line[cur.byte..].starts_with('{');
    let close = if is_map { '}' } else { ']' };
    let open = *cur;
    cur.byte += 1;
    let mut items = Vec::new();
    let mut map = Map::new();
    loop {
        skip_spaces(line, cur);
        let Some(c) = line[cur.byte..].chars().next() else {
            return Err(r.error(open.line, open.byte, "a flow collection must close on its own line"));
        };
        if c == close {
            cur.byte += 1;
            break;
        }
        let item = flow_scalar(r, cur, is_map)?;
        skip_spaces(line, cur);
        if is_map {
            if !line[cur.byte..].starts_with(':') {
                return Err(r.error(cur.line, cur.byte, "expected `:` after a key in a flow mapping"));
            }
            cur.byte += 1;
            skip_spaces(line, cur);
            let value = flow_scalar(r, cur, true)?;
            map.insert(item.as_str().unwrap_or("null").to_string(), value);
            skip_spaces(line, cur);
        } else {
            items.push(item);
        }
        match line[cur.byte..].chars().next() {
            Some(',') => cur.byte += 1,
            Some(c) if c == close => {
                cur.byte += 1;
                break;
            }
            None => {
                return Err(r.error(open.line, open.byte, "a flow collection must close on its own line"))
            }
            _ => return Err(r.error(cur.line, cur.byte, &format!("expected `,` or `{close}`"))),
        }
    }
    Ok(if is_map { Value::Object(map) } else { Value::Array(items) })
}

fn skip_spaces(line: &str, cur: &mut Cursor) {
    let rest = &line[cur.byte..];
    cur.byte += rest.len() - rest.trim_start_matches([' ', '\t']).len();
}

/// One scalar inside a flow collection: quoted, or plain up to `,`, `]`, `}` (or `:` in a map).
fn flow_scalar(r: &Reader, cur: &mut Cursor, in_map: bool) -> Result<Value, String> {
    let line = r.lines[cur.line];
    let rest = &line[cur.byte..];
    if rest.starts_with(['[', '{']) {
        return Err(r.error(cur.line, cur.byte, "nested flow collections are not read in frontmatter"));
    }
    if rest.starts_with('"') || rest.starts_with('\'') {
        let start = cur.line;
        let s = if rest.starts_with('"') { double_quoted(r, cur)? } else { single_quoted(r, cur)? };
        if cur.line != start {
            return Err(r.error(start, 0, "a flow collection must close on its own line"));
        }
        return Ok(Value::String(s));
    }
    let bytes = rest.as_bytes();
    let mut end = 0;
    while end < bytes.len() {
        let b = bytes[end];
        let colon =
            in_map && b == b':' && bytes.get(end + 1).map_or(true, |n| matches!(n, b' ' | b',' | b'}'));
        if matches!(b, b',' | b']' | b'}') || colon {
            break;
        }
        end += 1;
    }
    cur.byte += end;
    Ok(resolve(rest[..end].trim_end().to_string()))
}
