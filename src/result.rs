//! How whatever a tool's function gives becomes a `ToolResult`: the result table, as a small
//! machine of questions and rows over numbers.
//!
//! The entry file tells the core the one free fact about a value (its [`Kind`]) and the core
//! answers with a [`Step`]: either a row to act on, or a question the entry answers by running
//! that one check in a `try` (the two `in` checks, `JSON.stringify`, reading `message`,
//! `String(e)`) and handing back an [`Answer`]. So the order of the checks, which
//! ones run at all, and what each outcome means are decided here, and no JavaScript runs inside
//! a WebAssembly call.
//!
//! | run gives                                   | result                                   |
//! |---------------------------------------------|------------------------------------------|
//! | a string `s`                                | `{ output: s, isError: false }`          |
//! | an object or a function (before awaiting)   | awaited exactly as `await` awaits it (a promise adopted, a thenable's `then` read once and called), then this table again |
//! | a non-null object with `output` and `isError` keys | the object itself                  |
//! | anything else `v`                           | `{ output: JSON.stringify(v) ?? "", isError: false }` |
//! | a throw, a rejection, a throwing check      | `{ output: message(e), isError: true }`  |
//!
//! `message(e)`: `e.message` when `e` is an object (or function) whose `message` reads as a
//! string; else `String(e)`; else [`UNPRINTABLE`].

/// The output when even `String(thrown)` throws.
pub const UNPRINTABLE: &str = "[a thrown value that cannot be converted to a string]";

/// The output when the engine's stack ran out while the result itself was being made (a call
/// made at the very stack limit): the one row the entry writes without asking anything.
pub const OVERFLOWED: &str = "[the call stack ran out while the tool's result was being made]";

/// What `typeof` tells of a value without running any of its code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u32)]
pub enum Kind {
    String = 0,
    /// A non-null object (arrays and Proxies included).
    Object = 1,
    Function = 2,
    /// `undefined`, `null`, a number, a boolean, a bigint or a symbol.
    Other = 3,
}

impl Kind {
    pub const ALL: [Kind; 4] = [Kind::String, Kind::Object, Kind::Function, Kind::Other];

    pub fn from_code(code: u32) -> Kind {
        Kind::ALL.get(code as usize).copied().unwrap_or(Kind::Other)
    }
}

/// How the entry answers a question.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u32)]
pub enum Answer {
    No = 0,
    Yes = 1,
    /// The check threw; the entry keeps what it threw.
    Threw = 2,
}

impl Answer {
    pub fn from_code(code: u32) -> Answer {
        match code {
            0 => Answer::No,
            1 => Answer::Yes,
            _ => Answer::Threw,
        }
    }
}

/// A question for the entry (below [`Step::Text`]) or a row to act on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u32)]
pub enum Step {
    /// `"output" in v && "isError" in v`?
    AskResultKeys = 1,
    /// `JSON.stringify(v)`: `Yes` for a string (kept), `No` for anything else.
    AskJson = 2,
    /// Of a thrown value: does reading `message` give a string (kept)? A throwing read is `No`.
    AskMessage = 3,
    /// Of a thrown value: `String(e)` (kept), or `Threw`.
    AskString = 4,

    /// `{ output: v, isError: false }`.
    Text = 16,
    /// `v` itself.
    Passthrough = 17,
    /// `await v` (a real `await`: no check of the entry's could match it for every Proxy),
    /// then start again with `awaited`.
    Await = 18,
    /// `{ output: <the JSON kept>, isError: false }`.
    Json = 20,
    /// `{ output: "", isError: false }`.
    Empty = 21,
    /// A check threw: the thrown value kept is what failed; start the message questions.
    Failed = 22,
    /// `{ output: <the message kept>, isError: true }`.
    ErrorMessage = 23,
    /// `{ output: <String(e) kept>, isError: true }`.
    ErrorString = 24,
    /// `{ output: UNPRINTABLE, isError: true }`.
    ErrorUnprintable = 25,
}

impl Step {
    pub const ALL: [Step; 13] = [
        Step::AskResultKeys,
        Step::AskJson,
        Step::AskMessage,
        Step::AskString,
        Step::Text,
        Step::Passthrough,
        Step::Await,
        Step::Json,
        Step::Empty,
        Step::Failed,
        Step::ErrorMessage,
        Step::ErrorString,
        Step::ErrorUnprintable,
    ];

    /// The name the entry file knows the step by.
    pub const fn name(self) -> &'static str {
        match self {
            Step::AskResultKeys => "askResultKeys",
            Step::AskJson => "askJson",
            Step::AskMessage => "askMessage",
            Step::AskString => "askString",
            Step::Text => "text",
            Step::Passthrough => "passthrough",
            Step::Await => "await",
            Step::Json => "json",
            Step::Empty => "empty",
            Step::Failed => "failed",
            Step::ErrorMessage => "errorMessage",
            Step::ErrorString => "errorString",
            Step::ErrorUnprintable => "errorUnprintable",
        }
    }

    pub fn from_code(code: u32) -> Option<Step> {
        Step::ALL.into_iter().find(|s| *s as u32 == code)
    }
}

/// The first step for a value `run` gave (`awaited`: a value a promise settled with, which has
/// no thenable left in it, so `then` is not read again).
pub fn first(kind: Kind, awaited: bool) -> Step {
    match (kind, awaited) {
        (Kind::String, _) => Step::Text,
        (Kind::Other, _) => Step::AskJson,
        // Any object or function may be a promise or a thenable: `await` tells, and reads `then`
        // at most once.
        (Kind::Object | Kind::Function, false) => Step::Await,
        (Kind::Object, true) => Step::AskResultKeys,
        // A function is never a `ToolResult`: it is not a non-null object.
        (Kind::Function, true) => Step::AskJson,
    }
}

/// The first step of `message(e)` for a thrown value.
pub fn first_of_thrown(kind: Kind) -> Step {
    match kind {
        Kind::Object | Kind::Function => Step::AskMessage,
        Kind::String | Kind::Other => Step::AskString,
    }
}

/// The step after `answer` to the question `asked`. A row given as `asked` (a caller mistake)
/// stays where it is.
pub fn next(asked: Step, answer: Answer) -> Step {
    use Answer::{Threw, Yes};
    match (asked, answer) {
        (_, Threw) if asked < Step::AskMessage => Step::Failed,
        (Step::AskResultKeys, Yes) => Step::Passthrough,
        (Step::AskResultKeys, _) => Step::AskJson,
        // `undefined`, a function or a symbol stringify to `undefined`: the output is "".
        (Step::AskJson, Yes) => Step::Json,
        (Step::AskJson, _) => Step::Empty,
        (Step::AskMessage, Yes) => Step::ErrorMessage,
        (Step::AskMessage, _) => Step::AskString,
        (Step::AskString, Yes) => Step::ErrorString,
        (Step::AskString, _) => Step::ErrorUnprintable,
        (row, _) => row,
    }
}

/// Whether a step is a row (the entry acts) rather than a question (the entry answers).
pub fn is_row(step: Step) -> bool {
    step >= Step::Text
}

impl PartialOrd for Step {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Step {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        (*self as u32).cmp(&(*other as u32))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs the machine over a scripted value: `answers` gives the answer to each question.
    fn walk(kind: Kind, awaited: bool, answers: impl Fn(Step) -> Answer) -> (Vec<Step>, Step) {
        let mut asked = Vec::new();
        let mut step = first(kind, awaited);
        while !is_row(step) {
            asked.push(step);
            step = next(step, answers(step));
        }
        (asked, step)
    }

    #[test]
    fn strings_are_text_and_nothing_is_asked() {
        assert_eq!(walk(Kind::String, false, |_| Answer::Yes), (vec![], Step::Text));
        assert_eq!(walk(Kind::String, true, |_| Answer::Yes), (vec![], Step::Text));
    }

    #[test]
    fn primitives_are_stringified_without_other_checks() {
        let (asked, row) = walk(Kind::Other, false, |_| Answer::Yes);
        assert_eq!((asked, row), (vec![Step::AskJson], Step::Json));
        // `undefined` (and a symbol) stringify to `undefined`: "".
        assert_eq!(walk(Kind::Other, false, |_| Answer::No).1, Step::Empty);
        // A BigInt throws in JSON.stringify: handled as a throw.
        assert_eq!(walk(Kind::Other, false, |_| Answer::Threw).1, Step::Failed);
    }

    #[test]
    fn objects_and_functions_are_awaited_before_anything_is_asked() {
        assert_eq!(walk(Kind::Object, false, |_| Answer::Threw), (vec![], Step::Await));
        assert_eq!(walk(Kind::Function, false, |_| Answer::Threw), (vec![], Step::Await));
    }

    #[test]
    fn settled_objects_with_both_keys_pass_through_others_become_json() {
        let answers = |keys| {
            move |q| match q {
                Step::AskResultKeys => keys,
                _ => Answer::Yes,
            }
        };
        let (asked, row) = walk(Kind::Object, true, answers(Answer::Yes));
        assert_eq!((asked, row), (vec![Step::AskResultKeys], Step::Passthrough));
        let (asked, row) = walk(Kind::Object, true, answers(Answer::No));
        assert_eq!((asked, row), (vec![Step::AskResultKeys, Step::AskJson], Step::Json));
    }

    #[test]
    fn a_function_is_never_a_tool_result() {
        let (asked, row) = walk(Kind::Function, true, |_| Answer::No);
        assert_eq!((asked, row), (vec![Step::AskJson], Step::Empty));
    }

    #[test]
    fn awaited_values_never_read_then_again() {
        let (asked, row) = walk(Kind::Object, true, |_| Answer::Yes);
        assert_eq!((asked, row), (vec![Step::AskResultKeys], Step::Passthrough));
    }

    #[test]
    fn a_throwing_check_fails_the_call() {
        assert_eq!(walk(Kind::Object, true, |_| Answer::Threw), (vec![Step::AskResultKeys], Step::Failed));
        let (_, row) =
            walk(Kind::Object, true, |q| if q == Step::AskJson { Answer::Threw } else { Answer::No });
        assert_eq!(row, Step::Failed);
    }

    #[test]
    fn messages_come_from_message_then_string_then_the_fixed_text() {
        let walk_thrown = |kind, answers: &dyn Fn(Step) -> Answer| {
            let mut step = first_of_thrown(kind);
            let mut asked = Vec::new();
            while !is_row(step) {
                asked.push(step);
                step = next(step, answers(step));
            }
            (asked, step)
        };
        assert_eq!(walk_thrown(Kind::Object, &|_| Answer::Yes), (vec![Step::AskMessage], Step::ErrorMessage));
        assert_eq!(
            walk_thrown(Kind::Object, &|q| if q == Step::AskMessage { Answer::No } else { Answer::Yes }),
            (vec![Step::AskMessage, Step::AskString], Step::ErrorString)
        );
        assert_eq!(walk_thrown(Kind::Function, &|_| Answer::Threw).1, Step::ErrorUnprintable);
        // Primitives: `String(e)`, never `message`.
        assert_eq!(walk_thrown(Kind::Other, &|_| Answer::Yes), (vec![Step::AskString], Step::ErrorString));
        assert_eq!(walk_thrown(Kind::String, &|_| Answer::Yes).0, vec![Step::AskString]);
        assert!(!UNPRINTABLE.is_empty());
    }

    #[test]
    fn codes_round_trip_and_rows_stay_put() {
        for step in Step::ALL {
            assert_eq!(Step::from_code(step as u32), Some(step));
            if is_row(step) {
                assert_eq!(next(step, Answer::Yes), step);
            }
        }
        assert_eq!(Step::from_code(0), None);
        assert_eq!(Step::from_code(99), None);
        for kind in Kind::ALL {
            assert_eq!(Kind::from_code(kind as u32), kind);
        }
        assert_eq!(Kind::from_code(77), Kind::Other);
        assert_eq!(Answer::from_code(9), Answer::Threw);
    }
}
