//! What `execute` of a `define_tool` tool returns, in Python terms.
//!
//! | the function gives                     | `execute` returns                          |
//! |----------------------------------------|--------------------------------------------|
//! | a `str` `s`                            | `ToolResult(s, False)`                     |
//! | a `ToolResult`                         | that object                                |
//! | an awaitable (a sync function's coroutine) | awaited, then this table again         |
//! | anything else `v`                      | `ToolResult(json.dumps(v), False)`         |
//! | an exception `e` (or `json.dumps` fails) | `ToolResult(str(e), True)`               |
//! | a `BaseException` that means stop      | raised                                     |

/// The output when even `str(e)` fails.
pub const UNPRINTABLE: &str = "[an exception that cannot be converted to a string]";

/// The questions the table asks of a value, in the order it asks them.
pub trait Probe {
    fn is_str(&self) -> bool;
    fn is_tool_result(&self) -> bool;
    fn is_awaitable(&self) -> bool;
}

/// Which row of the table a value falls in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Row {
    Text,
    ToolResult,
    Awaitable,
    Json,
}

/// Classifies a value the function gave.
pub fn row<P: Probe>(value: &P) -> Row {
    if value.is_str() {
        Row::Text
    } else if value.is_tool_result() {
        Row::ToolResult
    } else if value.is_awaitable() {
        Row::Awaitable
    } else {
        Row::Json
    }
}

/// The questions asked of a raised exception.
pub trait Raised {
    /// `KeyboardInterrupt`, `SystemExit`, `GeneratorExit`, `asyncio.CancelledError`, or a
    /// group holding one of them.
    fn means_stop(&self) -> bool;
}

/// The output of a failure: `str(e)` when it worked, else the fixed text `unprintable` gives
/// ([`UNPRINTABLE`]). `None` when the exception means stop and must propagate; `str(e)` is
/// then never asked.
pub fn failure_text<R: Raised, T>(
    raised: &R,
    text: impl FnOnce() -> Option<T>,
    unprintable: impl FnOnce() -> T,
) -> Option<T> {
    if raised.means_stop() {
        None
    } else {
        Some(text().unwrap_or_else(unprintable))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct V {
        s: bool,
        r: bool,
        a: bool,
    }
    impl Probe for V {
        fn is_str(&self) -> bool {
            self.s
        }
        fn is_tool_result(&self) -> bool {
            self.r
        }
        fn is_awaitable(&self) -> bool {
            self.a
        }
    }

    #[test]
    fn rows_are_asked_in_order() {
        assert_eq!(row(&V { s: true, r: true, a: true }), Row::Text);
        assert_eq!(row(&V { s: false, r: true, a: true }), Row::ToolResult);
        assert_eq!(row(&V { s: false, r: false, a: true }), Row::Awaitable);
        assert_eq!(row(&V { s: false, r: false, a: false }), Row::Json);
    }

    struct E(bool);
    impl Raised for E {
        fn means_stop(&self) -> bool {
            self.0
        }
    }

    #[test]
    fn failures_show_str_or_a_fixed_text_and_stops_propagate() {
        let fixed = || UNPRINTABLE.to_string();
        assert_eq!(failure_text(&E(false), || Some("boom".to_string()), fixed).as_deref(), Some("boom"));
        assert_eq!(failure_text(&E(false), || Some(String::new()), fixed).as_deref(), Some(""));
        assert_eq!(failure_text(&E(false), || None, fixed).as_deref(), Some(UNPRINTABLE));
        let asked = std::cell::Cell::new(false);
        let text = || {
            asked.set(true);
            Some("stop".to_string())
        };
        assert_eq!(failure_text(&E(true), text, fixed), None);
        assert!(!asked.get(), "str(e) of a stop is never asked");
    }
}
