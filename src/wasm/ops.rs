//! `coreCall`: the one door into the sources' rules ([`crate::ops`]), a JSON string each way.

use wasm_bindgen::prelude::*;

/// Runs the core operation `op` over `input` (JSON); answers `{"ok": …}` or `{"error": …}`.
#[wasm_bindgen(js_name = coreCall, skip_typescript)]
pub fn core_call(op: &str, input: &str) -> String {
    crate::ops::call(op, input)
}
