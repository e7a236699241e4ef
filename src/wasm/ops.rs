//! `coreCall`: the one door into the sources' rules ([`crate::ops`]), a JSON string each way.

use wasm_bindgen::prelude::*;

/// Runs the core operation `op` over `input` (JSON); answers `{"ok": …}` or `{"error": …}`.
/// A `text` given beside it becomes the input's `"text"` field (see [`crate::ops::call_with_text`]).
#[wasm_bindgen(js_name = coreCall, skip_typescript)]
pub fn core_call(op: &str, input: &str, text: Option<String>) -> String {
    match text {
        Some(text) => crate::ops::call_with_text(op, input, &text),
        None => crate::ops::call(op, input),
    }
}
