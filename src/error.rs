//! The errors a caller can cause, with the message a person reads. The entry file throws each
//! as a JavaScript `TypeError`; nothing a caller passes can reach a panic.
//!
//! Messages are written into any [`fmt::Write`] sink without allocating (on WebAssembly, into a
//! fixed buffer), and the strings they quote arrive as a bounded window of UTF-16 code units
//! ([`Text`]): a refused name of a hundred million characters crosses as a few hundred units.

use std::fmt::{self, Write};

use crate::rules::{is_name_unit, Field, JsType, Maker, Source};

/// How many characters of a quoted value a message shows before it cuts it with `…`.
pub const QUOTE_LIMIT: usize = 60;

/// How many UTF-16 units of a string cross for a message: enough for [`QUOTE_LIMIT`]
/// characters even when each is a surrogate pair, plus one to tell that there is more.
pub const WINDOW_UNITS: usize = 2 * QUOTE_LIMIT + 2;

/// A string as much of it as a message needs: its first units, the units at one index of
/// interest (the first refused character of a name), and its full length.
#[derive(Clone, Copy, Debug, Default)]
pub struct Text<'a> {
    /// The first `min(len, WINDOW_UNITS)` units.
    pub head: &'a [u16],
    /// The units at `at` (one, or two for a surrogate pair).
    pub at_units: &'a [u16],
    /// The index of `at_units` in the whole string.
    pub at: usize,
    /// The length of the whole string, in UTF-16 units.
    pub len: usize,
}

/// What was wrong with one field of a definition.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Problem {
    NotObject(JsType),
    NotString(JsType),
    NotFunction(JsType),
    NotSchema(JsType),
    /// `inputSchema.type` is not `"object"`; the type of what it is.
    NotObjectRoot(JsType),
    EmptyName,
    /// The name has a unit outside `[a-zA-Z0-9_-]`; the text is the name.
    BadName,
    /// A string that is not one of the sources; the text is the source.
    UnknownSourceText,
    /// Not a string at all.
    UnknownSource(JsType),
    /// Reading the field threw (a getter or a Proxy trap); the text is `message(e)`.
    ReadThrew,
}

/// A definition that `defineTool` or `new Tool` refuses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DefinitionError {
    pub maker: Maker,
    pub field: Field,
    pub problem: Problem,
}

impl DefinitionError {
    pub fn new(maker: Maker, field: Field, problem: Problem) -> Self {
        DefinitionError { maker, field, problem }
    }

    /// Writes the message, quoting `text` where the problem needs it.
    pub fn write<W: Write>(&self, w: &mut W, text: Text<'_>) -> fmt::Result {
        let maker = self.maker.label();
        let field = match (self.field, self.maker) {
            (Field::Options, Maker::DefineTool) => "opts",
            (Field::Options, Maker::NewTool) => "spec",
            (field, _) => field.as_str(),
        };
        match self.problem {
            Problem::NotObject(got) => {
                write!(w, "{maker}: `{field}` must be an object, got {}", got.phrase())
            }
            Problem::NotString(got) => write!(w, "{maker}: `{field}` must be a string, got {}", got.phrase()),
            Problem::NotFunction(got) => {
                write!(w, "{maker}: `{field}` must be a function, got {}", got.phrase())
            }
            Problem::NotSchema(got) => write!(
                w,
                "{maker}: `{field}` must be a JSON Schema object (or left out), got {}",
                got.phrase()
            ),
            Problem::NotObjectRoot(got) => {
                write!(
                    w,
                    "{maker}: `{field}.type` must be \"object\" (the root of every tool's arguments), got "
                )?;
                if got == JsType::String {
                    write_quoted(w, text)
                } else {
                    w.write_str(got.phrase())
                }
            }
            Problem::EmptyName => write!(
                w,
                "{maker}: `{field}` must not be empty; it is what the model calls (letters, digits, _ and -)"
            ),
            Problem::BadName => {
                write!(w, "{maker}: `{field}` must match [a-zA-Z0-9_-], got ")?;
                write_quoted(w, text)?;
                w.write_str(" (")?;
                write_unit_at(w, text.at_units)?;
                write!(w, " at index {} is not allowed); sanitize() makes any string safe: ", text.at)?;
                write_quoted_sanitized(w, text)
            }
            Problem::UnknownSourceText | Problem::UnknownSource(_) => {
                write!(w, "{maker}: `{field}` must be one of ")?;
                for (i, s) in Source::ALL.iter().enumerate() {
                    let sep = if i == 0 { "" } else { ", " };
                    write!(w, "{sep}\"{}\"", s.as_str())?;
                }
                w.write_str(", got ")?;
                match self.problem {
                    Problem::UnknownSource(got) => w.write_str(got.phrase()),
                    _ => write_quoted(w, text),
                }
            }
            Problem::ReadThrew => {
                write!(w, "{maker}: reading `{field}` threw: ")?;
                write_cut(w, text, 4 * QUOTE_LIMIT)
            }
        }
    }
}

/// `sanitize` called with something that is not a string.
pub fn write_sanitize_error<W: Write>(w: &mut W, got: JsType) -> fmt::Result {
    write!(w, "sanitize: `value` must be a string, got {}", got.phrase())
}

/// The characters of `units`, with a lone surrogate as `Err(unit)`.
fn chars(units: &[u16]) -> impl Iterator<Item = Result<char, u16>> + '_ {
    char::decode_utf16(units.iter().copied()).map(|r| r.map_err(|e| e.unpaired_surrogate()))
}

/// The text in double quotes, escaped, cut to [`QUOTE_LIMIT`] characters.
fn write_quoted<W: Write>(w: &mut W, text: Text<'_>) -> fmt::Result {
    w.write_char('"')?;
    let mut units = 0;
    for (i, ch) in chars(text.head).enumerate() {
        if i == QUOTE_LIMIT {
            break;
        }
        units += ch.map_or(1, char::len_utf16);
        match ch {
            Ok('"') => w.write_str("\\\"")?,
            Ok('\\') => w.write_str("\\\\")?,
            Ok('\n') => w.write_str("\\n")?,
            Ok('\r') => w.write_str("\\r")?,
            Ok('\t') => w.write_str("\\t")?,
            Ok(c) if (c as u32) < 0x20 || c == '\u{7f}' => write!(w, "\\u{{{:04X}}}", c as u32)?,
            Ok(c) => w.write_char(c)?,
            Err(lone) => write_escaped_unit(w, lone)?,
        }
    }
    if units < text.len {
        w.write_char('…')?;
    }
    w.write_char('"')
}

/// What `sanitize` makes of the text, quoted and cut like [`write_quoted`] (every unit of it
/// is one ASCII character).
fn write_quoted_sanitized<W: Write>(w: &mut W, text: Text<'_>) -> fmt::Result {
    w.write_char('"')?;
    let shown = text.head.len().min(QUOTE_LIMIT);
    for &unit in &text.head[..shown] {
        w.write_char(if is_name_unit(unit) { unit as u8 as char } else { '_' })?;
    }
    if shown < text.len {
        w.write_char('…')?;
    }
    w.write_char('"')
}

/// The text as is, cut to `limit` characters, lone surrogates escaped.
fn write_cut<W: Write>(w: &mut W, text: Text<'_>, limit: usize) -> fmt::Result {
    let mut units = 0;
    for ch in chars(text.head).take(limit) {
        units += ch.map_or(1, char::len_utf16);
        match ch {
            Ok(c) => w.write_char(c)?,
            Err(lone) => write_escaped_unit(w, lone)?,
        }
    }
    if units < text.len {
        w.write_char('…')?;
    }
    Ok(())
}

/// The first character of `units` for a message: quoted when it shows, `U+XXXX` when it is
/// ASCII white space or a control character, `'\uD800'` for a lone surrogate.
fn write_unit_at<W: Write>(w: &mut W, units: &[u16]) -> fmt::Result {
    match chars(units).next() {
        Some(Ok(ch)) if ch.is_ascii_whitespace() || ch.is_ascii_control() => write!(w, "U+{:04X}", ch as u32),
        Some(Ok(ch)) => write!(w, "'{ch}'"),
        Some(Err(lone)) => {
            w.write_char('\'')?;
            write_escaped_unit(w, lone)?;
            w.write_char('\'')
        }
        None => w.write_str("a character"),
    }
}

/// A UTF-16 unit as JavaScript writes it escaped: `\uD800`.
fn write_escaped_unit<W: Write>(w: &mut W, unit: u16) -> fmt::Result {
    write!(w, "\\u{unit:04X}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn units(s: &str) -> Vec<u16> {
        s.encode_utf16().collect()
    }

    /// The message for `problem`, quoting `text` (the first bad unit found as the name check
    /// finds it).
    fn msg(maker: Maker, field: Field, problem: Problem, text: &[u16]) -> String {
        let at = text.iter().position(|&u| !is_name_unit(u)).unwrap_or(0);
        let head = &text[..text.len().min(WINDOW_UNITS)];
        let at_units = &text[at..text.len().min(at + 2)];
        let mut out = String::new();
        let written = DefinitionError::new(maker, field, problem)
            .write(&mut out, Text { head, at_units, at, len: text.len() });
        assert!(written.is_ok());
        out
    }

    #[test]
    fn messages_name_the_export_and_the_field() {
        let m = msg(Maker::DefineTool, Field::Run, Problem::NotFunction(JsType::Undefined), &[]);
        assert_eq!(m, "defineTool: `run` must be a function, got undefined");
        let m = msg(Maker::NewTool, Field::Execute, Problem::NotFunction(JsType::String), &[]);
        assert_eq!(m, "new Tool: `execute` must be a function, got a string");
        let m = msg(Maker::DefineTool, Field::Options, Problem::NotObject(JsType::Null), &[]);
        assert_eq!(m, "defineTool: `opts` must be an object, got null");
        let m = msg(Maker::NewTool, Field::Options, Problem::NotObject(JsType::Number), &[]);
        assert_eq!(m, "new Tool: `spec` must be an object, got a number");
        let m = msg(Maker::NewTool, Field::InputSchema, Problem::NotObjectRoot(JsType::Undefined), &[]);
        assert_eq!(m, "new Tool: `inputSchema.type` must be \"object\" (the root of every tool's arguments), got undefined");
        let m =
            msg(Maker::NewTool, Field::InputSchema, Problem::NotObjectRoot(JsType::String), &units("array"));
        assert!(m.ends_with("got \"array\""), "{m}");
    }

    #[test]
    fn a_bad_name_points_at_sanitize() {
        let m = msg(Maker::DefineTool, Field::Name, Problem::BadName, &units("get user"));
        assert_eq!(
            m,
            "defineTool: `name` must match [a-zA-Z0-9_-], got \"get user\" (U+0020 at index 3 is not allowed); \
             sanitize() makes any string safe: \"get_user\""
        );
        let m = msg(Maker::DefineTool, Field::Name, Problem::BadName, &units("a😀"));
        assert!(m.contains("('😀' at index 1 is not allowed)") && m.ends_with("\"a__\""), "{m}");
    }

    #[test]
    fn lone_surrogates_are_escaped_never_replaced() {
        let m = msg(Maker::DefineTool, Field::Name, Problem::BadName, &[b'a' as u16, 0xD800, b'b' as u16]);
        assert_eq!(
            m,
            "defineTool: `name` must match [a-zA-Z0-9_-], got \"a\\uD800b\" ('\\uD800' at index 1 is not allowed); \
             sanitize() makes any string safe: \"a_b\""
        );
        assert!(!m.contains('\u{FFFD}'));
        let m = msg(Maker::NewTool, Field::Source, Problem::ReadThrew, &[0xDC00]);
        assert_eq!(m, "new Tool: reading `source` threw: \\uDC00");
    }

    #[test]
    fn unknown_sources_list_every_source() {
        let m = msg(Maker::NewTool, Field::Source, Problem::UnknownSourceText, &units("local"));
        assert_eq!(
            m,
            "new Tool: `source` must be one of \"mcp\", \"skill\", \"builtin\", \"native\", \"http\", \"a2a\", \"custom\", got \"local\""
        );
        let m = msg(Maker::NewTool, Field::Source, Problem::UnknownSource(JsType::Number), &[]);
        assert!(m.ends_with(", got a number"));
    }

    #[test]
    fn long_values_are_cut_and_only_a_window_is_needed() {
        // A name of a million units: the message reads its first units and the bad one.
        let mut name = vec![b'x' as u16; 1_000_000];
        name[999_999] = b' ' as u16;
        let m = msg(Maker::DefineTool, Field::Name, Problem::BadName, &name);
        let quoted = format!("\"{}…\"", "x".repeat(QUOTE_LIMIT));
        assert_eq!(m.matches(&quoted).count(), 2, "{m}");
        assert!(m.contains("U+0020 at index 999999"), "{m}");
        let m = msg(Maker::DefineTool, Field::Name, Problem::BadName, &units("a\"b\n\u{1}"));
        assert!(m.contains("\"a\\\"b\\n\\u{0001}\""), "{m}");
        // Surrogate pairs count as one character each.
        let m = msg(Maker::DefineTool, Field::Name, Problem::BadName, &units(&"😀".repeat(100)));
        assert!(m.contains(&format!("\"{}…\"", "😀".repeat(QUOTE_LIMIT))), "{m}");
    }

    #[test]
    fn sanitize_errors_name_the_argument() {
        let mut out = String::new();
        assert!(write_sanitize_error(&mut out, JsType::Number).is_ok());
        assert_eq!(out, "sanitize: `value` must be a string, got a number");
    }
}
