import asyncio
from toolnexus import Tool, ToolResult


async def _divide(args, ctx=None):
    a, b = float(args["a"]), float(args["b"])
    if b == 0:
        # The model sees this text and can correct itself on the next turn.
        return ToolResult(output="Cannot divide by zero", is_error=True)
    return ToolResult(
        output=str(a / b),
        is_error=False,
        metadata={"title": "divide", "operands": [a, b]},
    )


divide = Tool(
    name="divide",
    description="Divide two numbers",
    input_schema={
        "type": "object",
        "properties": {"a": {"type": "number"}, "b": {"type": "number"}},
        "required": ["a", "b"],
    },
    source="custom",
    execute=_divide,
)


async def main():
    ok = await divide.execute({"a": 10, "b": 4})
    assert ok.output == "2.5"
    assert ok.metadata["operands"] == [10.0, 4.0]

    bad = await divide.execute({"a": 1, "b": 0})
    assert bad.is_error is True

    print("ok:", ok.output, "| error path:", bad.output)


asyncio.run(main())
