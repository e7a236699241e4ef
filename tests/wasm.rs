//! Boundary tests: the wasm exports compiled to wasm32 and run under Node with
//! `wasm-bindgen-test-runner`. The exports take and return numbers; text crosses through the
//! buffer. These tests drive them the way the entry file (`pkg-template/src/tool.js`) does; the
//! package suites (`tests/package/`) hold the whole contract (docs/contract.md) against the
//! installed tarball.
//
// They are the core's (the crate with no features): `npm test` runs them with
// `cargo test --target wasm32-unknown-unknown --no-default-features`; with the default
// features the crate is a rules module and this file compiles to nothing.
#![cfg(all(target_arch = "wasm32", not(feature = "door")))]

use toolnexus::definition::{NAME_EMPTY, NAME_OK, QUOTE_NAME, REFUSED, UNKNOWN_SOURCE};
use toolnexus::result::{Answer, Kind, Step};
use toolnexus::rules::{FieldTypes, JsType, Source};
use toolnexus::wasm::{
    buffer, check_definition, check_name, first_step, first_step_of_thrown, next_step, read_failed, refusal,
    sanitize_bytes, sanitize_error,
};
use wasm_bindgen_test::*;

/// The buffer as the entry sees it: a view of WebAssembly memory at `buffer()`.
fn units() -> &'static mut [u16] {
    // SAFETY: the tests run one at a time on one thread, as the entry calls the exports.
    unsafe { std::slice::from_raw_parts_mut(buffer() as usize as *mut u16, 1 << 16) }
}

fn bytes() -> &'static mut [u8] {
    // SAFETY: as `units`.
    unsafe { std::slice::from_raw_parts_mut(buffer() as usize as *mut u8, 1 << 17) }
}

fn write_units(at: usize, text: &str) -> usize {
    let mut n = 0;
    for (i, u) in text.encode_utf16().enumerate() {
        units()[at + i] = u;
        n += 1;
    }
    n
}

/// The message an export wrote: `n` units at the message offset (`protocol::MESSAGE_AT`).
fn message(n: u32) -> String {
    String::from_utf16_lossy(&units()[1024..1024 + n as usize])
}

fn word(fields: [JsType; 6], define: bool, root_object: bool) -> u32 {
    let mut w = fields.iter().enumerate().fold(0, |acc, (i, t)| acc | (*t as u32) << (4 * i));
    w |= (JsType::String as u32) << 24;
    if root_object {
        w |= FieldTypes::SCHEMA_OBJECT;
    }
    if define {
        w |= FieldTypes::DEFINE;
    }
    w
}

use JsType::{Function, Object, String as Str, Undefined};

#[wasm_bindgen_test]
fn names_are_checked_over_their_units_in_chunks() {
    let n = write_units(0, "get_user-1");
    assert_eq!(check_name(n as u32, 0), NAME_OK);
    let n = write_units(0, "get user");
    assert_eq!(check_name(n as u32, 0), 3);
    assert_eq!(check_name(n as u32, 70_000), 70_003);
    assert_eq!(check_name(0, 0), NAME_EMPTY);
    // A length beyond the buffer reads the buffer only: no trap.
    units().fill(b'a' as u16);
    assert_eq!(check_name(u32::MAX, 0), NAME_OK);
}

#[wasm_bindgen_test]
fn definitions_get_a_verdict_and_refusals_a_message() {
    let good = word([Object, Str, Str, Undefined, Undefined, Function], true, false);
    let verdict = check_definition(good, UNKNOWN_SOURCE, NAME_OK);
    assert_eq!(verdict, 1 | ((Source::Native as i32 + 1) << 1), "default schema and source");
    let no_run = word([Object, Str, Str, Undefined, Undefined, Undefined], true, false);
    assert_eq!(check_definition(no_run, UNKNOWN_SOURCE, NAME_OK), REFUSED);
    assert_eq!(
        message(refusal(no_run, UNKNOWN_SOURCE, NAME_OK, 0)),
        "defineTool: `run` must be a function, got undefined"
    );
    // A bad name: the entry writes the window (head at 0, the bad units at the window's end).
    assert_eq!(check_definition(good, UNKNOWN_SOURCE, 1), QUOTE_NAME);
    let window = toolnexus::error::WINDOW_UNITS;
    let len = write_units(0, "a\u{1F600}");
    write_units(window, "\u{1F600}");
    assert_eq!(
        message(refusal(good, UNKNOWN_SOURCE, 1, len as u32)),
        "defineTool: `name` must match [a-zA-Z0-9_-], got \"a\u{1F600}\" ('\u{1F600}' at index 1 is not allowed); \
         sanitize() makes any string safe: \"a__\""
    );
    // Numbers no entry would send are refusals, never a trap.
    assert!(check_definition(u32::MAX, i32::MIN, i32::MAX) < 0);
    assert!(refusal(u32::MAX, i32::MIN, i32::MAX, u32::MAX) > 0);
}

#[wasm_bindgen_test]
fn failed_reads_and_sanitize_errors_are_worded_by_the_core() {
    let len = write_units(0, "getter says no");
    let types = word([Object, Undefined, Undefined, Undefined, Undefined, Undefined], false, false);
    assert_eq!(
        message(read_failed(types, 1, len as u32)),
        "new Tool: reading `description` threw: getter says no"
    );
    assert_eq!(
        message(sanitize_error(JsType::Symbol as u32)),
        "sanitize: `value` must be a string, got a symbol"
    );
}

#[wasm_bindgen_test]
fn the_byte_pass_sanitizes_in_place() {
    let text = "get user é😀";
    bytes()[..text.len()].copy_from_slice(text.as_bytes());
    let n = sanitize_bytes(text.len() as u32) as usize;
    assert_eq!(&bytes()[..n], b"get_user____");
    // A length beyond the buffer reads the buffer only: no trap.
    bytes().fill(b'a');
    assert_eq!(sanitize_bytes(u32::MAX) as usize, 1 << 17);
}

#[wasm_bindgen_test]
fn the_result_table_walks_as_the_contract_says() {
    let step = |s: Step| s as u32;
    assert_eq!(first_step(Kind::String as u32, false), step(Step::Text));
    assert_eq!(first_step(Kind::Object as u32, false), step(Step::Await));
    assert_eq!(first_step(Kind::Object as u32, true), step(Step::AskResultKeys));
    assert_eq!(next_step(step(Step::AskResultKeys), Answer::Yes as u32), step(Step::Passthrough));
    assert_eq!(next_step(step(Step::AskResultKeys), Answer::Threw as u32), step(Step::Failed));
    assert_eq!(first_step_of_thrown(Kind::Other as u32), step(Step::AskString));
    // Codes no entry would send: a row, never a trap.
    assert_eq!(next_step(0, 0), step(Step::ErrorUnprintable));
    assert_eq!(first_step(u32::MAX, true), step(Step::AskJson));
}
