//! toolnexus: one shape for every LLM tool.
//!
//! The crate compiles to WebAssembly and is published as the npm package `toolnexus`.
//! It holds the contract of a tool: the definition checks ([`spec`]), what `execute` resolves
//! to whatever the tool's function does ([`execute`], with the table in [`result`]), the name
//! sanitiser ([`mod@sanitize`]), and how the core calls user code without a JavaScript exception
//! ever reaching WebAssembly frames ([`guard`]). The entry file `pkg-template/tool.js` reads
//! the definition fields, calls the tool's function and writes the tool's properties; every
//! decision is made here.
//!
//! Modules that touch `JsValue` only build for `wasm32`; the rules beside them ([`rules`],
//! [`error`], [`sanitize_str`], [`result::classify`], [`result::message_of`]) are plain Rust,
//! tested with `cargo test`.

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
mod toolkit;
#[cfg(target_arch = "wasm32")]
mod typings;

pub use rules::{Field, Source};
#[cfg(target_arch = "wasm32")]
pub use sanitize::sanitize;
pub use sanitize::sanitize_str;
