"""The ``Toolkit``: tools by name, and one call per provider that turns a model's tool calls into
exactly what the SDK's next request takes.

Which call runs, what a malformed one is answered with (no id, a repeated id, an unknown tool,
arguments that are not JSON or not an object), and each provider's answer entries are decided
by the Rust core (``toolkit.calls``, ``toolkit.answers``, ``toolkit.prepare``), the same code as
the npm package's, so both answer a model with the same words. Python awaits the tools,
concurrently (a task per call), and moves the values.
"""

import asyncio
import json
from types import CoroutineType, FunctionType
from typing import (
    TYPE_CHECKING,
    Any,
    Awaitable,
    Callable,
    Dict,
    Iterable,
    Iterator,
    List,
    Literal,
    Mapping,
    Optional,
    Sequence,
    Tuple,
    TypedDict,
    TypeVar,
    Union,
)

from . import _core
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
from .native import SETTLED_CODES
from .skills import PathLike, Skills, load_skills, skills_from
from .types import Tool, ToolContext, ToolResult

if TYPE_CHECKING:
    from .mcp_config import MCPConnection

T = TypeVar("T")

__all__ = ["AgentEntry", "OpenAIToolMessage", "Toolkit", "create_toolkit"]


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


class Toolkit:
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

    def _tool_names(self) -> List[str]:
        if self._names is None:
            self._names = list(self._tools)
        return self._names

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

    # Calls in.

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


AgentEntry = Union[str, Mapping[str, Any]]
"""An entry of ``create_toolkit(agents=...)``: an agent card (a mapping), its URL or the agent's
base URL, or ``{"card": ..., **from_a2a's options}`` (an agent card has no ``card`` field)."""


def _agent_list(agents: Optional[Iterable[AgentEntry]]) -> List[AgentEntry]:
    if agents is None:
        return []
    if isinstance(agents, (str, bytes, Mapping)) or not hasattr(agents, "__iter__"):
        raise TypeError(
            f"create_toolkit: `agents` must be an iterable of agent cards or URLs, got {type(agents).__name__}"
        )
    return list(agents)


def _agent_name(entry: AgentEntry, index: int) -> str:
    """How a source that could not be read is named: its URL, its card's name, else its place."""
    card = entry.get("card") if isinstance(entry, Mapping) and "card" in entry else entry
    if isinstance(card, str):
        return card
    name = card.get("name") if isinstance(card, Mapping) else None
    return name if isinstance(name, str) else f"agent {index + 1}"


async def _reach(entry: AgentEntry) -> Union[Tool, str]:
    """The agent's tool, or what went wrong, worded (never raises an ``Exception``)."""
    from .a2a import from_a2a

    try:
        if isinstance(entry, Mapping) and "card" in entry:
            options = {k: v for k, v in entry.items() if k != "card"}
            return await from_a2a(entry["card"], **options)
        return await from_a2a(entry)
    except Exception as error:  # noqa: BLE001 - an agent that cannot be read is listed, not raised
        return str(error) or type(error).__name__


async def _nothing() -> None:
    return None


async def _no_connection() -> "Optional[MCPConnection]":
    return None


async def create_toolkit(
    *,
    extra_tools: Iterable[Tool] = (),
    skills: Union[Skills, PathLike, Sequence[PathLike], None] = None,
    agents: Optional[Iterable[AgentEntry]] = None,
    mcp_config: Any = None,
    mcp_options: Optional[Mapping[str, Any]] = None,
) -> Toolkit:
    """A ``Toolkit`` holding ``extra_tools`` (the seed's entry point), then the tools of every
    source named in the options: the ``skill`` tool, the agents', the MCP servers'. A name that
    ``extra_tools``, the skills or an MCP server take twice is a ``ValueError``.

    ``skills``: what ``load_skills`` or ``skills_from`` gave, or folders to load; its ``skill``
    tool is registered and the ``Skills`` kept as ``tk.skills`` (an empty one when none).

    ``agents``: remote A2A agents, each an agent card (a mapping), its URL or the agent's base
    URL, or ``{"card": ..., **options}`` with ``from_a2a``'s options (``headers``, ``timeout``,
    ``poll_interval``, ``client``); all are reached at once with ``from_a2a``, one tool each. An
    agent that cannot be read (or whose tool's name is taken) is left out and listed in
    ``tk.sources`` with its error, never failing the others.

    ``mcp_config`` (a path, JSON text or a mapping) starts its MCP servers with
    ``connect_mcp(mcp_config, **mcp_options)``; a server that fails is left out and listed in
    ``tk.sources``; ``await tk.aclose()`` (or ``async with tk:``) ends them.
    """
    entries = _agent_list(agents)
    # extra_tools first, then each source's tools, in the npm package's order.
    tools: List[Tool] = list(extra_tools)
    if skills is None:
        loaded = skills_from([])
    elif isinstance(skills, Skills):
        loaded = skills
    else:
        loaded = await load_skills(skills)
    if loaded.tool is not None:
        tools.append(loaded.tool)
    toolkit = Toolkit(tools)
    toolkit.skills = loaded

    # The agents and the MCP servers at once; a failed agent is a source's status, not an error.
    starting: "Awaitable[Optional[MCPConnection]]"
    if mcp_config is not None:
        from .mcp_config import connect_mcp

        starting = connect_mcp(mcp_config, **dict(mcp_options or {}))
    else:
        starting = _no_connection()
    # Each agent's outcome is a tool or an error's words; only a cancellation raises there.
    agents_reached = asyncio.gather(*(_reach(e) for e in entries))
    connection, reached = await asyncio.gather(starting, agents_reached, return_exceptions=True)
    if isinstance(connection, BaseException):
        raise connection
    if isinstance(reached, BaseException):
        if connection is not None:
            await connection.aclose()
        raise reached

    agent_sources: List[Dict[str, Any]] = []
    for i, got in enumerate(reached):
        if isinstance(got, Tool):
            try:
                toolkit.register(got)
                agent_sources.append({"kind": "a2a", "name": got.name, "status": "ready"})
            except ValueError as error:
                agent_sources.append({"kind": "a2a", "name": got.name, "status": "failed", "error": str(error)})
        else:
            agent_sources.append({"kind": "a2a", "name": _agent_name(entries[i], i), "status": "failed", "error": got})
    if entries:
        toolkit._adopt(lambda: agent_sources, _nothing)

    if connection is not None:
        conn = connection
        try:
            toolkit.register(*conn.tools)
        except BaseException:
            await conn.aclose()
            raise

        def refresh(before: List[Tool], after: List[Tool]) -> None:
            for old in before:
                if toolkit.get(old.name) is old:
                    toolkit.remove(old.name)
            for new in after:
                if new.name not in toolkit:
                    toolkit.register(new)

        conn._watchers.append(refresh)
        toolkit._adopt(
            lambda: [
                {k: v for k, v in record.items() if k in ("kind", "name", "status", "error")} for record in conn.servers
            ],
            conn.aclose,
        )
    return toolkit
