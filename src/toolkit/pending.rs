//! Placeholder declarations of the `to*` adapters, so that the Toolkit's `to*` methods
//! (declared in terms of them) type-check before the adapters' own declarations land. Delete
//! this file (and its `mod` line) once the adapters' declarations are in the crate.

use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const PENDING_ADAPTERS: &'static str = r#"
export function toOpenAI(tools: Iterable<Tool>, opts?: { strict?: boolean }): unknown[];
export function toOpenAIResponses(tools: Iterable<Tool>, opts?: { strict?: boolean }): unknown[];
export function toAnthropic(tools: Iterable<Tool>): unknown[];
export function toGemini(tools: Iterable<Tool>, opts?: { dialect?: "jsonschema" | "openapi" }): unknown[];
export function toMCP(tools: Iterable<Tool>): unknown[];
"#;
