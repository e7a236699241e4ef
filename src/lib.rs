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
//! - behind the `portable` feature: the providers' schema dialects and the strict-mode null
//!   removal (`schema`), the Toolkit's rules (`toolkit`), the portable sources' rules (`http`,
//!   `openapi`, `a2a`, `skills`); behind the `node` feature: the Node.js-only sources' rules
//!   (`builtins`, `mcp_config`); both reached through one JSON door (`ops`);
//! - the Python package's own rules ([`python`], host only).
//!
//! For the npm package the crate is built three times (scripts/build.mjs): with no features,
//! the core, compiled at import, whose exports (`wasm`) take and return numbers only, text
//! crossing through one fixed buffer: no JavaScript value is ever held by Rust, no JavaScript
//! runs inside a WebAssembly call, and nothing is allocated per call; with `portable`, and with
//! `node`, the two rules modules, compiled on first use, whose door takes and returns one JSON
//! text each way. The host build (tests, the Python extension) has every feature. The
//! JavaScript modules (`pkg-template/src/`) read values, answer the core's questions and build
//! objects; every decision is made here.

// A panic traps the WebAssembly module: outside tests no code may unwrap or expect.
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used))]

#[cfg(feature = "portable")]
pub mod a2a;
#[cfg(feature = "node")]
pub mod builtins;
pub mod definition;
pub mod error;
#[cfg(feature = "portable")]
pub mod http;
#[cfg(feature = "node")]
pub mod mcp_config;
#[cfg(feature = "door")]
pub mod names;
#[cfg(feature = "portable")]
pub mod openapi;
#[cfg(feature = "door")]
pub mod ops;
pub mod protocol;
// The Python package's own rules (python/ builds them through PyO3): host only, so the
// WebAssembly build stays byte-for-byte what it is without them.
#[cfg(not(target_arch = "wasm32"))]
pub mod python;
pub mod result;
pub mod rules;
pub mod sanitize;
#[cfg(feature = "portable")]
pub mod schema;
#[cfg(feature = "portable")]
pub mod skills;

#[cfg(feature = "portable")]
pub mod toolkit;
#[cfg(target_arch = "wasm32")]
pub mod wasm;

pub use rules::{Field, Source};
pub use sanitize::sanitize_str;
