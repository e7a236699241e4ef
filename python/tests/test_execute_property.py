"""define_tool(...).execute never raises, whatever the function returns or raises."""

import asyncio
import json
import math
from typing import Any, Callable, List, Tuple

from hypothesis import given, settings
from hypothesis import strategies as st

from toolnexus import ToolContext, ToolResult, _core, define_tool


class Weird:
    """An object json.dumps refuses."""


class BadStr(Exception):
    def __str__(self) -> str:
        raise RuntimeError("str fails")


class NotStr(Exception):
    def __str__(self) -> Any:
        return 42


class Odd(BaseException):
    """A BaseException that does not mean stop."""


class Awaitable:
    def __init__(self, value: Any) -> None:
        self.value = value

    def __await__(self) -> Any:
        if False:  # pragma: no cover
            yield
        return self.value


class BrokenAwait:
    def __await__(self) -> Any:
        raise ValueError("cannot await this")


def cyclic() -> Any:
    loop: List[Any] = []
    loop.append(loop)
    return loop


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(st.characters(exclude_categories=()), max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=4),
    max_leaves=20,
)
other_values = st.sampled_from([
    Weird(), {1, 2}, b"bytes", bytearray(b"x"), 10**5000, math.nan, math.inf, (1, "t"), {1: "int key"},
    {(1, 2): "tuple key"}, print, ToolResult("given", True, {"m": 1}), ToolResult(3, "not a bool"),  # type: ignore[arg-type]
    ToolContext(), ValueError("a value"), object(), type, Ellipsis, NotImplemented,
])
values = json_values | other_values | st.builds(cyclic) | st.builds(Awaitable, json_values) | st.just(BrokenAwait())

exceptions = st.sampled_from([
    ValueError("v"), TypeError(), KeyError("k"), RuntimeError("x" * 10000), BadStr(), NotStr(), Odd("odd"),
    RecursionError(), MemoryError(), ZeroDivisionError("z"), StopIteration(3), StopAsyncIteration(), AssertionError(),
    UnicodeEncodeError("utf-8", "\ud800", 0, 1, "surrogates not allowed"), OSError(2, "No such file"),
    Exception("\ud800 lone"), Exception(),
])

Outcome = Tuple[str, Any]
outcomes = st.tuples(st.just("return"), values) | st.tuples(st.just("raise"), exceptions)


def function_for(outcome: Outcome, is_async: bool, takes_ctx: bool) -> Callable[..., Any]:
    kind, payload = outcome

    def body() -> Any:
        if kind == "raise":
            raise payload
        return payload

    if is_async and takes_ctx:
        async def f(ctx: Any = None, **kwargs: Any) -> Any:
            return body()
    elif is_async:
        async def f(**kwargs: Any) -> Any:  # type: ignore[misc]
            return body()
    elif takes_ctx:
        def f(ctx: Any = None, **kwargs: Any) -> Any:  # type: ignore[misc]
            return body()
    else:
        def f(**kwargs: Any) -> Any:  # type: ignore[misc]
            return body()
    return f


args_values = st.none() | st.dictionaries(st.text(st.characters(exclude_categories=()), max_size=5), json_values, max_size=3) | \
    st.sampled_from([[1, 2], "text", 3, {"ctx": 1}])


@settings(max_examples=600, deadline=None)
@given(outcomes, st.booleans(), st.booleans(), args_values, st.none() | st.builds(ToolContext))
def test_execute_never_raises(outcome: Outcome, is_async: bool, takes_ctx: bool, args: Any, ctx: Any) -> None:
    t = define_tool(function_for(outcome, is_async, takes_ctx), name="prop")
    result = asyncio.run(t.execute(args, ctx))
    assert isinstance(result, ToolResult)
    kind, payload = outcome
    # Arguments the call itself refuses (not a mapping, or `ctx` twice) are a failure too.
    call_ok = args is None or (isinstance(args, dict) and not (takes_ctx and "ctx" in args))
    if not call_ok:
        assert result.is_error is True and isinstance(result.output, str) and result.output
        return
    if kind == "return" and isinstance(payload, ToolResult):
        assert result is payload
        return
    assert isinstance(result.output, str)
    assert result.metadata is None
    if kind == "raise":
        assert result.is_error is True
        if isinstance(payload, (BadStr, NotStr)):
            assert result.output == _core.UNPRINTABLE
        elif is_async and isinstance(payload, StopIteration):
            # Python turns a StopIteration leaving a coroutine into a RuntimeError (PEP 479).
            assert result.output == "coroutine raised StopIteration"
        else:
            assert result.output == str(payload)
    elif isinstance(payload, str):
        assert result == ToolResult(payload, False)
    elif not result.is_error and not isinstance(payload, Awaitable):
        assert result.output == json.dumps(payload)
