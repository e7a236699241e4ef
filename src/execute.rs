//! `execute`: the wrapper around a tool's function. It never throws and never rejects.
//!
//! This is the hot path, so it crosses the boundary as little as it can: a string, a
//! `ToolResult` or a plain value is answered with one `Promise.resolve`, and only a promise or
//! another thenable goes through `then`, with two handlers made once per module instance.
//! The entry file calls the tool's function; every other call into user code goes through
//! [`crate::guard`].

use js_sys::{Function, Promise};
use wasm_bindgen::prelude::*;

use crate::guard;
use crate::js::{is_object_like, NativePromise, CACHE};
use crate::result::{classify, failure, finish, settled, Returned};

/// The continuations every awaited value goes through, and `Promise` and
/// `Promise.prototype.then` as they were when the module loaded.
struct Continuations {
    on_value: Function,
    on_error: Function,
    promise: JsValue,
    promise_then: Function,
}

#[wasm_bindgen]
extern "C" {
    /// `Promise.prototype.then`, the original.
    #[wasm_bindgen(thread_local_v2, js_namespace = ["Promise", "prototype"], js_name = then)]
    static PROMISE_THEN: Function;
    /// `Promise`, the original.
    #[wasm_bindgen(thread_local_v2, js_name = Promise)]
    static PROMISE: JsValue;
}

impl Continuations {
    fn new() -> Self {
        let on_value = Closure::<dyn Fn(JsValue) -> JsValue>::new(settled);
        let on_error = Closure::<dyn Fn(JsValue) -> JsValue>::new(|thrown: JsValue| failure(&thrown));
        Continuations {
            // Made once and kept for the life of the module: never one closure per call.
            on_value: on_value.into_js_value().unchecked_into(),
            on_error: on_error.into_js_value().unchecked_into(),
            promise: PROMISE.with(JsValue::clone),
            promise_then: PROMISE_THEN.with(Function::clone),
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
    if is_object_like(&value) {
        if let Some(promise) = CONTINUATIONS.with(|c| chain_plain_promise(&value, c)) {
            return Ok(promise);
        }
    }
    let row = classify(&value, false);
    if let Ok(Returned::Thenable(then)) = &row {
        return Ok(await_thenable(&value, then));
    }
    Ok(Promise::resolve(&finish(value, row)))
}

/// What `execute` resolves to when the tool's function threw `thrown`.
#[wasm_bindgen(js_name = executeThrew, skip_typescript)]
pub fn execute_threw(thrown: JsValue) -> Result<Promise, NeverThrows> {
    Ok(Promise::resolve(&failure(&thrown)))
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

/// `await` adopts a native promise whose `constructor` is `Promise` without reading its `then`
/// (it reads `constructor`; so does this, and a throwing read counts as "not such a promise").
/// Such a promise is chained with the original `Promise.prototype.then`, whatever own `then`
/// it may carry. Every other promise (a subclass, one with another constructor) is a thenable.
fn chain_plain_promise(value: &JsValue, c: &Continuations) -> Option<Promise> {
    if !value.is_instance_of::<Promise>() {
        return None;
    }
    let constructor = CACHE.with(|cache| guard::get(value, &cache.constructor));
    if !constructor.is_ok_and(|ctor| ctor == c.promise) {
        return None;
    }
    Some(match guard::invoke(&c.promise_then, value, &c.on_value, &c.on_error) {
        Ok(promise) => promise.unchecked_into(),
        // `instanceof` can be fooled by an object made from Promise.prototype; `await` would
        // then fail the same way.
        Err(thrown) => Promise::resolve(&failure(&thrown)),
    })
}

/// Awaits a thenable as `await` does (its `then` already read, once): a new native promise
/// that `then` settles, then the result table.
fn await_thenable(value: &JsValue, then: &Function) -> Promise {
    CONTINUATIONS.with(|c| {
        let adopted = Promise::new(&mut |resolve, reject| {
            if let Err(thrown) = guard::invoke(then, value, &resolve, &reject) {
                // A `then` that throws rejects, unless it already settled the promise. The
                // resolving functions themselves never throw.
                let _ = reject.call1(&JsValue::UNDEFINED, &thrown);
            }
        });
        adopted.unchecked_ref::<NativePromise>().then_with(&c.on_value, &c.on_error)
    })
}
