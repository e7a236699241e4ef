//! The exports behind `Tool`, `defineTool`, `sanitize` and every tool's `execute`. They are
//! the package's internals, called by the entry file only (no TypeScript declarations).

use wasm_bindgen::prelude::*;

use super::buffer::{self, UnitWriter, MESSAGE_AT};
use crate::definition::{self, Verdict};
use crate::error::{self, Text, WINDOW_UNITS};
use crate::result::{self, Answer, Kind, Step};
use crate::rules::{FieldTypes, JsType};
use crate::sanitize::sanitize_utf8_in_place;

/// The address of the text buffer in WebAssembly memory.
#[wasm_bindgen(skip_typescript)]
pub fn buffer() -> u32 {
    buffer::address() as u32
}

// ---- execute ---------------------------------------------------------------------------------

/// The first step of the result table for a value of `kind` (a [`Kind`] code); `awaited` for a
/// value a promise settled with.
#[wasm_bindgen(js_name = firstStep, skip_typescript)]
pub fn first_step(kind: u32, awaited: bool) -> u32 {
    result::first(Kind::from_code(kind), awaited) as u32
}

/// The first step of `message(e)` for a thrown value of `kind`.
#[wasm_bindgen(js_name = firstStepOfThrown, skip_typescript)]
pub fn first_step_of_thrown(kind: u32) -> u32 {
    result::first_of_thrown(Kind::from_code(kind)) as u32
}

/// The step after the entry answered the question `asked` (an [`Answer`] code).
#[wasm_bindgen(js_name = nextStep, skip_typescript)]
pub fn next_step(asked: u32, answer: u32) -> u32 {
    match Step::from_code(asked) {
        Some(step) => result::next(step, Answer::from_code(answer)) as u32,
        // Not a step the core gave: answer with the failure row rather than trap.
        None => Step::ErrorUnprintable as u32,
    }
}

// ---- defineTool / new Tool -------------------------------------------------------------------

/// The verdict on the `len` units of a name in the buffer, `offset` units into the name (names
/// longer than the buffer cross in chunks): `NAME_OK`, `NAME_EMPTY`, or the index of the first
/// refused unit.
#[wasm_bindgen(js_name = checkName, skip_typescript)]
pub fn check_name(len: u32, offset: u32) -> i32 {
    let units = buffer::units();
    let len = (len as usize).min(units.len());
    definition::check_name_chunk(&units[..len], offset as usize)
}

/// The verdict on a definition (see [`Verdict::code`]).
#[wasm_bindgen(js_name = checkDefinition, skip_typescript)]
pub fn check_definition(types: u32, source: i32, name: i32) -> i32 {
    definition::check(FieldTypes(types), source, name).code()
}

/// Writes the message of a refused definition (the same arguments as `checkDefinition`) and
/// returns its length in units, at `MESSAGE_AT`. When the verdict asked for the text, the entry
/// has written the quoted string (the name, the source, or `inputSchema.type`) as a window:
/// its first units at 0, the units at `at` at `WINDOW_UNITS`, and `len`, its whole length.
#[wasm_bindgen(skip_typescript)]
pub fn refusal(types: u32, source: i32, name: i32, len: u32) -> u32 {
    match definition::check(FieldTypes(types), source, name) {
        Verdict::Refused(error) => {
            let at = if name >= 0 { name as usize } else { 0 };
            write_message(|w, text| error.write(w, text), len as usize, at)
        }
        Verdict::Accepted { .. } => 0,
    }
}

/// Writes the message for a definition whose field number `read` threw when read; the text is
/// `message(e)` of what it threw, as a window (see [`refusal`]).
#[wasm_bindgen(js_name = readFailed, skip_typescript)]
pub fn read_failed(types: u32, read: u32, len: u32) -> u32 {
    let error = definition::read_failed(FieldTypes(types), read);
    write_message(|w, text| error.write(w, text), len as usize, 0)
}

// ---- sanitize --------------------------------------------------------------------------------

/// Sanitises the `len` UTF-8 bytes in the buffer in place; returns the length of the result.
#[wasm_bindgen(js_name = sanitizeBytes, skip_typescript)]
pub fn sanitize_bytes(len: u32) -> u32 {
    let bytes = buffer::bytes();
    let len = (len as usize).min(bytes.len());
    sanitize_utf8_in_place(&mut bytes[..len]) as u32
}

/// Writes the message for `sanitize` called with a value of type `code` (a [`JsType`] code).
#[wasm_bindgen(js_name = sanitizeError, skip_typescript)]
pub fn sanitize_error(code: u32) -> u32 {
    write_message(|w, _| error::write_sanitize_error(w, JsType::from_code(code)), 0, 0)
}

/// Runs `write` with the text window in the buffer and a writer at `MESSAGE_AT`.
fn write_message(
    write: impl FnOnce(&mut UnitWriter<'_>, Text<'_>) -> std::fmt::Result,
    len: usize,
    at: usize,
) -> u32 {
    let (input, output) = buffer::units().split_at_mut(MESSAGE_AT);
    let head_len = len.min(WINDOW_UNITS);
    let at_len = len.saturating_sub(at).min(2);
    let text =
        Text { head: &input[..head_len], at_units: &input[WINDOW_UNITS..WINDOW_UNITS + at_len], at, len };
    let mut w = UnitWriter::new(output);
    let _ = write(&mut w, text);
    w.len() as u32
}
