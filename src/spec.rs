//! The definition checks of `defineTool` and `new Tool`. The entry file reads each field once
//! and passes what the checks need here; the core checks them, resolves the defaults of
//! `inputSchema` and `source`, and the entry writes the five fields onto the tool.
//!
//! The common case crosses the boundary as little as it can: the fields' types arrive as one
//! number, the name is tested with a regular expression made once from the same alphabet as
//! [`crate::rules::is_name_byte`], and the source is looked up in a `Set` of the seven
//! sources. Only a refused name is copied into Rust, to say which character is wrong.

use js_sys::Object;
use wasm_bindgen::prelude::*;

use crate::error::{quote, DefinitionError, Problem};
use crate::js::{kind_of, Resolved, Schema, CACHE};
use crate::result::{message_of, Message, UNPRINTABLE};
use crate::rules::{check_name, Field, FieldTypes, JsType, Maker, NameProblem};
use crate::sanitize::sanitize_str;

/// The fields in the order the entry file reads them.
const READ_ORDER: [Field; 5] =
    [Field::Name, Field::Description, Field::InputSchema, Field::Source, Field::Run];

fn maker(define: bool) -> Maker {
    if define {
        Maker::DefineTool
    } else {
        Maker::NewTool
    }
}

fn refuse(maker: Maker, field: Field, problem: Problem) -> JsValue {
    DefinitionError::new(maker, field, problem).into()
}

/// Checks a definition; throws a `TypeError` naming the first field that is wrong.
///
/// The entry file has read the fields and sends their types as one [`FieldTypes`] word, plus
/// the two values whose content matters: the name (tested against the pattern) and the
/// source. When a default applies, the core leaves it on `resolved` (`inputSchema`,
/// `source`); otherwise the tool keeps the value it was given.
#[wasm_bindgen(js_name = initTool, skip_typescript)]
pub fn init_tool(
    resolved: &Resolved,
    define: bool,
    types: u32,
    name: &JsValue,
    source: &JsValue,
) -> Result<(), JsValue> {
    // Borrowed, unlike the other exports' values: borrowed `JsValue`s sit on wasm-bindgen's
    // fixed-size externref stack, which is cheaper than the table's heap but would overflow
    // under deep nesting. Nothing in here runs user code (a regular expression on a string, a
    // `Set` lookup, writes to the entry's own object), so this call never nests in itself.
    let maker = maker(define);
    let types = FieldTypes(types);
    let wrong = |field: Field, problem: Problem| Err(refuse(maker, field, problem));
    if !types.definition().is_object() {
        return wrong(Field::Options, Problem::NotObject { got: types.definition().phrase().into() });
    }
    if types.name() != JsType::String {
        return wrong(Field::Name, Problem::NotString { got: types.name().phrase().into() });
    }
    CACHE.with(|cache| {
        if !cache.name_pattern.test(name) {
            return wrong(Field::Name, name_problem(name));
        }
        if types.description() != JsType::String {
            return wrong(
                Field::Description,
                Problem::NotString { got: types.description().phrase().into() },
            );
        }
        let default_schema = match types.input_schema() {
            JsType::Undefined => true,
            JsType::Object => false,
            other => return wrong(Field::InputSchema, Problem::NotSchema { got: other.phrase().into() }),
        };
        let default_source = match types.source() {
            JsType::Undefined | JsType::Null => true,
            JsType::String if cache.source_set.has(source) => false,
            JsType::String => {
                let got = quote(&source.as_string().unwrap_or_default());
                return wrong(Field::Source, Problem::UnknownSource { got });
            }
            other => return wrong(Field::Source, Problem::UnknownSource { got: other.phrase().into() }),
        };
        if types.function() != JsType::Function {
            let field = maker.function_field();
            return wrong(field, Problem::NotFunction { got: types.function().phrase().into() });
        }
        // Only a definition that passed every check leaves anything on `resolved`.
        if default_schema {
            resolved.set_input_schema(&empty_schema(&cache.object));
        }
        if default_source {
            resolved.set_source(&cache.sources[maker.default_source() as usize]);
        }
        Ok(())
    })
}

/// The `TypeError` for a field whose read threw (a getter, a Proxy trap). `field` is the
/// index of the read in the entry file's order: name, description, inputSchema, source, and
/// the function. A definition that is not an object at all is refused for that first.
#[wasm_bindgen(js_name = readFailed, skip_typescript)]
pub fn read_failed(define: bool, definition: JsValue, field: u32, thrown: JsValue) -> JsValue {
    let maker = maker(define);
    if !definition.is_object() {
        return refuse(maker, Field::Options, Problem::NotObject { got: kind_of(&definition).into() });
    }
    let field = match READ_ORDER.get(field as usize) {
        Some(Field::Run) | None => maker.function_field(),
        Some(field) => *field,
    };
    let message = match message_of(&thrown) {
        Message::Message(text) | Message::Converted(text) => text.as_string().unwrap_or_default(),
        Message::Unprintable => UNPRINTABLE.to_string(),
    };
    refuse(maker, field, Problem::ReadThrew { message })
}

/// Why a string name failed the pattern, worked out in Rust from a copy of it.
fn name_problem(name: &JsValue) -> Problem {
    let text = name.as_string().unwrap_or_default();
    match check_name(&text) {
        Err(NameProblem::Empty) => Problem::EmptyName,
        Err(problem) => Problem::BadName { sanitized: sanitize_str(&text), name: text, problem },
        // Unreachable while the pattern and `check_name` share one alphabet (a lone surrogate
        // arrives as U+FFFD, which `check_name` refuses too); refuse without a detail.
        Ok(()) => Problem::BadName {
            sanitized: sanitize_str(&text),
            name: text,
            problem: NameProblem::BadChar { ch: char::REPLACEMENT_CHARACTER, index: 0 },
        },
    }
}

/// `{ type: "object", properties: {}, additionalProperties: false }`, new each time so that no
/// two tools share (and can mutate) one schema.
fn empty_schema(object: &JsValue) -> JsValue {
    let schema = Object::new().unchecked_into::<Schema>();
    schema.set_type(object);
    schema.set_properties(&Object::new());
    schema.set_additional_properties(false);
    schema.into()
}
