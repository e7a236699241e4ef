"""builtin_tools: confined, bounded, opt-in; hostile inputs for each tool, real files and
processes, and no process left behind."""

import asyncio
import os
import time
from pathlib import Path
from typing import Any, Dict, List, Optional

import pytest

from toolnexus import Tool, ToolContext, ToolResult, builtin_tools

from conftest import run


def tools_at(root: Path, **options: Any) -> Dict[str, Tool]:
    return {t.name: t for t in builtin_tools(root=root, **options)}


def call(tool: Tool, args: Dict[str, Any], ctx: Optional[ToolContext] = None) -> ToolResult:
    return run(tool.execute(args, ctx))


def group_members(pgid: int) -> List[int]:
    """The live (not zombie) processes of the process group `pgid`."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[2]) == pgid and fields[0] != "Z":
            found.append(int(entry))
    return found


def wait_gone(pgid: int) -> List[int]:
    for _ in range(50):
        left = group_members(pgid)
        if not left:
            return []
        time.sleep(0.05)
    return group_members(pgid)


@pytest.fixture
def root(tmp_path: Path) -> Path:
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "a.py").write_text("def one():\n    return 1\n")
    (tmp_path / "notes.txt").write_text("alpha\nbeta\ngamma\n")
    return tmp_path


def test_options_are_checked_and_opt_in(root: Path) -> None:
    with pytest.raises(TypeError, match="builtin_tools: root is required"):
        builtin_tools(root=None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="is not a folder"):
        builtin_tools(root=root / "missing")
    with pytest.raises(TypeError, match="rm"):
        builtin_tools(root=root, tools=["rm"])
    with pytest.raises(TypeError, match="at most 600 seconds"):
        builtin_tools(root=root, timeout=601)
    tools = builtin_tools(root=root, tools=["grep", "read"])
    assert [t.name for t in tools] == ["read", "grep"]
    assert all(t.source == "builtin" for t in tools)
    edit = tools_at(root)["edit"]
    assert set(edit.input_schema["properties"]) == {"path", "oldString", "newString", "replaceAll"}
    assert "32,000 characters" in tools_at(root)["bash"].description


def test_paths_outside_the_root_are_refused_before_any_io(root: Path, tmp_path_factory: Any) -> None:
    t = tools_at(root)
    for path in ["../../etc/passwd", "/etc/passwd", str(root.parent / "elsewhere.txt")]:
        r = call(t["read"], {"path": path})
        assert r.is_error and repr(path)[1:-1] in r.output and "outside the root" in r.output
    os.symlink("/etc", root / "etc")
    r = call(t["read"], {"path": "etc/passwd"})
    assert r.is_error and "leads outside" in r.output and '"etc/passwd"' in r.output
    r = call(t["write"], {"path": "etc/toolnexus-should-not-exist", "content": "x"})
    assert r.is_error and not os.path.exists("/etc/toolnexus-should-not-exist")
    assert call(t["edit"], {"path": "etc/hostname", "oldString": "a", "newString": "b"}).is_error
    assert call(t["grep"], {"pattern": "root", "path": "etc"}).is_error
    assert call(t["glob"], {"pattern": "*", "path": "etc"}).is_error
    assert call(t["bash"], {"command": "pwd", "workdir": "etc"}).is_error
    assert call(t["bash"], {"command": "pwd", "workdir": "../.."}).is_error
    # The link itself is not followed by a search of the root.
    r = call(t["grep"], {"pattern": "root:"})
    assert "passwd" not in r.output


def test_read_numbers_bounds_and_refuses_binary(root: Path) -> None:
    t = tools_at(root, max_lines=2)
    r = call(t["read"], {"path": "notes.txt"})
    assert not r.is_error
    assert r.output.startswith("     1\talpha\n     2\tbeta\n") and "offset=3" in r.output
    assert call(t["read"], {"path": "notes.txt", "offset": 3}).output == "     3\tgamma"
    (root / "blob.bin").write_bytes(b"\x7fELF\x00\x01\x02" * 100)
    r = call(t["read"], {"path": "blob.bin"})
    assert r.is_error and "binary" in r.output
    r = call(t["read"], {"path": "missing.txt"})
    assert r.is_error and r.output == '"missing.txt" does not exist.'
    assert call(t["read"], {"path": "src"}).is_error


def test_a_200_mib_file_is_read_bounded(root: Path) -> None:
    big = root / "big.log"
    with open(big, "wb") as f:
        f.write(b"".join(b"line %d\n" % i for i in range(1, 100_001)))
        f.truncate(200 * 1024 * 1024)
    t = tools_at(root)
    started = time.monotonic()
    r = call(t["read"], {"path": "big.log"})
    assert time.monotonic() - started < 5
    assert not r.is_error and r.output.count("\n") < 2_100 and len(r.output) < 80_000
    assert "     1\tline 1\n" in r.output and "Use offset=" in r.output
    r = call(t["read"], {"path": "big.log", "offset": 50_000, "limit": 2})
    assert r.output.startswith(" 50000\tline 50000\n 50001\tline 50001")
    r = call(t["edit"], {"path": "big.log", "oldString": "line 1\n", "newString": "x"})
    assert r.is_error and "too large" in r.output
    # A sparse file of zeros is binary, and grep reads only a bounded start of it.
    with open(root / "zeros.img", "wb") as f:
        f.truncate(200 * 1024 * 1024)
    assert "binary" in call(t["read"], {"path": "zeros.img"}).output
    r = call(t["grep"], {"pattern": "line 99999$", "include": "*.{log,img}"})
    assert "binary files skipped" in r.output


def test_write_creates_parents_and_odd_names(root: Path) -> None:
    t = tools_at(root)
    r = call(t["write"], {"path": "deep/er/new.txt", "content": "héllo\n"})
    assert not r.is_error and r.output == 'Wrote 7 bytes to "deep/er/new.txt".'
    assert (root / "deep/er/new.txt").read_text() == "héllo\n"
    r = call(t["write"], {"path": "new\nline.txt", "content": "one\n"})
    assert not r.is_error and (root / "new\nline.txt").read_text() == "one\n"
    assert call(t["read"], {"path": "new\nline.txt"}).output == "     1\tone"
    assert "new\nline.txt" in call(t["glob"], {"pattern": "new*"}).output
    assert call(t["write"], {"path": "src", "content": "x"}).is_error


def test_edit_is_literal_and_counted(root: Path) -> None:
    t = tools_at(root)
    f = root / "code.js"
    f.write_text("let a = 1;\nlet b = 1;\n")
    r = call(t["edit"], {"path": "code.js", "oldString": "1", "newString": "2"})
    assert r.is_error and "found 2 times" in r.output
    assert f.read_text() == "let a = 1;\nlet b = 1;\n"
    r = call(t["edit"], {"path": "code.js", "oldString": "a = 1", "newString": "a = '$&' + '$1' + $$"})
    assert not r.is_error and r.metadata == {"replacements": 1}
    assert f.read_text() == "let a = '$&' + '$1' + $$;\nlet b = 1;\n"
    r = call(t["edit"], {"path": "code.js", "oldString": "zzz", "newString": "y"})
    assert r.is_error and "0 matches" in r.output
    r = call(t["edit"], {"path": "code.js", "oldString": "let", "newString": "const", "replaceAll": True})
    assert not r.is_error and f.read_text().count("const") == 2


def test_grep_is_linear_sorted_capped_and_skips(root: Path) -> None:
    t = tools_at(root, max_results=3)
    (root / "a.txt").write_text("a" * 100_000 + "!\n")
    started = time.monotonic()
    r = call(t["grep"], {"pattern": "(a+)+$", "path": "a.txt"})
    assert time.monotonic() - started < 10
    assert not r.is_error and "No matches" in r.output
    r = call(t["grep"], {"pattern": "(unclosed"})
    assert r.is_error and "not a valid regular expression" in r.output
    for name in ["z.txt", "b.txt", "m.txt", "c.txt"]:
        (root / name).write_text("needle here\n")
    (root / ".git").mkdir()
    (root / ".git" / "x.txt").write_text("needle\n")
    (root / "node_modules").mkdir()
    (root / "node_modules" / "y.txt").write_text("needle\n")
    r = call(t["grep"], {"pattern": "needle"})
    assert r.output.startswith("b.txt:1: needle here\nc.txt:1: needle here\nm.txt:1: needle here\n\n(Only the first 3")
    assert r.metadata == {"matches": 3, "truncated": True}
    r = call(t["grep"], {"pattern": "needle", "path": "node_modules"})
    assert r.output == "node_modules/y.txt:1: needle"
    r = call(t["grep"], {"pattern": "return", "include": "*.py"})
    assert r.output == "src/a.py:2:     return 1"
    assert call(t["grep"], {"pattern": "beta", "path": "notes.txt"}).output == "notes.txt:2: beta"


def test_glob_is_sorted_and_capped(root: Path) -> None:
    t = tools_at(root)
    assert call(t["glob"], {"pattern": "**/*.py"}).output == "src/a.py"
    assert call(t["glob"], {"pattern": "*.py", "path": "src"}).output == "src/a.py"
    assert call(t["glob"], {"pattern": "*.txt"}).output == "notes.txt"
    assert call(t["glob"], {"pattern": "{bad"}).is_error


def test_bash_runs_in_root_with_a_small_environment(root: Path, monkeypatch: Any) -> None:
    monkeypatch.setenv("TOOLNEXUS_SECRET", "s3cret-value")
    t = tools_at(root, env={"GIVEN": "yes"})
    r = call(t["bash"], {"command": "pwd; env"})
    assert not r.is_error and r.metadata["exitCode"] == 0
    assert r.output.startswith(os.path.realpath(root) + "\n")
    assert "GIVEN=yes" in r.output and "PATH=" in r.output
    assert "s3cret-value" not in r.output and "TOOLNEXUS_SECRET" not in r.output
    r = call(t["bash"], {"command": "no-such-command-here"})
    assert r.is_error and r.metadata["exitCode"] == 127 and "Exit code 127" in r.output
    r = call(t["bash"], {"command": "pwd", "workdir": "src"})
    assert r.output.strip().endswith("/src")


def pid_from(root: Path) -> int:
    for _ in range(100):
        text = (root / "pid").read_text().strip() if (root / "pid").exists() else ""
        if text:
            return int(text)
        time.sleep(0.02)
    raise AssertionError("the command wrote no pid")


def test_a_timeout_stops_the_whole_group(root: Path) -> None:
    t = tools_at(root)
    started = time.monotonic()
    r = call(t["bash"], {"command": "echo $$ > pid; sleep 300 & wait", "timeout": 1000})
    assert time.monotonic() - started < 5
    assert r.is_error and "timed out after 1000 ms" in r.output and r.metadata["timedOut"]
    assert wait_gone(pid_from(root)) == []


def test_a_grandchild_holding_the_output_does_not_hold_the_call(root: Path) -> None:
    t = tools_at(root)
    started = time.monotonic()
    r = call(t["bash"], {"command": "echo $$ > pid; (sleep 300 &); echo done"})
    assert time.monotonic() - started < 5
    assert not r.is_error and r.output.strip() == "done"
    assert wait_gone(pid_from(root)) == []


def test_50_mib_of_output_is_cut_keeping_both_ends(root: Path) -> None:
    t = tools_at(root)
    command = "echo $$ > pid; echo START; head -c 52428800 /dev/zero | tr '\\0' 'a'; echo; echo END"
    r = call(t["bash"], {"command": command})
    assert not r.is_error
    assert r.output.startswith("START\n") and r.output.endswith("END\n")
    assert len(r.output) < 32_200 and "bytes of output left out" in r.output
    assert r.metadata["truncated"] is True
    assert wait_gone(pid_from(root)) == []


def test_signal_and_task_cancellation_stop_the_group(root: Path) -> None:
    t = tools_at(root)

    async def with_signal() -> ToolResult:
        event = asyncio.Event()
        asyncio.get_running_loop().call_later(0.5, event.set)
        return await t["bash"].execute({"command": "echo $$ > pid; sleep 300"}, ToolContext(signal=event))

    r = run(with_signal())
    assert r.is_error and "cancelled" in r.output
    assert wait_gone(pid_from(root)) == []
    (root / "pid").unlink()

    async def set_already() -> ToolResult:
        event = asyncio.Event()
        event.set()
        return await t["bash"].execute({"command": "echo $$ > pid"}, ToolContext(signal=event))

    r = run(set_already())
    assert r.is_error and "cancelled" in r.output
    time.sleep(0.2)
    assert not (root / "pid").exists()

    async def cancel_task() -> None:
        task = asyncio.ensure_future(t["bash"].execute({"command": "echo $$ > pid; sleep 300"}))
        await asyncio.sleep(0.5)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task

    run(cancel_task())
    assert wait_gone(pid_from(root)) == []


def test_ctx_timeout_bounds_a_command(root: Path) -> None:
    t = tools_at(root)
    r = call(t["bash"], {"command": "echo $$ > pid; sleep 300"}, ToolContext(timeout=0.5))
    assert r.is_error and "timed out after 500 ms" in r.output
    assert wait_gone(pid_from(root)) == []
