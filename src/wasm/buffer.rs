//! The one buffer through which text crosses the boundary, in WebAssembly memory: the entry
//! file writes UTF-16 units (or, for `sanitize`'s long strings, UTF-8 bytes) into it, an export reads them and writes its answer
//! back. Its size is fixed, so no call grows the module's memory, however long its input: long
//! strings cross in chunks.

use std::cell::UnsafeCell;
use std::fmt;

pub use crate::protocol::{BUFFER_BYTES as BYTES, BUFFER_UNITS as UNITS, MESSAGE_AT};

#[repr(C, align(8))]
struct Buffer(UnsafeCell<[u8; BYTES]>);

// WebAssembly here is single-threaded, and no export runs inside another (no JavaScript runs
// inside an export), so at most one reference to the buffer is alive at any time.
unsafe impl Sync for Buffer {}

static BUFFER: Buffer = Buffer(UnsafeCell::new([0; BYTES]));

/// The buffer's address in WebAssembly memory.
pub fn address() -> usize {
    BUFFER.0.get() as usize
}

/// The buffer as bytes.
pub fn bytes() -> &'static mut [u8; BYTES] {
    // SAFETY: see the `Sync` impl: exports take the buffer once each, one at a time.
    unsafe { &mut *BUFFER.0.get() }
}

/// The buffer as UTF-16 units (it is 8-byte aligned).
pub fn units() -> &'static mut [u16; UNITS] {
    // SAFETY: as `bytes`; the alignment and size fit `[u16; UNITS]`.
    unsafe { &mut *BUFFER.0.get().cast::<[u16; UNITS]>() }
}

/// Writes UTF-16 units into a slice of the buffer, dropping what does not fit.
pub struct UnitWriter<'a> {
    out: &'a mut [u16],
    len: usize,
}

impl<'a> UnitWriter<'a> {
    pub fn new(out: &'a mut [u16]) -> Self {
        UnitWriter { out, len: 0 }
    }

    pub fn len(&self) -> usize {
        self.len
    }
}

impl fmt::Write for UnitWriter<'_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        for unit in s.encode_utf16() {
            if let Some(slot) = self.out.get_mut(self.len) {
                *slot = unit;
                self.len += 1;
            }
        }
        Ok(())
    }
}
