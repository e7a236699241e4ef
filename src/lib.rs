//! toolnexus: one shape for every LLM tool.
//!
//! The crate compiles to WebAssembly and is published as the npm package `toolnexus`; its pure
//! rules also serve the Python package (`python/`, through PyO3). It holds the contract of a
//! tool as plain Rust:
//!
//! - the definition checks over one word of types ([`definition`], [`rules`]), what `execute`
//!   resolves to whatever the tool's function does (the question-and-row machine of
//!   [`result`]), the name sanitiser ([`mod@sanitize`]) and the messages of every refusal
//!   ([`error`]);
//! - the providers' schema dialects and the strict-mode null removal ([`schema`]);
//! - the Python package's own rules ([`python`], host only).
//!
//! The entry files (`pkg-template/*.js`) read values, answer the core's questions and build
//! objects; every decision is made here. The hot-path exports ([`wasm`]) take and return
//! numbers only, and text crosses through one fixed buffer: no JavaScript value is ever held by
//! Rust, no JavaScript runs inside a WebAssembly call, and nothing is allocated per call. The
//! schema exports take and return one JSON string each way.

pub mod a2a;
pub mod builtins;
mod decorator;
pub mod definition;
pub mod error;
pub mod http;
pub mod mcp_config;
pub mod names;
pub mod openapi;
pub mod ops;
// The Python package's own rules (python/ builds them through PyO3): host only, so the
// WebAssembly build stays byte-for-byte what it is without them.
#[cfg(not(target_arch = "wasm32"))]
pub mod python;
pub mod result;
pub mod rules;
pub mod sanitize;
pub mod schema;
pub mod skills;

pub mod toolkit;
#[cfg(target_arch = "wasm32")]
pub mod wasm;

pub use rules::{Field, Source};
pub use sanitize::sanitize_str;
