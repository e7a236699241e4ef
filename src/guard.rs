//! Every call the core makes into code it does not control (a `then`, a getter, a Proxy trap,
//! `String()`, `JSON.stringify` with its `toJSON`s) goes through the *guard*: a small
//! object of the entry file whose methods catch what that code throws and hand it back as a
//! value. No JavaScript exception ever unwinds through WebAssembly frames, and none goes
//! through wasm-bindgen's `catch` imports either, which keep one table slot per caught
//! exception when the import returns a JavaScript value.
//!
//! Protocol: each method returns its result, or the guard object itself when the code threw;
//! the thrown value is then taken with `take()`. Nothing runs between the throw and the take.

use std::cell::OnceCell;

use wasm_bindgen::prelude::*;

use crate::execute::NeverThrows;

#[wasm_bindgen]
extern "C" {
    /// The entry file's guard (see `pkg-template/tool.js`).
    pub type Guard;

    /// `target[key]`.
    #[wasm_bindgen(method, structural)]
    fn get(this: &Guard, target: &JsValue, key: &JsValue) -> JsValue;
    /// `key in target`: `true`, `false`, or the guard.
    #[wasm_bindgen(method, structural)]
    fn has(this: &Guard, target: &JsValue, key: &JsValue) -> JsValue;
    /// `String(value)`.
    #[wasm_bindgen(method, structural)]
    fn string(this: &Guard, value: &JsValue) -> JsValue;
    /// `JSON.stringify(value)`.
    #[wasm_bindgen(method, structural)]
    fn stringify(this: &Guard, value: &JsValue) -> JsValue;
    /// `Promise.resolve(value)`.
    #[wasm_bindgen(method, structural)]
    fn resolve(this: &Guard, value: &JsValue) -> JsValue;
    /// Awaits `value` (after adopting it through `then` when `then` is given), then calls
    /// `on_value` with what it settled to, or `on_error` with why it rejected: an `async`
    /// function, so its promise is native and the awaiting is exactly `await`'s.
    #[wasm_bindgen(method, structural)]
    fn settle(
        this: &Guard,
        value: &JsValue,
        then: &JsValue,
        on_value: &js_sys::Function,
        on_error: &js_sys::Function,
    ) -> js_sys::Promise;
    /// `{ output, isError }`: a literal in the entry file, so every result the core builds has
    /// one shape and costs one crossing.
    #[wasm_bindgen(method, structural)]
    fn result(this: &Guard, output: &JsValue, is_error: bool) -> JsValue;
    /// The value the last guarded call threw; clears it.
    #[wasm_bindgen(method, structural)]
    fn take(this: &Guard) -> JsValue;
}

thread_local! {
    static GUARD: OnceCell<Guard> = const { OnceCell::new() };
}

/// Installs the guard; later calls keep the first one.
pub fn use_guard(guard: Guard) {
    GUARD.with(|cell| {
        let _ = cell.set(guard);
    });
}

/// What the entry file calls once, before anything else: installs its guard and answers with
/// the names of the type codes, in code order (see [`crate::rules::type_names`]), from which
/// the entry builds the codes it sends with each definition.
///
/// Its signature is `executeReturned`'s on purpose: V8 compiles a JS-to-wasm wrapper the first
/// time it calls an export of a new signature, a noticeable part of import time.
#[wasm_bindgen(js_name = connect, skip_typescript)]
pub fn connect(guard: Guard) -> Result<JsValue, NeverThrows> {
    use_guard(guard);
    Ok(JsValue::from_str(&crate::rules::type_names()))
}

/// The text of the error every guarded call gives when no guard was installed.
pub const NO_GUARD: &str = "toolnexus: the core was used without its entry file's guard";

fn guarded(call: impl FnOnce(&Guard) -> JsValue) -> Result<JsValue, JsValue> {
    GUARD.with(|cell| match cell.get() {
        Some(guard) => {
            let out = call(guard);
            let sentinel: &JsValue = guard.as_ref();
            if out == *sentinel {
                Err(guard.take())
            } else {
                Ok(out)
            }
        }
        None => Err(JsValue::from_str(NO_GUARD)),
    })
}

/// `target[key]`, which may run a getter or a Proxy trap.
pub fn get(target: &JsValue, key: &JsValue) -> Result<JsValue, JsValue> {
    guarded(|g| g.get(target, key))
}

/// `key in target`, which may run a Proxy's `has` trap.
pub fn has(target: &JsValue, key: &JsValue) -> Result<bool, JsValue> {
    guarded(|g| g.has(target, key)).map(|found| found.is_truthy())
}

/// `String(value)`.
pub fn string(value: &JsValue) -> Result<JsValue, JsValue> {
    guarded(|g| g.string(value))
}

/// `{ output, isError }`, made by the entry file (`undefined` when no guard was installed).
pub fn result(output: &JsValue, is_error: bool) -> JsValue {
    GUARD.with(|cell| cell.get().map_or(JsValue::UNDEFINED, |guard| guard.result(output, is_error)))
}

/// `Promise.resolve(value)`, which reads `value.constructor` when it is a native promise.
pub fn resolve(value: &JsValue) -> Result<js_sys::Promise, JsValue> {
    guarded(|g| g.resolve(value)).map(JsCast::unchecked_into)
}

/// See the binding above. A missing guard gives a promise of `undefined`; the entry file always
/// installs one first.
pub fn settle(
    value: &JsValue,
    then: &JsValue,
    on_value: &js_sys::Function,
    on_error: &js_sys::Function,
) -> js_sys::Promise {
    GUARD.with(|cell| match cell.get() {
        Some(guard) => guard.settle(value, then, on_value, on_error),
        None => js_sys::Promise::resolve(&JsValue::UNDEFINED),
    })
}

/// `JSON.stringify(value)`: a string, or `undefined`.
pub fn stringify(value: &JsValue) -> Result<JsValue, JsValue> {
    guarded(|g| g.stringify(value))
}
