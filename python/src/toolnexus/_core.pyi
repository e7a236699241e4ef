"""The toolnexus Rust core, as the package uses it (built from python/rust)."""

from typing import Any, Dict, Iterable, Optional

from .types import ToolResult

UNPRINTABLE: str
# The package's version: the workspace's, written once in the root Cargo.toml.
__version__: str
"""The output of a failure whose ``str(e)`` itself failed."""

def sanitize(value: str, /) -> str:
    """``re.sub(r"[^a-zA-Z0-9_-]", "_", value)``: every code point outside the alphabet becomes ``_``.

    >>> sanitize("get user")
    'get_user'
    """

def call(op: str, input: str, /) -> str:
    """Runs the core operation ``op`` over ``input`` (JSON text) and returns the answer as JSON text;
    a refusal raises ``TypeError`` or ``ValueError``."""

def tools_out(function: str, target: str, tools: Iterable[object], options: Dict[str, object], /) -> Any:
    """Tools out (the core's ``schema.tools_out``): ``target`` one of ``"openai"``,
    ``"openai_responses"``, ``"anthropic"``, ``"gemini"``, ``"mcp"``; ``options`` its ``strict``
    or ``dialect``. Fresh dicts and lists; a refused name raises ``ValueError``, a schema that is
    not JSON ``TypeError`` (both naming ``function``)."""

def check_tool(name: object, description: object, input_schema: object, source: object, execute: object, /) -> None:
    """The checks of ``Tool``: raises ``TypeError`` or ``ValueError``."""

def check_define(function: object, name: object, description: object, input_schema: object, source: object, /) -> None:
    """The checks of ``define_tool``: raises ``TypeError`` or ``ValueError``."""

def result_of(value: object, /) -> Optional[ToolResult]:
    """The ``ToolResult`` for a returned value; ``None`` for an awaitable (await it and ask again)."""

def failure(error: BaseException, /) -> Optional[ToolResult]:
    """The ``ToolResult`` for a raised exception; ``None`` when it means stop (re-raise it)."""
