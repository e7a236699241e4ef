//! The errors a caller can cause, with the message a person reads. Each becomes a JavaScript
//! `TypeError` at the boundary; nothing a caller passes can reach a panic.

use std::fmt;

use crate::rules::{Field, Maker, NameProblem, Source};

/// How long a quoted value may get inside a message before it is cut.
const QUOTE_LIMIT: usize = 60;

/// A definition that `defineTool` or `new Tool` refuses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DefinitionError {
    pub maker: Maker,
    pub field: Field,
    pub problem: Problem,
}

/// What was wrong with one field. `got` strings describe the value's kind ("null",
/// "an array", "a number"), as [`crate::rules::JsType::phrase`] words them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    NotObject {
        got: String,
    },
    NotString {
        got: String,
    },
    NotFunction {
        got: String,
    },
    NotSchema {
        got: String,
    },
    EmptyName,
    BadName {
        name: String,
        problem: NameProblem,
        sanitized: String,
    },
    UnknownSource {
        got: String,
    },
    /// Reading the field threw (a getter or a Proxy trap); `message` is what it threw.
    ReadThrew {
        message: String,
    },
}

impl DefinitionError {
    pub fn new(maker: Maker, field: Field, problem: Problem) -> Self {
        DefinitionError { maker, field, problem }
    }
}

impl fmt::Display for DefinitionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let maker = self.maker.label();
        let field = match (self.field, self.maker) {
            (Field::Options, Maker::DefineTool) => "opts",
            (Field::Options, Maker::NewTool) => "spec",
            (field, _) => field.as_str(),
        };
        match &self.problem {
            Problem::NotObject { got } => write!(f, "{maker}: `{field}` must be an object, got {got}"),
            Problem::NotString { got } => write!(f, "{maker}: `{field}` must be a string, got {got}"),
            Problem::NotFunction { got } => write!(f, "{maker}: `{field}` must be a function, got {got}"),
            Problem::NotSchema { got } => {
                write!(f, "{maker}: `{field}` must be a JSON Schema object (or left out), got {got}")
            }
            Problem::EmptyName => write!(
                f,
                "{maker}: `{field}` must not be empty; it is what the model calls (letters, digits, _ and -)"
            ),
            Problem::BadName { name, problem, sanitized } => {
                write!(f, "{maker}: `{field}` must match [a-zA-Z0-9_-], got {}", quote(name))?;
                if let NameProblem::BadChar { ch, index } = problem {
                    write!(f, " ({} at index {index} is not allowed)", describe_char(*ch))?;
                }
                write!(f, "; sanitize() makes any string safe: {}", quote(sanitized))
            }
            Problem::UnknownSource { got } => {
                write!(f, "{maker}: `{field}` must be one of ")?;
                for (i, s) in Source::ALL.iter().enumerate() {
                    let sep = if i == 0 { "" } else { ", " };
                    write!(f, "{sep}\"{}\"", s.as_str())?;
                }
                write!(f, ", got {got}")
            }
            Problem::ReadThrew { message } => write!(f, "{maker}: reading `{field}` threw: {message}"),
        }
    }
}

impl std::error::Error for DefinitionError {}

/// `sanitize` called with something that is not a string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SanitizeError {
    pub got: String,
}

impl fmt::Display for SanitizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "sanitize: `value` must be a string, got {}", self.got)
    }
}

impl std::error::Error for SanitizeError {}

/// A string in double quotes, cut to `QUOTE_LIMIT` (60) characters.
pub fn quote(text: &str) -> String {
    let mut out = String::with_capacity(text.len().min(QUOTE_LIMIT * 4) + 8);
    out.push('"');
    for (i, ch) in text.chars().enumerate() {
        if i == QUOTE_LIMIT {
            out.push('…');
            break;
        }
        match ch {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 || c == '\u{7f}' => push_code_point(&mut out, c, "\\u{", "}"),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A character for a message: quoted when it shows, as `U+XXXX` when it is ASCII white space or
/// a control character.
fn describe_char(ch: char) -> String {
    let mut out = String::new();
    if ch.is_ascii_whitespace() || ch.is_ascii_control() {
        push_code_point(&mut out, ch, "U+", "");
    } else {
        out.push('\'');
        out.push(ch);
        out.push('\'');
    }
    out
}

/// `prefix`, the code point in (at least four) upper-case hex digits, `suffix`.
fn push_code_point(out: &mut String, ch: char, prefix: &str, suffix: &str) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    out.push_str(prefix);
    let code = ch as u32;
    let digits = (32 - code.leading_zeros()).div_ceil(4).max(4);
    for i in (0..digits).rev() {
        out.push(HEX[((code >> (i * 4)) & 0xF) as usize] as char);
    }
    out.push_str(suffix);
}

#[cfg(target_arch = "wasm32")]
mod js {
    use wasm_bindgen::JsValue;

    use super::{DefinitionError, SanitizeError};

    impl From<DefinitionError> for JsValue {
        fn from(err: DefinitionError) -> JsValue {
            js_sys::TypeError::new(&err.to_string()).into()
        }
    }

    impl From<SanitizeError> for JsValue {
        fn from(err: SanitizeError) -> JsValue {
            js_sys::TypeError::new(&err.to_string()).into()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn msg(maker: Maker, field: Field, problem: Problem) -> String {
        DefinitionError::new(maker, field, problem).to_string()
    }

    #[test]
    fn messages_name_the_export_and_the_field() {
        let m = msg(Maker::DefineTool, Field::Run, Problem::NotFunction { got: "undefined".into() });
        assert_eq!(m, "defineTool: `run` must be a function, got undefined");
        let m = msg(Maker::NewTool, Field::Execute, Problem::NotFunction { got: "a string".into() });
        assert_eq!(m, "new Tool: `execute` must be a function, got a string");
        let m = msg(Maker::DefineTool, Field::Options, Problem::NotObject { got: "null".into() });
        assert_eq!(m, "defineTool: `opts` must be an object, got null");
        let m = msg(Maker::NewTool, Field::Options, Problem::NotObject { got: "a number".into() });
        assert_eq!(m, "new Tool: `spec` must be an object, got a number");
    }

    #[test]
    fn a_bad_name_points_at_sanitize() {
        let m = msg(
            Maker::DefineTool,
            Field::Name,
            Problem::BadName {
                name: "get user".into(),
                problem: NameProblem::BadChar { ch: ' ', index: 3 },
                sanitized: "get_user".into(),
            },
        );
        assert_eq!(
            m,
            "defineTool: `name` must match [a-zA-Z0-9_-], got \"get user\" (U+0020 at index 3 is not allowed); \
             sanitize() makes any string safe: \"get_user\""
        );
    }

    #[test]
    fn unknown_sources_list_every_source() {
        let m = msg(Maker::NewTool, Field::Source, Problem::UnknownSource { got: "\"local\"".into() });
        assert_eq!(
            m,
            "new Tool: `source` must be one of \"mcp\", \"skill\", \"builtin\", \"native\", \"http\", \"a2a\", \"custom\", got \"local\""
        );
    }

    #[test]
    fn long_values_are_cut_when_quoted() {
        let q = quote(&"x".repeat(1000));
        assert_eq!(q.chars().count(), QUOTE_LIMIT + 3);
        assert!(q.ends_with("…\""));
        assert_eq!(quote("a\"b\n"), "\"a\\\"b\\n\"");
        assert_eq!(quote("a\u{1}b\u{7f}"), "\"a\\u{0001}b\\u{007F}\"");
        assert_eq!(describe_char('\t'), "U+0009");
        assert_eq!(describe_char('é'), "'é'");
    }

    #[test]
    fn sanitize_errors_name_the_argument() {
        assert_eq!(
            SanitizeError { got: "a number".into() }.to_string(),
            "sanitize: `value` must be a string, got a number"
        );
    }
}
