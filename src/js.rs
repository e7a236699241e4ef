//! Bindings to the JavaScript the core needs, each compiled to a direct property access or
//! call in the generated glue (no string keys crossing the boundary), and the few strings the
//! core hands out over and over, made once.

use js_sys::{JsString, RegExp, Set};
use wasm_bindgen::prelude::*;

use crate::rules::{JsType, Source, NAME_CLASS};

#[wasm_bindgen]
extern "C" {
    /// A regular expression the core made, tested against a value that is known to be a
    /// string (so `test` cannot throw).
    pub type Pattern;

    #[wasm_bindgen(method, structural)]
    pub fn test(this: &Pattern, text: &JsValue) -> bool;

    /// A string, as the engine holds it.
    pub type Text;

    /// `text.replace(pattern, with)`; cannot throw for a string and a `RegExp`.
    #[wasm_bindgen(method, structural)]
    pub fn replace(this: &Text, pattern: &Pattern, with: &JsValue) -> JsString;

    /// The entry file's scratch object, where the core leaves the `inputSchema` and `source` a
    /// tool gets (the given ones or the defaults). It is a plain object of the entry's own, so
    /// writing to it runs no user code and cannot throw; the entry writes the tool itself.
    pub type Resolved;

    #[wasm_bindgen(method, setter, structural, js_name = inputSchema)]
    pub fn set_input_schema(this: &Resolved, value: &JsValue);
    #[wasm_bindgen(method, setter, structural)]
    pub fn set_source(this: &Resolved, value: &JsValue);

    /// The default input schema, built fresh for each tool.
    pub type Schema;

    #[wasm_bindgen(method, setter = type, structural)]
    pub fn set_type(this: &Schema, value: &JsValue);
    #[wasm_bindgen(method, setter, structural)]
    pub fn set_properties(this: &Schema, value: &JsValue);
    #[wasm_bindgen(method, setter, structural, js_name = additionalProperties)]
    pub fn set_additional_properties(this: &Schema, value: bool);

    /// `Array.isArray(value)`, which throws for a revoked Proxy. (A `catch` import that
    /// returns no JavaScript value, like this one, keeps no table slot when it catches; calls
    /// into user code go through [`crate::guard`].)
    #[wasm_bindgen(js_namespace = Array, js_name = isArray, catch)]
    pub fn is_array(value: &JsValue) -> Result<bool, JsValue>;
}

/// `"output" in value && "isError" in value`; `in` runs Proxy traps, so it can throw.
pub fn has_result_keys(value: &JsValue) -> Result<bool, JsValue> {
    CACHE.with(|s| Ok(crate::guard::has(value, &s.output)? && crate::guard::has(value, &s.is_error)?))
}

/// The values the core hands out or compares against over and over, made once per module
/// instance.
pub struct Cache {
    pub output: JsValue,
    pub is_error: JsValue,
    pub then: JsValue,
    pub message: JsValue,
    pub object: JsValue,
    pub empty: JsValue,
    pub underscore: JsValue,
    pub unprintable: JsValue,
    /// One string per [`Source`], indexed by `Source as usize`.
    pub sources: [JsValue; 7],
    /// The same seven strings, for one `has` per check.
    pub source_set: Set,
    /// `^[a-zA-Z0-9_-]+$`: a whole valid tool name.
    pub name_pattern: Pattern,
    /// `[^a-zA-Z0-9_-]` with the global flag: each UTF-16 code unit `sanitize` replaces.
    pub unsafe_unit: Pattern,
}

thread_local! {
    pub static CACHE: Cache = {
        let sources = Source::ALL.map(|s| JsValue::from_str(s.as_str()));
        let source_set = Set::new(&JsValue::UNDEFINED);
        for s in &sources {
            source_set.add(s);
        }
        Cache {
            output: JsValue::from_str("output"),
            is_error: JsValue::from_str("isError"),
            then: JsValue::from_str("then"),
            message: JsValue::from_str("message"),
            object: JsValue::from_str("object"),
            empty: JsValue::from_str(""),
            underscore: JsValue::from_str("_"),
            unprintable: JsValue::from_str(crate::result::UNPRINTABLE),
            sources,
            source_set,
            name_pattern: RegExp::new(&format!("^[{NAME_CLASS}]+$"), "").unchecked_into(),
            unsafe_unit: RegExp::new(&format!("[^{NAME_CLASS}]"), "g").unchecked_into(),
        }
    };
}

/// Whether a value is an object in JavaScript's sense: non-null `object`, or a function.
#[inline]
pub fn is_object_like(value: &JsValue) -> bool {
    value.is_object() || value.is_function()
}

/// A value's [`JsType`], asked across the boundary (the rare paths: error messages).
pub fn js_type(value: &JsValue) -> JsType {
    if value.is_null() {
        return JsType::Null;
    }
    if value.is_object() {
        return match is_array(value) {
            Ok(true) => JsType::Array,
            Ok(false) => JsType::Object,
            Err(_) => JsType::Opaque,
        };
    }
    let type_of = value.js_typeof().as_string().unwrap_or_default();
    JsType::ALL.iter().find(|(_, name)| *name == type_of).map_or(JsType::Opaque, |(t, _)| *t)
}

/// A value's kind worded for an error message: "null", "an array", "a number"…
pub fn kind_of(value: &JsValue) -> &'static str {
    js_type(value).phrase()
}
