"""100,000 tools defined, executed once and dropped: no growth, Python-side or native."""

import asyncio
import gc
import sys
from typing import Any

from toolnexus import Tool, ToolResult, define_tool, sanitize


def rss_bytes() -> int:
    try:
        with open("/proc/self/statm") as statm:
            import os

            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except OSError:  # not Linux: Python-side blocks only
        return 0


async def _run(args: Any, ctx: Any = None) -> ToolResult:
    return ToolResult("ok", False)


async def churn(count: int) -> None:
    for i in range(count):
        def fn(city: str, days: int = 1) -> str:
            """Weather."""
            return city

        t = define_tool(fn, name=sanitize(f"tool {i}"))
        if i % 10 == 0:
            await t.execute({"city": "x"})
        Tool(name=t.name, description="", input_schema={"type": "object"}, source="custom", execute=_run)
        del t, fn


def measure() -> "tuple[int, int]":
    gc.collect()
    return sys.getallocatedblocks(), rss_bytes()


def test_one_hundred_thousand_tools_leave_nothing_behind() -> None:
    asyncio.run(churn(10_000))  # warm-up: caches, the default executor, first-call imports
    blocks_before, rss_before = measure()
    asyncio.run(churn(100_000))
    blocks_after, rss_after = measure()
    assert blocks_after - blocks_before < 2_000, (blocks_before, blocks_after)
    assert rss_after - rss_before < 8 * 1024 * 1024, (rss_before, rss_after)
