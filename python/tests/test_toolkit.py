"""The Toolkit: tools by name, execute that never raises, and every provider's calls answered in
order with malformed calls answered in place; the SDKs' own response objects accepted."""

import asyncio
import json
from typing import Any, Dict, List, Optional

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from toolnexus import Tool, ToolContext, ToolResult, Toolkit, create_toolkit, define_tool

from conftest import run


@define_tool
def add(a: int, b: int = 0) -> int:
    "Add two numbers."
    return a + b


@define_tool(input_schema={"type": "object", "properties": {"text": {"type": "string"}, "tag": {"type": "string"}}, "required": ["text"]})
async def echo(text: str, **rest: Any) -> str:
    "Echo the text and show the other arguments."
    return json.dumps({"text": text, **rest}, sort_keys=True)


async def _boom(args: Any, ctx: Any = None) -> ToolResult:
    raise RuntimeError("kaput")


boom = Tool(name="boom", description="Fails.", input_schema={"type": "object"}, source="custom", execute=_boom)


def kit() -> Toolkit:
    return Toolkit([add, echo, boom])


# -- holding tools -------------------------------------------------------------------------------


def test_holds_tools_by_name_in_order() -> None:
    tk = kit()
    assert len(tk) == 3 and "add" in tk and "nope" not in tk and 3 not in tk
    assert [t.name for t in tk] == ["add", "echo", "boom"]
    assert tk.tools() == [add, echo, boom] and tk.tools() is not tk.tools()
    assert tk.get("echo") is echo and tk.get("x") is None
    assert tk.remove("echo") is True and tk.remove("echo") is False
    assert [t.name for t in tk] == ["add", "boom"]
    assert Toolkit(tk).tools() == tk.tools()


def test_register_all_or_none() -> None:
    tk = Toolkit([add])
    other = Tool(name="add", description="", input_schema={"type": "object"}, source="mcp", execute=_boom)
    with pytest.raises(ValueError, match=r'a tool named "add" is already registered \(source "native"\); the new one has source "mcp"'):
        tk.register(echo, other)
    assert "echo" not in tk
    with pytest.raises(TypeError, match="argument 2 is not a Tool"):
        tk.register(echo, {"name": "x"})  # type: ignore[arg-type]
    assert "echo" not in tk
    assert tk.register(echo) is tk
    with pytest.raises(TypeError):
        Toolkit(3)  # type: ignore[arg-type]


def test_create_toolkit() -> None:
    tk = run(create_toolkit(extra_tools=[add, echo]))
    assert isinstance(tk, Toolkit) and [t.name for t in tk] == ["add", "echo"]
    assert len(run(create_toolkit())) == 0


# -- execute ---------------------------------------------------------------------------------------


def test_execute_answers_what_to_send_next() -> None:
    tk = kit()
    assert run(tk.execute("add", {"a": 1, "b": 2})) == ToolResult(output="3", is_error=False)
    assert run(tk.execute("add", '{"a": 4}')).output == "4"
    assert run(tk.execute("add", "")).is_error  # no arguments: a is missing, the function raises
    unknown = run(tk.execute("nope", {}))
    assert unknown == ToolResult(output='Unknown tool "nope". Available tools: add, echo, boom', is_error=True)
    bad = run(tk.execute("add", '{"a":'))
    assert bad.is_error and bad.output.startswith('The arguments for tool "add" are not valid JSON (')
    assert bad.output.endswith("Call it again with its arguments as one JSON object that matches its input schema.")
    arr = run(tk.execute("add", "[1, 2]"))
    assert arr.output == ('The arguments for tool "add" must be a JSON object of named arguments, got an array. '
                          "Call it again with an object that matches its input schema.")
    assert "got a number" in run(tk.execute("add", 5)).output
    assert "got a string" in run(tk.execute("add", '"x"')).output
    assert run(tk.execute("boom")) == ToolResult(output="kaput", is_error=True)
    assert "its name is empty" in run(tk.execute("", {})).output
    assert "its name is a number" in run(tk.execute(3, {})).output  # type: ignore[arg-type]


def test_strict_mode_nulls_are_removed_before_the_tool_runs() -> None:
    tk = kit()
    out = run(tk.execute("echo", {"text": "hi", "tag": None, "extra": None}))
    assert json.loads(out.output) == {"text": "hi", "extra": None}
    out = run(tk.execute("echo", '{"text": "hi", "tag": null}'))
    assert json.loads(out.output) == {"text": "hi"}


def test_ctx_reaches_the_tool() -> None:
    seen: List[Optional[ToolContext]] = []

    async def look(args: Any, ctx: Optional[ToolContext] = None) -> ToolResult:
        seen.append(ctx)
        return ToolResult(output="ok", is_error=False)

    tk = Toolkit([Tool(name="look", description="", input_schema={"type": "object"}, source="custom", execute=look)])
    ctx = ToolContext(timeout=2.0)
    run(tk.execute("look", {}, ctx))
    run(tk.run_openai({"tool_calls": [{"id": "1", "type": "function", "function": {"name": "look", "arguments": "{}"}}]}, ctx))
    assert seen == [ctx, ctx]


class Weird:
    pass


ANY_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=4),
    max_leaves=12,
)


@settings(max_examples=150, deadline=None)
@given(
    name=st.sampled_from(["add", "echo", "boom", "weird", "", "nope"]) | st.integers() | st.none(),
    args=ANY_JSON | st.text() | st.builds(Weird) | st.sets(st.integers(), max_size=3),
    returns=st.sampled_from(["value", "raise", "none", "object", "result"]),
)
def test_execute_never_raises(name: Any, args: Any, returns: str) -> None:
    async def weird(a: Any, ctx: Any = None) -> Any:
        if returns == "raise":
            raise ValueError("no")
        return {"value": 1, "none": None, "object": Weird(), "result": ToolResult(output="r", is_error=False)}[returns]

    tk = kit().register(Tool(name="weird", description="", input_schema={"type": "object"}, source="custom", execute=weird))
    result = run(tk.execute(name, args))
    assert isinstance(result, ToolResult)
    assert isinstance(result.output, str)


# -- run_* -----------------------------------------------------------------------------------------


def call(id: Any, name: str, arguments: Any) -> Dict[str, Any]:
    return {"id": id, "type": "function", "function": {"name": name, "arguments": arguments}}


def test_run_openai_in_order_and_malformed_calls_in_place() -> None:
    tk = kit()
    message = {"role": "assistant", "tool_calls": [
        call("a", "add", '{"a": 1, "b": 2}'),
        call("a", "add", "{}"),
        {"type": "function", "function": {"name": "add", "arguments": "{}"}},
        call("b", "add", '{"a": 1'),
        call("c", "add", ""),
        call("d", "nope", "{}"),
        {"id": "e", "type": "custom", "custom": {"name": "x", "input": ""}},
        call("f", "boom", "{}"),
    ]}
    out = run(tk.run_openai(message))
    assert [m["tool_call_id"] for m in out] == ["a", "a", "", "b", "c", "d", "e", "f"]
    assert all(m["role"] == "tool" for m in out)
    assert out[0]["content"] == "3"
    assert out[1]["content"] == 'Error: Tool call id "a" appears more than once; only its first call was run.'
    assert out[2]["content"] == "Error: Tool call #3 has no id, so it was not run. Every tool call needs an id."
    assert out[3]["content"].startswith('Error: The arguments for tool "add" are not valid JSON')
    assert out[4]["content"].startswith("Error: ")  # no arguments: `a` is missing
    assert out[5]["content"] == 'Error: Unknown tool "nope". Available tools: add, echo, boom'
    assert out[6]["content"].startswith('Error: Tool call "e" is of type "custom"; only "function" calls can be answered.')
    assert out[7]["content"] == "Error: kaput"
    assert run(tk.run_openai(message["tool_calls"])) == out
    assert run(tk.run_openai({"role": "assistant", "content": "hi"})) == []
    assert run(tk.run_openai(None)) == []
    assert run(tk.run_openai(Weird())) == []


def test_run_openai_responses() -> None:
    tk = kit()
    response = {"output": [
        {"type": "reasoning", "id": "r", "summary": []},
        {"type": "function_call", "call_id": "c1", "name": "add", "arguments": '{"a": 2}'},
        {"type": "function_call", "name": "add", "arguments": "{}"},
        {"type": "function_call", "call_id": "c1", "name": "add", "arguments": "{}"},
        {"type": "message", "role": "assistant", "content": []},
        {"type": "function_call", "call_id": "c2", "name": "echo", "arguments": '{"text":"t","tag":null}'},
    ]}
    out = run(tk.run_openai_responses(response))
    assert out == [
        {"type": "function_call_output", "call_id": "c1", "output": "2"},
        {"type": "function_call_output", "call_id": "",
         "output": "Error: Function call #2 has no call_id, so it was not run. Every function call needs a call_id."},
        {"type": "function_call_output", "call_id": "c1",
         "output": 'Error: Function call id "c1" appears more than once; only its first call was run.'},
        {"type": "function_call_output", "call_id": "c2", "output": '{"text": "t"}'},
    ]
    assert run(tk.run_openai_responses(response["output"])) == out


def test_run_anthropic() -> None:
    tk = kit()
    message = {"role": "assistant", "content": [
        {"type": "thinking", "thinking": "..."},
        {"type": "text", "text": "let me"},
        {"type": "tool_use", "id": "t1", "name": "add", "input": {"a": 5}},
        {"type": "tool_use", "name": "add", "input": {}},
        {"type": "server_tool_use", "id": "s", "name": "web_search", "input": {}},
        {"type": "tool_use", "id": "t2", "name": "boom", "input": {}},
        {"type": "tool_use", "id": "t3", "name": "add", "input": "[]"},
    ]}
    out = run(tk.run_anthropic(message))
    assert out[0] == {"type": "tool_result", "tool_use_id": "t1", "content": "5", "is_error": False}
    assert out[1]["content"] == "Tool use block #2 has no id, so it was not run. Every tool_use block needs an id."
    assert out[2] == {"type": "tool_result", "tool_use_id": "t2", "content": "kaput", "is_error": True}
    assert "got an array" in out[3]["content"] and out[3]["is_error"] is True
    assert len(out) == 4


def test_run_gemini() -> None:
    tk = kit()
    response = {"candidates": [{"content": {"role": "model", "parts": [
        {"text": "calling"},
        {"functionCall": {"id": "g1", "name": "add", "args": {"a": 1, "b": 1}}},
        {"functionCall": {"name": "nope", "args": {}}},
        {"functionCall": {"id": "g1", "name": "add", "args": {}}},
    ]}}]}
    out = run(tk.run_gemini(response))
    assert out == [
        {"function_response": {"id": "g1", "name": "add", "response": {"output": "2"}}},
        {"function_response": {"name": "nope", "response": {"error": 'Unknown tool "nope". Available tools: add, echo, boom'}}},
        {"function_response": {"id": "g1", "name": "add",
                               "response": {"error": 'Function call id "g1" appears more than once; only its first call was run.'}}},
    ]
    assert run(tk.run_gemini([{"name": "add", "args": {"a": 3}}, 7]))[1]["function_response"]["response"] == {
        "error": "Function call #2 is a number, not an object with a name and args."}


def test_run_mcp() -> None:
    tk = kit()
    assert run(tk.run_mcp({"name": "add", "arguments": {"a": 1}})) == {"content": [{"type": "text", "text": "1"}], "isError": False}
    assert run(tk.run_mcp({"name": "boom"}))["isError"] is True
    bad = run(tk.run_mcp(None))
    assert bad["isError"] is True and "needs params with a tool name and arguments, got null" in bad["content"][0]["text"]

    async def meta(args: Any, ctx: Any = None) -> ToolResult:
        return ToolResult(output="m", is_error=False, metadata={"k": [1]})

    tk.register(Tool(name="meta", description="", input_schema={"type": "object"}, source="custom", execute=meta))
    assert run(tk.run_mcp({"name": "meta"}))["_meta"] == {"k": [1]}


def test_runs_concurrently() -> None:
    started: List[str] = []

    @define_tool
    async def slow(n: int) -> str:
        "Waits."
        started.append(str(n))
        await asyncio.sleep(0.2)
        return str(n)

    tk = Toolkit([slow])
    message = {"tool_calls": [call(str(i), "slow", json.dumps({"n": i})) for i in range(5)]}

    async def timed() -> Any:
        loop = asyncio.get_running_loop()
        t0 = loop.time()
        out = await tk.run_openai(message)
        return out, loop.time() - t0

    out, took = run(timed())
    assert [m["content"] for m in out] == ["0", "1", "2", "3", "4"]
    assert took < 0.6


# -- the SDKs' own objects ----------------------------------------------------------------------------


def test_openai_sdk_objects() -> None:
    pytest.importorskip("openai", reason="openai does not install on this Python")
    from openai.types.chat import ChatCompletion
    from openai.types.responses import Response

    completion = ChatCompletion.model_validate({"id": "c", "object": "chat.completion", "created": 0, "model": "m", "choices": [
        {"index": 0, "finish_reason": "tool_calls", "message": {"role": "assistant", "content": None, "tool_calls": [
            call("x1", "add", '{"a": 2, "b": 3}'), call("x2", "nope", "{}")]}}]})
    message = completion.choices[0].message
    out = run(kit().run_openai(message))
    assert [m["content"] for m in out] == ["5", 'Error: Unknown tool "nope". Available tools: add, echo, boom']
    assert run(kit().run_openai(message.tool_calls)) == out
    response = Response.model_validate({"id": "r", "object": "response", "created_at": 0, "model": "m", "parallel_tool_calls": True,
                                        "tool_choice": "auto", "tools": [], "output": [
                                            {"type": "function_call", "id": "fc", "call_id": "c1", "name": "add", "arguments": '{"a": 9}', "status": "completed"}]})
    assert run(kit().run_openai_responses(response)) == [{"type": "function_call_output", "call_id": "c1", "output": "9"}]
    assert run(kit().run_openai_responses(response.output))[0]["output"] == "9"


def test_anthropic_sdk_objects() -> None:
    pytest.importorskip("anthropic", reason="anthropic does not install on this Python")
    from anthropic.types import Message

    message = Message.model_validate({"id": "m", "type": "message", "role": "assistant", "model": "c", "stop_reason": "tool_use",
                                      "usage": {"input_tokens": 1, "output_tokens": 1}, "content": [
                                          {"type": "text", "text": "ok"}, {"type": "tool_use", "id": "t", "name": "add", "input": {"a": 4}}]})
    assert run(kit().run_anthropic(message)) == [{"type": "tool_result", "tool_use_id": "t", "content": "4", "is_error": False}]
    assert run(kit().run_anthropic(message.content)) == run(kit().run_anthropic(message))


def test_gemini_sdk_objects() -> None:
    types = pytest.importorskip("google.genai.types", reason="google-genai does not install on this Python")
    response = types.GenerateContentResponse.model_validate({"candidates": [{"content": {"role": "model", "parts": [
        {"function_call": {"name": "add", "args": {"a": 7}}}]}}]})
    out = run(kit().run_gemini(response))
    assert out == [{"function_response": {"name": "add", "response": {"output": "7"}}}]
    assert run(kit().run_gemini(response.function_calls)) == out
    assert types.Part.model_validate(out[0]).function_response is not None


def test_mcp_sdk_params() -> None:
    pytest.importorskip("mcp", reason="mcp does not install on this Python")
    from mcp import types

    params = types.CallToolRequestParams(name="add", arguments={"a": 1, "b": 1})
    result = run(kit().run_mcp(params))
    assert types.CallToolResult.model_validate(result).content[0].text == "2"  # type: ignore[union-attr]
