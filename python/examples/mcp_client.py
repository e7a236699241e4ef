"""An MCP client over stdio (the official ``mcp`` SDK) that starts mcp_server.py and brings its
tools in with ``from_mcp``: they run like any other tool, and go out to any provider.

    python mcp_client.py
"""

import asyncio
import sys
from pathlib import Path

from mcp import Client, StdioServerParameters

from toolnexus import Toolkit, from_mcp, to_openai


async def main() -> None:
    server = StdioServerParameters(command=sys.executable, args=[str(Path(__file__).with_name("mcp_server.py"))])
    async with Client(server) as client:
        tools = await from_mcp(client, prefix="calc_")
        toolkit = Toolkit(tools)
        print([t.name for t in toolkit])  # ['calc_add', 'calc_shout']
        result = await toolkit.execute("calc_add", {"a": 2, "b": 3})
        print(result.output)  # 5
        print(to_openai(toolkit)[0]["function"]["name"])  # calc_add
        assert result.output == "5" and not result.is_error
        assert (await toolkit.execute("calc_shout", '{"text": "hi"}')).output == "HI"


if __name__ == "__main__":
    asyncio.run(main())
