//! The schema export of the Toolkit's hot path: strict mode's nulls, one JSON string each way.
//! (Tools out goes through the ops door: `coreCall("schema.tools_out", …)`.)

use super::nulls;
use super::walk::json;
use serde_json::Value;
use wasm_bindgen::prelude::*;

/// The call's arguments (JSON) with every `null` removed that the tool's original schema
/// (JSON) leaves optional and does not accept; `undefined` when there is none, or when either
/// is not JSON.
#[wasm_bindgen(js_name = removeOptionalNulls, skip_typescript)]
pub fn remove_optional_nulls(schema: &str, args: &str) -> Option<String> {
    let schema: Value = serde_json::from_str(schema).ok()?;
    let mut args: Value = serde_json::from_str(args).ok()?;
    nulls::remove_optional_nulls(&schema, &mut args).then(|| json(&args))
}
