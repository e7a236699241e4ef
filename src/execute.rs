//! `execute`: the wrapper around a tool's function. It never throws and never rejects.
//!
//! This is the hot path, so it crosses the boundary as little as it can: a string, a
//! `ToolResult` or a plain value is answered with one `Promise.resolve`, and only a thenable
//! goes through `then` with two handlers made once per module instance.

use js_sys::{Function, Object, Promise};
use wasm_bindgen::prelude::*;

use crate::js::{is_object_like, NativePromise, Unknown};
use crate::result::{classify, failure, finish, settled, Returned};

/// The continuations every awaited value goes through, and `Promise` and
/// `Promise.prototype.then` as they were when the module loaded (a native promise skips the
/// extra adoption step).
struct Continuations {
    on_value: Function,
    on_error: Function,
    promise: JsValue,
    promise_then: JsValue,
}

impl Continuations {
    fn new() -> Self {
        let on_value = Closure::<dyn Fn(JsValue) -> JsValue>::new(settled);
        let on_error = Closure::<dyn Fn(JsValue) -> JsValue>::new(|thrown: JsValue| failure(&thrown));
        let probe = Promise::resolve(&JsValue::UNDEFINED);
        let probe = probe.unchecked_ref::<Unknown>();
        let promise_then = probe.then().unwrap_or(JsValue::UNDEFINED);
        let promise = probe.constructor().unwrap_or(JsValue::UNDEFINED);
        Continuations {
            // Made once and kept for the life of the module: never one closure per call.
            on_value: on_value.into_js_value().unchecked_into(),
            on_error: on_error.into_js_value().unchecked_into(),
            promise,
            promise_then,
        }
    }
}

thread_local! {
    static CONTINUATIONS: Continuations = Continuations::new();
}

/// Calls `run(args ?? {}, ctx)` and turns whatever happens into a `ToolResult` promise.
///
/// Every parameter is taken by value: borrowed `JsValue`s live on wasm-bindgen's fixed-size
/// externref stack, which nested executes (a `run` calling `execute` hundreds deep) would
/// overflow; owned ones live in the table's growable heap.
#[wasm_bindgen(js_name = executeTool, skip_typescript)]
pub fn execute_tool(run: Function, args: JsValue, ctx: JsValue) -> Promise {
    let args = if args.is_undefined() || args.is_null() { Object::new().into() } else { args };
    let value = match run.call2(&JsValue::UNDEFINED, &args, &ctx) {
        Ok(value) => value,
        Err(thrown) => return Promise::resolve(&failure(&thrown)),
    };
    if is_object_like(&value) {
        if let Some(promise) = CONTINUATIONS.with(|c| chain_plain_promise(&value, c)) {
            return promise;
        }
    }
    let row = classify(&value, false);
    if let Ok(Returned::Thenable(then)) = &row {
        return await_thenable(&value, then);
    }
    Promise::resolve(&finish(value, row))
}

/// Awaits `value` as `await` would (its `then` already read, once) and finishes the result.
fn await_thenable(value: &JsValue, then: &Function) -> Promise {
    CONTINUATIONS.with(|c| {
        let chained = if JsValue::from(then) == c.promise_then {
            // A native promise: chain on it directly. A non-promise that borrowed
            // `Promise.prototype.then` makes this call throw, which `await` would reject with.
            then.call2(value, &c.on_value, &c.on_error)
        } else {
            let adopted = Promise::new(&mut |resolve, reject| {
                if let Err(thrown) = then.call2(value, &resolve, &reject) {
                    // A `then` that throws rejects, unless it already settled the promise.
                    let _ = reject.call1(&JsValue::UNDEFINED, &thrown);
                }
            });
            Ok(adopted.unchecked_ref::<NativePromise>().then_with(&c.on_value, &c.on_error).into())
        };
        match chained {
            Ok(promise) => promise.unchecked_into(),
            Err(thrown) => Promise::resolve(&failure(&thrown)),
        }
    })
}

/// `await` adopts a native promise whose `constructor` is `Promise` without reading its `then`
/// (it reads `constructor`; so does this, and a throwing read counts as "not such a promise").
/// Such a promise is chained with the original `Promise.prototype.then`, whatever own `then`
/// it may carry.
fn chain_plain_promise(value: &JsValue, c: &Continuations) -> Option<Promise> {
    let plain = value.is_instance_of::<Promise>()
        && value.unchecked_ref::<Unknown>().constructor().is_ok_and(|ctor| ctor == c.promise);
    if !plain {
        return None;
    }
    let then = c.promise_then.unchecked_ref::<Function>();
    Some(match then.call2(value, &c.on_value, &c.on_error) {
        Ok(promise) => promise.unchecked_into(),
        // `instanceof` can be fooled by an object made from Promise.prototype; `await` would
        // then fail the same way.
        Err(thrown) => Promise::resolve(&failure(&thrown)),
    })
}
