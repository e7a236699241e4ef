"""Every line of CONTRACT.md's "Python package" section, one test (or a few) each."""

import asyncio
import dataclasses
import json
import re
import sys
import threading
from typing import Any, Dict, List, Literal, Optional, Union

import pytest

import toolnexus
from toolnexus import JSONSchema, Tool, ToolContext, ToolResult, ToolSource, _core, define_tool, sanitize, tool

from conftest import run

SOURCES = ["mcp", "skill", "builtin", "native", "http", "a2a", "custom"]


async def _ok(args: Any, ctx: Any = None) -> ToolResult:
    return ToolResult(output="ok", is_error=False)


def make(**fields: Any) -> Tool:
    spec: Dict[str, Any] = dict(name="t", description="d", input_schema={"type": "object"}, source="custom", execute=_ok)
    spec.update(fields)
    return Tool(**spec)


# -- `import toolnexus` gives the names of the Python toolnexus, through the Rust core --------


def test_the_exports() -> None:
    for name in ["Tool", "ToolResult", "ToolContext", "ToolSource", "JSONSchema", "sanitize", "define_tool", "tool"]:
        assert hasattr(toolnexus, name), name
        assert name in toolnexus.__all__


def test_the_core_is_the_compiled_abi3_extension() -> None:
    assert _core.__file__ is not None and re.search(r"\.abi3\.(so|pyd)$|\.pyd$", _core.__file__), _core.__file__
    assert sanitize is _core.sanitize


def test_tool_source_and_json_schema_are_the_seed_types() -> None:
    assert list(ToolSource.__args__) == SOURCES  # type: ignore[attr-defined]
    assert JSONSchema == Dict[str, Any]


# -- Tool and ToolResult are dataclasses with the seed's fields ------------------------------


def test_tool_result_is_a_dataclass_output_is_error_metadata_none() -> None:
    assert dataclasses.is_dataclass(ToolResult)
    assert [f.name for f in dataclasses.fields(ToolResult)] == ["output", "is_error", "metadata"]
    r = ToolResult("x", True)
    assert (r.output, r.is_error, r.metadata) == ("x", True, None)
    assert ToolResult(output="y", is_error=False, metadata={"a": 1}).metadata == {"a": 1}
    assert ToolResult("x", False) == ToolResult("x", False)


def test_tool_is_a_dataclass_with_the_seed_fields_in_order() -> None:
    assert dataclasses.is_dataclass(Tool)
    assert [f.name for f in dataclasses.fields(Tool)] == ["name", "description", "input_schema", "source", "execute"]
    t = Tool("echo", "Echo", {"type": "object"}, "custom", _ok)
    assert (t.name, t.description, t.source) == ("echo", "Echo", "custom")


def test_tool_context_defaults() -> None:
    assert dataclasses.is_dataclass(ToolContext)
    c = ToolContext()
    assert c.signal is None and c.timeout is None
    event = threading.Event()
    c = ToolContext(signal=event, timeout=2.5)
    assert c.signal is event and c.timeout == 2.5


# -- Tool checks its fields, in Python's idiom -------------------------------------------------


@pytest.mark.parametrize(
    "field, value, expected",
    [
        ("name", 42, "Tool: name must be str, not int"),
        ("name", None, "Tool: name must be str, not NoneType"),
        ("name", b"echo", "Tool: name must be str, not bytes"),
        ("description", None, "Tool: description must be str, not NoneType"),
        ("input_schema", [], "Tool: input_schema must be dict (a JSON Schema object), not list"),
        ("input_schema", None, "Tool: input_schema must be dict (a JSON Schema object), not NoneType"),
        ("source", 1, "Tool: source must be str, not int"),
        ("execute", 3, "Tool: execute must be a coroutine function (async def), not int"),
    ],
)
def test_a_wrong_type_is_a_type_error_naming_the_field(field: str, value: Any, expected: str) -> None:
    with pytest.raises(TypeError) as info:
        make(**{field: value})
    assert str(info.value) == expected


@pytest.mark.parametrize("name, shown", [("get user", "' ' at index 3"), ("a.b", "'.' at index 1"), ("é", "'é' at index 0"),
                                         ("ok😀", "'😀' at index 2"), ("x\ud800", "'\\ud800' at index 1"), ("a\n", "'\\n' at index 1")])
def test_a_bad_name_is_a_value_error_pointing_at_sanitize(name: str, shown: str) -> None:
    with pytest.raises(ValueError) as info:
        make(name=name)
    message = str(info.value)
    assert message.startswith(f"Tool: name {name!r} has {shown};"), message
    assert "sanitize" in message and "[a-zA-Z0-9_-]" in message
    make(name=sanitize(name))  # and sanitize's answer is accepted


def test_an_empty_name_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="name must not be empty.*sanitize"):
        make(name="")


def test_a_megabyte_name_gives_a_short_message() -> None:
    with pytest.raises(ValueError) as info:
        make(name="x" * 1_000_000 + " ")
    assert len(str(info.value)) < 400


@pytest.mark.parametrize("source", ["", "MCP", "local", " native", "native\0", "\ud800", "x" * 10_000])
def test_an_unknown_source_is_a_value_error_listing_them(source: str) -> None:
    with pytest.raises(ValueError) as info:
        make(source=source)
    assert str(info.value).endswith("is not one of 'mcp', 'skill', 'builtin', 'native', 'http', 'a2a', 'custom'")
    assert len(str(info.value)) < 400


@pytest.mark.parametrize("source", SOURCES)
def test_every_source_is_accepted(source: str) -> None:
    assert make(source=source).source == source


@pytest.mark.parametrize("schema", [{}, {"type": "string"}, {"type": ["object"]}, {"type": None}, {"properties": {}}])
def test_an_input_schema_whose_type_is_not_object_is_a_value_error(schema: Dict[str, Any]) -> None:
    with pytest.raises(ValueError, match=r"input_schema\['type'\] must be 'object'"):
        make(input_schema=schema)


def test_a_dict_subclass_schema_is_read_without_its_getitem() -> None:
    class Sneaky(dict):  # type: ignore[type-arg]
        def __getitem__(self, key: Any) -> Any:
            raise AssertionError("read through __getitem__")

    schema = Sneaky(type="object")
    assert make(input_schema=schema).input_schema is schema


def test_a_synchronous_execute_is_a_type_error_that_says_what_to_do() -> None:
    def sync(args: Any, ctx: Any = None) -> ToolResult:
        return ToolResult("x", False)

    with pytest.raises(TypeError) as info:
        make(execute=sync)
    assert "coroutine function (async def)" in str(info.value) and "define_tool" in str(info.value)
    with pytest.raises(TypeError):
        make(execute=lambda args, ctx=None: _ok(args))


def test_an_object_with_an_async_call_is_a_coroutine_function() -> None:
    class Runner:
        async def __call__(self, args: Any, ctx: Any = None) -> ToolResult:
            return ToolResult("called", False)

    t = make(execute=Runner())
    assert run(t.execute({})).output == "called"


def test_execute_stays_the_given_function_and_a_raise_escapes() -> None:
    async def boom(args: Any, ctx: Any = None) -> ToolResult:
        raise RuntimeError("escapes")

    t = make(execute=boom)
    assert t.execute is boom
    with pytest.raises(RuntimeError, match="escapes"):
        run(t.execute({}))


def test_schema_is_kept_as_given() -> None:
    schema = {"type": "object", "z": 1, "a": 2}
    t = make(input_schema=schema)
    assert t.input_schema is schema and list(t.input_schema) == ["type", "z", "a"]


# -- sanitize ----------------------------------------------------------------------------------


@pytest.mark.parametrize("value, expected", [("get user", "get_user"), ("list orders", "list_orders"), ("", ""),
                                             ("😀", "_"), ("a😀b", "a_b"), ("\ud800", "_"), ("\udfff\ud800", "__"),
                                             ("ok_1-2", "ok_1-2"), ("Grüße", "Gr__e"), ("\0", "_")])
def test_sanitize_examples(value: str, expected: str) -> None:
    assert sanitize(value) == expected == re.sub(r"[^a-zA-Z0-9_-]", "_", value)


@pytest.mark.parametrize("value", [None, 1, b"get user", ["a"], object()])
def test_sanitize_refuses_what_is_not_str(value: Any) -> None:
    with pytest.raises(TypeError, match=r"sanitize\(\) argument must be str, not"):
        sanitize(value)


def test_sanitize_takes_str_subclasses_and_megabytes() -> None:
    class Name(str):
        pass

    assert sanitize(Name("a b")) == "a_b"
    text = "ab c😀\ud800" * 200_000
    assert sanitize(text) == re.sub(r"[^a-zA-Z0-9_-]", "_", text)


# -- define_tool and tool ----------------------------------------------------------------------


def test_define_tool_direct_with_defaults() -> None:
    def get_weather(city: str) -> str:
        """Current weather for a city.

        Longer text that is not the description.
        """
        return f"sunny in {city}"

    t = define_tool(get_weather)
    assert isinstance(t, Tool)
    assert (t.name, t.description, t.source) == ("get_weather", "Current weather for a city.", "native")
    assert t.input_schema == {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"],
                              "additionalProperties": False}
    assert run(t.execute({"city": "Oslo"})) == ToolResult("sunny in Oslo", False)


def test_define_tool_as_a_decorator_and_with_options() -> None:
    @define_tool
    async def plain() -> str:
        return "p"

    @define_tool(name="renamed", description="D", input_schema={"type": "object", "x": 1}, source="http")
    async def other() -> str:
        return "o"

    assert isinstance(plain, Tool) and plain.name == "plain" and plain.description == ""
    assert plain.input_schema == {"type": "object", "properties": {}, "additionalProperties": False}
    assert (other.name, other.description, other.input_schema, other.source) == ("renamed", "D", {"type": "object", "x": 1}, "http")
    assert run(other.execute()).output == "o"


def test_tool_is_the_same_as_a_decorator() -> None:
    @tool
    def a(x: int) -> int:
        return x * 2

    @tool(name="b_tool", source="skill")
    async def b(x: int) -> int:
        return x * 3

    assert (a.name, a.source, run(a.execute({"x": 2})).output) == ("a", "native", "4")
    assert (b.name, b.source, run(b.execute({"x": 2})).output) == ("b_tool", "skill", "6")


def test_the_given_input_schema_is_the_same_object() -> None:
    schema: JSONSchema = {"type": "object", "properties": {"q": {"type": "string"}}}
    assert define_tool(lambda q: q, name="q", input_schema=schema).input_schema is schema


def test_the_empty_schema_is_fresh_for_every_tool() -> None:
    a, b = define_tool(lambda: 1, name="a"), define_tool(lambda: 1, name="b")
    assert a.input_schema == b.input_schema == {"type": "object", "properties": {}, "additionalProperties": False}
    assert a.input_schema is not b.input_schema


def test_the_inferred_schema() -> None:
    class Color:
        pass

    def f(s: str, i: int, n: float, b: bool, xs: List[int], ys: list, d: dict, e: Literal["a", "b"],  # type: ignore[type-arg]
          o: Optional[str], u: Union[int, str], dflt: int = 3, anything=None, ctx: Any = None,  # type: ignore[no-untyped-def]
          *rest: Any, **more: Any) -> None:
        pass

    schema = define_tool(f).input_schema
    assert schema == {
        "type": "object",
        "properties": {
            "s": {"type": "string"}, "i": {"type": "integer"}, "n": {"type": "number"}, "b": {"type": "boolean"},
            "xs": {"type": "array", "items": {"type": "integer"}}, "ys": {"type": "array"}, "d": {"type": "object"},
            "e": {"enum": ["a", "b"], "type": "string"}, "o": {"type": "string"},
            "u": {"anyOf": [{"type": "integer"}, {"type": "string"}]}, "dflt": {"type": "integer"}, "anything": {},
        },
        "required": ["s", "i", "n", "b", "xs", "ys", "d", "e", "u"],
    }  # **more: no additionalProperties: False; ctx left out


def test_builtin_generic_aliases_are_inferred() -> None:
    def f(xs: "list[str]", m: "dict[str, int]") -> None:
        pass

    assert define_tool(f).input_schema["properties"] == {"xs": {"type": "array", "items": {"type": "string"}},
                                                         "m": {"type": "object"}}


def test_define_tool_checks_with_its_own_wording() -> None:
    with pytest.raises(TypeError, match="define_tool: fn must be callable, not int"):
        define_tool(3)  # type: ignore[call-overload]
    with pytest.raises(ValueError, match="define_tool: name '<lambda>' has '<' at index 0"):
        define_tool(lambda: 1)
    with pytest.raises(ValueError, match="define_tool: source 'remote' is not one of"):
        define_tool(lambda: 1, name="x", source="remote")  # type: ignore[call-overload]
    with pytest.raises(TypeError, match="define_tool: description must be str, not int"):
        define_tool(lambda: 1, name="x", description=5)  # type: ignore[call-overload]
    with pytest.raises(ValueError, match=r"define_tool: input_schema\['type'\] must be 'object', not 'array'"):
        define_tool(lambda: 1, name="x", input_schema={"type": "array"})


def test_the_function_is_called_with_keyword_args_and_ctx_when_it_declares_it() -> None:
    seen: Dict[str, Any] = {}

    def with_ctx(a: int, ctx: Any = None) -> str:
        seen["ctx"] = ctx
        return str(a)

    async def without(a: int, b: int = 1) -> int:
        return a + b

    ctx = ToolContext(timeout=1.0)
    assert run(define_tool(with_ctx).execute({"a": 5}, ctx)).output == "5"
    assert seen["ctx"] is ctx
    assert run(define_tool(without).execute({"a": 5}, ctx)).output == "6"


def test_args_none_reaches_the_function_as_no_arguments() -> None:
    t = define_tool(lambda **kw: kw, name="kw")
    assert run(t.execute()).output == "{}"
    assert run(t.execute(None)).output == "{}"
    assert run(t.execute({"x": 1})).output == '{"x": 1}'


def test_args_are_not_validated_against_the_schema() -> None:
    t = define_tool(lambda n: n, name="n", input_schema={"type": "object", "properties": {"n": {"type": "integer"}}})
    assert run(t.execute({"n": "not a number"})).output == "not a number"


def test_sync_functions_run_in_a_thread_async_ones_in_the_loop() -> None:
    def sync() -> int:
        return threading.get_ident()

    async def asynchronous() -> int:
        return threading.get_ident()

    async def main() -> None:
        me = threading.get_ident()
        assert int((await define_tool(sync).execute()).output) != me
        assert int((await define_tool(asynchronous).execute()).output) == me

    asyncio.run(main())


def test_the_result_table() -> None:
    passthrough = ToolResult("kept", True, metadata={"m": [1]})

    class Text(str):
        pass

    cases: List[Any] = [
        ("hello", ToolResult("hello", False)),
        (Text("sub"), ToolResult("sub", False)),
        ({"a": [1, 2.5, None, True]}, ToolResult(json.dumps({"a": [1, 2.5, None, True]}), False)),
        ([1, "x"], ToolResult('[1, "x"]', False)),
        (42, ToolResult("42", False)),
        (None, ToolResult("null", False)),
        (False, ToolResult("false", False)),
        ({"output": "o", "is_error": False}, ToolResult('{"output": "o", "is_error": false}', False)),
    ]
    for value, expected in cases:
        for fn in (lambda v=value: v, _async_returning(value)):
            assert run(define_tool(fn, name="t").execute()) == expected, value
    for fn in (lambda: passthrough, _async_returning(passthrough)):
        assert run(define_tool(fn, name="t").execute()) is passthrough


def _async_returning(value: Any) -> Any:
    async def give() -> Any:
        return value

    return give


def test_an_exception_is_is_error_with_str_of_it() -> None:
    def fail() -> None:
        raise ValueError("bad input")

    async def afail() -> None:
        raise KeyError("k")

    assert run(define_tool(fail).execute()) == ToolResult("bad input", True)
    assert run(define_tool(afail).execute()) == ToolResult("'k'", True)
    assert run(define_tool(lambda: 1 / 0, name="z").execute()) == ToolResult("division by zero", True)


def test_a_sync_stop_iteration_is_a_failure_not_a_hang() -> None:
    # asyncio cannot set a StopIteration on a future: crossing the thread as an exception, it
    # would leave the await pending for ever.
    def stop() -> None:
        raise StopIteration("done")

    assert run(asyncio.wait_for(define_tool(stop).execute(), 5)) == ToolResult("done", True)


def test_what_json_dumps_refuses_is_a_failure() -> None:
    r = run(define_tool(lambda: {1, 2}, name="s").execute())
    assert r.is_error and r.output == "Object of type set is not JSON serializable"
    loop: List[Any] = []
    loop.append(loop)
    r = run(define_tool(lambda: loop, name="c").execute())
    assert r == ToolResult("Circular reference detected", True)


def test_an_exception_whose_str_fails_gives_a_fixed_text() -> None:
    class Unprintable(Exception):
        def __str__(self) -> str:
            raise RuntimeError("no")

    def fail() -> None:
        raise Unprintable()

    assert run(define_tool(fail).execute()) == ToolResult(_core.UNPRINTABLE, True)
    assert _core.UNPRINTABLE


def test_a_sync_function_returning_a_coroutine_is_awaited() -> None:
    async def inner() -> str:
        return "awaited"

    assert run(define_tool(lambda: inner(), name="c").execute()).output == "awaited"


@pytest.mark.parametrize("stop", [KeyboardInterrupt, SystemExit, asyncio.CancelledError, GeneratorExit])
def test_stop_meaning_base_exceptions_propagate(stop: type) -> None:
    def sync() -> None:
        raise stop()

    async def asynchronous() -> None:
        raise stop()

    for fn in (sync, asynchronous):
        with pytest.raises(stop):
            run(define_tool(fn).execute())


def test_other_base_exceptions_do_not_escape() -> None:
    class Odd(BaseException):
        pass

    async def odd() -> None:
        raise Odd("odd")

    assert run(define_tool(odd).execute()) == ToolResult("odd", True)


def test_cancelling_the_caller_cancels_the_execute() -> None:
    async def slow() -> str:
        await asyncio.sleep(10)
        return "late"

    async def main() -> None:
        task = asyncio.ensure_future(define_tool(slow).execute())
        await asyncio.sleep(0.01)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task

    asyncio.run(main())


def test_ctx_signal_and_timeout_are_not_acted_on() -> None:
    async def slow(ctx: Any = None) -> str:
        await asyncio.sleep(0.05)
        return "finished"

    cancelled = threading.Event()
    cancelled.set()
    assert run(define_tool(slow).execute({}, ToolContext(signal=cancelled, timeout=0.001))).output == "finished"


@pytest.mark.skipif(sys.version_info < (3, 11), reason="exception groups exist from Python 3.11")
def test_a_group_holding_a_stop_propagates_and_other_groups_are_failures() -> None:
    import builtins

    group = getattr(builtins, "BaseExceptionGroup")
    exceptions = getattr(builtins, "ExceptionGroup")

    async def stops() -> None:
        raise group("g", [ValueError("v"), group("inner", [KeyboardInterrupt()])])

    async def fails() -> None:
        raise exceptions("two problems", [ValueError("v"), TypeError("t")])

    with pytest.raises(group):
        run(define_tool(stops).execute())
    r = run(define_tool(fails).execute())
    assert r.is_error and r.output.startswith("two problems")
