"""Annotated use of the whole API; `mypy --strict` must accept it (run by test_seeds.py)."""

import asyncio
from typing import Any, Dict, List, Literal, Optional

from toolnexus import JSONSchema, Tool, ToolContext, ToolResult, ToolSource, define_tool, sanitize, tool


async def run(args: Dict[str, Any], ctx: Optional[ToolContext] = None) -> ToolResult:
    timeout: Optional[float] = ctx.timeout if ctx is not None else None
    return ToolResult(output=f"{args} {timeout}", is_error=False, metadata={"k": 1})


schema: JSONSchema = {"type": "object", "properties": {}}
source: ToolSource = "custom"
made = Tool(name=sanitize("my tool"), description="d", input_schema=schema, source=source, execute=run)


def add(a: int, b: int = 2) -> int:
    """Add two integers."""
    return a + b


direct: Tool = define_tool(add, name="add", source="builtin")


@define_tool
async def search(query: str, tags: List[str], mode: Literal["fast", "deep"] = "fast") -> str:
    """Search."""
    return query


@define_tool(description="Echo")
def echo(text: str) -> str:
    return text


@tool
def ping() -> str:
    return "pong"


@tool(name="shout")
async def loud(text: str, ctx: Optional[ToolContext] = None) -> str:
    return text.upper()


async def main() -> None:
    tools: List[Tool] = [made, direct, search, echo, ping, loud]
    for t in tools:
        result: ToolResult = await t.execute({"a": 1}, ToolContext(timeout=1.0))
        output: str = result.output
        flag: bool = result.is_error
        print(t.name, t.source, output, flag, result.metadata)


if __name__ == "__main__":
    asyncio.run(main())
