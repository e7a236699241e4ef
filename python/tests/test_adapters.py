"""Tools out: the five adapters over the MCP corpus, checked against the providers' documented
rules (tests/rules.py) and taken by the providers' own SDKs."""

import copy
import json
from pathlib import Path
from typing import Any, Dict, List

import pytest

import rules
from toolnexus import (
    Tool,
    ToolResult,
    Toolkit,
    define_tool,
    to_anthropic,
    to_gemini,
    to_mcp,
    to_openai,
    to_openai_responses,
)

CORPUS = json.loads((Path(__file__).parents[2] / "tests" / "fixtures" / "mcp-tools.json").read_text("utf8"))


async def _nothing(args: Any, ctx: Any = None) -> ToolResult:
    return ToolResult(output="", is_error=False)


def corpus_tools() -> List[Tool]:
    """The corpus as Tools, names made unique (two servers both have a create_branch)."""
    seen = set()
    out = []
    for t in CORPUS:
        name = f"{t['name']}_2" if t["name"] in seen else t["name"]
        seen.add(name)
        out.append(Tool(name=name, description=t["description"], input_schema=t["inputSchema"], source="mcp", execute=_nothing))
    return out


def named(name: str) -> Tool:
    return Tool(name=name, description="", input_schema={"type": "object"}, source="custom", execute=_nothing)


@define_tool(input_schema={
    "type": "object",
    "properties": {"q": {"type": "string", "minLength": 1}, "limit": {"type": "integer"}, "url": {"type": "string", "format": "uri"}},
    "required": ["q"],
})
def search(q: str, limit: int = 10, url: str = "") -> str:
    "Search the web"
    return f"results for {q}"


def test_shapes() -> None:
    assert to_openai([search]) == [
        {"type": "function", "function": {"name": "search", "description": "Search the web", "parameters": search.input_schema}}
    ]
    strict = to_openai([search], strict=True)[0]["function"]
    assert strict.get("strict") is True
    assert strict.get("parameters") == {
        "type": "object",
        "properties": {
            "q": {"type": "string", "description": "minLength: 1"},
            "limit": {"type": ["integer", "null"]},
            "url": {"type": ["string", "null"], "description": "format: uri"},
        },
        "required": ["q", "limit", "url"],
        "additionalProperties": False,
    }
    assert to_openai([search], strict=False)[0]["function"].get("strict") is False
    assert to_openai_responses([search]) == [
        {"type": "function", "name": "search", "description": "Search the web", "parameters": search.input_schema, "strict": False}
    ]
    assert to_openai_responses([search], strict=True)[0]["strict"] is True
    assert to_anthropic([search]) == [{"name": "search", "description": "Search the web", "input_schema": search.input_schema}]
    assert to_mcp([search]) == [{"name": "search", "description": "Search the web", "inputSchema": search.input_schema}]
    [gemini] = to_gemini([search])
    assert gemini["functionDeclarations"][0]["parametersJsonSchema"] == search.input_schema
    [openapi] = to_gemini([search], dialect="openapi")
    assert openapi["functionDeclarations"][0]["parameters"]["type"] == "OBJECT"
    assert to_gemini([]) == []


def test_a_toolkit_is_an_iterable_of_tools() -> None:
    tk = Toolkit([search])
    assert tk.to_openai() == to_openai([search])
    assert tk.to_openai(strict=True) == to_openai(tk, strict=True)
    assert tk.to_openai_responses(strict=True) == to_openai_responses(tk, strict=True)
    assert tk.to_anthropic() == to_anthropic(tk)
    assert tk.to_gemini(dialect="openapi") == to_gemini(tk, dialect="openapi")
    assert tk.to_mcp() == to_mcp(tk)


ADAPTERS = {
    "to_openai": lambda tools: to_openai(tools),
    "to_openai strict": lambda tools: to_openai(tools, strict=True),
    "to_openai_responses": lambda tools: to_openai_responses(tools),
    "to_openai_responses strict": lambda tools: to_openai_responses(tools, strict=True),
    "to_anthropic": to_anthropic,
    "to_gemini": lambda tools: to_gemini(tools),
    "to_gemini openapi": lambda tools: to_gemini(tools, dialect="openapi"),
    "to_mcp": to_mcp,
}


@pytest.mark.parametrize("adapter", list(ADAPTERS))
def test_every_corpus_tool_through_every_dialect(adapter: str) -> None:
    tools = corpus_tools()
    before = copy.deepcopy([t.input_schema for t in tools])
    out = ADAPTERS[adapter](tools)
    assert [t.input_schema for t in tools] == before, "the tools are never touched"
    entries: List[Dict[str, Any]] = out[0]["functionDeclarations"] if adapter.startswith("to_gemini") else out
    assert len(entries) == len(tools)
    problems: Dict[str, List[str]] = {}
    for tool, entry in zip(tools, entries):
        fn = entry["function"] if adapter.startswith("to_openai ") or adapter == "to_openai" else entry
        assert fn["name"] == tool.name
        assert fn["description"] == tool.description
        schema = fn.get("parameters", fn.get("input_schema", fn.get("inputSchema", fn.get("parametersJsonSchema"))))
        assert schema is not tool.input_schema
        if adapter.endswith("strict"):
            if fn["strict"]:
                found = rules.openai_strict(schema)
            else:
                found = [] if schema == tool.input_schema else ["strict: false with a changed schema"]
        elif adapter == "to_gemini openapi":
            found = rules.gemini_openapi(schema)
        elif adapter == "to_gemini":
            found = rules.gemini_json_schema(schema)
        else:
            found = [] if schema == tool.input_schema else ["not the schema as given"]
        if found:
            problems[tool.name] = found
    assert problems == {}
    if adapter.endswith("strict"):
        strict = [e["function"]["strict"] if "function" in e else e["strict"] for e in entries]
        assert sum(strict) > len(strict) // 2, "most of the corpus can be strict"


def test_names_break_rules_with_a_value_error_naming_tool_target_and_rule() -> None:
    long = named("a" * 65)
    for fn, provider in [(to_openai, "OpenAI"), (to_openai_responses, "OpenAI"), (to_anthropic, "Anthropic")]:
        with pytest.raises(ValueError, match=rf'^{fn.__name__}: tool "a{{65}}" breaks {provider}\'s name rule: a name must match'):
            fn([long])
    gemini_bad = Tool(name="1abc", description="", input_schema={"type": "object"}, source="custom", execute=_nothing)
    with pytest.raises(ValueError, match="to_gemini: tool \"1abc\" breaks Gemini's name rule: a name must start with a letter or _"):
        to_gemini([gemini_bad])
    assert to_mcp([long])[0]["name"] == "a" * 65
    with pytest.raises(ValueError, match='to_mcp: two tools are named "x"; MCP needs every tool name to be unique'):
        to_mcp([named("x"), named("x")])


def test_arguments_of_the_wrong_type() -> None:
    with pytest.raises(TypeError):
        to_openai(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        to_openai("abc")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        to_openai([search], strict="yes")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        to_gemini([search], dialect="yaml")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="has no string name"):
        to_mcp([object()])  # type: ignore[list-item]


# -- the SDKs take the output ------------------------------------------------------------------


def test_google_genai_validates_both_dialects() -> None:
    types = pytest.importorskip("google.genai.types", reason="google-genai does not install on this Python")
    tools = corpus_tools()
    for dialect in ("json_schema", "openapi"):
        [tool] = to_gemini(tools, dialect=dialect)  # type: ignore[arg-type]
        parsed = types.Tool.model_validate(tool)
        assert parsed.function_declarations is not None
        assert [d.name for d in parsed.function_declarations] == [t.name for t in tools]
        config = types.GenerateContentConfig(tools=to_gemini(tools, dialect=dialect))  # type: ignore[arg-type]
        assert config.tools is not None


def test_mcp_validates_the_tool_list() -> None:
    mcp_types = pytest.importorskip("mcp.types", reason="mcp does not install on this Python")
    listed = mcp_types.ListToolsResult(tools=to_mcp(corpus_tools()))
    assert [t.name for t in listed.tools] == [t.name for t in corpus_tools()]


def test_openai_and_anthropic_send_them_as_given() -> None:
    openai = pytest.importorskip("openai", reason="openai does not install on this Python")
    anthropic = pytest.importorskip("anthropic", reason="anthropic does not install on this Python")
    httpx2 = pytest.importorskip("httpx2")
    sent: List[Any] = []

    def handler(request: Any) -> Any:
        sent.append(json.loads(request.content))
        if "messages" in str(request.url) and "chat" not in str(request.url):
            return httpx2.Response(200, json={"id": "m", "type": "message", "role": "assistant", "model": "c",
                                              "content": [{"type": "text", "text": "hi"}], "stop_reason": "end_turn",
                                              "usage": {"input_tokens": 1, "output_tokens": 1}})
        return httpx2.Response(200, json={"id": "c", "object": "chat.completion", "created": 0, "model": "m", "choices": [
            {"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": "hi"}}]})

    client = httpx2.Client(transport=httpx2.MockTransport(handler))
    tools = corpus_tools()
    openai.OpenAI(api_key="k", http_client=client).chat.completions.create(
        model="m", messages=[{"role": "user", "content": "x"}], tools=to_openai(tools, strict=True))
    assert sent[-1]["tools"] == to_openai(tools, strict=True)
    anthropic.Anthropic(api_key="k", http_client=client).messages.create(
        model="c", max_tokens=10, messages=[{"role": "user", "content": "x"}], tools=to_anthropic(tools))
    assert sent[-1]["tools"] == to_anthropic(tools)
