//! TypeScript declarations of the tools-out area (see `typings.rs` for the tool's own types).

use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &'static str = r#"
"#;
