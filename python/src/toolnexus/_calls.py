"""A toolkit's calls in: one call per provider that turns a model's tool calls into exactly what
the SDK's next request takes (``Toolkit.run_openai``, ``run_openai_responses``,
``run_anthropic``, ``run_gemini``, ``run_mcp``), and ``Toolkit.execute`` for one call by name.

Which call runs, what a malformed one is answered with (no id, a repeated id, an unknown tool,
arguments that are not JSON or not an object), and each provider's answer entries are decided
by the Rust core (``toolkit.calls``, ``toolkit.answers``, ``toolkit.prepare``), the same code as
the npm package's, so both answer a model with the same words. Python awaits the tools,
concurrently (a task per call), and moves the values.
"""

import asyncio
import json
from types import CoroutineType, FunctionType
from typing import Any, Awaitable, Dict, Iterable, List, Literal, Optional, Tuple, TypedDict, TypeVar

from . import _core
from .native import SETTLED_CODES
from .types import Tool, ToolContext, ToolResult

T = TypeVar("T")

__all__ = ["OpenAIToolMessage"]


class OpenAIToolMessage(TypedDict):
    """``{"role": "tool", "tool_call_id", "content"}``: a Chat Completions tool message
    (``content`` a ``str``; typed ``Any`` to match the SDK's wider parameter type)."""

    role: Literal["tool"]
    tool_call_id: str
    content: Any


def _plain(value: Any) -> Any:
    """A value ``json.dumps`` cannot write: an SDK's pydantic model as its JSON form (the wire's
    field names), anything else as ``None``."""
    dump = getattr(value, "model_dump", None)
    if callable(dump):
        try:
            return dump(mode="json", by_alias=True, exclude_none=True)
        except Exception:
            return None
    if isinstance(value, (tuple, set, frozenset)):
        return list(value)
    return None


def _shown(value: Any) -> Any:
    """Arguments ``json.dumps`` cannot write, for a message about them."""
    return _plain(value) if hasattr(value, "model_dump") else []


def _ask(op: str, value: Any, default: Any = _plain) -> Any:
    return json.loads(_core.call(op, json.dumps(value, ensure_ascii=False, default=default)))


def _holds_none(value: Any, depth: int) -> bool:
    if value is None:
        return True
    if depth == 0:
        return False
    if isinstance(value, dict):
        return any(_holds_none(v, depth - 1) for v in value.values())
    if isinstance(value, list):
        return any(_holds_none(v, depth - 1) for v in value)
    return False


async def _all(calls: Iterable[Awaitable[T]]) -> List[T]:
    """``asyncio.gather`` of calls that do not fail: each in a task of its own, all at once, the
    results in order, the tasks cancelled with the caller (without gather's callback per task)."""
    tasks = [asyncio.ensure_future(c) for c in calls]
    try:
        return [await t for t in tasks]
    except BaseException:
        for t in tasks:
            t.cancel()
        raise


async def _settle(value: Any) -> ToolResult:
    while True:
        value = await value
        result = _core.result_of(value)
        if result is not None:
            return result


def _text(output: Any) -> str:
    if isinstance(output, str):
        return output
    try:
        return json.dumps(output, ensure_ascii=False, separators=(",", ":"), default=str)
    except Exception:
        return str(output)


def _result_json(result: ToolResult) -> Dict[str, Any]:
    out: Dict[str, Any] = {"output": _text(result.output), "is_error": bool(result.is_error)}
    if result.metadata is not None:
        out["metadata"] = result.metadata
    return out


class _ToolCalls:
    """What a ``Toolkit`` answers a model's tool calls with; its tools are ``_tools``, by name,
    which the registry keeps (and ``_names`` emptied when they change)."""

    _tools: Dict[str, Tool]
    _names: Optional[List[str]]

    def _tool_names(self) -> List[str]:
        if self._names is None:
            self._names = list(self._tools)
        return self._names

    async def _run(self, tool: Tool, args: Dict[str, Any], ctx: Optional[ToolContext]) -> ToolResult:
        """The tool's result, whatever its ``execute`` does (returns something else, raises),
        by the core's table, as ``define_tool`` words it."""
        try:
            value: Any = tool.execute(args, ctx)
            if type(value) is CoroutineType:
                value = await value
            if type(value) is ToolResult:
                return value
            result = _core.result_of(value)
            return result if result is not None else await _settle(value)
        except BaseException as error:
            result = _core.failure(error)
            if result is None:
                raise
            return result

    def _without_nulls(self, tool: Tool, args: Any) -> Any:
        """Strict mode's ``null``s for optional properties, removed by the core."""
        try:
            return _ask("schema.remove_nulls", {"schema": tool.input_schema, "args": args})["args"]
        except Exception:
            return args

    async def execute(self, name: str, args: Any = None, ctx: Optional[ToolContext] = None) -> ToolResult:
        """Runs the named tool with ``args`` (a dict, or its JSON as a ``str``; ``None`` and
        ``""`` are no arguments). Never raises: an unknown name or unusable arguments give a
        result with ``is_error=True`` that tells the model what to send next."""
        try:
            tool = self._tools.get(name) if isinstance(name, str) else None
            if tool is None or type(args) is not dict:
                try:
                    answer = _ask("toolkit.prepare", {"name": name, "args": args, "tools": self._tool_names()}, _shown)
                except Exception:
                    answer = _ask("toolkit.prepare", {"name": str(name), "args": [], "tools": self._tool_names()}, _shown)
                if "error" in answer:
                    return ToolResult(output=answer["error"], is_error=True)
                args = answer["args"]
                if tool is None:  # pragma: no cover - the core knows only the names it was given
                    return ToolResult(output=f"Unknown tool {json.dumps(name)}.", is_error=True)
            if _holds_none(args, 32):
                args = self._without_nulls(tool, args)
            return await self._run(tool, args, ctx)
        except Exception as error:
            failure = _core.failure(error)
            return failure if failure is not None else ToolResult(output=str(error), is_error=True)

    async def _answer(self, record: Dict[str, Any], ctx: Optional[ToolContext]) -> Dict[str, Any]:
        error = record.get("error")
        if error is not None:
            return {"output": error, "is_error": True}
        tool = self._tools.get(record["name"])
        if tool is None:  # removed while the message was read
            return {"output": f"Unknown tool {json.dumps(record['name'])}.", "is_error": True}
        args = record["args"]
        if record.get("nulls"):
            args = self._without_nulls(tool, args)
        return _result_json(await self._run(tool, args, ctx))

    async def _run_calls(self, provider: str, response: Any, ctx: Optional[ToolContext], **options: Any) -> Any:
        try:
            records = _ask("toolkit.calls", {"provider": provider, "input": response, "tools": self._tool_names()})
        except Exception:
            records = _ask("toolkit.calls", {"provider": provider, "input": None, "tools": []})
        if not records:
            return []
        results = await _all(self._answer(r, ctx) for r in records)
        request = {"provider": provider, "calls": records, "results": results, **options}
        try:
            return _ask("toolkit.answers", request, default=str)
        except Exception:
            for r in results:
                r.pop("metadata", None)
            return _ask("toolkit.answers", request, default=str)

    def _plain_openai(self, message: Any) -> Optional[List[Tuple[str, str, Tool, Dict[str, Any]]]]:
        """The calls of a message in dict form when every one is well formed (a new id, a
        function this toolkit holds, arguments that are a JSON object without ``null``s):
        ``(id, name, tool, args)`` of each, read here without a round trip. ``None`` when any
        call needs the core's judgement."""
        calls = message.get("tool_calls") if type(message) is dict else message if type(message) is list else None
        if type(calls) is not list or not calls:
            return None
        records = []
        ids = set()
        tools = self._tools
        loads = json.loads
        for c in calls:
            if type(c) is not dict:
                return None
            id = c.get("id")
            fn = c.get("function")
            if type(id) is not str or not id or id in ids or c.get("type", "function") != "function" or type(fn) is not dict:
                return None
            name = fn.get("name")
            text = fn.get("arguments")
            if type(name) is not str or type(text) is not str or "null" in text:
                return None
            tool = tools.get(name)
            if tool is None:
                return None
            try:
                args = loads(text) if text else {}
            except ValueError:
                return None
            if type(args) is not dict:
                return None
            ids.add(id)
            records.append((id, name, tool, args))
        return records

    async def run_openai(self, message: Any, ctx: Optional[ToolContext] = None) -> List[OpenAIToolMessage]:
        """A Chat Completions assistant message (the SDK's ``ChatCompletionMessage``, its dict
        form, or its ``tool_calls``) → one ``{"role": "tool", ...}`` message per call, in order;
        a failure's content starts with ``"Error: "``."""
        records = self._plain_openai(message)
        if records is None:
            out: List[OpenAIToolMessage] = await self._run_calls("openai", message, ctx)
            return out
        run = self._run
        # A define_tool executor is awaited as it is: it already answers as _run would.
        results: List[ToolResult] = await _all([
            execute(args, ctx) if type(execute := tool.execute) is FunctionType and execute.__code__ in SETTLED_CODES
            else run(tool, args, ctx)
            for _, _, tool, args in records
        ])
        for result in results:
            if result.is_error:
                break
        else:
            # Every call succeeded: each answer is the tool's output as it is.
            return [
                {"role": "tool", "tool_call_id": id, "content": output if type(output := result.output) is str else _text(output)}
                for (id, _, _, _), result in zip(records, results)
            ]
        calls = [{"id": id, "name": name, "args": args} for id, name, _, args in records]
        answers: List[OpenAIToolMessage] = _ask(
            "toolkit.answers", {"provider": "openai", "calls": calls, "results": [_result_json(r) for r in results]}, default=str
        )
        return answers

    async def run_openai_responses(self, response: Any, ctx: Optional[ToolContext] = None) -> List[Any]:
        """A Responses response (or its ``output``) → a ``function_call_output`` item per
        ``function_call`` item; other items are ignored."""
        out: List[Any] = await self._run_calls("openai_responses", response, ctx)
        return out

    async def run_anthropic(self, message: Any, ctx: Optional[ToolContext] = None) -> List[Any]:
        """An Anthropic message (or its ``content``) → a ``tool_result`` block per ``tool_use``
        block, with ``is_error``."""
        out: List[Any] = await self._run_calls("anthropic", message, ctx)
        return out

    async def run_gemini(self, response: Any, ctx: Optional[ToolContext] = None) -> List[Any]:
        """A ``GenerateContentResponse`` (the SDK's or its dict form), its ``function_calls``, or
        a list of ``{"id"?, "name", "args"}`` → one ``{"function_response": {"id"?, "name",
        "response"}}`` part per call (``response`` is ``{"output": ...}`` or ``{"error": ...}``)."""
        calls = getattr(response, "function_calls", None) if hasattr(response, "model_dump") else None
        out: List[Any] = await self._run_calls("gemini", calls if calls is not None else response, ctx, snake=True)
        return out

    async def run_mcp(self, params: Any, ctx: Optional[ToolContext] = None) -> Dict[str, Any]:
        """The params of an MCP ``tools/call`` (``{"name", "arguments"}``, or the SDK's
        ``CallToolRequestParams``) → its ``CallToolResult`` as a dict: ``content``, ``isError``
        and, when the result has metadata, ``_meta``."""
        out: Dict[str, Any] = await self._run_calls("mcp", params, ctx)
        return out

