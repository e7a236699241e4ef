"""An MCP server over stdio whose tools are a toolnexus Toolkit (the official ``mcp`` SDK's
low-level ``Server``): ``tools/list`` is ``to_mcp``, ``tools/call`` is ``run_mcp``.

    python mcp_server.py        # speaks MCP on stdin/stdout; see mcp_client.py
"""

import asyncio

import mcp.server.stdio
from mcp import types
from mcp.server import Server, ServerRequestContext

from toolnexus import Toolkit, define_tool


@define_tool
def add(a: int, b: int) -> int:
    """Add two numbers."""
    return a + b


@define_tool
async def shout(text: str) -> str:
    """Upper-case the text."""
    return text.upper()


toolkit = Toolkit([add, shout])


async def list_tools(ctx: ServerRequestContext, params: types.PaginatedRequestParams | None) -> types.ListToolsResult:
    return types.ListToolsResult(tools=toolkit.to_mcp())


async def call_tool(ctx: ServerRequestContext, params: types.CallToolRequestParams) -> types.CallToolResult:
    return types.CallToolResult.model_validate(await toolkit.run_mcp(params))


server = Server("toolnexus-example", on_list_tools=list_tools, on_call_tool=call_tool)


async def main() -> None:
    async with mcp.server.stdio.stdio_server() as (read, write):
        await server.run(read, write, server.create_initialization_options())


if __name__ == "__main__":
    asyncio.run(main())
