import asyncio
from toolnexus import Tool, ToolResult, sanitize

endpoints = [
    {"key": "get user", "path": "/users/:id"},
    {"key": "list orders", "path": "/orders"},
]


def make_tool(endpoint):
    async def _execute(args, ctx=None):
        # ctx is optional — always guard it.
        if ctx is not None and getattr(ctx, "signal", None) is not None:
            pass
        return ToolResult(output=f"{endpoint['path']} <- {args}", is_error=False)

    return Tool(
        # Names must match [a-zA-Z0-9_-]; sanitize does exactly that.
        name=sanitize(endpoint["key"]),
        description=f"Call {endpoint['path']}",
        input_schema={"type": "object", "properties": {"id": {"type": "string"}}},
        source="custom",
        execute=_execute,
    )


tools = [make_tool(e) for e in endpoints]


async def main():
    assert [t.name for t in tools] == ["get_user", "list_orders"]
    res = await tools[0].execute({"id": "42"})
    assert res.output == "/users/:id <- {'id': '42'}"
    print("ok:", ", ".join(t.name for t in tools))


asyncio.run(main())
