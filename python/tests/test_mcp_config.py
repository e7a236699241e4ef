"""connect_mcp against real servers: the reference servers from npm (everything over stdio,
Streamable HTTP and SSE; filesystem; memory), the project's example server, and the odd servers
of tests/mcp/servers/, through the same config files as the npm suite (tests/mcp/configs/)."""

import asyncio
import http.server
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any, Dict, Iterator, List

import pytest

from conftest import run

ROOT = Path(__file__).resolve().parents[2]
CONFIGS = ROOT / "tests" / "mcp" / "configs"
SERVERS = ROOT / "tests" / "mcp" / "servers"
EVERYTHING = ROOT / "node_modules" / "@modelcontextprotocol" / "server-everything" / "dist" / "index.js"
NODE = shutil.which("node") or ""

if sys.version_info < (3, 10):
    pytest.skip("the mcp SDK needs CPython 3.10 or later", allow_module_level=True)
try:
    import mcp  # noqa: F401
except ImportError:
    pytest.skip("the mcp SDK is not installed (pip install 'toolnexus[mcp]')", allow_module_level=True)
if not NODE or not EVERYTHING.exists():
    pytest.skip("the MCP test servers need node and the npm dev dependencies (npm run setup)", allow_module_level=True)

from toolnexus import ToolContext, connect_mcp, create_toolkit, define_tool  # noqa: E402
from toolnexus.mcp_config import MCPConnection  # noqa: E402

SCRATCH = Path(tempfile.mkdtemp(prefix="toolnexus-py-mcp-"))
os.environ["PARENT_SECRET"] = "parent-secret-value"
ENV = {
    **os.environ,
    "ROOT": str(ROOT),
    "FILES_DIR": str(SCRATCH),
    "MEMORY_FILE": str(SCRATCH / "memory.jsonl"),
    "API_TOKEN": "tok-0123456789abcdef",
    "NAMED_VAR": "named-value",
}


def by_name(conn: MCPConnection) -> Dict[str, Dict[str, Any]]:
    return {s["name"]: s for s in conn.servers}


def tool(conn: MCPConnection, name: str) -> Any:
    return next(t for t in conn.tools if t.name == name)


def node(script: str, **extra: Any) -> Dict[str, Any]:
    return {"command": NODE, "args": [str(SERVERS / script)], **extra}


def gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except OSError:
        return True
    try:
        return Path(f"/proc/{pid}/stat").read_text().split(") ")[1].startswith("Z")
    except OSError:
        return True


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def everything_http() -> Iterator[str]:
    port = free_port()
    child = subprocess.Popen(
        [NODE, str(EVERYTHING), "streamableHttp"], env={**os.environ, "PORT": str(port)},
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    for _ in range(200):
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                break
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    child.kill()
    child.wait()


def test_claude_desktop_config_from_a_path() -> None:
    async def main() -> None:
        async with connect_mcp(CONFIGS / "claude_desktop_config.json", env=ENV) as conn:
            servers = by_name(conn)
            for name in ["everything", "memory", "filesystem", "example"]:
                assert servers[name]["status"] == "connected", servers[name]
            assert servers["old"] == {"kind": "mcp", "name": "old", "status": "disabled", "transport": "stdio"}
            names = [t.name for t in conn.tools]
            assert sorted(n for n in names if n.startswith("memory_")) == ["memory_create_entities", "memory_read_graph"]
            assert "filesystem_read_text_file" in names and "filesystem_write_file" not in names
            assert all(t.source == "mcp" and len(t.name) <= 64 for t in conn.tools)
            echo = await tool(conn, "everything_echo").execute({"message": "hi"})
            assert (echo.output, echo.is_error) == ("Echo: hi", False)
            add = await tool(conn, "example_add").execute({"a": 20, "b": 22})
            assert (add.output, add.is_error) == ("42", False)
            divide = await tool(conn, "example_divide").execute({"a": 1, "b": 0})
            assert (divide.output, divide.is_error) == ("Cannot divide by zero", True)

    run(main())


def test_claude_code_config_streamable_http_variables_and_the_childs_environment(everything_http: str) -> None:
    async def main() -> None:
        text = (CONFIGS / ".mcp.json").read_text()
        env = {**ENV, "EVERYTHING_URL": f"{everything_http}/mcp"}
        async with connect_mcp(text, env=env) as conn:
            servers = by_name(conn)
            assert servers["remote"]["status"] == "connected", servers["remote"]
            echo = await tool(conn, "remote_echo").execute({"message": "over http"})
            assert echo.output == "Echo: over http"
            assert servers["missing"]["status"] == "failed"
            assert 'server "missing": env.KEY uses ${NOT_SET_ANYWHERE}' in servers["missing"]["error"]
            printed = json.loads((await tool(conn, "env-printer_env").execute({})).output)
            assert printed["PLAIN"] == "plain-value"
            assert printed["NAMED_VAR"] == "***"
            assert "PARENT_SECRET" not in printed and "API_TOKEN" not in printed
            assert "tok-0123456789abcdef" not in json.dumps(conn.servers)

    run(main())


def test_vscode_config_inputs_env_file_workspace_folder() -> None:
    async def main() -> None:
        async with connect_mcp(
            str(CONFIGS / "vscode-mcp.json"), env=ENV, cwd=str(ROOT), inputs={"greeting": "hello there"}
        ) as conn:
            servers = by_name(conn)
            assert servers["memory"]["status"] == "connected", servers["memory"]
            assert servers["asks"]["status"] == "failed"
            assert "args[0] uses ${input:unknown-path}" in servers["asks"]["error"]
            out = (await tool(conn, "printer_env").execute({})).output
            assert json.loads(out)["GREETING"] == "***" and "hello there" not in out

    run(main())


def test_opencode_config() -> None:
    async def main() -> None:
        conn = await connect_mcp(CONFIGS / "opencode.json", env=ENV)
        try:
            servers = by_name(conn)
            assert servers["everything"]["status"] == "connected"
            assert servers["off"]["status"] == "disabled" and servers["remote"]["status"] == "disabled"
            total = await tool(conn, "everything_get-sum").execute({"a": 2, "b": 3})
            assert "5" in total.output
        finally:
            await conn.aclose()

    run(main())


def test_misbehaving_servers_and_the_process_tree() -> None:
    async def main() -> List[int]:
        started = time.monotonic()
        config = {
            "mcpServers": {
                "flood": node("stderr-flood.mjs"),
                "stubborn": node("grandchild.mjs"),
                "silent": {**node("never-init.mjs"), "timeout": 800},
                "nothere": {"command": "toolnexus-no-such-command"},
            }
        }
        async with connect_mcp(config, env=ENV, timeout=10) as conn:
            servers = by_name(conn)
            assert servers["flood"]["status"] == "connected", servers["flood"]
            assert servers["stubborn"]["status"] == "connected"
            assert servers["silent"]["error"] == 'server "silent" did not start within 800 ms (no answer to initialize)'
            assert "waiting forever" in servers["silent"]["stderr"]
            assert 'could not start "toolnexus-no-such-command": command not found' in servers["nothere"]["error"]
            assert time.monotonic() - started < 8
            assert (await tool(conn, "flood_ping").execute({})).output == "pong"
            pids: List[int] = json.loads((await tool(conn, "stubborn_pids").execute({})).output)
            assert not any(gone(p) for p in pids)
        return pids

    pids = run(main())
    assert all(gone(p) for p in pids), pids


def test_a_server_that_dies_mid_call_is_restarted_once() -> None:
    async def main() -> None:
        marker = SCRATCH / "died"
        async with connect_mcp({"mcpServers": {"flaky": node("exit-after-call.mjs", env={"MARKER": str(marker)})}}, env=ENV) as conn:
            work = tool(conn, "flaky_work")
            first = await work.execute({})
            assert first.is_error
            assert 'MCP server "flaky" is not running' in first.output and "the next call restarts it" in first.output
            assert conn.servers[0]["status"] == "failed"
            second = await work.execute({})
            assert not second.is_error, second.output
            assert second.output.startswith("done by ")
            assert conn.servers[0]["status"] == "connected"

    run(main())


def test_list_changed_refreshes_and_a_set_signal_starts_nothing() -> None:
    async def main() -> None:
        async with connect_mcp({"mcpServers": {"dyn": node("dynamic.mjs")}}, env=ENV) as conn:
            assert [t.name for t in conn.tools] == ["dyn_grow"]
            assert (await conn.tools[0].execute({})).output == "now 2 tools"
            for _ in range(100):
                if any(t.name == "dyn_grown_1" for t in conn.tools):
                    break
                await asyncio.sleep(0.02)
            assert (await tool(conn, "dyn_grown_1").execute({})).output == "grown 1"
            stop = asyncio.Event()
            stop.set()
            cancelled = await conn.tools[0].execute({}, ToolContext(signal=stop))
            assert (cancelled.output, cancelled.is_error) == ('MCP server "dyn": the call was cancelled', True)
        closed = await conn.tools[0].execute({})
        assert closed.is_error and 'MCP server "dyn" is not running' in closed.output

    run(main())


def test_sse_only_after_404_never_after_401() -> None:
    seen: List[str] = []

    class Refuse(http.server.BaseHTTPRequestHandler):
        def _refuse(self) -> None:
            seen.append(self.command)
            self.send_response(401)
            self.send_header("content-length", "0")
            self.end_headers()

        do_GET = do_POST = do_DELETE = _refuse

        def log_message(self, *args: Any) -> None:
            pass

    refusing = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Refuse)
    threading.Thread(target=refusing.serve_forever, daemon=True).start()
    port = free_port()
    sse = subprocess.Popen([NODE, str(EVERYTHING), "sse"], env={**os.environ, "PORT": str(port)}, stderr=subprocess.DEVNULL)
    try:
        for _ in range(200):
            with socket.socket() as s:
                if s.connect_ex(("127.0.0.1", port)) == 0:
                    break
            time.sleep(0.05)

        async def main() -> None:
            config = {
                "mcpServers": {
                    "old": {"url": f"http://127.0.0.1:{port}/sse"},
                    "locked": {"type": "http", "url": f"http://127.0.0.1:{refusing.server_address[1]}/mcp",
                               "headers": {"Authorization": "Bearer ${API_TOKEN}"}},
                }
            }
            async with connect_mcp(config, env=ENV, timeout=5) as conn:
                servers = by_name(conn)
                assert servers["old"]["status"] == "connected", servers["old"]
                assert (await tool(conn, "old_echo").execute({"message": "sse"})).output == "Echo: sse"
                assert servers["locked"]["status"] == "failed"
                assert "HTTP 401" in servers["locked"]["error"]
                assert "GET" not in seen

        run(main())
    finally:
        refusing.shutdown()
        sse.kill()
        sse.wait()


def test_a_set_signal_aborts_the_whole_start() -> None:
    async def main() -> None:
        stop = asyncio.Event()
        asyncio.get_running_loop().call_later(0.3, stop.set)
        started = time.monotonic()
        with pytest.raises(asyncio.CancelledError):
            await connect_mcp({"mcpServers": {"silent": node("never-init.mjs")}}, env=ENV, signal=stop)
        assert time.monotonic() - started < 3

    run(main())


def test_create_toolkit_with_mcp_config() -> None:
    async def main() -> None:
        @define_tool
        def local() -> str:
            "A local tool."
            return "local"

        tk = await create_toolkit(
            mcp_config={"mcpServers": {"s": node("print-env.mjs"), "broken": {"command": "toolnexus-no-such-command"}}},
            mcp_options={"env": ENV},
            extra_tools=[local],
            agents=[{"name": "Desk", "url": "/relative/only"}],
        )
        async with tk:
            assert [t.name for t in tk.tools()] == ["local", "s_env"]
            # The agents' statuses first, then the servers'.
            assert [(s["kind"], s["name"], s["status"]) for s in tk.sources] == [
                ("a2a", "Desk", "failed"),
                ("mcp", "s", "connected"),
                ("mcp", "broken", "failed"),
            ]
            assert "relative and the card's own URL is unknown" in tk.sources[0]["error"]
            assert "command not found" in tk.sources[2]["error"]
            assert not (await tk.get("s_env").execute({})).is_error  # type: ignore[union-attr]
        after = await tk.get("s_env").execute({})  # type: ignore[union-attr]
        assert after.is_error and 'MCP server "s" is not running' in after.output
        dyn = await create_toolkit(mcp_config={"mcpServers": {"dyn": node("dynamic.mjs")}}, mcp_options={"env": ENV})
        try:
            await dyn.get("dyn_grow").execute({})  # type: ignore[union-attr]
            for _ in range(100):
                if "dyn_grown_1" in dyn:
                    break
                await asyncio.sleep(0.02)
            assert "dyn_grown_1" in dyn, "tools/list_changed reaches the Toolkit"
        finally:
            await dyn.aclose()
        plain = await create_toolkit(extra_tools=[local])
        assert plain.sources == []
        await plain.aclose()

    run(main())
