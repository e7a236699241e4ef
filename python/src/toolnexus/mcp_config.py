"""MCP servers from the config file a user already has: ``connect_mcp``.

The Rust core reads the config (dialect, variables, validation, the child's environment, tool
names, the words of every status, the reading of a result); this module starts, connects and
closes through the official ``mcp`` SDK (``pip install toolnexus[mcp]``, CPython 3.10+), loaded
on first use. Each server runs in a task of its own that holds its SDK session open until
``aclose()``; a stdio server runs in its own process group (the SDK's ``stdio_client``: TERM,
then KILL to the group), with its stderr read into a bounded buffer.
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import importlib
import json
import math
import os
import signal as signal_module
import sys
from types import SimpleNamespace, TracebackType
from typing import Any, Dict, Generator, List, Mapping, Optional, Set, Type, Union

from . import _ops
from .types import Tool, ToolContext, ToolResult

ConfigInput = Union[str, "os.PathLike[str]", Mapping[str, Any]]

_CONFIG_BYTES = 4 * 1024 * 1024
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
        out = _ask("result", dumped)
        text = str(out["output"])
        if self.secrets:
            text = str(_ask("redact", {"text": text, "secrets": self.secrets}))
        return ToolResult(text, bool(out["isError"]), out.get("metadata"))

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


# Every process group still running, so that an interpreter that exits without aclose() leaves
# none behind.
_groups: Set[int] = set()
_atexit_registered = False


def _kill_all_groups() -> None:
    for pid in list(_groups):
        _signal_group(pid, signal_module.SIGKILL)


def _track(pid: int, add: bool) -> None:
    global _atexit_registered
    if add:
        if not _atexit_registered:
            atexit.register(_kill_all_groups)
            _atexit_registered = True
        _groups.add(pid)
    else:
        _groups.discard(pid)


def _signal_group(pid: int, sig: int) -> bool:
    """Sends ``sig`` to the process group ``pid``; whether the group still has a process."""
    try:
        os.killpg(pid, sig)
        return True
    except ProcessLookupError:
        return False
    except PermissionError:
        return True


async def _group_gone(pid: int, seconds: float) -> bool:
    loop = asyncio.get_running_loop()
    end = loop.time() + seconds
    while loop.time() < end:
        if not _signal_group(pid, 0):
            return True
        await asyncio.sleep(0.02)
    return not _signal_group(pid, 0)


async def _end_group(process: "asyncio.subprocess.Process", grace: float) -> None:
    """The server's whole process group: TERM, then KILL after ``grace`` seconds."""
    if process.stdin is not None:
        process.stdin.close()
    if os.name == "nt":  # pragma: no cover - no process groups to signal
        with contextlib.suppress(ProcessLookupError):
            process.kill()
    elif _signal_group(process.pid, signal_module.SIGTERM) and not await _group_gone(process.pid, grace):
        _signal_group(process.pid, signal_module.SIGKILL)
        # A group whose last members are zombies nobody reaps still answers signal 0: bounded.
        await _group_gone(process.pid, 0.5)
    with contextlib.suppress(asyncio.TimeoutError, ProcessLookupError):
        await asyncio.wait_for(process.wait(), 1)
    _track(process.pid, False)


@contextlib.asynccontextmanager
async def _group_stdio(run: _ServerRun) -> Any:
    """The SDK's transport streams over a child in its own process group (start_new_session),
    its stderr always read into the server's bounded buffer, its exit reported."""
    anyio: Any = importlib.import_module("anyio")
    types: Any = importlib.import_module("mcp.types")
    session_message: Any = importlib.import_module("mcp.shared.message").SessionMessage
    adapter = getattr(types, "jsonrpc_message_adapter", None)
    parse = adapter.validate_json if adapter is not None else types.JSONRPCMessage.model_validate_json
    server = run.server
    limits = run.connection.limits
    cwd = os.path.join(run.connection.cwd, server["cwd"]) if server.get("cwd") else run.connection.cwd
    process = await asyncio.create_subprocess_exec(
        server["command"],
        *server["args"],
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        env=server["env"],
        cwd=cwd,
        start_new_session=os.name != "nt",
        limit=limits["maxMessage"],
    )
    if os.name != "nt":
        _track(process.pid, True)
    read_writer, read_stream = anyio.create_memory_object_stream(0)
    write_stream, write_reader = anyio.create_memory_object_stream(0)

    async def pump_out() -> None:
        assert process.stdout is not None
        try:
            while True:
                line = await process.stdout.readline()
                if not line:
                    break
                text = line.strip()
                if not text:
                    continue
                try:
                    message = parse(text)
                except ValueError:
                    continue  # not a message: a server that logs to stdout
                await read_writer.send(session_message(message))
        except (ValueError, anyio.ClosedResourceError, anyio.BrokenResourceError):
            pass  # a message over the limit, or the session gone
        finally:
            await read_writer.aclose()

    async def pump_err() -> None:
        assert process.stderr is not None
        while True:
            chunk = await process.stderr.read(65536)
            if not chunk:
                return
            run.keep_stderr(chunk.decode("utf-8", "replace"))

    async def pump_in() -> None:
        assert process.stdin is not None
        try:
            async for message in write_reader:
                data = message.message.model_dump_json(by_alias=True, exclude_none=True)
                process.stdin.write(data.encode("utf-8") + b"\n")
                await process.stdin.drain()
        except (ConnectionError, anyio.ClosedResourceError, anyio.BrokenResourceError):
            pass

    async def watch() -> None:
        code = await process.wait()
        run.exited(code)

    tasks = [asyncio.ensure_future(t()) for t in (pump_out, pump_err, pump_in, watch)]
    try:
        yield read_stream, write_stream
    finally:
        await asyncio.shield(_end_group(process, limits["killGrace"] / 1000))
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(BaseException):
                await task
        for stream in (read_stream, write_stream, write_reader):
            await stream.aclose()


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


class MCPConnection:
    """The servers of a config, started: ``tools``, ``servers`` and ``aclose()``."""

    def __init__(self, servers: List[Dict[str, Any]], cwd: str, limits: Dict[str, Any]) -> None:
        self.cwd = cwd
        self.limits = limits
        self._runs = [_ServerRun(self, server) for server in servers]
        self._tools: List[Tool] = []
        self._closed: Optional["asyncio.Future[None]"] = None
        self._watchers: List[Any] = []

    @property
    def tools(self) -> List[Tool]:
        """The connected servers' tools, named ``server_tool``; refreshed on ``tools/list_changed``."""
        return list(self._tools)

    @property
    def servers(self) -> List[Dict[str, Any]]:
        """One status per server of the config: ``connected``, ``disabled`` or ``failed`` (with ``error``, ``stderr``)."""
        return [run.record() for run in self._runs]

    async def _start(self, signal: Any) -> None:
        starting = [run.start(signal) for run in self._runs if run.status == "starting"]
        await asyncio.gather(*starting)
        self.rebuild()

    def rebuild(self) -> None:
        runs = [r for r in self._runs if r.listed and (r.status == "connected" or r.restartable)]
        named = _ask(
            "tools",
            {
                "servers": [
                    {
                        "name": r.name,
                        "include": r.server.get("include"),
                        "exclude": r.server.get("exclude"),
                        "tools": [t.name for t in r.listed],
                    }
                    for r in runs
                ]
            },
        )
        before = self._tools
        tools: List[Tool] = []
        for run, entry in zip(runs, named):
            listed = {t.name: t for t in run.listed}
            for item in entry["tools"]:
                found = listed[item["tool"]]
                schema = getattr(found, "input_schema", None) or getattr(found, "inputSchema", None)
                try:
                    tools.append(
                        Tool(
                            name=item["name"],
                            description=found.description or "",
                            input_schema=schema if isinstance(schema, dict) else {"type": "object", "properties": {}},
                            source="mcp",
                            execute=_executor(run, item["tool"]),
                        )
                    )
                except (TypeError, ValueError):
                    continue  # a schema no provider takes (a root that is not an object)
        self._tools = tools
        for watcher in self._watchers:
            watcher(before, tools)

    async def aclose(self) -> None:
        """Ends every server (each stdio server's whole process group) and leaves nothing behind."""
        if self._closed is None:
            self._closed = asyncio.ensure_future(self._close_all())
        await asyncio.shield(self._closed)

    async def _close_all(self) -> None:
        await asyncio.gather(*(run.aclose() for run in self._runs))

    async def __aenter__(self) -> "MCPConnection":
        return self

    async def __aexit__(
        self, exc_type: Optional[Type[BaseException]], exc: Optional[BaseException], tb: Optional[TracebackType]
    ) -> None:
        await self.aclose()


def _executor(run: _ServerRun, tool: str) -> Any:
    async def execute(args: Dict[str, Any], ctx: Optional[ToolContext] = None, /) -> ToolResult:
        try:
            return await run.call(tool, dict(args or {}), ctx)
        except Exception as error:  # noqa: BLE001 - execute never raises
            return ToolResult(run.text({"kind": "other", "detail": str(error)}), True)

    return execute


def _read_text(path: str) -> str:
    with open(path, "rb") as file:
        data = file.read(_CONFIG_BYTES + 1)
    if len(data) > _CONFIG_BYTES:
        raise ValueError(f"larger than {_CONFIG_BYTES} bytes")
    return data.decode("utf-8")


async def _connect(
    config: ConfigInput,
    cwd: Optional[str],
    env: Optional[Mapping[str, str]],
    inputs: Optional[Mapping[str, str]],
    timeout: Optional[float],
    signal: Any,
) -> MCPConnection:
    if timeout is not None and not (isinstance(timeout, (int, float)) and timeout > 0 and math.isfinite(timeout)):
        raise ValueError("connect_mcp: `timeout` must be a positive number of seconds")
    if signal is not None and signal.is_set():
        raise asyncio.CancelledError("connect_mcp: cancelled")
    base = os.path.abspath(cwd) if cwd is not None else os.getcwd()
    value: Any = config
    if isinstance(config, os.PathLike) or (isinstance(config, str) and not config.lstrip().startswith(("{", "["))):
        path = os.path.join(base, os.fspath(config))
        try:
            value = await asyncio.to_thread(_read_text, path)
        except (OSError, ValueError) as error:
            raise ValueError(f"connect_mcp: cannot read the config file {path}: {error}") from error
    elif not isinstance(config, (str, Mapping)):
        raise TypeError(f"connect_mcp: `config` must be a path, JSON text or a mapping, got {type(config).__name__}")
    elif isinstance(config, Mapping):
        value = json.loads(json.dumps(config))
    request: Dict[str, Any] = {
        "config": value,
        "env": dict(env if env is not None else os.environ),
        "processEnv": dict(os.environ),
        "inputs": dict(inputs or {}),
        "cwd": base,
        "platform": sys.platform,
    }
    if timeout is not None:
        request["timeout"] = math.ceil(timeout * 1000)
    env_files: Dict[str, Optional[str]] = {}
    for path in _ask("env_files", request):
        try:
            env_files[path] = await asyncio.to_thread(_read_text, os.path.join(base, path))
        except (OSError, ValueError):
            env_files[path] = None
    servers = _ask("normalize", {**request, "envFiles": env_files})["servers"]
    if any(s["status"] == "ready" for s in servers):
        _load_sdk()
    connection = MCPConnection(servers, base, _ask("limits", {}))
    try:
        await connection._start(signal)
    except BaseException:
        await connection.aclose()
        raise
    if signal is not None and signal.is_set():
        await connection.aclose()
        raise asyncio.CancelledError("connect_mcp: cancelled")
    return connection


class _Connecting:
    """What ``connect_mcp`` returns: await it, or use it in ``async with``."""

    def __init__(self, *args: Any) -> None:
        self._args = args
        self._connection: Optional[MCPConnection] = None

    def __await__(self) -> Generator[Any, None, MCPConnection]:
        return _connect(*self._args).__await__()

    async def __aenter__(self) -> MCPConnection:
        self._connection = await _connect(*self._args)
        return self._connection

    async def __aexit__(
        self, exc_type: Optional[Type[BaseException]], exc: Optional[BaseException], tb: Optional[TracebackType]
    ) -> None:
        if self._connection is not None:
            await self._connection.aclose()


def connect_mcp(
    config: ConfigInput,
    *,
    cwd: Optional[str] = None,
    env: Optional[Mapping[str, str]] = None,
    inputs: Optional[Mapping[str, str]] = None,
    timeout: Optional[float] = None,
    signal: Any = None,
) -> _Connecting:
    """Starts the MCP servers of a config concurrently; their tools and statuses.

    ``config`` is a path, JSON text or a mapping in any dialect (Claude Desktop, Cursor,
    Claude Code, VS Code, opencode). ``env`` is where ``${VAR}`` is read from (default
    ``os.environ``), ``inputs`` answers ``${input:id}``, ``timeout`` is per server, in seconds
    (default 30), ``signal`` (an ``asyncio.Event``) aborts the start::

        async with connect_mcp("claude_desktop_config.json") as conn:
            tools = conn.tools
    """
    return _Connecting(config, cwd, env, inputs, timeout, signal)
