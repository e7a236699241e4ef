//! Bindings to the JavaScript the core needs, each compiled to a direct property access or
//! call in the generated glue (no string keys crossing the boundary), and the few strings the
//! core hands out over and over, made once.

use js_sys::{Array, JsString};
use wasm_bindgen::prelude::*;

use crate::error::kind_phrase;

#[wasm_bindgen]
extern "C" {
    /// The object given to `defineTool` or `new Tool`. Every read may run a getter or a Proxy
    /// trap, so every read can throw.
    pub type Definition;

    #[wasm_bindgen(method, getter, structural, catch)]
    pub fn name(this: &Definition) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(method, getter, structural, catch)]
    pub fn description(this: &Definition) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(method, getter, structural, catch, js_name = inputSchema)]
    pub fn input_schema(this: &Definition) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(method, getter, structural, catch)]
    pub fn source(this: &Definition) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(method, getter, structural, catch)]
    pub fn run(this: &Definition) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(method, getter, structural, catch)]
    pub fn execute(this: &Definition) -> Result<JsValue, JsValue>;

    /// A tool under construction: plain assignments make own, enumerable, writable data
    /// properties, in the order they are made.
    pub type ToolObject;

    #[wasm_bindgen(method, setter, structural)]
    pub fn set_name(this: &ToolObject, value: &JsValue);
    #[wasm_bindgen(method, setter, structural)]
    pub fn set_description(this: &ToolObject, value: &JsValue);
    #[wasm_bindgen(method, setter, structural, js_name = inputSchema)]
    pub fn set_input_schema(this: &ToolObject, value: &JsValue);
    #[wasm_bindgen(method, setter, structural)]
    pub fn set_source(this: &ToolObject, value: &JsValue);

    /// The default input schema, built fresh for each tool.
    pub type Schema;

    #[wasm_bindgen(method, setter = type, structural)]
    pub fn set_type(this: &Schema, value: &JsValue);
    #[wasm_bindgen(method, setter, structural)]
    pub fn set_properties(this: &Schema, value: &JsValue);
    #[wasm_bindgen(method, setter, structural, js_name = additionalProperties)]
    pub fn set_additional_properties(this: &Schema, value: bool);

    /// A `ToolResult` this crate builds: exactly `output` and `isError`.
    pub type ResultObject;

    #[wasm_bindgen(method, setter, structural)]
    pub fn set_output(this: &ResultObject, value: &JsValue);
    #[wasm_bindgen(method, setter, structural, js_name = isError)]
    pub fn set_is_error(this: &ResultObject, value: bool);

    /// Anything `run` returned or threw, probed the way `await` and the result table do.
    pub type Unknown;

    #[wasm_bindgen(method, getter, structural, catch)]
    pub fn then(this: &Unknown) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(method, getter, structural, catch)]
    pub fn message(this: &Unknown) -> Result<JsValue, JsValue>;

    /// A promise this crate made, chained with `then(onValue, onError)`.
    pub type NativePromise;

    #[wasm_bindgen(method, structural, js_name = then)]
    pub fn then_with(
        this: &NativePromise,
        on_value: &js_sys::Function,
        on_error: &js_sys::Function,
    ) -> js_sys::Promise;

    /// `String(value)`: the global conversion, which may throw (a null-prototype object, a
    /// Proxy whose traps throw).
    #[wasm_bindgen(js_name = String, catch)]
    pub fn to_js_string(value: &JsValue) -> Result<JsString, JsValue>;
}

/// `"output" in value && "isError" in value`; `in` runs Proxy traps, so it can throw.
pub fn has_result_keys(value: &JsValue) -> Result<bool, JsValue> {
    STRINGS.with(|s| {
        Ok(js_sys::Reflect::has(value, &s.output)? && js_sys::Reflect::has(value, &s.is_error)?)
    })
}

/// Strings made once per module instance.
pub struct Strings {
    pub output: JsValue,
    pub is_error: JsValue,
    pub object: JsValue,
    pub empty: JsValue,
    pub unprintable: JsValue,
    pub sources: [JsValue; 7],
}

thread_local! {
    pub static STRINGS: Strings = Strings {
        output: JsValue::from_str("output"),
        is_error: JsValue::from_str("isError"),
        object: JsValue::from_str("object"),
        empty: JsValue::from_str(""),
        unprintable: JsValue::from_str(crate::result::UNPRINTABLE),
        sources: crate::rules::Source::ALL.map(|s| JsValue::from_str(s.as_str())),
    };
}

/// Whether a value is an object in JavaScript's sense: non-null `object`, or a function.
#[inline]
pub fn is_object_like(value: &JsValue) -> bool {
    value.is_object() || value.is_function()
}

/// A value's kind worded for an error message: "null", "an array", "a number"…
pub fn kind_of(value: &JsValue) -> &'static str {
    let type_of = value.js_typeof().as_string().unwrap_or_default();
    kind_phrase(&type_of, value.is_null(), Array::is_array(value))
}
