//! The WebAssembly exports. Built with no features, the crate is the core the package compiles
//! at import: the number-protocol exports of [`exports`] (through wasm-bindgen), text through
//! one fixed buffer ([`buffer`]). Built with rules features (`portable`, `node`), it is a rules
//! module the package compiles on first use: the JSON door of [`crate::ops`] as plain exports
//! ([`door`]), no glue and no imports.
//!
//! Nothing in the core calls JavaScript, holds a JavaScript value or allocates per call, so no
//! JavaScript can ever run inside a WebAssembly call, and a stack overflow that unwinds through
//! one of its frames leaves nothing behind but the shadow-stack pointer, which the entry puts
//! back (see `pkg-template/src/core.js`, `recover`). A rules module's door allocates per call;
//! a call that throws inside one drops that instance instead (the next call gets a new one).

#[cfg(not(feature = "door"))]
mod buffer;
#[cfg(feature = "door")]
mod door;
#[cfg(not(feature = "door"))]
mod exports;

#[cfg(not(feature = "door"))]
pub use exports::*;
