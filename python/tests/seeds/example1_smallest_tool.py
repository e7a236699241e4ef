import asyncio
from toolnexus import Tool, ToolResult


async def _echo(args, ctx=None):
    return ToolResult(output=str(args["text"]), is_error=False)


echo = Tool(
    name="echo",
    description="Return whatever it is given",
    input_schema={"type": "object", "properties": {"text": {"type": "string"}}, "required": ["text"]},
    source="custom",
    execute=_echo,
)


async def main():
    res = await echo.execute({"text": "hello"})
    assert res.output == "hello"
    assert res.is_error is False
    print("ok:", res.output)


asyncio.run(main())
