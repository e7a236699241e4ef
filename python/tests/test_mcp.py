"""MCP in: ``from_mcp`` over the official SDK (in memory and over stdio), and over a session of
the 1.x API (``list_tools(cursor=...)``, camelCase fields)."""

import json
import sys
from pathlib import Path
from typing import Any, Dict, List, Optional

import pytest

from toolnexus import Tool, ToolContext, ToolResult, Toolkit, define_tool, from_mcp, to_mcp

from conftest import run

EXAMPLES = Path(__file__).parents[1] / "examples"


class OneX:
    """A session with the 1.x API: ``list_tools(cursor=...)``, camelCase result fields, dicts."""

    def __init__(self, pages: List[Dict[str, Any]]) -> None:
        self.pages = pages
        self.cursors: List[Optional[str]] = []
        self.calls: List[Any] = []
        self.closed = False

    async def list_tools(self, cursor: Optional[str] = None) -> Dict[str, Any]:
        self.cursors.append(cursor)
        return self.pages[0 if cursor is None else int(cursor)]

    async def call_tool(self, name: str, arguments: Optional[Dict[str, Any]] = None) -> Dict[str, Any]:
        if self.closed:
            raise ConnectionError("Connection closed")
        self.calls.append((name, arguments))
        return {"content": [{"type": "text", "text": f"{name}:{json.dumps(arguments)}"},
                            {"type": "image", "mimeType": "image/png", "data": "aGVsbG8="}],
                "isError": False, "structuredContent": {"ok": True}}


def test_the_1x_api_paginated_names_sanitized_and_unique() -> None:
    session = OneX([
        {"tools": [{"name": "get weather", "inputSchema": {"type": "object"}}, {"name": "get_weather", "description": "d",
                                                                                  "inputSchema": {"type": "object"}}],
         "nextCursor": "1"},
        {"tools": [{"name": "get.weather", "inputSchema": {"type": "object"}}]},
    ])
    tools = run(from_mcp(session, prefix=""))
    assert session.cursors == [None, "1"]
    assert [t.name for t in tools] == ["get_weather_2", "get_weather", "get_weather_3"]
    assert all(t.source == "mcp" for t in tools)
    assert tools[0].description == "" and tools[1].description == "d"
    result = run(tools[0].execute({"x": 1}))
    assert session.calls == [("get weather", {"x": 1})]
    assert result == ToolResult(output='get weather:{"x": 1}\n[image image/png, 5 bytes]', is_error=False,
                                metadata={"structuredContent": {"ok": True}})
    session.closed = True
    closed = run(tools[0].execute({}))
    assert closed.is_error and "Connection closed" in closed.output
    prefixed = run(from_mcp(OneX([{"tools": [{"name": "x", "inputSchema": {"type": "object"}}]}]), prefix="srv."))
    assert prefixed[0].name == "srv_x"


def test_refuses_what_is_not_a_session() -> None:
    with pytest.raises(TypeError):
        run(from_mcp(object()))
    with pytest.raises(TypeError):
        run(from_mcp(OneX([{"tools": "no"}])))
    with pytest.raises(TypeError, match="twice"):
        run(from_mcp(OneX([{"tools": [], "nextCursor": "0"}])))


def _server() -> Any:
    from mcp import types
    from mcp.server import Server

    @define_tool
    def add(a: int, b: int) -> int:
        """Add two numbers."""
        return a + b

    @define_tool
    def fail(why: str) -> str:
        """Fails."""
        raise ValueError(why)

    toolkit = Toolkit([add, fail])

    async def list_tools(ctx: Any, params: Any) -> Any:
        return types.ListToolsResult(tools=toolkit.to_mcp())

    async def call_tool(ctx: Any, params: Any) -> Any:
        return types.CallToolResult.model_validate(await toolkit.run_mcp(params))

    return Server("test", on_list_tools=list_tools, on_call_tool=call_tool)


def test_live_round_trip_in_memory() -> None:
    pytest.importorskip("mcp", reason="mcp does not install on this Python")
    from mcp import Client

    async def main() -> None:
        async with Client(_server()) as client:
            tools = await from_mcp(client, prefix="m_")
            assert [t.name for t in tools] == ["m_add", "m_fail"]
            assert tools[0].input_schema["required"] == ["a", "b"]
            tk = Toolkit(tools)
            assert (await tk.execute("m_add", {"a": 2, "b": 5})).output == "7"
            assert await tk.execute("m_fail", {"why": "no"}) == ToolResult(output="no", is_error=True)
            bad = await tk.execute("m_add", {"a": "x"})
            assert bad.is_error
            out = await tk.run_openai({"tool_calls": [{"id": "1", "type": "function", "function": {"name": "m_add", "arguments": '{"a":1,"b":1}'}}]})
            assert out[0]["content"] == "2"
            timed = await tools[0].execute({"a": 1, "b": 1}, ToolContext(timeout=10))
            assert timed.output == "2"

    run(main())


def test_live_round_trip_over_stdio_with_a_client_session() -> None:
    pytest.importorskip("mcp", reason="mcp does not install on this Python")
    from mcp import ClientSession, StdioServerParameters
    from mcp.client.stdio import stdio_client

    async def main() -> None:
        params = StdioServerParameters(command=sys.executable, args=[str(EXAMPLES / "mcp_server.py")])
        async with stdio_client(params) as (read, write):
            async with ClientSession(read, write) as session:
                await session.initialize()
                tools = await from_mcp(session)
                assert [t.name for t in tools] == ["add", "shout"]
                assert (await tools[1].execute({"text": "hey"})).output == "HEY"
        closed = await tools[0].execute({"a": 1, "b": 2})
        assert closed.is_error

    run(main())
