//! The definition checks of `defineTool` and `new Tool`: each field read once, checked, and
//! written onto the tool as an own data property.

use js_sys::{Array, Function, Object};
use wasm_bindgen::prelude::*;

use crate::error::{quote, DefinitionError, Problem};
use crate::js::{kind_of, Definition, Schema, ToolObject, STRINGS};
use crate::result::{message_of, Message, UNPRINTABLE};
use crate::rules::{check_name, Field, Maker, NameProblem, Source};
use crate::sanitize::sanitize_str;

/// Checks `definition` and writes `name`, `description`, `inputSchema` and `source` onto
/// `tool`, in that order. Returns the function to wrap (`run` for `defineTool`, `execute`
/// for `new Tool`); the entry file adds `execute` as the fifth property.
#[wasm_bindgen(js_name = initTool, skip_typescript)]
pub fn init_tool(tool: &ToolObject, definition: &JsValue, define: bool) -> Result<Function, JsValue> {
    let maker = if define { Maker::DefineTool } else { Maker::NewTool };
    let fail = |field: Field, problem: Problem| JsValue::from(DefinitionError::new(maker, field, problem));

    if !definition.is_object() {
        return Err(fail(Field::Options, Problem::NotObject { got: kind_of(definition).into() }));
    }
    let def = definition.unchecked_ref::<Definition>();
    let read = |field: Field, value: Result<JsValue, JsValue>| {
        value.map_err(|thrown| fail(field, Problem::ReadThrew { message: text_of(&thrown) }))
    };

    let name = read(Field::Name, def.name())?;
    let Some(name_text) = name.as_string() else {
        return Err(fail(Field::Name, Problem::NotString { got: kind_of(&name).into() }));
    };
    if let Err(problem) = check_name(&name_text) {
        let problem = match problem {
            NameProblem::Empty => Problem::EmptyName,
            bad => Problem::BadName { sanitized: sanitize_str(&name_text), name: name_text, problem: bad },
        };
        return Err(fail(Field::Name, problem));
    }

    let description = read(Field::Description, def.description())?;
    if !description.is_string() {
        return Err(fail(Field::Description, Problem::NotString { got: kind_of(&description).into() }));
    }

    let schema = read(Field::InputSchema, def.input_schema())?;
    let schema = if schema.is_undefined() {
        default_schema()
    } else if schema.is_object() && !Array::is_array(&schema) {
        schema
    } else {
        return Err(fail(Field::InputSchema, Problem::NotSchema { got: kind_of(&schema).into() }));
    };

    let source = read(Field::Source, def.source())?;
    let source = if source.is_undefined() || source.is_null() {
        STRINGS.with(|s| s.sources[maker.default_source() as usize].clone())
    } else {
        match source.as_string() {
            Some(text) if Source::parse(&text).is_some() => source,
            Some(text) => return Err(fail(Field::Source, Problem::UnknownSource { got: quote(&text) })),
            None => return Err(fail(Field::Source, Problem::UnknownSource { got: kind_of(&source).into() })),
        }
    };

    let field = maker.function_field();
    let function = if define { def.run() } else { def.execute() };
    let function = read(field, function)?;
    let function = match function.dyn_into::<Function>() {
        Ok(function) => function,
        Err(other) => return Err(fail(field, Problem::NotFunction { got: kind_of(&other).into() })),
    };

    tool.set_name(&name);
    tool.set_description(&description);
    tool.set_input_schema(&schema);
    tool.set_source(&source);
    Ok(function)
}

/// `{ type: "object", properties: {}, additionalProperties: false }`, new each time so that no
/// two tools share (and can mutate) one schema.
fn default_schema() -> JsValue {
    let schema = Object::new().unchecked_into::<Schema>();
    STRINGS.with(|s| schema.set_type(&s.object));
    schema.set_properties(&Object::new());
    schema.set_additional_properties(false);
    schema.into()
}

/// The text of something a getter threw, for a message.
fn text_of(thrown: &JsValue) -> String {
    match message_of(thrown) {
        Message::Message(text) | Message::Converted(text) => text.as_string().unwrap_or_default(),
        Message::Unprintable => UNPRINTABLE.to_string(),
    }
}
