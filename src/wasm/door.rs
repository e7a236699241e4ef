//! The door of a rules module: [`crate::ops::call`] as four plain exports, for a host with no
//! glue (`pkg-template/src/core.js`, `coreCall`).
//!
//! The host asks for memory with `alloc_bytes`, writes the operation's name, its input (JSON)
//! and, when there is one, a long text beside it (UTF-8 each), calls `call` and reads the
//! answer (JSON, UTF-8) at the returned pointer, `answer_len()` bytes long; the answer stays
//! there until the next `call`, `alloc_bytes` or `drop_answer`. It gives back what it asked for
//! with `free_bytes`, and may keep memory it asked for across calls (a buffer for its inputs).

use std::alloc::{alloc, dealloc, handle_alloc_error, Layout};
use std::cell::RefCell;

thread_local! {
    static ANSWER: RefCell<String> = const { RefCell::new(String::new()) };
}

/// The layout of `len` bytes as the host asks for them (at least one, so never zero-sized).
fn layout(len: usize) -> Layout {
    Layout::array::<u8>(len.max(1)).unwrap_or_else(|_| Layout::new::<u8>())
}

/// `len` bytes the host owns until it hands them to `free_bytes`. The last answer, read by
/// now, is let go first: a megabyte answer is not kept while the next input arrives.
#[no_mangle]
pub extern "C" fn alloc_bytes(len: usize) -> *mut u8 {
    drop_answer();
    let layout = layout(len);
    // SAFETY: the layout's size is at least one byte.
    let ptr = unsafe { alloc(layout) };
    if ptr.is_null() {
        handle_alloc_error(layout);
    }
    ptr
}

/// Gives back `len` bytes at `ptr` (`len` as asked of `alloc_bytes`).
///
/// # Safety
/// `ptr` and `len` must come from one `alloc_bytes` call, given back once.
#[no_mangle]
pub unsafe extern "C" fn free_bytes(ptr: *mut u8, len: usize) {
    dealloc(ptr, layout(len));
}

/// Runs the operation named by the `op_len` bytes at `op`, over the `input_len` bytes of JSON
/// at `input`, with the `text_len` bytes at `text` as its `"text"` field when `text` is not
/// null; answers a pointer to the answer, `answer_len()` bytes.
///
/// # Safety
/// Each pointer must address as many initialised bytes as its length says.
#[no_mangle]
pub unsafe extern "C" fn call(
    op: *const u8,
    op_len: usize,
    input: *const u8,
    input_len: usize,
    text: *const u8,
    text_len: usize,
) -> *const u8 {
    let op = utf8(op, op_len);
    let input = utf8(input, input_len);
    let answer = if text.is_null() {
        crate::ops::call(op, input)
    } else {
        crate::ops::call_with_text(op, input, utf8(text, text_len))
    };
    ANSWER.with(|slot| {
        let mut slot = slot.borrow_mut();
        *slot = answer;
        slot.as_ptr()
    })
}

/// Lets the last answer go (the host calls it once it has read a long one).
#[no_mangle]
pub extern "C" fn drop_answer() {
    ANSWER.with(|slot| {
        if let Ok(mut slot) = slot.try_borrow_mut() {
            *slot = String::new();
        }
    });
}

/// The length in bytes of the last answer.
#[no_mangle]
pub extern "C" fn answer_len() -> usize {
    ANSWER.with(|slot| slot.borrow().len())
}

/// The host's bytes as text. Hosts encode with `TextEncoder`, which writes valid UTF-8 only;
/// other bytes read as U+FFFD, which no operation takes (a refusal, never undefined behaviour).
unsafe fn utf8<'a>(ptr: *const u8, len: usize) -> &'a str {
    let bytes = std::slice::from_raw_parts(ptr, len);
    std::str::from_utf8(bytes).unwrap_or("\u{fffd}")
}
