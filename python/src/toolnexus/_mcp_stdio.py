"""A stdio MCP server in its own process group, as the ``mcp`` SDK's transport streams: the child
started with ``start_new_session``, its stdout read as one JSON-RPC message per line, its stderr
always read into its run's bounded buffer, and the whole group ended on close (TERM, then KILL
after the core's grace period). Every group still running is killed when the interpreter exits.
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import importlib
import os
import signal as signal_module
from typing import TYPE_CHECKING, Any, Set

if TYPE_CHECKING:
    from ._mcp_server import _ServerRun

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
