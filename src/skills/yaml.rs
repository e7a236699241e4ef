//! The YAML that frontmatter uses, read into JSON values.
//!
//! Block mappings and sequences; plain scalars (over several lines too), single- and
//! double-quoted scalars with every YAML escape, literal (`|`) and folded (`>`) block scalars
//! with their chomping and indentation indicators; one-line flow sequences and mappings of
//! scalars; comments. Every scalar is text (`null`, `~` and nothing are `null`): the format's
//! fields are all text, and `version: 1.0` in `metadata` means the text `1.0`.
//!
//! Leniency: a plain scalar holding `: ` (or ending in `:`), which YAML rejects ("mapping values
//! are not allowed here") and real skills contain in their descriptions, is read as the text it
//! plainly is, with a warning. Anchors, aliases and tags are refused. Errors say the line and
//! column in the file.

use serde_json::{Map, Value};

use super::yaml_scalar::{double_quoted, flow, plain_value, single_quoted, Cursor};

/// A frontmatter read: its top-level mapping and the warnings of what was forgiven.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Parsed {
    pub fields: Map<String, Value>,
    pub warnings: Vec<String>,
}

/// Reads `text` (the frontmatter, whose first line is line `first_line` of the file) as a
/// mapping. `Err` is a message with the line and column.
pub fn parse_mapping(text: &str, first_line: usize) -> Result<Parsed, String> {
    let text = text.strip_suffix('\n').unwrap_or(text);
    let mut r = Reader {
        lines: text.split('\n').map(|l| l.strip_suffix('\r').unwrap_or(l)).collect(),
        first_line,
        pos: 0,
        warnings: Vec::new(),
    };
    r.skip_blank()?;
    if r.pos >= r.lines.len() {
        return Ok(Parsed::default());
    }
    let indent = r.indent(r.pos)?;
    if r.content(r.pos, indent).starts_with('-') && is_item(r.content(r.pos, indent)) {
        return Err(r.error(r.pos, indent, "the frontmatter is a list; it must be `key: value` lines"));
    }
    let fields = r.mapping(indent, "")?;
    if r.pos < r.lines.len() {
        let indent = r.indent(r.pos)?;
        return Err(r.error(
            r.pos,
            indent,
            "this line is indented less than the `key: value` lines before it",
        ));
    }
    Ok(Parsed { fields, warnings: r.warnings })
}

pub(super) struct Reader<'a> {
    pub lines: Vec<&'a str>,
    pub first_line: usize,
    pub pos: usize,
    pub warnings: Vec<String>,
}

fn is_item(content: &str) -> bool {
    content == "-" || content.starts_with("- ")
}

fn is_blank(line: &str) -> bool {
    let t = line.trim_start_matches([' ', '\t']);
    t.is_empty() || t.starts_with('#')
}

impl<'a> Reader<'a> {
    /// The line number in the file of line `i`.
    pub fn line_no(&self, i: usize) -> usize {
        self.first_line + i
    }

    /// An error at line `i`, byte `byte` of that line.
    pub fn error(&self, i: usize, byte: usize, message: &str) -> String {
        let line = self.lines.get(i).copied().unwrap_or("");
        let col = line.get(..byte.min(line.len())).map_or(1, |s| s.chars().count() + 1);
        format!("YAML error on line {}, column {col}: {message}", self.line_no(i))
    }

    /// The warning for an unquoted `: ` in the value of `key`, read on line `i`.
    pub fn warn_colon(&mut self, i: usize, key: &str) {
        self.warnings.push(format!(
            "line {}: the value of `{key}` holds an unquoted \": \"; it was read as text, but \
             YAML readers reject it: put the value in quotes",
            self.line_no(i)
        ));
    }

    pub fn skip_blank(&mut self) -> Result<(), String> {
        while self.pos < self.lines.len() && is_blank(self.lines[self.pos]) {
            self.pos += 1;
        }
        Ok(())
    }

    /// The indentation of line `i` in spaces; a tab in it is an error.
    pub fn indent(&self, i: usize) -> Result<usize, String> {
        let line = self.lines[i];
        let n = line.len() - line.trim_start_matches(' ').len();
        if line[n..].starts_with('\t') && !is_blank(line) {
            return Err(self.error(i, n, "a tab in the indentation; YAML indents with spaces"));
        }
        Ok(n)
    }

    pub fn content(&self, i: usize, indent: usize) -> &'a str {
        self.lines[i].get(indent..).unwrap_or("")
    }

    /// A block mapping whose keys sit at `indent`, from the current line.
    fn mapping(&mut self, indent: usize, path: &str) -> Result<Map<String, Value>, String> {
        let mut map = Map::new();
        let mut first_seen: Vec<(String, usize)> = Vec::new();
        loop {
            self.skip_blank()?;
            if self.pos >= self.lines.len() {
                break;
            }
            let here = self.indent(self.pos)?;
            if here < indent {
                break;
            }
            if here > indent {
                return Err(self.error(self.pos, here, "unexpected indentation"));
            }
            let content = self.content(self.pos, indent);
            if is_item(content) {
                return Err(self.error(
                    self.pos,
                    indent,
                    "a list item where a `key: value` line was expected",
                ));
            }
            let Some((key, after)) = self.key(self.pos, indent)? else {
                return Err(self.error(self.pos, indent, "expected a `key: value` line"));
            };
            if let Some((_, line)) = first_seen.iter().find(|(k, _)| *k == key) {
                return Err(self.error(
                    self.pos,
                    indent,
                    &format!("`{key}` appears twice (first on line {line})"),
                ));
            }
            first_seen.push((key.clone(), self.line_no(self.pos)));
            let full = if path.is_empty() { key.clone() } else { format!("{path}.{key}") };
            let value = self.value(indent, after, &full)?;
            map.insert(key, value);
        }
        Ok(map)
    }

    /// The key of a `key: value` line and the byte where its value starts, or `None`.
    fn key(&self, i: usize, indent: usize) -> Result<Option<(String, usize)>, String> {
        let line = self.lines[i];
        let content = &line[indent..];
        let (key, end) = if content.starts_with(['"', '\'']) {
            let one = Reader { lines: vec![line], first_line: self.line_no(i), pos: 0, warnings: Vec::new() };
            let mut cur = Cursor { line: 0, byte: indent };
            let key = if content.starts_with('"') {
                double_quoted(&one, &mut cur)?
            } else {
                single_quoted(&one, &mut cur)?
            };
            if cur.line != 0 {
                return Ok(None);
            }
            let rest = &line[cur.byte..];
            let gap = rest.len() - rest.trim_start_matches(' ').len();
            (key, cur.byte + gap)
        } else {
            let Some(colon) = find_indicator(content) else { return Ok(None) };
            (content[..colon].trim_end().to_string(), indent + colon)
        };
        if !line[end..].starts_with(':') {
            return Ok(None);
        }
        let after = end + 1;
        if !(line.len() == after || line[after..].starts_with([' ', '\t'])) {
            return Ok(None);
        }
        Ok(Some((key, after)))
    }

    /// The value that starts at byte `at` of the current line, after a key at `indent`.
    fn value(&mut self, indent: usize, at: usize, key: &str) -> Result<Value, String> {
        let line = self.lines[self.pos];
        let rest = &line[at..];
        let start = at + (rest.len() - rest.trim_start_matches([' ', '\t']).len());
        let text = &line[start..];
        if text.is_empty() || text.starts_with('#') {
            self.pos += 1;
            return self.node(indent, key);
        }
        let mut cur = Cursor { line: self.pos, byte: start };
        let value =
            match text.as_bytes()[0] {
                b'"' => Value::String(double_quoted(self, &mut cur)?),
                b'\'' => Value::String(single_quoted(self, &mut cur)?),
                b'|' | b'>' => {
                    let v = super::yaml_block::block_scalar(self, indent, start)?;
                    return Ok(Value::String(v));
                }
                b'[' | b'{' => flow(self, &mut cur)?,
                b'&' | b'*' | b'!' => return Err(self.error(
                    self.pos,
                    start,
                    "anchors, aliases and tags are not read in SKILL.md frontmatter; put the value in quotes",
                )),
                _ => return plain_value(self, indent, start, key),
            };
        self.end_of_value(&cur)?;
        self.pos = cur.line + 1;
        Ok(value)
    }

    /// After a quoted or flow value, only a comment may follow on its line.
    fn end_of_value(&self, cur: &Cursor) -> Result<(), String> {
        let line = self.lines[cur.line];
        let rest = &line[cur.byte..];
        let gap = rest.len() - rest.trim_start_matches([' ', '\t']).len();
        let tail = &rest[gap..];
        if tail.is_empty() || (tail.starts_with('#') && gap > 0) {
            return Ok(());
        }
        Err(self.error(cur.line, cur.byte + gap, "unexpected text after the value"))
    }

    /// The value of a key whose line holds nothing after the `:`: what the next lines hold.
    fn node(&mut self, indent: usize, key: &str) -> Result<Value, String> {
        self.skip_blank()?;
        if self.pos >= self.lines.len() {
            return Ok(Value::Null);
        }
        let here = self.indent(self.pos)?;
        let content = self.content(self.pos, here);
        if here == indent && is_item(content) || here > indent && is_item(content) {
            return self.sequence(here, key);
        }
        if here <= indent {
            return Ok(Value::Null);
        }
        if self.key(self.pos, here)?.is_some() {
            return Ok(Value::Object(self.mapping(here, key)?));
        }
        plain_value(self, indent, here, key)
    }

    /// A block sequence whose `- ` sit at `indent`.
    fn sequence(&mut self, indent: usize, key: &str) -> Result<Value, String> {
        let mut items = Vec::new();
        loop {
            self.skip_blank()?;
            if self.pos >= self.lines.len() {
                break;
            }
            let here = self.indent(self.pos)?;
            let content = self.content(self.pos, here);
            if here != indent || !is_item(content) {
                if here > indent {
                    return Err(self.error(self.pos, here, "unexpected indentation in a list"));
                }
                break;
            }
            let after = indent + 1;
            let rest = &self.lines[self.pos][after..];
            let start = after + (rest.len() - rest.trim_start_matches(' ').len());
            if self.key(self.pos, start)?.is_some() {
                return Err(self.error(
                    self.pos,
                    start,
                    "a mapping inside a list is not read in frontmatter",
                ));
            }
            items.push(self.value(indent, after, key)?);
        }
        Ok(Value::Array(items))
    }
}

/// Where a plain key's `:` indicator is (a `:` followed by a space or the end), if the line
/// holds one before any comment.
pub(super) fn find_indicator(content: &str) -> Option<usize> {
    let bytes = content.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        if b == b'#' && (i == 0 || bytes[i - 1] == b' ') {
            return None;
        }
        if b == b':' && (i + 1 == bytes.len() || bytes[i + 1] == b' ' || bytes[i + 1] == b'\t') {
            return Some(i);
        }
    }
    None
}

#[cfg(test)]
#[path = "yaml_tests.rs"]
mod tests;
