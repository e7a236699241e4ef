//! The protocol between the core and the JavaScript modules, written once, here: every code,
//! bit layout and constant the JavaScript side uses, emitted at build time as one ES module
//! (`pkg-template/src/protocol.js`, by `cargo run --bin protocol`, see scripts/build.mjs) that
//! the modules import. Nothing of it is read at run time.

/// The text buffer's size in bytes.
pub const BUFFER_BYTES: usize = 1 << 17;
/// The text buffer's size in UTF-16 units.
pub const BUFFER_UNITS: usize = BUFFER_BYTES / 2;
/// Where a message is written in the buffer, in units (the text it quotes arrives below it).
pub const MESSAGE_AT: usize = 1024;
/// Up to this many UTF-16 units, `sanitize` has the engine apply the core's pattern (copying a
/// short string into WebAssembly and back costs more than the work); longer strings cross in
/// chunks to the byte pass, which beats the engine's regular expression by far.
pub const ENGINE_UP_TO: usize = 256;

#[cfg(feature = "portable")]
mod js;
#[cfg(feature = "portable")]
pub use js::js_module;
