"""MCP in: ``from_mcp(session, *, prefix="")``, the tools of an MCP client as ``Tool``s.

``session`` is an ``mcp`` SDK client: a 1.x ``ClientSession`` (``list_tools(cursor=...)``,
camelCase result fields), a 2.x ``ClientSession`` (``list_tools(params=PaginatedRequestParams(
cursor=...))``, snake_case fields) or a 2.x ``mcp.Client``; anything with ``list_tools`` and
``call_tool(name, arguments)`` works. The ``mcp`` package is not a dependency. The names are
made by the core's names rule (``names.tool_names``: sanitized, the prefix added, made unique
with ``_2``, ``_3``, ...), and a ``CallToolResult`` becomes a ``ToolResult`` by the core's
``toolkit.mcp_result``, as in the npm package's ``fromMCP``.
"""

import asyncio
import importlib
import inspect
import json
from typing import Any, Dict, List, Optional, Set

from . import _core
from .types import Tool, ToolContext, ToolResult

__all__ = ["from_mcp"]


def _ask(op: str, value: Any) -> Any:
    return json.loads(_core.call(op, json.dumps(value, ensure_ascii=False, default=_wire)))


def _wire(value: Any) -> Any:
    """An SDK object as its wire JSON (camelCase), for the core."""
    dump = getattr(value, "model_dump", None)
    if callable(dump):
        return dump(mode="json", by_alias=True, exclude_none=True)
    return None


def _field(value: Any, *names: str) -> Any:
    for name in names:
        if isinstance(value, dict):
            if name in value:
                return value[name]
        elif hasattr(value, name):
            return getattr(value, name)
    return None


def _paginated_params(cursor: Optional[str]) -> Any:
    try:
        types: Any = importlib.import_module("mcp.types")
    except ImportError:  # pragma: no cover - the SDK moved its types
        types = importlib.import_module("mcp_types")
    return types.PaginatedRequestParams(cursor=cursor)


async def _page(session: Any, cursor: Optional[str]) -> Any:
    try:
        parameters = inspect.signature(session.list_tools).parameters
    except (TypeError, ValueError):
        parameters = {}  # type: ignore[assignment]
    if "cursor" in parameters:
        return await (session.list_tools(cursor=cursor) if cursor is not None else session.list_tools())
    if "params" in parameters:
        return await session.list_tools(params=_paginated_params(cursor) if cursor is not None else None)
    return await session.list_tools()


def _describe(value: Any) -> str:
    return "None" if value is None else f"a {type(value).__name__}"


def _executor(session: Any, original: str) -> Any:
    async def execute(args: Dict[str, Any], ctx: Optional[ToolContext] = None) -> ToolResult:
        try:
            call = session.call_tool(original, args)
            timeout = ctx.timeout if ctx is not None else None
            result = await (asyncio.wait_for(call, timeout) if timeout is not None else call)
            answer = _ask("toolkit.mcp_result", result)
        except Exception as error:
            message = str(error) or type(error).__name__
            return ToolResult(output=f"The MCP tool {json.dumps(original)} could not be called: {message}", is_error=True)
        return ToolResult(output=answer["output"], is_error=answer["is_error"], metadata=answer.get("metadata"))

    return execute


async def from_mcp(session: Any, *, prefix: str = "") -> List[Tool]:
    """The tools of an MCP client session as ``Tool``s with ``source="mcp"``. Follows the
    listing's cursor; each tool's ``execute`` calls ``call_tool`` with the tool's original name
    and never raises (a closed session is an ``is_error`` result)."""
    if not callable(getattr(session, "list_tools", None)) or not callable(getattr(session, "call_tool", None)):
        raise TypeError("from_mcp: session must have list_tools() and call_tool(), as the mcp SDK's ClientSession has")
    if not isinstance(prefix, str):
        raise TypeError(f"from_mcp: prefix must be a str, got {_describe(prefix)}")
    listed: List[Any] = []
    cursors: Set[str] = set()
    cursor: Optional[str] = None
    while True:
        page = await _page(session, cursor)
        tools = _field(page, "tools")
        if not isinstance(tools, list):
            raise TypeError(f"from_mcp: list_tools() gave {_describe(page)} without a tools list")
        listed.extend(tools)
        cursor = _field(page, "next_cursor", "nextCursor")
        if cursor is None:
            break
        if not isinstance(cursor, str) or cursor in cursors:
            raise TypeError(f"from_mcp: list_tools() gave the cursor {cursor!r} {'twice' if isinstance(cursor, str) else '(not a str)'}")
        cursors.add(cursor)
    originals: List[str] = []
    for i, tool in enumerate(listed, 1):
        name = _field(tool, "name")
        if not isinstance(name, str):
            raise TypeError(f"from_mcp: listed tool #{i} has no name (got {_describe(name)})")
        originals.append(name)
    names: List[str] = _ask("names.tool_names", {"names": originals, "prefix": prefix})
    out: List[Tool] = []
    for tool, original, name in zip(listed, originals, names):
        description = _field(tool, "description")
        schema = _field(tool, "input_schema", "inputSchema")
        if schema is None:
            schema = {"type": "object"}
        try:
            out.append(
                Tool(
                    name=name,
                    description=description if isinstance(description, str) else "",
                    input_schema=dict(schema) if isinstance(schema, dict) else schema,
                    source="mcp",
                    execute=_executor(session, original),
                )
            )
        except (TypeError, ValueError) as error:
            raise TypeError(f"from_mcp: the MCP tool {json.dumps(original)} cannot be a Tool: {error}") from None
    return out
