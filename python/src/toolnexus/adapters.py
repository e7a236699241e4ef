"""Tools out: ``to_openai``, ``to_openai_responses``, ``to_anthropic``, ``to_gemini``, ``to_mcp``.

Each takes any iterable of tools (a list, a ``Toolkit``) and returns fresh plain dicts, ready for
the provider SDK's ``create(...)``. The envelopes, the name checks (each provider's rule, and
duplicates) and the schema dialects are made by the Rust core (``schema.tools_out``), the same
code the npm package runs, so both give the same JSON. A name that breaks the target's rule, or
two tools with one name, is a ``ValueError`` naming the tool, the target and the rule.

The OpenAI Chat Completions entries are typed to match the ``openai`` SDK's
``ChatCompletionFunctionToolParam``. The other providers' SDKs type their parameters with many
optional keys of their own (``anthropic``, Responses) or with their own pydantic classes
(``google-genai``'s ``Tool``, ``mcp``'s ``Tool``, which validate these dicts at run time): their
entries are typed ``Any`` so that they pass straight into those SDKs under ``mypy --strict``.
"""

from typing import Any, Dict, Iterable, List, Literal, Optional, TypedDict

from . import _core
from .types import JSONSchema, Tool

__all__ = [
    "AnthropicTool",
    "GeminiTool",
    "MCPTool",
    "OpenAIFunction",
    "OpenAITool",
    "OpenAIResponsesTool",
    "to_anthropic",
    "to_gemini",
    "to_mcp",
    "to_openai",
    "to_openai_responses",
]


class _OpenAIFunctionName(TypedDict):
    name: str


class OpenAIFunction(_OpenAIFunctionName, total=False):
    """The ``function`` of a Chat Completions tool: ``name``, ``description``, ``parameters``,
    ``strict`` (written when ``strict`` was passed)."""

    description: str
    parameters: JSONSchema
    strict: Optional[bool]


class OpenAITool(TypedDict):
    """``{"type": "function", "function": {...}}``: a Chat Completions tool."""

    type: Literal["function"]
    function: OpenAIFunction


OpenAIResponsesTool = Any
"""``{"type": "function", "name", "description", "parameters", "strict"}``: a Responses tool."""

AnthropicTool = Any
"""``{"name", "description", "input_schema"}``: an Anthropic tool."""

GeminiTool = Any
"""``{"functionDeclarations": [{"name", "description", "parametersJsonSchema"}]}`` (or
``"parameters"`` with ``dialect="openapi"``): a Gemini ``Tool`` as its JSON (google-genai
validates it into ``types.Tool``)."""

MCPTool = Any
"""``{"name", "description", "inputSchema"}``: an MCP tool as listed by ``tools/list``."""


def _out(function: str, target: str, tools: Iterable[Tool], **options: Any) -> Any:
    if isinstance(tools, (str, bytes, dict)) or not hasattr(tools, "__iter__"):
        raise TypeError(f"{function}: tools must be an iterable of tools (a list or a Toolkit), got {type(tools).__name__}")
    return _core.tools_out(function, target, tools, options)


def _strict(function: str, strict: object) -> Optional[bool]:
    if not isinstance(strict, bool):
        raise TypeError(f"{function}: strict must be a bool, got {type(strict).__name__}")
    return strict


def to_openai(tools: Iterable[Tool], *, strict: Optional[bool] = None) -> List[OpenAITool]:
    """The tools as Chat Completions ``tools``. With ``strict=True`` each schema is rewritten for
    strict mode (a tool that cannot be made strict keeps its schema, with ``strict: False``);
    ``strict`` is written into each entry only when passed.

    >>> from toolnexus import define_tool
    >>> @define_tool
    ... def add(a: int, b: int) -> int:
    ...     "Add two numbers."
    ...     return a + b
    >>> to_openai([add])[0]["function"]["name"]
    'add'
    """
    options = {} if strict is None else {"strict": _strict("to_openai", strict)}
    out: List[OpenAITool] = _out("to_openai", "openai", tools, **options)
    return out


def to_openai_responses(tools: Iterable[Tool], *, strict: bool = False) -> List[OpenAIResponsesTool]:
    """The tools as Responses API ``tools`` (``strict`` always written: the API takes a missing
    one as true)."""
    out: List[Any] = _out("to_openai_responses", "openai_responses", tools, strict=_strict("to_openai_responses", strict))
    return out


def to_anthropic(tools: Iterable[Tool]) -> List[AnthropicTool]:
    """The tools as Anthropic Messages ``tools``; each schema as given (a copy)."""
    out: List[Any] = _out("to_anthropic", "anthropic", tools)
    return out


def to_gemini(tools: Iterable[Tool], *, dialect: Literal["json_schema", "openapi"] = "json_schema") -> List[GeminiTool]:
    """The tools as Gemini ``tools``: one ``Tool`` holding every function declaration (``[]``
    for no tools). ``dialect="json_schema"`` sends ``parametersJsonSchema``; ``"openapi"``
    rewrites each schema into Gemini's ``Schema`` subset as ``parameters``."""
    if dialect not in ("json_schema", "openapi"):
        raise ValueError(f'to_gemini: dialect must be "json_schema" or "openapi", not {dialect!r}')
    out: List[Any] = _out("to_gemini", "gemini", tools, dialect=dialect)
    return out


def to_mcp(tools: Iterable[Tool]) -> List[MCPTool]:
    """The tools as MCP ``tools/list`` entries; each schema as given (a copy)."""
    out: List[Any] = _out("to_mcp", "mcp", tools)
    return out
