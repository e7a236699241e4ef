"""Tools out moves Python values into the core and back without JSON text: what it reads is
what ``json.dumps`` writes, and a list sent again (as an agent sends it with every request) is
answered as before, in fresh dicts, and anew whenever any value of it changed."""

import json
import math
from collections import OrderedDict
from typing import Any, Dict, List, Set

import pytest

from toolnexus import Tool, _core, ToolResult, to_anthropic, to_gemini, to_mcp, to_openai, to_openai_responses


async def _nothing(args: Any, ctx: Any = None) -> ToolResult:
    return ToolResult(output="", is_error=False)


def tool(name: str) -> Tool:
    return Tool(name=name, description=f"the {name} tool", input_schema={"type": "object"}, source="custom", execute=_nothing)


class Spec:
    """A tool-like object whose schema can be anything (``Tool`` checks its own)."""

    def __init__(self, name: str, schema: Any, description: Any = "d") -> None:
        self.name, self.description, self.input_schema = name, description, schema


def text(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def containers(value: Any, into: Set[int]) -> Set[int]:
    if isinstance(value, (dict, list)):
        into.add(id(value))
        for v in value.values() if isinstance(value, dict) else value:
            containers(v, into)
    return into


SCHEMA: Dict[str, Any] = {
    "type": "object",
    "properties": {"q": {"type": "string", "minLength": 1}, "n": {"type": "integer", "maximum": 10.5}, "tags": {"type": "array", "items": {"type": "string"}}},
    "required": ["q"],
}


@pytest.mark.parametrize("adapter", [to_openai, to_anthropic, to_mcp, to_openai_responses, to_gemini])
def test_a_list_sent_again_is_answered_alike_in_fresh_dicts(adapter: Any) -> None:
    tools = [Spec("a", json.loads(json.dumps(SCHEMA))), Spec("b", {"type": "object"})]
    first, second = adapter(tools), adapter(tools)
    assert text(first) == text(second)
    shared = containers(first, set()) & containers(second, set())
    assert shared == set()
    assert containers(second, set()) & containers([t.input_schema for t in tools], set()) == set()
    second[0].clear()
    assert text(adapter(tools)) == text(first)


def changes() -> List[Any]:
    """Each a change made in place to a schema like SCHEMA, which the answer must show."""
    def reorder(s: Dict[str, Any]) -> None:
        items = list(s["properties"].items())[::-1]
        s["properties"].clear()
        s["properties"].update(items)

    return [
        reorder,
        lambda s: s["properties"]["q"].__setitem__("minLength", 1.0),
        lambda s: s["properties"]["q"].__setitem__("minLength", True),
        lambda s: s["properties"]["q"].__setitem__("minLength", 2),
        lambda s: s["properties"]["n"].__setitem__("maximum", -0.0),
        lambda s: s["properties"]["tags"]["items"].__setitem__("type", "integer"),
        lambda s: s["required"].append("n"),
        lambda s: s.__setitem__("required", ("q",)),
        lambda s: s["properties"]["q"].__setitem__("default", None),
        lambda s: s["properties"].__setitem__("big", {"type": "integer", "maximum": 2**63}),
    ]


@pytest.mark.parametrize("change", range(len(changes())))
def test_a_list_changed_in_place_is_answered_anew(change: int) -> None:
    schema = json.loads(json.dumps(SCHEMA))
    tools = [Spec("a", schema)]
    before = to_anthropic(tools)
    to_openai(tools, strict=True)
    changes()[change](schema)
    after = to_anthropic(tools)
    # The schema as given: the answer's JSON is the schema's own, as json.dumps writes it.
    assert text(after[0]["input_schema"]) == text(schema)
    assert text(after) != text(before) or change == 7  # a tuple is written as the list it was
    strict = to_openai(tools, strict=True)
    assert text(strict) == text(to_openai([Spec("a", json.loads(json.dumps(schema)))], strict=True))


def by_text(function: str, target: str, tools: List[Spec], **options: Any) -> Any:
    """The same request through the core's JSON door, as JSON text both ways."""
    specs = [{"name": t.name, "description": t.description, "inputSchema": t.input_schema} for t in tools]
    request = {"target": target, "function": function, "tools": specs, **options}
    return json.loads(_core.call("schema.tools_out", json.dumps(request)))


def test_values_read_as_json_dumps_writes_them() -> None:
    schema = OrderedDict([("type", "object"), ("properties", {"x": {"enum": [1, 2.5, True, None, "s", 2**70]}})])
    schema["properties"].update({1: {"type": "string"}, None: {}, False: {}, 0.5: {}})
    schema.move_to_end("type")
    [out] = to_anthropic([Spec("a", schema)])
    # Past 64 bits an integer is read as the nearest float, as the core's JSON reader reads it.
    wide = lambda digits: int(digits) if -(2**63) <= int(digits) < 2**64 else float(digits)  # noqa: E731
    assert text(out["input_schema"]) == text(json.loads(json.dumps(schema), parse_int=wide))
    assert list(out["input_schema"]) == ["properties", "type"]
    enum = out["input_schema"]["properties"]["x"]["enum"]
    assert [type(v) for v in enum] == [int, float, bool, type(None), str, float]
    assert list(out["input_schema"]["properties"]) == ["x", "1", "null", "false", "0.5"]
    for target, options in [("openai", {"strict": True}), ("gemini", {"dialect": "openapi"}), ("mcp", {})]:
        tools = [Spec("a", schema), Spec("b", None, None), Spec("c", {"type": "object", "properties": {"k": {1: 2}}}, 5)]
        assert text(_core.tools_out("f", target, tools, options)) == text(by_text("f", target, tools, **options))


@pytest.mark.parametrize("bad", [
    {"type": "object", "default": {1, 2}},
    {"type": "object", "default": math.nan},
    {"type": "object", "default": math.inf},
    {"type": "object", "default": "\udc80"},
    {("a", "b"): 1},
    {"type": "object", "default": object()},
])
def test_values_without_json_are_a_type_error_naming_the_function(bad: Any) -> None:
    with pytest.raises(TypeError, match="^to_openai: a tool's input_schema is not JSON"):
        to_openai([Spec("a", bad)], strict=True)


def test_cycles_and_deep_nesting_are_a_type_error() -> None:
    cyclic: Dict[str, Any] = {"type": "object"}
    cyclic["items"] = cyclic
    deep: Dict[str, Any] = {"type": "object"}
    for _ in range(200):
        deep = {"type": "array", "items": deep}
    for schema in (cyclic, deep):
        with pytest.raises(TypeError, match="^to_mcp: a tool's input_schema is not JSON"):
            to_mcp([Spec("a", schema)])
    shallow: Dict[str, Any] = {"type": "object"}
    for _ in range(100):
        shallow = {"type": "array", "items": shallow}
    assert text(to_mcp([Spec("a", shallow)])[0]["inputSchema"]) == text(shallow)


def test_names_and_descriptions_are_values_like_any_other() -> None:
    with pytest.raises(TypeError, match="has no string name"):
        to_mcp([Spec(7, {})])  # type: ignore[arg-type]
    assert to_mcp([Spec("a", None, None)]) == [{"name": "a", "inputSchema": {"type": "object", "properties": {}, "additionalProperties": False}}]
    assert to_mcp(t for t in [tool("a"), tool("b")])[1]["name"] == "b"


def test_many_distinct_keys_and_lists() -> None:
    # More distinct short strings than the shared table keeps, and more lists than are kept.
    wide = {"type": "object", "properties": {f"p{i}": {"type": "string", "title": f"t{i}"} for i in range(5000)}}
    [out] = to_mcp([Spec("wide", wide)])
    assert text(out["inputSchema"]) == text(wide)
    for i in range(20):
        schema = {"type": "object", "properties": {f"k{i}": {"type": "integer", "minimum": i}}}
        assert text(to_anthropic([Spec(f"t{i}", schema)])[0]["input_schema"]) == text(schema)
    assert text(to_mcp([Spec("wide", wide)])) == text([out])


def test_nesting_is_refused_where_the_json_text_was() -> None:
    def nested(n: int) -> Dict[str, Any]:
        v: Any = 1
        for _ in range(n):
            v = [v]
        return {"type": "object", "default": v}

    for n in range(115, 130):
        try:
            by_text("to_mcp", "mcp", [Spec("a", nested(n))])
            refused = False
        except TypeError:
            refused = True
        if refused:
            with pytest.raises(TypeError, match="^to_mcp: a tool's input_schema is not JSON"):
                to_mcp([Spec("a", nested(n))])
        else:
            assert text(to_mcp([Spec("a", nested(n))])) == text(by_text("to_mcp", "mcp", [Spec("a", nested(n))]))
