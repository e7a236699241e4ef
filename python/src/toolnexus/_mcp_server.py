"""One MCP server of a connection (``_ServerRun``): started through the official ``mcp`` SDK
(loaded on first use) over stdio, Streamable HTTP or SSE, held open by a task of its own until
``aclose()``, its tools listed, its calls made, restarted once after a death, and every failure
worded by the core (``mcp_config.status``, ``mcp_config.message``).
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import math
import signal as signal_module
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any, Dict, List, Optional, Set

from . import _ops
from ._mcp_stdio import _group_stdio
from .types import ToolContext, ToolResult

if TYPE_CHECKING:
    from .mcp_config import MCPConnection

_CONNECTION_CLOSED = -32000

def _ask(op: str, value: Any) -> Any:
    return _ops.call(f"mcp_config.{op}", value)


_sdk: Optional[SimpleNamespace] = None


def _load_sdk() -> SimpleNamespace:
    """The parts of the ``mcp`` SDK used here; an ``ImportError`` saying what to install."""
    global _sdk
    if _sdk is None:
        try:
            mcp = importlib.import_module("mcp")
            stdio = importlib.import_module("mcp.client.stdio")
            http = importlib.import_module("mcp.client.streamable_http")
            sse = importlib.import_module("mcp.client.sse")
            httpx_utils = importlib.import_module("mcp.shared._httpx_utils")
        except ImportError as error:
            raise ImportError(
                "connect_mcp needs the MCP SDK: pip install 'toolnexus[mcp]' (CPython 3.10 or later)"
            ) from error
        _sdk = SimpleNamespace(
            ClientSession=mcp.ClientSession,
            StdioServerParameters=stdio.StdioServerParameters,
            stdio_client=stdio.stdio_client,
            streamable_http_client=http.streamable_http_client,
            sse_client=sse.sse_client,
            http_client=httpx_utils.create_mcp_http_client,
        )
    return _sdk


def _signal_waiter(signal: Any) -> Optional["asyncio.Future[Any]"]:
    wait = getattr(signal, "wait", None)
    if signal is None or wait is None:
        return None
    waiter: "asyncio.Future[Any]" = asyncio.ensure_future(wait())
    return waiter


class _Timeout(Exception):
    pass


class _Cancelled(Exception):
    pass


async def _race(coro: Any, signal: Any, timeout: float) -> Any:
    """``coro``'s value, unless ``timeout`` seconds pass (``_Timeout``) or ``signal`` is set (``_Cancelled``)."""
    task = asyncio.ensure_future(coro)
    stop = _signal_waiter(signal)
    waiters: Set["asyncio.Future[Any]"] = {task} if stop is None else {task, stop}
    try:
        done, _ = await asyncio.wait(waiters, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
    finally:
        if stop is not None:
            stop.cancel()
    if task in done:
        return task.result()
    task.cancel()
    with contextlib.suppress(BaseException):
        await task
    raise _Cancelled() if stop is not None and stop in done else _Timeout()


class _ServerRun:
    """One server of a connection: its status, its session, its tools; restarted once after a death."""

    def __init__(self, connection: "MCPConnection", server: Dict[str, Any]) -> None:
        self.connection = connection
        self.server = server
        self.name: str = server["name"]
        self.secrets: List[str] = server.get("secrets") or []
        self.status: str = "starting" if server["status"] == "ready" else server["status"]
        self.error: Any = server.get("error")
        self.stderr = ""
        self.listed: List[Any] = []
        self.session: Any = None
        self.holder: Optional["asyncio.Task[None]"] = None
        self.stop: Optional[asyncio.Event] = None
        self.restartable = False
        self.closing = False
        self.starting: Optional["asyncio.Future[bool]"] = None
        self.refreshing: Set["asyncio.Task[None]"] = set()
        self.exit_code: Optional[int] = None

    @property
    def timeout(self) -> float:
        return float(self.server.get("timeout") or 30000) / 1000

    def keep_stderr(self, text: str) -> None:
        limit = self.connection.limits["stderrBuffer"]
        self.stderr = (self.stderr + text)[-limit:]

    def record(self) -> Dict[str, Any]:
        status = "failed" if self.status == "starting" else self.status
        return dict(
            _ask(
                "status",
                {
                    "name": self.name,
                    "status": status,
                    "transport": self.server.get("transport"),
                    "error": self.error,
                    "stderr": self.stderr if status == "failed" else "",
                    "secrets": self.secrets,
                },
            )
        )

    def text(self, failure: Dict[str, Any]) -> str:
        return str(_ask("message", {"name": self.name, **failure, "secrets": self.secrets}))

    def error_text(self) -> str:
        error = self.error
        if error is None:
            return "closed"
        text = error if isinstance(error, str) else self.text(error)
        prefix = f'server "{self.name}"'
        if text.startswith(prefix):
            text = text[len(prefix) :].lstrip(": ")
        return text

    async def start(self, signal: Any) -> bool:
        if self.starting is not None:
            return await asyncio.shield(self.starting)
        future: "asyncio.Future[bool]" = asyncio.get_running_loop().create_future()
        self.starting = future
        try:
            up = await self._start(signal)
        except BaseException:
            future.set_result(False)
            raise
        finally:
            self.starting = None
        future.set_result(up)
        return up

    async def _start(self, signal: Any) -> bool:
        loop = asyncio.get_running_loop()
        ready: "asyncio.Future[List[Any]]" = loop.create_future()
        self.stop = asyncio.Event()
        self.exit_code = None
        self.holder = asyncio.ensure_future(self._hold(ready, self.stop))
        failure: Optional[Dict[str, Any]] = None
        try:
            self.listed = await _race(asyncio.shield(ready), signal, self.timeout)
        except _Timeout:
            failure = {"kind": "start_timeout", "ms": self.server.get("timeout")}
        except _Cancelled:
            failure = {"kind": "aborted"}
        except Exception as error:  # noqa: BLE001 - every failure is a status
            failure = self._failure(error)
        if failure is not None:
            await self._end_holder(cancel=True)
            self.status = "failed"
            self.error = failure
            return False
        self.status = "connected"
        self.error = None
        self.restartable = True
        return True

    def _failure(self, error: BaseException) -> Dict[str, Any]:
        # anyio's task groups raise groups of one: the error inside is the one to word.
        while isinstance(getattr(error, "exceptions", None), (list, tuple)) and getattr(error, "exceptions"):
            error = getattr(error, "exceptions")[0]
        if isinstance(error, OSError) and self.server.get("transport") == "stdio":
            code = {2: "ENOENT", 13: "EACCES"}.get(error.errno or 0, "")
            return {"kind": "spawn", "command": self.server.get("command"), "code": code, "detail": str(error)}
        status = getattr(error, "http_status", None)
        if isinstance(status, int):
            return {"kind": "http", "status": status}
        if self.exit_code is not None:
            return self._exit_failure()
        return {"kind": "other", "detail": str(error) or type(error).__name__}

    async def _end_holder(self, cancel: bool = False) -> None:
        """Ends the task holding the session: a session still starting is cancelled, a held one
        leaves when ``stop`` is set (its process group ended on the way out)."""
        holder = self.holder
        self.holder = None
        self.session = None
        if self.stop is not None:
            self.stop.set()
        if holder is None:
            return
        if cancel:
            holder.cancel()
        else:
            bound = self.connection.limits["killGrace"] / 1000 + 5
            try:
                await asyncio.wait_for(asyncio.shield(holder), bound)
            except asyncio.TimeoutError:
                holder.cancel()
        with contextlib.suppress(BaseException):
            await holder

    async def _hold(self, ready: "asyncio.Future[List[Any]]", stop: asyncio.Event) -> None:
        """Opens the transport and the session, answers ``ready``, and holds them until ``stop``."""
        try:
            async with contextlib.AsyncExitStack() as stack:
                session = await self._session(stack)
                listed = await _list_all(session)
                self.session = session
                if not ready.done():
                    ready.set_result(listed)
                await stop.wait()
        except BaseException as error:
            if not ready.done():
                if isinstance(error, Exception):
                    ready.set_exception(error)
                else:
                    ready.cancel()
            if not isinstance(error, Exception):
                raise

    async def _open_session(self, stack: contextlib.AsyncExitStack, streams: Any) -> Any:
        session = await stack.enter_async_context(_load_sdk().ClientSession(*streams, message_handler=self._on_message))
        await session.initialize()
        return session

    async def _session(self, stack: contextlib.AsyncExitStack) -> Any:
        """An initialized session over the server's transport (Streamable HTTP, else SSE after 400/404/405)."""
        sdk = _load_sdk()
        server = self.server
        if server["transport"] == "stdio":
            return await self._open_session(stack, await stack.enter_async_context(_group_stdio(self)))
        headers = server.get("headers") or {}
        if server["transport"] == "sse":
            return await self._open_session(stack, await stack.enter_async_context(sdk.sse_client(server["url"], headers=headers)))
        statuses: List[int] = []

        async def record(response: Any) -> None:
            if response.request.method == "POST":
                statuses.append(response.status_code)

        attempt = contextlib.AsyncExitStack()
        try:
            client = await attempt.enter_async_context(sdk.http_client(headers=headers))
            client.event_hooks["response"].append(record)
            streams = await attempt.enter_async_context(sdk.streamable_http_client(server["url"], http_client=client))
            session = await self._open_session(attempt, streams)
        except Exception as error:
            await attempt.aclose()
            status = statuses[0] if statuses else None
            if status is None or status < 400:
                raise
            if not server.get("fallback") or not _ask("fallback", {"status": status}):
                raise _HTTPStatus(status) from error
            return await self._open_session(stack, await stack.enter_async_context(sdk.sse_client(server["url"], headers=headers)))
        stack.push_async_callback(attempt.aclose)
        return session

    def exited(self, code: Optional[int]) -> None:
        """The server's process ended: a death unless this side ended it."""
        self.exit_code = code
        if self.status == "connected" and not self.closing:
            self.lost()

    async def _on_message(self, message: Any) -> None:
        method = getattr(message, "method", None) or getattr(getattr(message, "root", None), "method", None)
        if method == "notifications/tools/list_changed":
            task = asyncio.ensure_future(self.refresh())
            self.refreshing.add(task)
            task.add_done_callback(self.refreshing.discard)

    async def refresh(self) -> None:
        session = self.session
        if session is None:
            return
        try:
            self.listed = await _list_all(session)
        except Exception:  # noqa: BLE001 - the tools stay; a dead server is seen by its next call
            return
        self.connection.rebuild()

    def _exit_failure(self) -> Dict[str, Any]:
        code = self.exit_code
        if code is not None and code < 0:
            with contextlib.suppress(ValueError):
                return {"kind": "exited", "signal": signal_module.Signals(-code).name}
        return {"kind": "exited", "code": code}

    def lost(self) -> None:
        self.status = "failed"
        self.error = self._exit_failure() if self.exit_code is not None else {"kind": "exited"}
        self.session = None
        if self.stop is not None:
            self.stop.set()

    async def call(self, tool: str, args: Dict[str, Any], ctx: Optional[ToolContext]) -> ToolResult:
        signal = ctx.signal if ctx is not None else None
        if signal is not None and signal.is_set():
            return ToolResult(self.text({"kind": "cancelled"}), True)
        if self.status != "connected" or self.closing:
            up = False
            if self.closing:
                up = False
            elif self.starting is not None:
                up = await asyncio.shield(self.starting)
            elif self.restartable:
                self.restartable = False  # once per death
                await self._end_holder()
                up = await self.start(signal)
            if not up:
                return ToolResult(self.text({"kind": "down", "detail": self.error_text()}), True)
        session = self.session
        seconds = ctx.timeout if ctx is not None and ctx.timeout is not None and ctx.timeout > 0 else self.timeout
        try:
            result = await _race(session.call_tool(tool, args), signal, seconds)
        except _Cancelled:
            return ToolResult(self.text({"kind": "cancelled"}), True)
        except _Timeout:
            return ToolResult(self.text({"kind": "call_timeout", "ms": math.ceil(seconds * 1000)}), True)
        except Exception as error:  # noqa: BLE001 - every failure is a result
            code = getattr(getattr(error, "error", None), "code", None)
            if code == _CONNECTION_CLOSED or self.session is not session:
                if self.status == "connected":
                    self.lost()
                return ToolResult(self.text({"kind": "dead", "detail": self.error_text()}), True)
            return ToolResult(self.text({"kind": "other", "detail": str(error)}), True)
        dumped = result.model_dump(mode="json", by_alias=True, exclude_none=True)
        # Read by the core as from_mcp's results are (``toolkit.mcp_result``).
        out = _ops.call("toolkit.mcp_result", dumped)
        text = str(out["output"])
        if self.secrets:
            text = str(_ask("redact", {"text": text, "secrets": self.secrets}))
        return ToolResult(text, bool(out["is_error"]), out.get("metadata"))

    async def aclose(self) -> None:
        self.closing = True
        if self.starting is not None:
            with contextlib.suppress(BaseException):
                await asyncio.shield(self.starting)
        if self.status == "connected":
            self.status = "failed"
            self.error = {"kind": "other", "detail": "the connection was closed"}
        await self._end_holder()
        for task in list(self.refreshing):
            task.cancel()



class _HTTPStatus(Exception):
    def __init__(self, status: int) -> None:
        super().__init__(f"HTTP {status}")
        self.http_status = status


async def _list_all(session: Any) -> List[Any]:
    tools: List[Any] = []
    seen: Set[str] = set()
    cursor: Optional[str] = None
    while True:
        if cursor is None:
            page = await session.list_tools()
        else:
            types = importlib.import_module("mcp.types")
            page = await session.list_tools(params=types.PaginatedRequestParams(cursor=cursor))
        tools.extend(page.tools)
        cursor = getattr(page, "next_cursor", None) or getattr(page, "nextCursor", None)
        if not isinstance(cursor, str) or cursor in seen:
            return tools
        seen.add(cursor)

