//! The definition checks of `defineTool` and `new Tool`. The entry file reads each field once
//! and passes the values here; the core checks them, resolves the defaults of `inputSchema`
//! and `source`, and the entry writes the five fields onto the tool.
//!
//! The common case crosses the boundary as little as it can: the name is tested with a
//! regular expression made once from the same alphabet as [`crate::rules::is_name_byte`], and
//! the source is looked up in a `Set` of the seven sources. Only a refused name is copied into
//! Rust, to say which character is wrong.

use js_sys::Object;
use wasm_bindgen::prelude::*;

use crate::error::{quote, DefinitionError, Problem};
use crate::js::{is_array, kind_of, Resolved, Schema, CACHE};
use crate::result::{message_of, Message, UNPRINTABLE};
use crate::rules::{check_name, Field, Maker, NameProblem};
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

/// Checks a definition and leaves the `inputSchema` and `source` the tool gets on `resolved`;
/// throws a `TypeError` naming the first field that is wrong. `function` is `run` for
/// `defineTool`, `execute` for `new Tool`.
#[wasm_bindgen(js_name = initTool, skip_typescript)]
#[allow(clippy::too_many_arguments)]
pub fn init_tool(
    resolved: &Resolved,
    define: bool,
    definition: &JsValue,
    name: &JsValue,
    description: &JsValue,
    input_schema: &JsValue,
    source: &JsValue,
    function: &JsValue,
) -> Result<(), JsValue> {
    // Borrowed, unlike the other exports' values: borrowed `JsValue`s sit on wasm-bindgen's
    // fixed-size externref stack, which is cheaper than the table's heap but would overflow
    // under deep nesting. Nothing in here runs user code (the entry read the fields; the
    // checks are typeof, `Array.isArray`, a `Set` and a regular expression on a string), so
    // this call can never nest inside itself.
    let maker = maker(define);
    if !definition.is_object() {
        return Err(refuse(maker, Field::Options, Problem::NotObject { got: kind_of(definition).into() }));
    }
    CACHE.with(|cache| {
        if !name.is_string() {
            return Err(refuse(maker, Field::Name, Problem::NotString { got: kind_of(name).into() }));
        }
        if !cache.name_pattern.test(name) {
            return Err(refuse(maker, Field::Name, name_problem(name)));
        }
        if !description.is_string() {
            return Err(refuse(
                maker,
                Field::Description,
                Problem::NotString { got: kind_of(description).into() },
            ));
        }
        let default_schema;
        let schema = if input_schema.is_undefined() {
            default_schema = empty_schema(&cache.object);
            &default_schema
        } else if input_schema.is_object() && !is_array(input_schema).unwrap_or(true) {
            input_schema
        } else {
            return Err(refuse(
                maker,
                Field::InputSchema,
                Problem::NotSchema { got: kind_of(input_schema).into() },
            ));
        };
        let source = if source.is_undefined() || source.is_null() {
            &cache.sources[maker.default_source() as usize]
        } else if cache.source_set.has(source) {
            source
        } else {
            let got = source.as_string().map(|s| quote(&s)).unwrap_or_else(|| kind_of(source).into());
            return Err(refuse(maker, Field::Source, Problem::UnknownSource { got }));
        };
        if !function.is_function() {
            let field = maker.function_field();
            return Err(refuse(maker, field, Problem::NotFunction { got: kind_of(function).into() }));
        }
        resolved.set_input_schema(schema);
        resolved.set_source(source);
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
