"""The ``Toolkit``: tools by name, and one call per provider that turns a model's tool calls into
exactly what the SDK's next request takes.

The registry (names, order, the sources ``create_toolkit`` started) is here; the calls in
(``run_openai``, ``run_openai_responses``, ``run_anthropic``, ``run_gemini``, ``run_mcp``,
``execute``) are in ``_calls``, and ``create_toolkit`` in ``_create_toolkit``. Which call runs,
what a malformed one is answered with, and each provider's answer entries are decided by the
Rust core, the same code as the npm package's.
"""

import asyncio
import json
from typing import Any, Awaitable, Callable, Dict, Iterable, Iterator, List, Literal, Optional

from ._calls import OpenAIToolMessage, _ToolCalls
from .adapters import (
    AnthropicTool,
    GeminiTool,
    MCPTool,
    OpenAIResponsesTool,
    OpenAITool,
    to_anthropic,
    to_gemini,
    to_mcp,
    to_openai,
    to_openai_responses,
)
from .skills import Skills
from .types import Tool

__all__ = ["AgentEntry", "OpenAIToolMessage", "Toolkit", "create_toolkit"]


class Toolkit(_ToolCalls):
    """Tools by name, in registration order; iterable (its tools).

    >>> from toolnexus import define_tool
    >>> @define_tool
    ... def add(a: int, b: int) -> int:
    ...     "Add two numbers."
    ...     return a + b
    >>> tk = Toolkit([add])
    >>> "add" in tk, len(tk)
    (True, 1)
    """

    skills: Optional[Skills]
    """The skills whose tool this toolkit holds (``create_toolkit(skills=...)``); ``None`` otherwise."""

    def __init__(self, tools: Iterable[Tool] = ()) -> None:
        self.skills = None
        self._tools: Dict[str, Tool] = {}
        self._names: Optional[List[str]] = None
        # What create_toolkit started for this toolkit: how to list it, how to end it.
        self._sources: List[Callable[[], List[Dict[str, Any]]]] = []
        self._closers: List[Callable[[], Awaitable[None]]] = []
        if isinstance(tools, (str, bytes, dict)) or not hasattr(tools, "__iter__"):
            raise TypeError(f"Toolkit: tools must be an iterable of tools (a list or a Toolkit), got {type(tools).__name__}")
        self.register(*tools)

    def register(self, *tools: Tool) -> "Toolkit":
        """Adds tools, all or none: a value that is not a ``Tool`` is a ``TypeError``; a name
        already taken a ``ValueError`` naming both sources. Returns the toolkit."""
        added: Dict[str, Tool] = {}
        for i, tool in enumerate(tools, 1):
            if not isinstance(tool, Tool):
                raise TypeError(f"Toolkit.register: argument {i} is not a Tool, got {type(tool).__name__}")
            before = self._tools.get(tool.name) or added.get(tool.name)
            if before is not None:
                raise ValueError(
                    f"Toolkit.register: a tool named {json.dumps(tool.name)} is already registered "
                    f"(source {json.dumps(before.source)}); the new one has source {json.dumps(tool.source)}. "
                    "Remove one, or rename it (from_mcp takes a `prefix`)."
                )
            added[tool.name] = tool
        if added:
            self._tools.update(added)
            self._names = None
        return self

    def remove(self, name: str) -> bool:
        """Removes the tool of that name; ``True`` when there was one."""
        removed = self._tools.pop(name, None) is not None
        if removed:
            self._names = None
        return removed

    def get(self, name: str) -> Optional[Tool]:
        return self._tools.get(name)

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and name in self._tools

    def __len__(self) -> int:
        return len(self._tools)

    def __iter__(self) -> Iterator[Tool]:
        return iter(list(self._tools.values()))

    @property
    def sources(self) -> List[Dict[str, Any]]:
        """What ``create_toolkit`` set up (its ``agents``, then the MCP servers of ``mcp_config``),
        each ``{"kind", "name", "status", "error"?}``; a failed one is left out of the tools."""
        return [dict(record) for list_of in self._sources for record in list_of()]

    def _adopt(self, sources: Callable[[], List[Dict[str, Any]]], close: Callable[[], Awaitable[None]]) -> None:
        self._sources.append(sources)
        self._closers.append(close)

    async def aclose(self) -> None:
        """Ends everything this toolkit started (each MCP server's process group)."""
        closers, self._closers = self._closers, []
        await asyncio.gather(*(close() for close in closers))

    async def __aenter__(self) -> "Toolkit":
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    def __repr__(self) -> str:
        return f"Toolkit([{', '.join(self._tools)}])"

    def tools(self) -> List[Tool]:
        """The tools, in registration order, as a fresh list."""
        return list(self._tools.values())

    # Tools out.

    def to_openai(self, *, strict: Optional[bool] = None) -> List[OpenAITool]:
        return to_openai(self, strict=strict) if strict is not None else to_openai(self)

    def to_openai_responses(self, *, strict: bool = False) -> List[OpenAIResponsesTool]:
        return to_openai_responses(self, strict=strict)

    def to_anthropic(self) -> List[AnthropicTool]:
        return to_anthropic(self)

    def to_gemini(self, *, dialect: Literal["json_schema", "openapi"] = "json_schema") -> List[GeminiTool]:
        return to_gemini(self, dialect=dialect)

    def to_mcp(self) -> List[MCPTool]:
        return to_mcp(self)


# After the class: _create_toolkit builds a Toolkit.
from ._create_toolkit import AgentEntry, create_toolkit  # noqa: E402
