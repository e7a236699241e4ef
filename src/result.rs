//! How whatever `run` gives becomes a `ToolResult`.
//!
//! The table is decided here once, in plain Rust over the [`Probe`] and [`Thrown`] traits, so
//! that it can be tested without a JavaScript engine; the `wasm32` half implements the traits
//! for `JsValue` and builds the result objects.
//!
//! | run gives                                   | result                                   |
//! |---------------------------------------------|------------------------------------------|
//! | a string `s`                                | `{ output: s, isError: false }`          |
//! | a native promise (before awaiting)          | awaited, then this table again           |
//! | a thenable (before awaiting)                | awaited, then this table again           |
//! | an object with `output` and `isError` keys  | the object itself                        |
//! | anything else `v`                           | `{ output: JSON.stringify(v) ?? "", isError: false }` |
//! | a throw, a rejection, a throwing probe      | `{ output: message(e), isError: true }` |

/// The output when even `String(thrown)` throws.
pub const UNPRINTABLE: &str = "[a thrown value that cannot be converted to a string]";

/// The questions the table asks of a value, in the order it asks them. Reads that run user
/// code (a `then` getter, a Proxy's `has` trap) can fail with `Error`.
pub trait Probe {
    type Then;
    type Error;
    fn is_string(&self) -> bool;
    /// A non-null object or a function.
    fn is_object(&self) -> bool;
    /// What `await` adopts without reading `then`: a native promise.
    fn is_native_promise(&self) -> bool;
    /// The value's `then`, when it is callable.
    fn callable_then(&self) -> Result<Option<Self::Then>, Self::Error>;
    /// `"output" in v && "isError" in v`.
    fn has_result_keys(&self) -> Result<bool, Self::Error>;
}

/// Which row of the table a value falls in.
#[derive(Debug, PartialEq, Eq)]
pub enum Returned<T> {
    Text,
    /// A native promise: awaited without reading its `then`, as `await` does.
    Promise,
    /// Any other object with a callable `then`, read once: awaited by calling it.
    Thenable(T),
    ToolResult,
    Json,
}

/// Classifies a value. `awaited` values come out of a settled promise, which has already
/// unwrapped every thenable, so `then` is not read again.
pub fn classify<P: Probe>(value: &P, awaited: bool) -> Result<Returned<P::Then>, P::Error> {
    if value.is_string() {
        return Ok(Returned::Text);
    }
    if !value.is_object() {
        return Ok(Returned::Json);
    }
    if !awaited {
        if value.is_native_promise() {
            return Ok(Returned::Promise);
        }
        if let Some(then) = value.callable_then()? {
            return Ok(Returned::Thenable(then));
        }
    }
    if value.has_result_keys()? {
        Ok(Returned::ToolResult)
    } else {
        Ok(Returned::Json)
    }
}

/// The questions `message(e)` asks of a thrown value.
pub trait Thrown {
    type Text;
    fn is_object(&self) -> bool;
    /// The `message` property when reading it works and gives a string.
    fn string_message(&self) -> Option<Self::Text>;
    /// `String(e)`, unless it throws.
    fn to_text(&self) -> Option<Self::Text>;
}

/// Where the text of an error result comes from.
#[derive(Debug, PartialEq, Eq)]
pub enum Message<T> {
    /// `e.message`, a string: an `Error` of any realm, a `DOMException`, a plain `{ message }`.
    Message(T),
    /// `String(e)`: `"plain"`, `"42"`, `"null"`, `"undefined"`.
    Converted(T),
    /// Neither worked: the result says so with [`UNPRINTABLE`].
    Unprintable,
}

pub fn message_of<E: Thrown>(thrown: &E) -> Message<E::Text> {
    if thrown.is_object() {
        if let Some(text) = thrown.string_message() {
            return Message::Message(text);
        }
    }
    match thrown.to_text() {
        Some(text) => Message::Converted(text),
        None => Message::Unprintable,
    }
}

#[cfg(target_arch = "wasm32")]
pub use self::js::*;

#[cfg(target_arch = "wasm32")]
mod js {
    use js_sys::Function;
    use wasm_bindgen::{JsCast, JsValue};

    use super::{classify, message_of, Message, Probe, Returned, Thrown};

    use crate::guard;
    use crate::js::{has_result_keys, is_object_like, CACHE};

    impl Probe for JsValue {
        type Then = Function;
        type Error = JsValue;

        #[inline]
        fn is_string(&self) -> bool {
            JsValue::is_string(self)
        }

        #[inline]
        fn is_object(&self) -> bool {
            is_object_like(self)
        }

        fn is_native_promise(&self) -> bool {
            self.is_instance_of::<js_sys::Promise>()
        }

        fn callable_then(&self) -> Result<Option<Function>, JsValue> {
            let then = CACHE.with(|c| guard::get(self, &c.then))?;
            Ok(then.dyn_into::<Function>().ok())
        }

        fn has_result_keys(&self) -> Result<bool, JsValue> {
            has_result_keys(self)
        }
    }

    impl Thrown for JsValue {
        type Text = JsValue;

        fn is_object(&self) -> bool {
            is_object_like(self)
        }

        fn string_message(&self) -> Option<JsValue> {
            CACHE.with(|c| guard::get(self, &c.message)).ok().filter(JsValue::is_string)
        }

        fn to_text(&self) -> Option<JsValue> {
            guard::string(self).ok()
        }
    }

    /// `{ output, isError }`, with exactly those two keys.
    pub fn tool_result(output: &JsValue, is_error: bool) -> JsValue {
        guard::result(output, is_error)
    }

    /// The error result for a throw or a rejection.
    pub fn failure(thrown: &JsValue) -> JsValue {
        match message_of(thrown) {
            Message::Message(text) | Message::Converted(text) => tool_result(&text, true),
            Message::Unprintable => CACHE.with(|s| tool_result(&s.unprintable, true)),
        }
    }

    /// The result for a value that is neither a string nor a `ToolResult`.
    pub fn json(value: &JsValue) -> JsValue {
        match guard::stringify(value) {
            // `undefined`, a function or a symbol stringify to `undefined`: the output is "".
            Ok(text) if text.is_undefined() => CACHE.with(|s| tool_result(&s.empty, false)),
            Ok(text) => tool_result(&text, false),
            Err(thrown) => failure(&thrown),
        }
    }

    /// The result for what `run` gave, once it is known not to be a thenable: a value a
    /// promise settled with (`awaited`), or a returned value `classify` did not send to await.
    pub fn finish(value: JsValue, row: Result<Returned<Function>, JsValue>) -> JsValue {
        match row {
            Ok(Returned::Text) => tool_result(&value, false),
            Ok(Returned::ToolResult) => value,
            // A settled value is never asked about promises or `then`, so these rows only
            // arrive here when a caller passes them on; they are stringified like any object.
            Ok(Returned::Json | Returned::Promise | Returned::Thenable(_)) => json(&value),
            Err(thrown) => failure(&thrown),
        }
    }

    /// The result for the value a promise settled with.
    pub fn settled(value: JsValue) -> JsValue {
        let row = classify(&value, true);
        finish(value, row)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;

    /// A value described by answers, counting how often each question is asked.
    #[derive(Default)]
    struct Fake {
        string: bool,
        object: bool,
        promise: bool,
        then: Option<Result<bool, &'static str>>,
        keys: Option<Result<bool, &'static str>>,
        asked_then: Cell<u32>,
        asked_keys: Cell<u32>,
    }

    impl Probe for Fake {
        type Then = ();
        type Error = &'static str;
        fn is_string(&self) -> bool {
            self.string
        }
        fn is_object(&self) -> bool {
            self.object
        }
        fn is_native_promise(&self) -> bool {
            self.promise
        }
        fn callable_then(&self) -> Result<Option<()>, &'static str> {
            self.asked_then.set(self.asked_then.get() + 1);
            self.then.unwrap_or(Ok(false)).map(|callable| callable.then_some(()))
        }
        fn has_result_keys(&self) -> Result<bool, &'static str> {
            self.asked_keys.set(self.asked_keys.get() + 1);
            self.keys.unwrap_or(Ok(false))
        }
    }

    #[test]
    fn strings_are_text_and_nothing_else_is_asked() {
        let v = Fake { string: true, ..Fake::default() };
        assert_eq!(classify(&v, false), Ok(Returned::Text));
        assert_eq!((v.asked_then.get(), v.asked_keys.get()), (0, 0));
    }

    #[test]
    fn primitives_go_to_json_without_probing() {
        let v = Fake::default();
        assert_eq!(classify(&v, false), Ok(Returned::Json));
        assert_eq!((v.asked_then.get(), v.asked_keys.get()), (0, 0));
    }

    #[test]
    fn thenables_are_awaited_before_anything_else() {
        let v = Fake { object: true, then: Some(Ok(true)), keys: Some(Ok(true)), ..Fake::default() };
        assert_eq!(classify(&v, false), Ok(Returned::Thenable(())));
        assert_eq!(v.asked_keys.get(), 0);
    }

    #[test]
    fn native_promises_are_awaited_without_reading_then() {
        let v = Fake { object: true, promise: true, then: Some(Err("then getter")), ..Fake::default() };
        assert_eq!(classify(&v, false), Ok(Returned::Promise));
        assert_eq!((v.asked_then.get(), v.asked_keys.get()), (0, 0));
    }

    #[test]
    fn awaited_values_never_read_then_again() {
        let v = Fake { object: true, then: Some(Ok(true)), keys: Some(Ok(true)), ..Fake::default() };
        assert_eq!(classify(&v, true), Ok(Returned::ToolResult));
        assert_eq!(v.asked_then.get(), 0);
    }

    #[test]
    fn objects_with_both_keys_pass_through_others_become_json() {
        let both = Fake { object: true, keys: Some(Ok(true)), ..Fake::default() };
        assert_eq!(classify(&both, false), Ok(Returned::ToolResult));
        let plain = Fake { object: true, keys: Some(Ok(false)), ..Fake::default() };
        assert_eq!(classify(&plain, false), Ok(Returned::Json));
        assert_eq!(plain.asked_then.get(), 1);
    }

    #[test]
    fn a_throwing_probe_is_an_error() {
        let then = Fake { object: true, then: Some(Err("then getter")), ..Fake::default() };
        assert_eq!(classify(&then, false), Err("then getter"));
        let keys = Fake { object: true, keys: Some(Err("has trap")), ..Fake::default() };
        assert_eq!(classify(&keys, false), Err("has trap"));
    }

    struct FakeThrown {
        object: bool,
        message: Option<&'static str>,
        text: Option<&'static str>,
    }

    impl Thrown for FakeThrown {
        type Text = &'static str;
        fn is_object(&self) -> bool {
            self.object
        }
        fn string_message(&self) -> Option<&'static str> {
            self.message
        }
        fn to_text(&self) -> Option<&'static str> {
            self.text
        }
    }

    #[test]
    fn the_message_property_wins_for_objects() {
        let e = FakeThrown { object: true, message: Some("boom"), text: Some("Error: boom") };
        assert_eq!(message_of(&e), Message::Message("boom"));
    }

    #[test]
    fn primitives_and_message_less_objects_are_converted() {
        let e = FakeThrown { object: false, message: Some("ignored"), text: Some("42") };
        assert_eq!(message_of(&e), Message::Converted("42"));
        let e = FakeThrown { object: true, message: None, text: Some("[object Object]") };
        assert_eq!(message_of(&e), Message::Converted("[object Object]"));
    }

    #[test]
    fn unconvertible_values_get_the_fixed_text() {
        let e = FakeThrown { object: true, message: None, text: None };
        assert_eq!(message_of(&e), Message::Unprintable);
        assert!(!UNPRINTABLE.is_empty());
    }
}
