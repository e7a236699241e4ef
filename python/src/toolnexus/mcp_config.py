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
import json
import math
import os
import sys
from types import TracebackType
from typing import Any, Dict, Generator, List, Mapping, Optional, Type, Union

from ._mcp_server import _ask, _load_sdk, _ServerRun
from .types import Tool, ToolContext, ToolResult

ConfigInput = Union[str, "os.PathLike[str]", Mapping[str, Any]]

_CONFIG_BYTES = 4 * 1024 * 1024


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
