"""The builtin tools: ``bash``, ``read``, ``write``, ``edit``, ``glob`` and ``grep``, confined to
a root folder, bounded, and given only when asked for (``builtin_tools(root=...)``).

Every decision (the tools' schemas, where a path may go, the edit, the search, the cuts and the
result texts) is the Rust core's, the same as the npm package's; this module touches the disk
and ``_builtins_bash`` runs the commands: ask the core, do the I/O, ask the core.
"""

import asyncio
import errno as errno_names
import os
import stat
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple, Union

from . import _ops
from ._builtins_bash import result as _result
from ._builtins_bash import run_bash as _bash
from ._builtins_bash import wait_signal as _wait_signal
from .types import Tool, ToolContext, ToolResult

__all__ = ["builtin_tools"]

_CHUNK = 64 * 1024


class _Stopped(Exception):
    """The call was cancelled or ran out of time while the host worked."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


def _failure(tool: str, code: str, path: Optional[str] = None, **extra: Any) -> ToolResult:
    value: Dict[str, Any] = {"tool": tool, "code": code, **extra}
    if path is not None:
        value["path"] = path
    return _result(_ops.call("builtins.failure", value))


def _is_set(signal: Any) -> bool:
    return signal is not None and bool(signal.is_set())


def builtin_tools(
    *,
    root: "Union[str, os.PathLike[str]]",
    tools: Optional[Sequence[str]] = None,
    timeout: Optional[float] = None,
    max_output: Optional[int] = None,
    max_lines: Optional[int] = None,
    max_line_length: Optional[int] = None,
    max_results: Optional[int] = None,
    env: Optional[Dict[str, str]] = None,
) -> List[Tool]:
    """The builtin tools (``source="builtin"``) confined to ``root``; ``tools`` picks a subset.

    ``timeout`` (seconds; default 120, at most 600) bounds ``bash``; ``max_output`` (32,000
    characters), ``max_lines`` and ``max_line_length`` (2,000 each, for ``read``) and
    ``max_results`` (1,000, for ``glob`` and ``grep``) bound what reaches the model. Commands get
    PATH, HOME, LANG, TERM and a few more from this process's environment, plus ``env``.

    >>> [t.name for t in builtin_tools(root=".", tools=["read", "grep"])]
    ['read', 'grep']
    """
    given: Dict[str, Any] = {
        "python": True,
        "root": os.fspath(root) if isinstance(root, (str, os.PathLike)) else root,
        "tools": list(tools) if tools is not None and not isinstance(tools, str) else tools,
        "timeout": timeout,
        "max_output": max_output,
        "max_lines": max_lines,
        "max_line_length": max_line_length,
        "max_results": max_results,
        "env": env,
    }
    options = _ops.call("builtins.options", {k: v for k, v in given.items() if v is not None})
    real_root = os.path.realpath(options["root"])
    if not os.path.isdir(real_root):
        raise ValueError(f"builtin_tools: root {options['root']!r} is not a folder")
    options["root"] = real_root
    return [
        Tool(
            name=d["name"],
            description=d["description"],
            input_schema=d["inputSchema"],
            source="builtin",
            execute=_executor(d["name"], options),
        )
        for d in _ops.call("builtins.definitions", {"options": options})
    ]


def _executor(tool: str, options: Dict[str, Any]) -> Any:
    async def execute(args: Dict[str, Any], ctx: Optional[ToolContext] = None, /) -> ToolResult:
        signal = ctx.signal if ctx is not None else None
        ctx_timeout = ctx.timeout if ctx is not None else None
        if _is_set(signal):
            return _failure(tool, "cancelled")
        try:
            return await _run(tool, args, options, signal, ctx_timeout)
        except _Stopped as stopped:
            ms = round((ctx_timeout or 0) * 1000)
            return _failure(tool, stopped.code, timeout=ms)
        except OSError as e:
            return _failure(tool, errno_names.errorcode.get(e.errno or 0, "EIO"), _path_of(args))
        except (ValueError, TypeError) as e:
            return _failure(tool, type(e).__name__, _path_of(args))

    return execute


def _path_of(args: Any) -> Optional[str]:
    path = args.get("path") if isinstance(args, dict) else None
    return path if isinstance(path, str) else None


async def _run(
    tool: str, args: Any, options: Dict[str, Any], signal: Any, ctx_timeout: Optional[float]
) -> ToolResult:
    value: Dict[str, Any] = {"tool": tool, "args": args, "options": options}
    if ctx_timeout is not None:
        value["ctxTimeout"] = ctx_timeout * 1000
    plan = _ops.call("builtins.plan", value)
    if "answer" in plan:
        return _result(plan["answer"])
    real = os.path.realpath(plan["at"])
    verdict = _ops.call("builtins.confine", {"root": options["root"], "path": plan["path"], "real": real})
    if "isError" in verdict:
        return _result(verdict)
    plan["real"] = real
    if tool == "bash":
        return await _bash(plan, options, signal)
    loop = asyncio.get_running_loop()
    deadline = loop.time() + ctx_timeout if ctx_timeout is not None else None
    stop = {"now": False}

    def check() -> None:
        if stop["now"] or _is_set(signal):
            raise _Stopped("cancelled")
        if deadline is not None and loop.time() > deadline:
            raise _Stopped("timeout")

    work: Callable[[Dict[str, Any], Callable[[], None]], ToolResult] = _FILE_TOOLS[tool]
    task = asyncio.ensure_future(asyncio.to_thread(work, plan, check))
    waiters: List["asyncio.Future[Any]"] = [task]
    if signal is not None:
        waiters.append(asyncio.ensure_future(_wait_signal(signal)))
    try:
        await asyncio.wait(waiters, timeout=ctx_timeout, return_when=asyncio.FIRST_COMPLETED)
        if not task.done():
            raise _Stopped("cancelled" if _is_set(signal) else "timeout")
        return task.result()
    finally:
        stop["now"] = True
        for waiter in waiters[1:]:
            waiter.cancel()


# The file tools, run in a worker thread; `check` raises _Stopped when the call must end.


def _read(plan: Dict[str, Any], check: Callable[[], None]) -> ToolResult:
    offset, limit, max_bytes = plan["offset"], plan["limit"], plan["maxBytes"]
    with open(plan["real"], "rb") as f:
        size = os.fstat(f.fileno()).st_size
        head = f.read(plan["sniffBytes"])
        f.seek(0)
        line, newlines, consumed, eof = 1, 0, 0, False
        collected = bytearray()
        while True:
            check()
            chunk = f.read(_CHUNK)
            if not chunk:
                eof = True
                break
            start = 0
            while line < offset:
                at = chunk.find(b"\n", start)
                if at < 0:
                    start = len(chunk)
                    break
                line, start = line + 1, at + 1
            end, full = len(chunk), False
            if line >= offset:
                at = start
                while newlines < limit:
                    at = chunk.find(b"\n", at)
                    if at < 0:
                        break
                    newlines, at = newlines + 1, at + 1
                    if newlines == limit:
                        end, full = at, True
                room = max_bytes - len(collected)
                if end - start >= room:
                    end, full = start + room, True
                collected += chunk[start:end]
            consumed += end
            if full:
                break
        eof = eof or consumed >= size
    return _result(
        _ops.call(
            "builtins.read",
            {
                "path": plan["path"],
                # From line 1 the text collected begins with the file's start: it need not cross twice.
                "head": head.decode("utf-8", "replace") if offset > 1 else "",
                "text": collected.decode("utf-8", "replace"),
                "offset": offset,
                "limit": limit,
                "maxLineLength": plan["maxLineLength"],
                "size": size,
                "eof": eof,
            },
        )
    )


def _write(plan: Dict[str, Any], check: Callable[[], None]) -> ToolResult:
    data = plan["content"].encode("utf-8")
    check()
    os.makedirs(os.path.dirname(plan["real"]), exist_ok=True)
    with open(plan["real"], "wb") as f:
        f.write(data)
    return _result(_ops.call("builtins.write", {"path": plan["path"], "bytes": len(data)}))


def _edit(plan: Dict[str, Any], check: Callable[[], None]) -> ToolResult:
    path = plan["path"]
    with open(plan["real"], "rb") as f:
        size = os.fstat(f.fileno()).st_size
        if size > plan["maxBytes"]:
            return _failure("edit", "too_large", path, size=size, max=plan["maxBytes"])
        data = f.read(plan["maxBytes"] + 1)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return _failure("edit", "not_text", path)
    check()
    reply = _ops.call(
        "builtins.edit",
        {
            "path": path,
            "text": text,
            "oldString": plan["oldString"],
            "newString": plan["newString"],
            "replaceAll": plan["replaceAll"],
        },
    )
    if "text" in reply:
        check()
        with open(plan["real"], "wb") as f:
            f.write(reply["text"].encode("utf-8"))
    return _result(reply["answer"])


def _walk(
    plan: Dict[str, Any], check: Callable[[], None], prefix: str, files_only_regular: bool
) -> Tuple[List[str], bool]:
    """Paths under the plan's folder (relative to it, joined to `prefix`), symbolic links to
    folders not followed, the skipped folders left out; at most maxEntries."""
    skip = set(plan["skip"])
    out: List[str] = []
    stack = [(plan["real"], prefix)]
    seen = 0
    while stack:
        check()
        folder, rel = stack.pop()
        try:
            entries = list(os.scandir(folder))
        except OSError:
            continue
        for entry in entries:
            seen += 1
            if seen > plan["maxEntries"]:
                return out, True
            name = entry.name if not rel else f"{rel}/{entry.name}"
            if entry.is_dir(follow_symlinks=False):
                if entry.name not in skip:
                    stack.append((entry.path, name))
            elif entry.is_file(follow_symlinks=False) or (not files_only_regular and entry.is_symlink()):
                out.append(name)
    return out, False


def _glob(plan: Dict[str, Any], check: Callable[[], None]) -> ToolResult:
    if not os.path.isdir(plan["real"]):
        return _failure("glob", "ENOTDIR" if os.path.exists(plan["real"]) else "ENOENT", plan["path"])
    files, incomplete = _walk(plan, check, "", False)
    value = {
        "pattern": plan["pattern"],
        "files": files,
        "prefix": plan["display"],
        "maxResults": plan["maxResults"],
        "incomplete": incomplete,
    }
    return _result(_ops.call("builtins.glob", value))


def _grep(plan: Dict[str, Any], check: Callable[[], None]) -> ToolResult:
    real, display = plan["real"], plan["display"]
    mode = os.stat(real).st_mode
    if stat.S_ISDIR(mode):
        files, incomplete = _walk(plan, check, "" if display == "." else display, True)
        files = _ops.call("builtins.select", {"include": plan["include"], "files": files})
    else:
        files, incomplete = [display], False
    root = real if stat.S_ISDIR(mode) else None
    prefix = "" if display == "." else display + "/"
    lines: List[str] = []
    binary = searched = 0
    full = False
    batch: List[Dict[str, str]] = []
    batch_bytes = 0

    def flush() -> bool:
        nonlocal batch, batch_bytes, binary, full
        reply = _ops.call(
            "builtins.grep",
            {
                "pattern": plan["pattern"],
                "files": batch,
                "room": plan["maxResults"] - len(lines),
                "maxLineLength": plan["maxLineLength"],
            },
        )
        if "answer" in reply:
            raise _Answer(reply["answer"])
        lines.extend(reply["lines"])
        binary += reply["binary"]
        full = bool(reply["full"])
        batch, batch_bytes = [], 0
        return full

    literal = plan["literal"].encode("utf-8") if isinstance(plan.get("literal"), str) else None
    for name in files:
        check()
        path = real if root is None else os.path.join(root, name[len(prefix) :] if prefix else name)
        try:
            with open(path, "rb") as f:
                data = f.read(plan["fileBytes"])
        except OSError:
            continue
        searched += 1
        if literal is not None and literal not in data:
            # It cannot match: only its start goes to the core, which still tells a binary file.
            data = data[: plan["sniffBytes"]]
        batch.append({"path": name, "text": data.decode("utf-8", "replace")})
        batch_bytes += len(data)
        if batch_bytes >= plan["batchBytes"] and flush():
            break
    if batch and not full:
        flush()
    value = {
        "pattern": plan["pattern"],
        "lines": lines,
        "full": full,
        "files": searched,
        "binary": binary,
        "incomplete": incomplete,
    }
    return _result(_ops.call("builtins.grep_result", value))


class _Answer(Exception):
    def __init__(self, answer: Dict[str, Any]) -> None:
        super().__init__(answer.get("output"))
        self.answer = answer


def _grep_or_answer(plan: Dict[str, Any], check: Callable[[], None]) -> ToolResult:
    try:
        return _grep(plan, check)
    except _Answer as a:
        return _result(a.answer)


_FILE_TOOLS: Dict[str, Callable[[Dict[str, Any], Callable[[], None]], ToolResult]] = {
    "read": _read,
    "write": _write,
    "edit": _edit,
    "glob": _glob,
    "grep": _grep_or_answer,
}
