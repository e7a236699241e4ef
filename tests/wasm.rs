//! Boundary tests: the wasm exports as JavaScript sees them, run under Node with
//! `wasm-bindgen-test-runner` (see docs/contract.md for every rule checked here).
#![cfg(target_arch = "wasm32")]

use js_sys::{Array, Function, Object, Promise, Reflect, TypeError};
use toolnexus::execute::{execute_returned, execute_threw};
use toolnexus::result::UNPRINTABLE;
use toolnexus::rules::JsType;
use toolnexus::spec::{init_tool, read_failed};
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;
use wasm_bindgen_test::*;

// ---- Helpers ----

/// The `sanitize` export, with its result as a `JsValue`.
fn sanitize_export(value: &JsValue) -> Result<JsValue, JsValue> {
    toolnexus::sanitize(value).map(JsValue::from)
}

/// What the exported `sanitize` gives for a string.
fn sanitized(value: &JsValue) -> String {
    sanitize_export(value).expect("a string is accepted").as_string().expect("a string")
}

/// Evaluates a JavaScript expression.
fn js(expr: &str) -> JsValue {
    js_sys::eval(&format!("({expr})")).unwrap_or_else(|e| panic!("eval of {expr} threw {e:?}"))
}

/// Evaluates a JavaScript expression that gives a function.
fn func(expr: &str) -> Function {
    js(expr).dyn_into().expect("a function")
}

/// A `run` that returns `value` itself.
fn returning(value: &JsValue) -> Function {
    func("v => () => v").call1(&JsValue::UNDEFINED, value).unwrap().dyn_into().unwrap()
}

fn get(target: &JsValue, key: &str) -> JsValue {
    Reflect::get(target, &key.into()).unwrap()
}

fn get_string(target: &JsValue, key: &str) -> Option<String> {
    get(target, key).as_string()
}

/// `Object.keys(value)`.
fn keys(value: &JsValue) -> Vec<String> {
    Object::keys(value.unchecked_ref::<Object>()).iter().map(|k| k.as_string().unwrap()).collect()
}

/// `Object.is(a, b)`: the very same value.
fn same(a: &JsValue, b: &JsValue) -> bool {
    Object::is(a, b)
}

/// Installs a guard like the entry file's (`pkg-template/tool.js`); the first call wins.
fn install_guard() {
    let guard = js(r#"(() => {
        let thrown;
        const g = {
            get(t, k) { try { return t[k]; } catch (e) { thrown = e; return g; } },
            has(t, k) { try { return k in t; } catch (e) { thrown = e; return g; } },
            string(v) { try { return String(v); } catch (e) { thrown = e; return g; } },
            stringify(v) { try { return JSON.stringify(v); } catch (e) { thrown = e; return g; } },
            resolve(v) { try { return Promise.resolve(v); } catch (e) { thrown = e; return g; } },
            async settle(v, then, onValue, onError) {
                let s;
                try { s = await (then === undefined ? v : new Promise((ok, fail) => Reflect.apply(then, v, [ok, fail]))); }
                catch (e) { return onError(e); }
                return onValue(s);
            },
            result(output, isError) { return { output, isError }; },
            take() { const e = thrown; thrown = undefined; return e; },
        };
        return g;
    })()"#);
    toolnexus::guard::use_guard(guard.unchecked_into());
}

/// What a tool's `execute` does (`pkg-template/tool.js`): call the function, then hand what it
/// returned to `executeReturned`, or what it threw to `executeThrew`.
async fn execute(run: &Function, args: JsValue, ctx: &JsValue) -> JsValue {
    install_guard();
    let outcome = match run.call2(&JsValue::UNDEFINED, &args, ctx) {
        Ok(value) => execute_returned(value),
        Err(thrown) => execute_threw(thrown),
    };
    let Ok(promise) = outcome;
    assert!(promise.is_instance_of::<Promise>(), "execute returns a native Promise");
    JsFuture::from(promise).await.expect("execute never rejects")
}

/// Executes the `run` written as a JavaScript expression, with no args and no ctx.
async fn execute_js(run: &str) -> JsValue {
    execute(&func(run), JsValue::UNDEFINED, &JsValue::UNDEFINED).await
}

/// A result built by the crate: exactly `{ output, isError }`, with these values.
#[track_caller]
fn assert_result(result: &JsValue, output: &str, is_error: bool) {
    assert_eq!(keys(result), ["output", "isError"]);
    assert_eq!(get_string(result, "output").as_deref(), Some(output));
    assert_eq!(get(result, "isError").as_bool(), Some(is_error));
}

fn init(definition: &str, define: bool) -> (Object, Result<Function, JsValue>) {
    let tool = Object::new();
    let returned = init_like_entry(&tool, &js(definition), define);
    (tool, returned)
}

/// What the entry file (`tool.js`) does: read each field once, in order, then hand the values
/// to `initTool`; a read that throws goes to `readFailed` with the index of that read.
fn init_like_entry(tool: &Object, definition: &JsValue, define: bool) -> Result<Function, JsValue> {
    let names = ["name", "description", "inputSchema", "source", if define { "run" } else { "execute" }];
    let mut values = Vec::new();
    for (i, key) in names.iter().enumerate() {
        // `def?.name` on a primitive reads its prototype, which has none of these keys.
        let value = if !definition.is_object() && !definition.is_function() {
            Ok(JsValue::UNDEFINED)
        } else {
            Reflect::get(definition, &(*key).into())
        };
        match value {
            Ok(value) => values.push(value),
            Err(thrown) => return Err(read_failed(define, definition.clone(), i as u32, thrown)),
        }
    }
    let types = std::iter::once(definition)
        .chain(&values)
        .enumerate()
        .fold(0, |packed, (slot, value)| packed | type_code(value) << (4 * slot));
    let resolved = Object::new();
    init_tool(resolved.unchecked_ref(), define, types, &values[0], &values[3])?;
    let or_given = |key: &str, given: &JsValue| {
        let default = get(&resolved, key);
        if default.is_undefined() {
            given.clone()
        } else {
            default
        }
    };
    for (key, value) in [
        ("name", values[0].clone()),
        ("description", values[1].clone()),
        ("inputSchema", or_given("inputSchema", &values[2])),
        ("source", or_given("source", &values[3])),
    ] {
        Reflect::set(tool, &key.into(), &value)?;
    }
    Ok(values[4].clone().unchecked_into())
}

/// The type code the entry file sends for a value, worked out here from the core's code table.
fn type_code(value: &JsValue) -> u32 {
    let name = if value.is_null() {
        "null".to_string()
    } else if Array::is_array(value) {
        "array".to_string()
    } else {
        value.js_typeof().as_string().unwrap()
    };
    JsType::ALL.iter().position(|(_, n)| *n == name).unwrap() as u32
}

/// The definition is refused with a `TypeError` whose message contains every `parts`, and
/// every export keeps working afterwards.
#[track_caller]
fn assert_refused(definition: &str, define: bool, parts: &[&str]) {
    let (_, returned) = init(definition, define);
    let err = returned.expect_err(definition);
    let err = err.dyn_ref::<TypeError>().unwrap_or_else(|| panic!("{definition}: not a TypeError"));
    let message = String::from(err.message());
    for part in parts {
        assert!(message.contains(part), "{definition}: {message:?} lacks {part:?}");
    }
    assert_exports_work();
}

#[track_caller]
fn assert_exports_work() {
    let (tool, returned) = init("{ name: 'ok', description: '', run() {} }", true);
    assert!(returned.is_ok());
    assert_eq!(get_string(&tool, "name").as_deref(), Some("ok"));
    assert_eq!(sanitize_export(&"a b".into()).unwrap().as_string().as_deref(), Some("a_b"));
}

// ---- executeReturned: what the function gives ----

#[wasm_bindgen_test]
async fn a_string_becomes_the_output() {
    assert_result(&execute_js("() => 'hello'").await, "hello", false);
    assert_result(&execute_js("() => ''").await, "", false);
}

#[wasm_bindgen_test]
async fn an_object_is_json_stringified_with_to_json_honoured() {
    let result = execute_js("() => ({ a: 1, b: [true, null], c: undefined })").await;
    assert_result(&result, r#"{"a":1,"b":[true,null]}"#, false);
    assert_result(&execute_js("() => ({ toJSON() { return 'x' } })").await, r#""x""#, false);
    assert_result(&execute_js("() => 42").await, "42", false);
    assert_result(&execute_js("() => null").await, "null", false);
}

#[wasm_bindgen_test]
async fn a_tool_result_passes_through_as_the_same_object_with_metadata() {
    let given = js("{ output: 'done', isError: true, metadata: { ms: 3 } }");
    let result = execute(&returning(&given), JsValue::UNDEFINED, &JsValue::UNDEFINED).await;
    assert!(same(&result, &given));
    assert_eq!(keys(&result), ["output", "isError", "metadata"]);
    assert_eq!(get(&get(&result, "metadata"), "ms").as_f64(), Some(3.0));
}

#[wasm_bindgen_test]
async fn values_json_cannot_show_give_an_empty_output() {
    assert_result(&execute_js("() => undefined").await, "", false);
    assert_result(&execute_js("() => {}").await, "", false);
    assert_result(&execute_js("() => Symbol('s')").await, "", false);
    assert_result(&execute_js("() => () => 1").await, "", false);
}

#[wasm_bindgen_test]
async fn a_bigint_is_an_error_with_the_stringify_message() {
    let expected = js("(() => { try { JSON.stringify(10n) } catch (e) { return e.message } })()");
    assert_result(&execute_js("() => 10n").await, &expected.as_string().unwrap(), true);
}

#[wasm_bindgen_test]
async fn a_cycle_is_an_error_with_the_stringify_message() {
    let result = execute_js("() => { const a = {}; a.self = a; return a }").await;
    let output = get_string(&result, "output").unwrap();
    assert!(output.starts_with("Converting circular structure to JSON"), "{output}");
    assert_result(&result, &output, true);
}

#[wasm_bindgen_test]
async fn async_values_are_awaited_then_mapped() {
    assert_result(&execute_js("async () => 'later'").await, "later", false);
    assert_result(&execute_js("() => Promise.resolve([1, 2])").await, "[1,2]", false);
    let given = js("{ output: 'x', isError: false, metadata: {} }");
    let run = returning(&Promise::resolve(&given));
    assert!(same(&execute(&run, JsValue::UNDEFINED, &JsValue::UNDEFINED).await, &given));
}

#[wasm_bindgen_test]
async fn a_custom_thenable_is_awaited() {
    let result = execute_js("() => ({ then(resolve) { resolve('from thenable') } })").await;
    assert_result(&result, "from thenable", false);
    let nested = "() => ({ then(resolve) { resolve({ then(r) { r({ n: 1 }) } }) } })";
    assert_result(&execute_js(nested).await, r#"{"n":1}"#, false);
}

#[wasm_bindgen_test]
async fn a_custom_thenable_that_rejects_or_throws_is_an_error() {
    let rejects = "() => ({ then(_, reject) { reject(new Error('thenable said no')) } })";
    assert_result(&execute_js(rejects).await, "thenable said no", true);
    let throws = "() => ({ then() { throw new RangeError('then threw') } })";
    assert_result(&execute_js(throws).await, "then threw", true);
    let getter = "() => ({ get then() { throw new Error('getter threw') } })";
    assert_result(&execute_js(getter).await, "getter threw", true);
}

// ---- executeReturned and executeThrew: throws and rejections ----

#[wasm_bindgen_test]
async fn a_thrown_error_gives_its_message() {
    assert_result(&execute_js("() => { throw new Error('boom') }").await, "boom", true);
    assert_result(&execute_js("() => { throw new TypeError('bad') }").await, "bad", true);
    let plain = execute_js("() => { throw { message: 'plain object' } }").await;
    assert_result(&plain, "plain object", true);
}

#[wasm_bindgen_test]
async fn a_thrown_non_error_gives_string_of_it() {
    let primitives = [("'plain'", "plain"), ("42", "42"), ("null", "null"), ("undefined", "undefined")];
    let others = [("{ message: 5 }", "[object Object]"), ("Symbol('s')", "Symbol(s)")];
    for (thrown, output) in primitives.into_iter().chain(others) {
        let result = execute_js(&format!("() => {{ throw {thrown} }}")).await;
        assert_result(&result, output, true);
    }
}

#[wasm_bindgen_test]
async fn an_unprintable_throw_gives_the_fixed_text() {
    assert!(!UNPRINTABLE.is_empty());
    assert_result(&execute_js("() => { throw Object.create(null) }").await, UNPRINTABLE, true);
    let proxy = "() => { throw new Proxy({}, { get() { throw new Error('trap') } }) }";
    assert_result(&execute_js(proxy).await, UNPRINTABLE, true);
}

#[wasm_bindgen_test]
async fn a_rejection_is_an_error_result() {
    let rejected = "() => Promise.reject(new Error('nope'))";
    assert_result(&execute_js(rejected).await, "nope", true);
    assert_result(&execute_js("async () => { throw 'async plain' }").await, "async plain", true);
    let unprintable = "() => Promise.reject(Object.create(null))";
    assert_result(&execute_js(unprintable).await, UNPRINTABLE, true);
}

// ---- initTool ----

#[wasm_bindgen_test]
fn fields_are_written_as_own_enumerable_properties_in_order() {
    let definition = "{ source: 'mcp', run() {}, inputSchema: { type: 'object', b: 1, a: 2 }, \
                      description: 'd', name: 'greet' }";
    let definition = js(definition);
    let tool = Object::new();
    let returned = init_like_entry(&tool, &definition, true).unwrap();
    assert!(same(&returned, &get(&definition, "run")));
    assert_eq!(keys(&tool), ["name", "description", "inputSchema", "source"]);
    assert_eq!(get_string(&tool, "name").as_deref(), Some("greet"));
    assert_eq!(get_string(&tool, "description").as_deref(), Some("d"));
    assert_eq!(get_string(&tool, "source").as_deref(), Some("mcp"));
    let schema = get(&tool, "inputSchema");
    assert!(same(&schema, &get(&definition, "inputSchema")), "the schema is kept as given");
    assert_eq!(keys(&schema), ["type", "b", "a"]);
    for key in ["name", "description", "inputSchema", "source"] {
        let d = Object::get_own_property_descriptor(&tool, &key.into());
        assert_eq!(get(&d, "writable").as_bool(), Some(true), "{key}");
        assert!(get(&d, "get").is_undefined(), "{key} is a data property");
    }
}

#[wasm_bindgen_test]
fn the_default_schema_is_fresh_for_each_tool() {
    let (first, _) = init("{ name: 't', description: '', run() {} }", true);
    let (second, _) = init("{ name: 't', description: '', execute() {} }", false);
    let (a, b) = (get(&first, "inputSchema"), get(&second, "inputSchema"));
    let expected = r#"{"type":"object","properties":{},"additionalProperties":false}"#;
    for schema in [&a, &b] {
        assert_eq!(js_sys::JSON::stringify(schema).unwrap().as_string().as_deref(), Some(expected));
    }
    assert!(!same(&a, &b));
    assert!(!same(&get(&a, "properties"), &get(&b, "properties")));
}

#[wasm_bindgen_test]
fn the_default_source_is_native_for_define_tool_and_custom_for_new_tool() {
    let (tool, returned) = init("{ name: 't', description: '', run() {} }", true);
    assert!(returned.is_ok());
    assert_eq!(get_string(&tool, "source").as_deref(), Some("native"));
    let (tool, returned) = init("{ name: 't', description: '', source: null, execute() {} }", false);
    assert!(returned.is_ok());
    assert_eq!(get_string(&tool, "source").as_deref(), Some("custom"));
}

#[wasm_bindgen_test]
fn a_non_object_definition_is_a_type_error_naming_it() {
    assert_refused("null", true, &["`opts`"]);
    assert_refused("undefined", true, &["`opts`"]);
    assert_refused("'greet'", true, &["`opts`"]);
    assert_refused("42", false, &["`spec`"]);
}

#[wasm_bindgen_test]
fn a_bad_name_is_a_type_error_naming_it() {
    assert_refused("{ description: '', run() {} }", true, &["`name`"]);
    assert_refused("{ name: 5, description: '', run() {} }", true, &["`name`"]);
    assert_refused("{ name: Symbol('n'), description: '', run() {} }", true, &["`name`"]);
    assert_refused("{ name: '', description: '', run() {} }", true, &["`name`"]);
    let spaced = "{ name: 'get user', description: '', run() {} }";
    assert_refused(spaced, true, &["`name`", "sanitize()", "\"get_user\""]);
    let emoji = "{ name: 'a😀', description: '', execute() {} }";
    assert_refused(emoji, false, &["`name`", "sanitize()", "\"a__\""]);
}

#[wasm_bindgen_test]
fn a_bad_description_is_a_type_error_naming_it() {
    assert_refused("{ name: 't', run() {} }", true, &["`description`"]);
    assert_refused("{ name: 't', description: 1, run() {} }", true, &["`description`"]);
}

#[wasm_bindgen_test]
fn a_bad_input_schema_is_a_type_error_naming_it() {
    for schema in ["null", "[]", "'object'", "true"] {
        let definition = format!("{{ name: 't', description: '', run() {{}}, inputSchema: {schema} }}");
        assert_refused(&definition, true, &["`inputSchema`"]);
    }
}

#[wasm_bindgen_test]
fn a_bad_source_is_a_type_error_naming_it() {
    let local = "{ name: 't', description: '', source: 'local', run() {} }";
    assert_refused(local, true, &["`source`", "\"local\""]);
    let upper = "{ name: 't', description: '', source: 'MCP', execute() {} }";
    assert_refused(upper, false, &["`source`"]);
    assert_refused("{ name: 't', description: '', source: 7, run() {} }", true, &["`source`"]);
}

#[wasm_bindgen_test]
fn a_missing_function_is_a_type_error_naming_run_or_execute() {
    assert_refused("{ name: 't', description: '' }", true, &["`run`"]);
    assert_refused("{ name: 't', description: '', run: 'x' }", true, &["`run`"]);
    assert_refused("{ name: 't', description: '', run() {} }", false, &["`execute`"]);
    assert_refused("{ name: 't', description: '', execute: {} }", false, &["`execute`"]);
}

#[wasm_bindgen_test]
fn a_throwing_getter_is_a_type_error_naming_the_field() {
    let getter = "{ name: 't', get description() { throw new Error('boom') }, run() {} }";
    assert_refused(getter, true, &["`description`", "boom"]);
    let unprintable = "{ name: 't', description: '', get run() { throw Object.create(null) } }";
    assert_refused(unprintable, true, &["`run`", UNPRINTABLE]);
    let proxy = "new Proxy({}, { get() { throw 'trap' } })";
    assert_refused(proxy, false, &["`name`", "trap"]);
}

#[wasm_bindgen_test]
async fn execute_still_works_after_type_errors() {
    assert_refused("null", true, &["`opts`"]);
    let getter = "{ name: 't', get description() { throw 1 }, run() {} }";
    assert_refused(getter, true, &["`description`"]);
    assert!(sanitize_export(&JsValue::NULL).is_err());
    assert_result(&execute_js("() => 'still fine'").await, "still fine", false);
}

// ---- sanitize ----

#[wasm_bindgen_test]
fn sanitize_refuses_a_non_string_with_a_type_error() {
    let primitives = [JsValue::UNDEFINED, JsValue::NULL, JsValue::from(1), js("Symbol('a')")];
    let string_likes = [js("new String('a')"), js("['a']"), js("{ toString() { return 'a' } }")];
    for value in primitives.into_iter().chain(string_likes) {
        let err = sanitize_export(&value).expect_err("a non-string is refused");
        assert!(err.has_type::<TypeError>(), "{value:?}");
        assert_exports_work();
    }
}

#[wasm_bindgen_test]
fn sanitize_replaces_each_utf16_unit_outside_the_alphabet() {
    assert_eq!(sanitized(&"get user".into()), "get_user");
    assert_eq!(sanitized(&"ok_1-A".into()), "ok_1-A");
    assert_eq!(sanitized(&"".into()), "");
    assert_eq!(sanitized(&"😀".into()), "__");
    assert_eq!(sanitized(&"héllo.wörld".into()), "h_llo_w_rld");
}

#[wasm_bindgen_test]
fn sanitize_turns_a_lone_surrogate_into_one_underscore() {
    assert_eq!(sanitized(&js("String.fromCharCode(0xD800)")), "_");
    assert_eq!(sanitized(&js("'a' + String.fromCharCode(0xDC00) + 'b'")), "a_b");
    assert_eq!(sanitized(&js("String.fromCharCode(0xDBFF, 0xDBFF)")), "__");
}

#[wasm_bindgen_test]
fn sanitize_matches_the_regex_reference_on_megabytes() {
    let text = js("'ab c😀\\u00e9'.repeat(200000) + String.fromCharCode(0xD800)");
    let reference = Function::new_with_args("s", "return s.replace(/[^a-zA-Z0-9_-]/g, '_')");
    let expected = reference.call1(&JsValue::UNDEFINED, &text).unwrap().as_string().unwrap();
    assert_eq!(sanitized(&text), expected);
}
