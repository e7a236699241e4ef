"""The builtin ``bash`` tool's process: ``bash -c`` in its own session (so its own process group)
under the root, a small environment, output kept head and tail while it runs; on timeout,
cancellation or ``ctx.signal``, TERM then KILL to the whole group; the call ends when the command
exits, and whatever it left behind (a grandchild holding the output open) is stopped then. The
answer's text is the core's.
"""

import asyncio
import errno as errno_names
import os
import shutil
import signal as signals
from typing import Any, Dict, List

from . import _ops
from .types import ToolResult

_CHUNK = 64 * 1024
# After the command exits, how long its output may still drain before the rest of its group is
# stopped (a grandchild holding the pipe open must not hold the call).
_DRAIN_SECONDS = 0.1
# Between TERM and KILL.
_GRACE_SECONDS = 2.0


def result(answer: Dict[str, Any]) -> ToolResult:
    """A core answer (``{output, isError, metadata?}``) as a ``ToolResult``."""
    return ToolResult(output=answer["output"], is_error=bool(answer["isError"]), metadata=answer.get("metadata"))


async def wait_signal(signal: Any) -> None:
    """Returns once ``signal`` (an ``asyncio.Event`` or anything with ``is_set()``) is set."""
    if isinstance(signal, asyncio.Event):
        await signal.wait()
        return
    while not signal.is_set():
        await asyncio.sleep(0.05)


def _kill_group(pid: int, sig: int) -> None:
    try:
        os.killpg(pid, sig)
    except (ProcessLookupError, PermissionError):
        pass


async def run_bash(plan: Dict[str, Any], options: Dict[str, Any], signal: Any) -> ToolResult:
    env = {name: os.environ[name] for name in options["inherit"] if name in os.environ}
    env.update(options["env"])
    shell = shutil.which("bash", path=env.get("PATH")) or shutil.which("bash") or "/bin/sh"
    try:
        proc = await asyncio.create_subprocess_exec(
            shell,
            "-c",
            plan["command"],
            cwd=plan["real"],
            env=env,
            stdin=asyncio.subprocess.DEVNULL,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.STDOUT,
            start_new_session=True,
        )
    except OSError as e:
        code = errno_names.errorcode.get(e.errno or 0, "EIO")
        return result(_ops.call("builtins.bash", {"spawnError": code}))
    head_max, tail_max = plan["headBytes"], plan["tailBytes"]
    head = bytearray()
    tail = bytearray()
    dropped = 0

    async def pump() -> None:
        nonlocal dropped
        stream = proc.stdout
        assert stream is not None
        while True:
            chunk = await stream.read(_CHUNK)
            if not chunk:
                return
            if len(head) < head_max:
                take = head_max - len(head)
                head.extend(chunk[:take])
                chunk = chunk[take:]
            if chunk:
                tail.extend(chunk)
                if len(tail) > tail_max:
                    dropped += len(tail) - tail_max
                    del tail[: len(tail) - tail_max]

    async def exited() -> None:
        # Not proc.wait(): it also waits for the pipes to close, which a grandchild holding the
        # output open would delay for as long as it lives.
        while proc.returncode is None:
            await asyncio.sleep(0.02)

    reader = asyncio.ensure_future(pump())
    exit_watch = asyncio.ensure_future(exited())
    watch = asyncio.ensure_future(wait_signal(signal)) if signal is not None else None
    timed_out = cancelled = False
    try:
        waiting: List["asyncio.Future[Any]"] = [exit_watch]
        if watch is not None:
            waiting.append(watch)
        await asyncio.wait(waiting, timeout=plan["timeout"] / 1000, return_when=asyncio.FIRST_COMPLETED)
        if not exit_watch.done():
            cancelled = watch is not None and watch.done()
            timed_out = not cancelled
            _kill_group(proc.pid, signals.SIGTERM)
            await asyncio.wait([exit_watch], timeout=_GRACE_SECONDS)
        await asyncio.wait([reader], timeout=_DRAIN_SECONDS)
    finally:
        # Whatever is left of the group (a grandchild holding the output open, a command that
        # ignored TERM) ends here, also when the task itself is cancelled; then the pipes close
        # and the process is reaped.
        _kill_group(proc.pid, signals.SIGKILL)
        for future in (watch, exit_watch):
            if future is not None:
                future.cancel()
        await asyncio.wait([reader, asyncio.ensure_future(proc.wait())], timeout=_GRACE_SECONDS)
        reader.cancel()
    returncode = proc.returncode
    if dropped == 0:
        # Nothing left out: decode the output whole, so no character is split between the ends.
        head.extend(tail)
        tail.clear()
    return result(
        _ops.call(
            "builtins.bash",
            {
                "head": bytes(head).decode("utf-8", "replace"),
                "tail": bytes(tail).decode("utf-8", "replace"),
                "dropped": dropped,
                "maxOutput": plan["maxOutput"],
                "exitCode": returncode if returncode is not None and returncode >= 0 else None,
                "signal": signals.Signals(-returncode).name if returncode is not None and returncode < 0 else None,
                "timedOut": timed_out,
                "cancelled": cancelled,
                "timeout": plan["timeout"],
            },
        )
    )
