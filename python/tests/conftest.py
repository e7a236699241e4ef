"""Shared helpers: run a coroutine to completion in a fresh event loop."""

import asyncio
from typing import Awaitable, TypeVar

T = TypeVar("T")


def run(awaitable: Awaitable[T]) -> T:
    async def main() -> T:
        return await awaitable

    return asyncio.run(main())


