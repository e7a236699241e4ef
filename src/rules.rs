//! The definition rules of a tool, in plain Rust: which sources exist, what a name may hold,
//! which export is checking (it decides the wording and the default source).

/// Where a tool comes from. `source` on a tool is always one of these strings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    Mcp,
    Skill,
    Builtin,
    Native,
    Http,
    A2a,
    Custom,
}

impl Source {
    /// Every source, in the order the documentation lists them.
    pub const ALL: [Source; 7] = [
        Source::Mcp,
        Source::Skill,
        Source::Builtin,
        Source::Native,
        Source::Http,
        Source::A2a,
        Source::Custom,
    ];

    /// The string a tool carries in its `source` field.
    pub const fn as_str(self) -> &'static str {
        match self {
            Source::Mcp => "mcp",
            Source::Skill => "skill",
            Source::Builtin => "builtin",
            Source::Native => "native",
            Source::Http => "http",
            Source::A2a => "a2a",
            Source::Custom => "custom",
        }
    }

    /// The source a string names, matched exactly (case matters).
    pub fn parse(text: &str) -> Option<Source> {
        Source::ALL.into_iter().find(|s| s.as_str() == text)
    }
}

/// A field of a tool definition, as error messages name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    /// The argument itself (`opts` of `defineTool`, `spec` of `new Tool`).
    Options,
    Name,
    Description,
    InputSchema,
    Source,
    Run,
    Execute,
}

impl Field {
    pub const fn as_str(self) -> &'static str {
        match self {
            Field::Options => "options",
            Field::Name => "name",
            Field::Description => "description",
            Field::InputSchema => "inputSchema",
            Field::Source => "source",
            Field::Run => "run",
            Field::Execute => "execute",
        }
    }
}

/// The export that builds a tool. `defineTool` wraps `run` and defaults to `"native"`;
/// `new Tool` wraps `execute` and defaults to `"custom"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Maker {
    DefineTool,
    NewTool,
}

impl Maker {
    /// How the export is written in JavaScript, for messages.
    pub const fn label(self) -> &'static str {
        match self {
            Maker::DefineTool => "defineTool",
            Maker::NewTool => "new Tool",
        }
    }

    /// The field that holds the function to wrap.
    pub const fn function_field(self) -> Field {
        match self {
            Maker::DefineTool => Field::Run,
            Maker::NewTool => Field::Execute,
        }
    }

    /// The source a tool gets when its definition names none.
    pub const fn default_source(self) -> Source {
        match self {
            Maker::DefineTool => Source::Native,
            Maker::NewTool => Source::Custom,
        }
    }
}

/// What JavaScript's `typeof` says of a value, with `null` and arrays told apart. The entry file
/// sends the type of every definition field as one of these codes, so that the core learns
/// all six in the one call that checks them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum JsType {
    Undefined = 0,
    Null = 1,
    Boolean = 2,
    Number = 3,
    BigInt = 4,
    String = 5,
    Symbol = 6,
    Function = 7,
    Array = 8,
    Object = 9,
    /// An object whose array-ness cannot be told: `Array.isArray` threw (a revoked Proxy).
    Opaque = 10,
}

impl JsType {
    /// Every type, with the name the entry file's code table uses for it (the `typeof` string
    /// where there is one).
    pub const ALL: [(JsType, &'static str); 11] = [
        (JsType::Undefined, "undefined"),
        (JsType::Null, "null"),
        (JsType::Boolean, "boolean"),
        (JsType::Number, "number"),
        (JsType::BigInt, "bigint"),
        (JsType::String, "string"),
        (JsType::Symbol, "symbol"),
        (JsType::Function, "function"),
        (JsType::Array, "array"),
        (JsType::Object, "object"),
        (JsType::Opaque, "opaque"),
    ];

    /// The type of a code; an unknown code counts as an object that cannot be told apart.
    pub fn from_code(code: u32) -> JsType {
        JsType::ALL.get(code as usize).map_or(JsType::Opaque, |(t, _)| *t)
    }

    /// A non-null object, array or not.
    pub fn is_object(self) -> bool {
        matches!(self, JsType::Array | JsType::Object | JsType::Opaque)
    }

    /// The type worded for a message: "null", "an array", "a number"…
    pub fn phrase(self) -> &'static str {
        match self {
            JsType::Undefined => "undefined",
            JsType::Null => "null",
            JsType::Boolean => "a boolean",
            JsType::Number => "a number",
            JsType::BigInt => "a bigint",
            JsType::String => "a string",
            JsType::Symbol => "a symbol",
            JsType::Function => "a function",
            JsType::Array => "an array",
            JsType::Object | JsType::Opaque => "an object",
        }
    }
}

/// The types of a definition's fields, four bits each, as the entry file packs them: the
/// definition, `name`, `description`, `inputSchema`, `source`, the function, and
/// `inputSchema.type`; then two flags ([`FieldTypes::SCHEMA_OBJECT`], [`FieldTypes::DEFINE`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FieldTypes(pub u32);

impl FieldTypes {
    /// Each field's slot (its type sits at bits `4 * slot ..`), with the name the generated
    /// protocol module gives it (`SHIFT_<NAME>`, scripts/build.mjs).
    pub const SLOTS: [(&'static str, u32); 7] = [
        ("DEFINITION", 0),
        ("NAME", 1),
        ("DESCRIPTION", 2),
        ("INPUT_SCHEMA", 3),
        ("SOURCE", 4),
        ("FUNCTION", 5),
        ("SCHEMA_TYPE", 6),
    ];
    /// The bits of one field's type.
    pub const TYPE_BITS: u32 = 4;

    fn at(self, slot: u32) -> JsType {
        JsType::from_code((self.0 >> (Self::TYPE_BITS * slot)) & ((1 << Self::TYPE_BITS) - 1))
    }
    /// The definition object itself.
    pub fn definition(self) -> JsType {
        self.at(Self::SLOTS[0].1)
    }
    pub fn name(self) -> JsType {
        self.at(Self::SLOTS[1].1)
    }
    pub fn description(self) -> JsType {
        self.at(Self::SLOTS[2].1)
    }
    pub fn input_schema(self) -> JsType {
        self.at(Self::SLOTS[3].1)
    }
    pub fn source(self) -> JsType {
        self.at(Self::SLOTS[4].1)
    }
    /// `run` or `execute`.
    pub fn function(self) -> JsType {
        self.at(Self::SLOTS[5].1)
    }
    /// `inputSchema.type`, read only when `inputSchema` is an object.
    pub fn schema_type(self) -> JsType {
        self.at(Self::SLOTS[6].1)
    }
    /// Whether `inputSchema.type` is the string `"object"`.
    pub fn schema_type_is_object(self) -> bool {
        self.0 & Self::SCHEMA_OBJECT != 0
    }
    /// Which export is checking.
    pub fn maker(self) -> Maker {
        if self.0 & Self::DEFINE != 0 {
            Maker::DefineTool
        } else {
            Maker::NewTool
        }
    }

    /// The bit set when `inputSchema.type === "object"`.
    pub const SCHEMA_OBJECT: u32 = 1 << 28;
    /// The bit set by `defineTool` (clear for `new Tool`).
    pub const DEFINE: u32 = 1 << 29;
}

/// The characters of a tool name as a regular-expression class body; the same set as
/// [`is_name_byte`]. The wasm side builds its patterns from it.
pub const NAME_CLASS: &str = "a-zA-Z0-9_-";

/// Whether a byte may stand in a tool name: `[a-zA-Z0-9_-]`.
#[inline]
pub const fn is_name_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b == b'-'
}

/// Whether a UTF-16 code unit may stand in a tool name: `[a-zA-Z0-9_-]`.
#[inline]
pub const fn is_name_unit(unit: u16) -> bool {
    unit < 0x80 && is_name_byte(unit as u8)
}

/// The index of the first unit outside `[a-zA-Z0-9_-]`, if any.
pub fn first_bad_unit(units: &[u16]) -> Option<usize> {
    units.iter().position(|&u| !is_name_unit(u))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_source_round_trips() {
        for s in Source::ALL {
            assert_eq!(Source::parse(s.as_str()), Some(s));
        }
        let names: Vec<_> = Source::ALL.iter().map(|s| s.as_str()).collect();
        assert_eq!(names, ["mcp", "skill", "builtin", "native", "http", "a2a", "custom"]);
        // `as usize` indexes `ALL` (the wasm side keeps one JS string per source that way).
        for (i, s) in Source::ALL.iter().enumerate() {
            assert_eq!(*s as usize, i);
        }
    }

    #[test]
    fn unknown_sources_are_refused() {
        for text in ["", "MCP", "Native", "local", " native", "native ", "a2a\0"] {
            assert_eq!(Source::parse(text), None, "{text:?}");
        }
    }

    #[test]
    fn makers_default_and_name_their_function() {
        assert_eq!(Maker::DefineTool.default_source(), Source::Native);
        assert_eq!(Maker::NewTool.default_source(), Source::Custom);
        assert_eq!(Maker::DefineTool.function_field().as_str(), "run");
        assert_eq!(Maker::NewTool.function_field().as_str(), "execute");
    }

    fn units(s: &str) -> Vec<u16> {
        s.encode_utf16().collect()
    }

    #[test]
    fn names_of_the_allowed_alphabet_pass() {
        for name in ["a", "get_user", "list-orders", "A9", "_", "-", "x".repeat(10_000).as_str()] {
            assert_eq!(first_bad_unit(&units(name)), None, "{name}");
        }
    }

    #[test]
    fn the_first_bad_unit_is_reported_with_its_utf16_index() {
        assert_eq!(first_bad_unit(&units("get user")), Some(3));
        assert_eq!(first_bad_unit(&units("a.b")), Some(1));
        assert_eq!(first_bad_unit(&units("a😀b")), Some(1));
        assert_eq!(first_bad_unit(&units("ab\u{e9}")), Some(2));
        assert_eq!(first_bad_unit(&[b'a' as u16, 0xD800]), Some(1));
    }

    #[test]
    fn type_codes_round_trip_and_unknown_codes_are_opaque() {
        for (i, (t, _)) in JsType::ALL.iter().enumerate() {
            assert_eq!(*t as usize, i);
            assert_eq!(JsType::from_code(i as u32), *t);
        }
        assert_eq!(JsType::from_code(11), JsType::Opaque);
        let names = JsType::ALL.map(|(_, name)| name).join(",");
        assert!(names.starts_with("undefined,null,boolean,") && names.ends_with(",object,opaque"));
        assert_eq!(JsType::from_code(15), JsType::Opaque);
        assert!(JsType::Array.is_object() && JsType::Opaque.is_object() && JsType::Object.is_object());
        assert!(!JsType::Null.is_object() && !JsType::Function.is_object());
        assert_eq!(JsType::Null.phrase(), "null");
        assert_eq!(JsType::Array.phrase(), "an array");
        assert_eq!(JsType::Opaque.phrase(), "an object");
    }

    #[test]
    fn field_types_unpack_four_bits_each() {
        let codes = [9u32, 5, 5, 8, 0, 7];
        let packed = codes.iter().enumerate().fold(0, |acc, (i, c)| acc | c << (4 * i));
        let t = FieldTypes(packed);
        assert_eq!(t.definition(), JsType::Object);
        assert_eq!(t.name(), JsType::String);
        assert_eq!(t.description(), JsType::String);
        assert_eq!(t.input_schema(), JsType::Array);
        assert_eq!(t.source(), JsType::Undefined);
        assert_eq!(t.function(), JsType::Function);
    }

    #[test]
    fn the_pattern_class_is_the_byte_set() {
        // Expand the class's ranges and compare with `is_name_byte`.
        let mut from_class = Vec::new();
        let bytes = NAME_CLASS.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            if i + 2 < bytes.len() && bytes[i + 1] == b'-' {
                from_class.extend(bytes[i]..=bytes[i + 2]);
                i += 3;
            } else {
                from_class.push(bytes[i]);
                i += 1;
            }
        }
        from_class.sort_unstable();
        let allowed: Vec<u8> = (0..=255u8).filter(|b| is_name_byte(*b)).collect();
        assert_eq!(from_class, allowed);
    }

    #[test]
    fn name_bytes_are_exactly_the_allowed_set() {
        let allowed: Vec<u8> = (0..=255u8).filter(|b| is_name_byte(*b)).collect();
        let expected: Vec<u8> = (b'0'..=b'9')
            .chain(b'A'..=b'Z')
            .chain(b'a'..=b'z')
            .chain([b'-', b'_'])
            .collect::<std::collections::BTreeSet<_>>()
            .into_iter()
            .collect();
        assert_eq!(allowed, expected);
    }
}
