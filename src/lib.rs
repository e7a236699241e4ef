//! toolnexus: one shape for every LLM tool.
//!
//! The crate compiles to WebAssembly and is published as the npm package `toolnexus`.
//! It holds the whole contract of a tool: the definition checks ([`spec`]), the `execute`
//! wrapper that never rejects ([`execute`]), the rules that turn whatever `run` gives into a
//! `ToolResult` ([`result`]) and the name sanitiser ([`sanitize`]). The JavaScript entry files
//! in `pkg-template/` only wire these exports into the `Tool` class.
//!
//! Modules that touch `JsValue` only work on `wasm32`; the pure rules beside them
//! (`sanitize_str`, `rules`, `Decision`) are plain Rust and tested with `cargo test`.

pub mod error;
pub mod result;
pub mod rules;
pub mod sanitize;

#[cfg(target_arch = "wasm32")]
pub mod execute;
#[cfg(target_arch = "wasm32")]
pub mod guard;
#[cfg(target_arch = "wasm32")]
mod js;
#[cfg(target_arch = "wasm32")]
pub mod spec;
#[cfg(target_arch = "wasm32")]
mod typings;

pub use rules::{Field, Source};
pub use sanitize::sanitize_str;
#[cfg(target_arch = "wasm32")]
pub use sanitize::sanitize;
