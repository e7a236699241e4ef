//! The checks of a Python tool definition, worded in Python's idiom: `TypeError` for a value
//! of the wrong type, `ValueError` for a `name`, `source` or `input_schema` of the right type
//! with a wrong value. The extension crate reads the fields; these functions decide and word.

use crate::rules::{is_name_byte, Source, NAME_CLASS};

/// Which Python exception a refused definition raises.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    Type,
    Value,
}

/// A refused definition: the exception to raise and its message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DefinitionError {
    pub kind: ErrorKind,
    pub message: String,
}

/// What builds the tool: the `Tool` dataclass or `define_tool` (and the `tool` decorator).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Maker {
    Tool,
    DefineTool,
}

impl Maker {
    /// How messages start: `"Tool: "`, `"define_tool: "`.
    pub const fn label(self) -> &'static str {
        match self {
            Maker::Tool => "Tool",
            Maker::DefineTool => "define_tool",
        }
    }

    /// The source a tool gets when its definition names none (`define_tool` only; the seed's
    /// `Tool` dataclass has no defaults).
    pub const fn default_source(self) -> Source {
        match self {
            Maker::Tool => Source::Custom,
            Maker::DefineTool => Source::Native,
        }
    }
}

/// A repr shown in a message is cut to this many characters: a refused megabyte of text must
/// not become a megabyte of message.
pub const REPR_LIMIT: usize = 60;

fn shorten(repr: &str) -> String {
    match repr.char_indices().nth(REPR_LIMIT) {
        Some((end, _)) => format!("{}...", &repr[..end]),
        None => repr.to_string(),
    }
}

fn error(kind: ErrorKind, maker: Maker, text: String) -> DefinitionError {
    DefinitionError { kind, message: format!("{}: {text}", maker.label()) }
}

/// The index of the first code point of a name outside `[a-zA-Z0-9_-]`, reading UTF-8 (or
/// Python's `surrogatepass` bytes). Every byte before it is ASCII, so the byte index is the
/// code-point index Python's `name[i]` uses.
pub fn first_bad_name_char(bytes: &[u8]) -> Option<usize> {
    bytes.iter().position(|&b| !is_name_byte(b))
}

/// `field must be <expected>, not <type name>`: a `TypeError`.
pub fn wrong_type(maker: Maker, field: &str, expected: &str, got: &str) -> DefinitionError {
    error(ErrorKind::Type, maker, format!("{field} must be {expected}, not {got}"))
}

/// An empty name: a `ValueError`.
pub fn empty_name(maker: Maker) -> DefinitionError {
    error(
        ErrorKind::Value,
        maker,
        format!("name must not be empty: tool names match [{NAME_CLASS}]+ (toolnexus.sanitize makes any text one)"),
    )
}

/// A name with a character outside the alphabet: a `ValueError` that shows the first one and
/// points at `sanitize`. `name_repr` and `char_repr` are Python's `repr()` of each.
pub fn bad_name(maker: Maker, name_repr: &str, char_repr: &str, index: usize) -> DefinitionError {
    error(
        ErrorKind::Value,
        maker,
        format!(
            "name {} has {char_repr} at index {index}; tool names match [{NAME_CLASS}] only: \
             use toolnexus.sanitize(name)",
            shorten(name_repr)
        ),
    )
}

/// The source a string names, or the `ValueError` listing the sources.
pub fn parse_source(maker: Maker, text: Option<&str>, repr: &str) -> Result<Source, DefinitionError> {
    text.and_then(Source::parse).ok_or_else(|| {
        let names: Vec<String> = Source::ALL.iter().map(|s| format!("'{}'", s.as_str())).collect();
        error(ErrorKind::Value, maker, format!("source {} is not one of {}", shorten(repr), names.join(", ")))
    })
}

/// An `input_schema` whose root is not `"type": "object"`: a `ValueError`. `type_repr` is the
/// repr of its `type` entry, `None` when it has none.
pub fn schema_root(maker: Maker, type_repr: Option<&str>) -> DefinitionError {
    let has = match type_repr {
        Some(repr) => format!("not {}", shorten(repr)),
        None => "and it has no 'type'".to_string(),
    };
    error(
        ErrorKind::Value,
        maker,
        format!(
            "input_schema['type'] must be 'object', {has} (providers and MCP accept only an object at the root)"
        ),
    )
}

/// A callable `execute` that is not a coroutine function: a `TypeError` that says what to do.
pub fn sync_execute(maker: Maker) -> DefinitionError {
    error(
        ErrorKind::Type,
        maker,
        "execute must be a coroutine function (async def); for a synchronous function use \
         toolnexus.define_tool, which runs it in a thread"
            .to_string(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_checked_with_the_shared_alphabet() {
        assert_eq!(first_bad_name_char(b"get_user-2"), None);
        assert_eq!(first_bad_name_char(b"get user"), Some(3));
        assert_eq!(first_bad_name_char("a😀".as_bytes()), Some(1));
        assert_eq!(first_bad_name_char(b"ab\xed\xa0\x80"), Some(2));
        for b in 0..=255u8 {
            assert_eq!(first_bad_name_char(&[b]).is_none(), is_name_byte(b), "{b}");
        }
    }

    #[test]
    fn messages_name_the_maker_the_field_and_the_fix() {
        let e = wrong_type(Maker::Tool, "name", "str", "int");
        assert_eq!(e.kind, ErrorKind::Type);
        assert_eq!(e.message, "Tool: name must be str, not int");
        let e = bad_name(Maker::DefineTool, "'get user'", "' '", 3);
        assert_eq!(e.kind, ErrorKind::Value);
        assert!(e.message.starts_with("define_tool: name 'get user' has ' ' at index 3;"));
        assert!(e.message.ends_with("use toolnexus.sanitize(name)"));
        assert!(empty_name(Maker::Tool).message.contains("sanitize"));
        assert!(sync_execute(Maker::Tool).message.contains("async def"));
        assert_eq!(sync_execute(Maker::Tool).kind, ErrorKind::Type);
    }

    #[test]
    fn sources_parse_exactly_and_refusals_list_them() {
        assert_eq!(parse_source(Maker::Tool, Some("mcp"), "'mcp'"), Ok(Source::Mcp));
        let e = parse_source(Maker::Tool, Some("MCP"), "'MCP'").unwrap_err();
        assert_eq!(e.kind, ErrorKind::Value);
        assert!(e
            .message
            .contains("'MCP' is not one of 'mcp', 'skill', 'builtin', 'native', 'http', 'a2a', 'custom'"));
        assert!(parse_source(Maker::Tool, None, "'\\ud800'").is_err());
        assert_eq!(Maker::DefineTool.default_source(), Source::Native);
    }

    #[test]
    fn long_reprs_are_cut() {
        let long = format!("'{}'", "x ".repeat(100_000));
        let e = bad_name(Maker::Tool, &long, "' '", 1);
        assert!(e.message.len() < 300, "{}", e.message.len());
        assert!(schema_root(Maker::Tool, Some(&long)).message.len() < 300);
        assert!(schema_root(Maker::Tool, None).message.contains("no 'type'"));
    }
}
