"""Whatever the fields hold, Tool(...) and define_tool(...) build a tool or raise TypeError or
ValueError; nothing else escapes, and a refusal leaves everything working."""

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from toolnexus import Tool, ToolResult, define_tool, sanitize


class BadRepr:
    def __repr__(self) -> str:
        raise RuntimeError("repr fails")


class OddStr(str):
    def __repr__(self) -> str:
        raise RuntimeError("repr fails")

    def __getitem__(self, index: Any) -> Any:
        raise RuntimeError("getitem fails")


async def _run(args: Any, ctx: Any = None) -> ToolResult:
    return ToolResult("ok", False)


def _sync(args: Any, ctx: Any = None) -> ToolResult:
    return ToolResult("ok", False)


text = st.text(st.characters(exclude_categories=()), max_size=12)
anything = st.one_of(
    st.none(), st.integers(), st.floats(), text, st.binary(max_size=4), st.lists(st.integers(), max_size=2),
    st.sampled_from(["echo", "get_user", "mcp", "custom", "native", "object", OddStr("a b"), OddStr("ok"), BadRepr()]),
    st.dictionaries(st.sampled_from(["type", "properties"]), st.sampled_from(["object", "string", BadRepr(), None]), max_size=2),
)
names = anything | st.sampled_from(["ok_name", "a-b", "Z9"])
schemas = anything | st.just({"type": "object"})
sources = anything | st.sampled_from(["mcp", "skill", "builtin", "native", "http", "a2a", "custom"])
executes = anything | st.sampled_from([_run, _sync, print, len])


@settings(max_examples=1500, deadline=None)
@given(names, anything | text, schemas, sources, executes)
def test_tool_builds_or_raises_type_or_value_error(name: Any, description: Any, schema: Any, source: Any, execute: Any) -> None:
    try:
        t = Tool(name=name, description=description, input_schema=schema, source=source, execute=execute)
    except (TypeError, ValueError) as error:
        assert str(error).startswith("Tool: ") and len(str(error)) < 600
    else:
        assert t.name == sanitize(t.name) and t.name
        assert t.source in ("mcp", "skill", "builtin", "native", "http", "a2a", "custom")
    assert sanitize("still works") == "still_works"


@settings(max_examples=800, deadline=None)
@given(anything.filter(lambda v: v is not None) | st.just(lambda: 1), names | st.none(), (anything | text) | st.none(), schemas | st.none(), sources)
def test_define_tool_builds_or_raises_type_or_value_error(fn: Any, name: Any, description: Any, schema: Any, source: Any) -> None:
    try:
        t = define_tool(fn, name=name, description=description, input_schema=schema, source=source)
    except (TypeError, ValueError) as error:
        assert str(error).startswith("define_tool: ") and len(str(error)) < 600
    else:
        assert isinstance(t, Tool) and callable(fn)


def test_a_failing_repr_still_gives_a_message() -> None:
    with pytest.raises(ValueError, match="input_schema"):
        Tool(name="x", description="", input_schema={"type": BadRepr()}, source="custom", execute=_run)
    with pytest.raises(ValueError, match="name"):
        Tool(name=OddStr("a b"), description="", input_schema={"type": "object"}, source="custom", execute=_run)
