"""``define_tool`` and ``tool``: a plain function, sync or async, as a ``Tool`` of source "native".

The function is called as ``fn(**args)`` (plus ``ctx=`` when it declares a ``ctx`` parameter);
a synchronous one runs in ``asyncio.to_thread``. Whatever it returns or raises, ``execute``
returns a ``ToolResult``: which row of the table applies, and what a failure shows, is decided
by the Rust core (``_core.result_of``, ``_core.failure``); only the awaiting happens here.
"""

import asyncio
import enum
import inspect
import sys
import typing
from typing import Any, Callable, Dict, List, Literal, Mapping, Optional, Tuple, Union, overload

from . import _core
from .types import JSONSchema, Tool, ToolContext, ToolResult, ToolSource

__all__ = ["define_tool", "tool", "infer_schema"]

if sys.version_info >= (3, 10):
    from types import UnionType

    _UNIONS: Tuple[Any, ...] = (Union, UnionType)
else:  # pragma: no cover
    _UNIONS = (Union,)

_NONE = type(None)


def _empty_schema() -> JSONSchema:
    # A fresh dict for every tool: never one object shared by all.
    return {"type": "object", "properties": {}, "additionalProperties": False}


def _schema_of(hint: Any) -> JSONSchema:
    """The JSON Schema of one parameter's annotation; ``{}`` (anything) when it says nothing."""
    if hint is inspect.Parameter.empty or hint is Any or isinstance(hint, str):
        return {}
    if hint is str:
        return {"type": "string"}
    if hint is bool:  # before int: bool is a subclass of int
        return {"type": "boolean"}
    if hint is int:
        return {"type": "integer"}
    if hint is float:
        return {"type": "number"}
    if hint is _NONE:
        return {"type": "null"}
    if hint is list or hint is tuple:
        return {"type": "array"}
    if hint is dict:
        return {"type": "object"}
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return _enum_schema([member.value for member in hint])
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin is list:
        return {"type": "array", "items": _schema_of(args[0])} if args else {"type": "array"}
    if origin is tuple:
        return {"type": "array"}
    if origin is dict:
        return {"type": "object"}
    if origin is Literal:
        return _enum_schema(list(args))
    if origin in _UNIONS:
        rest = [a for a in args if a is not _NONE]
        if len(rest) == 1:
            return _schema_of(rest[0])
        return {"anyOf": [_schema_of(a) for a in rest]}
    return {}


def _enum_schema(values: List[Any]) -> JSONSchema:
    schema: JSONSchema = {"enum": values}
    kinds = {type(v) for v in values}
    names = {str: "string", bool: "boolean", int: "integer", float: "number"}
    if len(kinds) == 1 and next(iter(kinds)) in names:
        schema["type"] = names[next(iter(kinds))]
    return schema


def _is_optional(hint: Any) -> bool:
    return typing.get_origin(hint) in _UNIONS and _NONE in typing.get_args(hint)


def _signature(fn: Callable[..., Any]) -> Optional[inspect.Signature]:
    try:
        return inspect.signature(fn)
    except (TypeError, ValueError):  # some builtins have none
        return None


def infer_schema(fn: Callable[..., Any]) -> JSONSchema:
    """The input schema ``define_tool`` infers from ``fn``'s signature.

    ``str`` → string, ``int`` → integer, ``float`` → number, ``bool`` → boolean, ``list[T]`` →
    array of T, ``dict`` → object, ``Literal[...]`` → enum; ``Optional[T]`` or a default makes a
    parameter not required; ``ctx`` is left out.

    >>> def find(query: str, limit: int = 10, ctx=None): ...
    >>> infer_schema(find)["required"]
    ['query']
    """
    signature = _signature(fn)
    if signature is None:
        return _empty_schema()
    try:
        hints = typing.get_type_hints(fn)
    except Exception:  # unresolvable forward references: read the raw annotations
        hints = {}
    properties: Dict[str, JSONSchema] = {}
    required: List[str] = []
    open_ended = False
    for param in signature.parameters.values():
        if param.name == "ctx" or param.kind is param.VAR_POSITIONAL:
            continue
        if param.kind is param.VAR_KEYWORD:
            open_ended = True
            continue
        hint = hints.get(param.name, param.annotation)
        properties[param.name] = _schema_of(hint)
        if param.default is param.empty and not _is_optional(hint):
            required.append(param.name)
    schema: JSONSchema = {"type": "object", "properties": properties}
    if required:
        schema["required"] = required
    if not open_ended:
        schema["additionalProperties"] = False
    return schema


def _is_async(fn: Callable[..., Any]) -> bool:
    if inspect.iscoroutinefunction(fn):
        return True
    call = getattr(fn, "__call__", None)
    return call is not None and inspect.iscoroutinefunction(call)


def _wants_ctx(fn: Callable[..., Any]) -> bool:
    signature = _signature(fn)
    return signature is not None and "ctx" in signature.parameters


def _first_line(fn: Callable[..., Any]) -> str:
    doc = inspect.getdoc(fn)
    if not doc:
        return ""
    return doc.strip().splitlines()[0].strip()


async def _settle(value: Any) -> ToolResult:
    """Awaits what the function gave until it is not awaitable (rare: a sync function that
    returned a coroutine)."""
    while True:
        value = await value
        result = _core.result_of(value)
        if result is not None:
            return result


def _outcome(fn: Callable[..., Any], args: Mapping[str, Any], *ctx: Optional[ToolContext]) -> Tuple[Any, Optional[BaseException]]:
    """Calls ``fn`` in the worker thread and hands back what it returned or raised. An exception
    must not cross the thread's future as such: a ``StopIteration`` cannot be set on an asyncio
    future, and the await would never end."""
    try:
        return (fn(**args, ctx=ctx[0]) if ctx else fn(**args)), None
    except BaseException as error:
        return None, error


def _executor(fn: Callable[..., Any], is_async: bool, wants_ctx: bool) -> Callable[..., Any]:
    result_of = _core.result_of
    failure = _core.failure
    to_thread = asyncio.to_thread

    if is_async:

        async def execute(args: Optional[Mapping[str, Any]] = None, ctx: Optional[ToolContext] = None) -> ToolResult:
            try:
                if args is None:
                    args = {}
                value = await (fn(**args, ctx=ctx) if wants_ctx else fn(**args))
                result = result_of(value)
                return result if result is not None else await _settle(value)
            except BaseException as error:
                result = failure(error)
                if result is None:
                    raise
                return result

    else:

        async def execute(args: Optional[Mapping[str, Any]] = None, ctx: Optional[ToolContext] = None) -> ToolResult:
            try:
                if args is None:
                    args = {}
                value, raised = await (to_thread(_outcome, fn, args, ctx) if wants_ctx else to_thread(_outcome, fn, args))
                if raised is not None:
                    raise raised
                result = result_of(value)
                return result if result is not None else await _settle(value)
            except BaseException as error:
                result = failure(error)
                if result is None:
                    raise
                return result

    return execute


# The code of the two `execute`s above: a function running one of them is a define_tool
# executor, whose result is always a ToolResult (it raises only what means stop), so a caller
# may await it without a guard of its own.
SETTLED_CODES = frozenset({_executor(len, True, False).__code__, _executor(len, False, False).__code__})


def _define(
    fn: Any,
    name: Optional[str],
    description: Optional[str],
    input_schema: Optional[JSONSchema],
    source: ToolSource,
) -> Tool:
    if name is None:
        name = getattr(fn, "__name__", None)
    if description is None and callable(fn):
        description = _first_line(fn)
    if input_schema is None and callable(fn):
        input_schema = infer_schema(fn)
    # Raises TypeError/ValueError unless each value has its type (the casts below say so).
    _core.check_define(fn, name, description, input_schema, source)
    execute = _executor(fn, _is_async(fn), _wants_ctx(fn))
    return Tool(
        name=typing.cast(str, name),
        description=typing.cast(str, description),
        input_schema=typing.cast(JSONSchema, input_schema),
        source=source,
        execute=execute,
    )


@overload
def define_tool(
    fn: Callable[..., Any],
    *,
    name: Optional[str] = None,
    description: Optional[str] = None,
    input_schema: Optional[JSONSchema] = None,
    source: ToolSource = "native",
) -> Tool: ...


@overload
def define_tool(
    fn: None = None,
    *,
    name: Optional[str] = None,
    description: Optional[str] = None,
    input_schema: Optional[JSONSchema] = None,
    source: ToolSource = "native",
) -> Callable[[Callable[..., Any]], Tool]: ...


def define_tool(
    fn: Optional[Callable[..., Any]] = None,
    *,
    name: Optional[str] = None,
    description: Optional[str] = None,
    input_schema: Optional[JSONSchema] = None,
    source: ToolSource = "native",
) -> Union[Tool, Callable[[Callable[..., Any]], Tool]]:
    """A ``Tool`` from a plain function, sync or async; directly or as a decorator.

    ``name`` defaults to the function's name, ``description`` to the first line of its
    docstring, ``input_schema`` to one inferred from its signature. Bad values raise
    ``TypeError``/``ValueError`` here; the tool's ``execute`` never raises (except for
    ``KeyboardInterrupt``, ``SystemExit`` and cancellation).

    >>> @define_tool
    ... def add(a: int, b: int) -> int:
    ...     "Add two integers."
    ...     return a + b
    >>> add.input_schema["required"]
    ['a', 'b']
    """
    if fn is None:

        def decorate(function: Callable[..., Any]) -> Tool:
            return _define(function, name, description, input_schema, source)

        return decorate
    return _define(fn, name, description, input_schema, source)


@overload
def tool(fn: Callable[..., Any], /) -> Tool: ...


@overload
def tool(
    *,
    name: Optional[str] = None,
    description: Optional[str] = None,
    input_schema: Optional[JSONSchema] = None,
    source: ToolSource = "native",
) -> Callable[[Callable[..., Any]], Tool]: ...


def tool(
    fn: Optional[Callable[..., Any]] = None,
    /,
    *,
    name: Optional[str] = None,
    description: Optional[str] = None,
    input_schema: Optional[JSONSchema] = None,
    source: ToolSource = "native",
) -> Union[Tool, Callable[[Callable[..., Any]], Tool]]:
    """The decorator form of ``define_tool``: ``@tool`` or ``@tool(name=..., ...)``.

    >>> @tool(name="shout")
    ... async def loud(text: str) -> str:
    ...     return text.upper()
    >>> (loud.name, loud.source)
    ('shout', 'native')
    """
    return define_tool(fn, name=name, description=description, input_schema=input_schema, source=source)
