//! toolnexus: one shape for every LLM tool.
//!
//! The crate compiles to WebAssembly and is published as the npm package `toolnexus`. It holds
//! the contract of a tool as plain Rust over numbers and UTF-16 units: the definition checks
//! ([`definition`]), what `execute` resolves to whatever the tool's function does (the
//! question-and-row machine of [`result`]), the name sanitiser ([`mod@sanitize`]) and the
//! messages of every refusal ([`error`]). The entry file `pkg-template/tool.js` reads values,
//! answers the core's questions and builds objects; every decision is made here.
//!
//! The WebAssembly exports ([`wasm`]) take and return numbers only, and text crosses through
//! one fixed buffer: no JavaScript value is ever held by Rust, no JavaScript runs inside a
//! WebAssembly call, and nothing is allocated per call.

mod decorator;
pub mod definition;
pub mod error;
// The Python package's own rules (python/ builds them through PyO3): host only, so the
// WebAssembly build stays byte-for-byte what it is without them.
#[cfg(not(target_arch = "wasm32"))]
pub mod python;
pub mod result;
pub mod rules;
pub mod sanitize;
pub mod schema;

#[cfg(target_arch = "wasm32")]
mod toolkit;
#[cfg(target_arch = "wasm32")]
pub mod wasm;

pub use rules::{Field, Source};
pub use sanitize::sanitize_str;
