"""The types of seed 003: ``Tool``, ``ToolResult``, ``ToolContext``, ``ToolSource``, ``JSONSchema``."""

from dataclasses import dataclass
from typing import Any, Awaitable, Dict, Literal, Optional, Protocol

from . import _core

ToolSource = Literal["mcp", "skill", "builtin", "native", "http", "a2a", "custom"]
"""Where a tool comes from."""

JSONSchema = Dict[str, Any]
"""A JSON Schema object: a plain ``dict``."""


@dataclass
class ToolResult:
    """What a tool's ``execute`` returns.

    ``is_error=True`` is a failure the model should see (the loop feeds ``output`` back to it);
    ``metadata`` is anything JSON-serialisable for the caller, usually a ``dict``.
    """

    output: str
    is_error: bool
    # Typed Any, not Optional[dict]: reading `res.metadata["key"]` needs no narrowing
    # (seed 003, example 2, under mypy --strict).
    metadata: Any = None


@dataclass
class ToolContext:
    """What the caller may hand to ``execute``: a cancellation signal and a timeout in seconds.

    Nothing acts on them by itself: the tool's function decides.
    """

    signal: Any = None
    timeout: Optional[float] = None


class ExecuteFn(Protocol):
    """``async def execute(args, ctx=None) -> ToolResult``."""

    def __call__(self, args: Dict[str, Any], ctx: Optional[ToolContext] = None, /) -> Awaitable[ToolResult]: ...


@dataclass
class Tool:
    """A named, described, schema'd callable: the one type every tool source produces.

    The fields are checked when the tool is built: ``TypeError`` for a value of the wrong type,
    ``ValueError`` for a ``name`` outside ``[a-zA-Z0-9_-]`` (``sanitize`` makes one), an unknown
    ``source`` or an ``input_schema`` whose ``type`` is not ``"object"``. ``execute`` must be a
    coroutine function; it is kept as given (for a plain function, use ``define_tool``).

    >>> async def run(args, ctx=None):
    ...     return ToolResult(output="ok", is_error=False)
    >>> Tool(name="ping", description="Answer ok", input_schema={"type": "object"},
    ...      source="custom", execute=run).name
    'ping'
    """

    name: str
    description: str
    input_schema: JSONSchema
    source: ToolSource
    execute: ExecuteFn

    def __post_init__(self) -> None:
        _core.check_tool(self.name, self.description, self.input_schema, self.source, self.execute)
