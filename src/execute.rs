//! `execute`: the wrapper around a tool's function. It never throws and never rejects.
//!
//! This is the hot path, so it crosses the boundary as little as it can: a string, a
//! `ToolResult` or a plain value is answered with one `Promise.resolve`, and only a promise or
//! another thenable is awaited (with a real `await`, in the guard's `settle`), going on through
//! two continuations made once per module instance. The entry file calls the tool's function;
//! every other call into user code goes through [`crate::guard`].

use js_sys::{Function, Promise};
use wasm_bindgen::prelude::*;

use crate::guard;
use crate::result::{classify, failure, finish, settled, Returned};

/// The continuations every awaited value goes through, made once per module instance: never
/// one closure per call.
struct Continuations {
    on_value: Function,
    on_error: Function,
}

impl Continuations {
    fn new() -> Self {
        let on_value = Closure::<dyn Fn(JsValue) -> JsValue>::new(settled);
        let on_error = Closure::<dyn Fn(JsValue) -> JsValue>::new(|thrown: JsValue| failure(&thrown));
        Continuations {
            on_value: on_value.into_js_value().unchecked_into(),
            on_error: on_error.into_js_value().unchecked_into(),
        }
    }
}

thread_local! {
    static CONTINUATIONS: Continuations = Continuations::new();
}

/// What `execute` resolves to when the tool's function returned `value`.
///
/// The entry file calls the function itself (`fn(args ?? {}, ctx)` in a `try`), so a tool
/// calling tools nests only JavaScript frames, and hands over the outcome: this, or
/// [`execute_threw`]. Everything that decides the result happens here.
///
/// Parameters are taken by value: borrowed `JsValue`s live on wasm-bindgen's fixed-size
/// externref stack, which deeply nested calls would overflow.
#[wasm_bindgen(js_name = executeReturned, skip_typescript)]
pub fn execute_returned(value: JsValue) -> Result<Promise, NeverThrows> {
    let row = classify(&value, false);
    Ok(match &row {
        // The guard's `settle` awaits with a real `await`: a native promise is adopted as
        // `await` adopts it (its `constructor` read, never its `then`); any other thenable
        // through its `then`, read once already.
        Ok(Returned::Promise) => {
            CONTINUATIONS.with(|c| guard::settle(&value, &JsValue::UNDEFINED, &c.on_value, &c.on_error))
        }
        Ok(Returned::Thenable(then)) => {
            CONTINUATIONS.with(|c| guard::settle(&value, then, &c.on_value, &c.on_error))
        }
        _ => resolved(&finish(value, row)),
    })
}

/// What `execute` resolves to when the tool's function threw `thrown`.
#[wasm_bindgen(js_name = executeThrew, skip_typescript)]
pub fn execute_threw(thrown: JsValue) -> Result<Promise, NeverThrows> {
    Ok(resolved(&failure(&thrown)))
}

/// A promise fulfilled with `result`. A passthrough `ToolResult` is the user's own object, and
/// `Promise.resolve` reads its `constructor` when it is a native promise, so this goes through
/// the guard; if that read throws, the error result is what the promise holds.
fn resolved(result: &JsValue) -> Promise {
    match guard::resolve(result) {
        Ok(promise) => promise,
        Err(thrown) => {
            // The error result is a plain object of the entry's: resolving it cannot throw.
            let result = failure(&thrown);
            guard::resolve(&result).unwrap_or_else(|_| Promise::resolve(&result))
        }
    }
}

/// The error type of the two exports above, which never return it. Their `Result` is there for
/// its calling convention: a function returning several values is one V8 11 (Node.js 20) does
/// not inline into its JavaScript caller, and that inlining crashes the process ("unreachable
/// code" in the deoptimizer) when user code run during the call makes V8 deoptimise the caller.
pub enum NeverThrows {}

impl From<NeverThrows> for JsValue {
    fn from(never: NeverThrows) -> JsValue {
        match never {}
    }
}
