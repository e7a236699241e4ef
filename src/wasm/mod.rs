//! The WebAssembly exports: numbers in, numbers out, text through one fixed buffer
//! ([`buffer`]). Each export only moves values between the entry file and the pure rules of
//! the crate.
//!
//! Nothing here calls JavaScript, holds a JavaScript value or allocates, so no JavaScript can
//! ever run inside a WebAssembly call, and a stack overflow that unwinds through one of these
//! frames leaves nothing behind but the shadow-stack pointer, which the entry file puts back
//! (see `pkg-template/src/core.js`, `recover`).

mod buffer;
mod exports;
mod manifest;
mod ops;
mod typings;

pub use exports::*;
pub use ops::core_call;
