//! The allocator: the system one (dlmalloc), except during a schema call, which takes its
//! memory from one block and gives it all back at once.
//!
//! A schema call builds and drops thousands of small values (every key, string, map and array
//! of the parsed schemas and of their rewrites); freeing them one by one was a fifth of its
//! time. While an arena is open, allocations are cut from its block in order (a growing `Vec`
//! whose buffer is the last one cut grows in place), a free inside the block does nothing, and
//! closing the arena returns the block. When the block runs out, allocations go to the system
//! allocator as usual.
//!
//! Only [`run`] opens an arena, and nothing it allocates may outlive it: its answer is copied
//! out before the block is returned. A call that traps (a stack overflow) leaves the arena
//! open; the caller's recovery calls [`close`] before anything else runs.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::UnsafeCell;

struct Block {
    start: usize,
    end: usize,
    next: usize,
}

struct Arena(UnsafeCell<Block>);

// WebAssembly here has one thread: the block is never touched from two at once.
unsafe impl Sync for Arena {}

#[global_allocator]
static ARENA: Arena = Arena(UnsafeCell::new(Block { start: 0, end: 0, next: 0 }));

impl Arena {
    /// The block, while an arena is open (`start == 0` otherwise).
    #[allow(clippy::mut_from_ref)]
    fn block(&self) -> &mut Block {
        // SAFETY: one thread, and no reference to the block outlives the method that took it.
        unsafe { &mut *self.0.get() }
    }
}

impl Block {
    fn holds(&self, ptr: *mut u8) -> bool {
        (self.start..self.end).contains(&(ptr as usize))
    }

    fn cut(&mut self, layout: Layout) -> Option<*mut u8> {
        if self.start == 0 {
            return None;
        }
        let at = self.next.checked_add(layout.align() - 1)? & !(layout.align() - 1);
        let end = at.checked_add(layout.size())?;
        (end <= self.end).then(|| {
            self.next = end;
            at as *mut u8
        })
    }
}

// One copy of each entry point: inlined at every allocation, they would multiply the `.wasm`.
unsafe impl GlobalAlloc for Arena {
    #[inline(never)]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        match self.block().cut(layout) {
            Some(ptr) => ptr,
            None => System.alloc(layout),
        }
    }

    #[inline(never)]
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        let block = self.block();
        if !block.holds(ptr) {
            return System.dealloc(ptr, layout);
        }
        // The last piece cut is cut again next time.
        if ptr as usize + layout.size() == block.next {
            block.next = ptr as usize;
        }
    }

    #[inline(never)]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let block = self.block();
        if !block.holds(ptr) {
            return System.realloc(ptr, layout, new_size);
        }
        let start = ptr as usize;
        if start + layout.size() == block.next && start.checked_add(new_size).is_some_and(|e| e <= block.end)
        {
            block.next = start + new_size;
            return ptr;
        }
        let new = self.alloc(Layout::from_size_align_unchecked(new_size, layout.align()));
        if !new.is_null() {
            std::ptr::copy_nonoverlapping(ptr, new, layout.size().min(new_size));
        }
        new
    }
}

/// Runs `f` in an arena of about `size` bytes; its answer is copied out before the arena's
/// block is returned.
pub fn run(size: usize, f: impl FnOnce() -> String) -> String {
    close();
    let Ok(layout) = Layout::from_size_align(size, 16) else { return f() };
    // SAFETY: a valid, non-zero layout.
    let start = unsafe { System.alloc(layout) } as usize;
    if start != 0 {
        *ARENA.block() = Block { start, end: start + size, next: start };
    }
    let answer = f();
    let block = std::mem::replace(ARENA.block(), Block { start: 0, end: 0, next: 0 });
    if block.start == 0 {
        return answer;
    }
    let answer = if block.holds(answer.as_ptr() as *mut u8) {
        let copy = answer.as_str().to_owned(); // from the system allocator: the arena is closed
        std::mem::forget(answer); // it lives in the block: never freed through the system allocator
        copy
    } else {
        answer // system memory (the block ran out)
    };
    // SAFETY: the block was allocated above with this layout, and nothing in it is used.
    unsafe { System.dealloc(block.start as *mut u8, layout) };
    answer
}

/// Closes an arena a trapped call left open, returning its block.
pub fn close() {
    let block = std::mem::replace(ARENA.block(), Block { start: 0, end: 0, next: 0 });
    if block.start != 0 {
        if let Ok(layout) = Layout::from_size_align(block.end - block.start, 16) {
            // SAFETY: the block came from `run` with this layout; the call that used it is gone.
            unsafe { System.dealloc(block.start as *mut u8, layout) };
        }
    }
}
