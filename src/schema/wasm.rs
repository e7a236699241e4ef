//! The schema exports. Values cross as one JSON string each way: the JavaScript side
//! stringifies the tool list once and parses the answer once (measured against building the
//! objects through `serde-wasm-bindgen`: see README.md).

use super::walk::json;
use super::{nulls, out, text};
use crate::wasm::arena;
use serde_json::{Map, Value};
use wasm_bindgen::prelude::*;

fn error(message: String) -> String {
    let mut m = Map::new();
    m.insert("error".into(), Value::String(message));
    json(&Value::Object(m))
}

/// The schemas of a tool list for `target` (a code of [`out::Target::from_code`]): `input` and
/// the answer are the text of [`text::schemas_out`]; a refusal is `{ "error": message }`, for a
/// `TypeError`. The JavaScript side builds the envelopes.
#[wasm_bindgen(js_name = schemasOut, skip_typescript)]
pub fn schemas_out(target: u32, input: &str, explain: bool) -> String {
    let Some(t) = out::Target::from_code(target) else { return error("unknown target".into()) };
    if !input.contains('\n') {
        return text::schemas_out(t, input, explain).unwrap_or_else(error); // names only
    }
    // About what the parsed schemas and their rewrites take, for the call's arena.
    let size = input.len().saturating_mul(24).saturating_add(1 << 16);
    arena::run(size, || text::schemas_out(t, input, explain).unwrap_or_else(error))
}

/// After a `schemasOut` that trapped (a stack overflow): closes the arena it left open, before
/// anything else allocates.
#[wasm_bindgen(js_name = schemasOutTrapped, skip_typescript)]
pub fn schemas_out_trapped() {
    arena::close();
}

/// The call's arguments (JSON) with every `null` removed that the tool's original schema
/// (JSON) leaves optional and does not accept; `undefined` when there is none, or when either
/// is not JSON.
#[wasm_bindgen(js_name = removeOptionalNulls, skip_typescript)]
pub fn remove_optional_nulls(schema: &str, args: &str) -> Option<String> {
    let schema: Value = serde_json::from_str(schema).ok()?;
    let mut args: Value = serde_json::from_str(args).ok()?;
    nulls::remove_optional_nulls(&schema, &mut args).then(|| json(&args))
}
