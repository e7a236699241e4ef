//! The generated ES module (`pkg-template/src/protocol.js`).

use crate::definition::{
    DEFAULT_SCHEMA_BIT, NAME_EMPTY, NAME_OK, QUOTE_NAME, QUOTE_ROOT_TYPE, QUOTE_SOURCE, REFUSED,
    SOURCE_SHIFT, UNKNOWN_SOURCE,
};
use crate::error::WINDOW_UNITS;
use crate::ops::{NODE_DOMAINS, PORTABLE_DOMAINS};
use crate::result::{Answer, Kind, Step, OVERFLOWED, UNPRINTABLE};
use crate::rules::{FieldTypes, JsType, Source, NAME_CLASS};
use crate::schema::out::empty_schema;

use super::{BUFFER_BYTES, BUFFER_UNITS, ENGINE_UP_TO, MESSAGE_AT};

/// `lowerCamel` as `UPPER_SNAKE`.
fn upper_snake(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars() {
        if c.is_ascii_uppercase() && !out.is_empty() {
            out.push('_');
        }
        out.push(c.to_ascii_uppercase());
    }
    out
}

/// A string as a JavaScript literal (JSON's string syntax).
fn js_string(text: &str) -> String {
    serde_json::Value::from(text).to_string()
}

/// The generated ES module: constants, frozen lists and one function.
pub fn js_module() -> String {
    let mut m = String::from(
        "// Generated from src/protocol/ by `cargo run --bin protocol` (scripts/build.mjs): every code and\n\
         // constant the JavaScript side shares with the core. Do not edit; it is not committed.\n\n",
    );
    let mut line = |text: String| {
        m.push_str(&text);
        m.push('\n');
    };
    line("// The type codes of JavaScript values (rules.rs JsType), their names and message wording.".into());
    for (t, name) in JsType::ALL {
        line(format!("export const T_{} = {};", name.to_ascii_uppercase(), t as u8));
    }
    let phrases: Vec<String> = JsType::ALL.iter().map(|(t, _)| js_string(t.phrase())).collect();
    line(format!("export const TYPE_PHRASES = Object.freeze([{}]);", phrases.join(", ")));
    line("// The definition's type word (rules.rs FieldTypes): each field's shift, then two flags.".into());
    for (name, slot) in FieldTypes::SLOTS {
        line(format!("export const SHIFT_{name} = {};", FieldTypes::TYPE_BITS * slot));
    }
    line(format!("export const SCHEMA_OBJECT = {};", FieldTypes::SCHEMA_OBJECT));
    line(format!("export const DEFINE = {};", FieldTypes::DEFINE));
    line("// What `inputSchema.type` must be.".into());
    line(format!("export const ROOT_TYPE = {};", js_string("object")));
    line("// The verdicts (definition.rs): a name's, a definition's, and an accepted one's bits.".into());
    line(format!("export const NAME_OK = {NAME_OK};\nexport const NAME_EMPTY = {NAME_EMPTY};"));
    line(format!("export const UNKNOWN_SOURCE = {UNKNOWN_SOURCE};\nexport const REFUSED = {REFUSED};"));
    line(format!("export const QUOTE_NAME = {QUOTE_NAME};\nexport const QUOTE_SOURCE = {QUOTE_SOURCE};"));
    line(format!("export const QUOTE_ROOT_TYPE = {QUOTE_ROOT_TYPE};"));
    line(format!("export const DEFAULT_SCHEMA_BIT = {DEFAULT_SCHEMA_BIT};\nexport const SOURCE_SHIFT = {SOURCE_SHIFT};"));
    let sources: Vec<String> = Source::ALL.iter().map(|s| js_string(s.as_str())).collect();
    line(format!(
        "/** The sources by code. */\nexport const SOURCES = Object.freeze([{}]);",
        sources.join(", ")
    ));
    line("// The result table (result.rs): the steps, the kinds of a value, the answers.".into());
    for s in Step::ALL {
        line(format!("export const STEP_{} = {};", upper_snake(s.name()), s as u32));
    }
    for (name, k) in [
        ("STRING", Kind::String),
        ("OBJECT", Kind::Object),
        ("FUNCTION", Kind::Function),
        ("OTHER", Kind::Other),
    ] {
        line(format!("export const KIND_{name} = {};", k as u32));
    }
    for (name, a) in [("NO", Answer::No), ("YES", Answer::Yes), ("THREW", Answer::Threw)] {
        line(format!("export const ANSWER_{name} = {};", a as u32));
    }
    line(format!("export const UNPRINTABLE = {};", js_string(UNPRINTABLE)));
    line(format!("export const OVERFLOWED = {};", js_string(OVERFLOWED)));
    line("// The text buffer and the name rule.".into());
    line(format!("export const BUFFER_BYTES = {BUFFER_BYTES};\nexport const BUFFER_UNITS = {BUFFER_UNITS};"));
    line(format!("export const MESSAGE_AT = {MESSAGE_AT};\nexport const WINDOW = {WINDOW_UNITS};"));
    line(format!("export const ENGINE_UP_TO = {ENGINE_UP_TO};"));
    line(format!("export const NAME_CLASS = {};", js_string(NAME_CLASS)));
    line("/** The schema of a tool that takes no arguments, made fresh on each call. */".into());
    line(format!("export const emptySchema = () => ({});", empty_schema()));
    for (name, domains, what) in [
        ("NODE_DOMAINS", &NODE_DOMAINS[..], "the Node.js-only rules module answers"),
        ("PORTABLE_DOMAINS", &PORTABLE_DOMAINS[..], "the portable rules module answers"),
    ] {
        let list: Vec<String> = domains.iter().map(|d| js_string(d)).collect();
        line(format!(
            "/** The operations' domains {what}. */\nexport const {name} = Object.freeze([{}]);",
            list.join(", ")
        ));
    }
    m
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_module_holds_every_code_once() {
        let m = js_module();
        for key in [
            "export const T_UNDEFINED = 0;",
            "export const T_OPAQUE = 10;",
            "export const SHIFT_SCHEMA_TYPE = 24;",
            "export const STEP_ASK_RESULT_KEYS = 1;",
            "export const STEP_ERROR_UNPRINTABLE = 25;",
            "export const SOURCES = Object.freeze([\"mcp\", \"skill\"",
            "export const emptySchema = () => ({\"type\":\"object\",\"properties\":{},\"additionalProperties\":false});",
            "export const MESSAGE_AT = 1024;",
        ] {
            assert!(m.contains(key), "{key} in\n{m}");
        }
        let names: Vec<&str> =
            m.lines().filter_map(|l| l.strip_prefix("export const ")?.split(' ').next()).collect();
        let mut unique = names.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), names.len(), "a name twice in {names:?}");
    }

    #[test]
    fn the_type_word_layout_matches_the_reader() {
        let word = (JsType::Array as u32) << (FieldTypes::TYPE_BITS * FieldTypes::SLOTS[3].1);
        assert_eq!(FieldTypes(word).input_schema(), JsType::Array);
        assert_eq!(FieldTypes(word).name(), JsType::Undefined);
    }
}
