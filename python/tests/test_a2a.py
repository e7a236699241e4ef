"""``from_a2a`` against a real A2A server of the official ``a2a-sdk``, in protocol 1.0 and 0.3."""

import asyncio
import json
import math
import sys
from typing import Any, Dict, Iterator

import pytest

from conftest import run

if sys.version_info < (3, 10):  # pragma: no cover
    pytest.skip("the official a2a-sdk server needs CPython 3.10+", allow_module_level=True)
pytest.importorskip("a2a", reason="the official a2a-sdk (with its http-server extra) is not installed")
pytest.importorskip("uvicorn", reason="uvicorn is not installed")

import httpx  # noqa: E402

from a2a_agents import Server  # noqa: E402
from toolnexus import Tool, ToolContext, ToolResult, create_toolkit, define_tool, from_a2a  # noqa: E402

VERSIONS = {"1.0": "", "0.3": "/v03"}


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    s = Server().start()
    yield s
    s.stop()


async def polled(server: Server) -> None:
    """Returns once the client has read a task again (it knows the task: a cancel can follow)."""
    before = len(server.handler.gets)
    while len(server.handler.gets) == before:
        await asyncio.sleep(0.01)


def call(tool: Tool, args: Dict[str, Any], ctx: Any = None) -> ToolResult:
    return run(tool.execute(args, ctx))


def agent(server: Server, version: str, **options: Any) -> Tool:
    return run(from_a2a(server.base + VERSIONS[version], poll_interval=0.01, **options))


def test_the_card_becomes_one_tool(server: Server) -> None:
    tool = agent(server, "1.0")
    assert tool.name == "Chef_Agent"
    assert tool.source == "a2a"
    assert tool.description == "Cooks, books and answers.\n\nSkills:\n- Cook: Cooks a dish.\n  Examples: hello; files"
    assert tool.input_schema["required"] == ["message"]
    assert set(tool.input_schema["properties"]) == {"message", "contextId"}


@pytest.mark.parametrize("version", VERSIONS)
def test_a_message_is_the_answer(server: Server, version: str) -> None:
    res = call(agent(server, version), {"message": "hello there"})
    assert res.output == "hi! you said: hello there"
    assert res.is_error is False
    assert res.metadata["state"] == "completed"
    assert res.metadata["contextId"]


@pytest.mark.parametrize("version", VERSIONS)
def test_a_task_is_polled_until_completed(server: Server, version: str) -> None:
    res = call(agent(server, version), {"message": "slow"})
    assert (res.output, res.is_error, res.metadata["state"]) == ("slow work done", False, "completed")
    assert res.metadata["taskId"] in server.store.slow


@pytest.mark.parametrize("version", VERSIONS)
def test_failed_and_rejected_are_errors_with_the_agents_words(server: Server, version: str) -> None:
    tool = agent(server, version)
    failed = call(tool, {"message": "fail"})
    assert (failed.output, failed.is_error, failed.metadata["state"]) == ("The agent's task failed: the oven broke", True, "failed")
    rejected = call(tool, {"message": "reject"})
    assert (rejected.output, rejected.is_error, rejected.metadata["state"]) == ("The agent rejected the task: I only cook", True, "rejected")


@pytest.mark.parametrize("version", VERSIONS)
def test_input_required_then_answered_in_the_same_context(server: Server, version: str) -> None:
    tool = agent(server, version)
    asked = call(tool, {"message": "ask"})
    assert asked.is_error is False
    assert asked.metadata["state"] == "input-required"
    assert asked.output.startswith("Which city are you flying from?")
    answered = call(tool, {"message": "Lyon", "contextId": asked.metadata["contextId"]})
    assert (answered.output, answered.metadata["state"]) == ("Booked, flying from Lyon.", "completed")
    assert answered.metadata["taskId"] == asked.metadata["taskId"]


@pytest.mark.parametrize("version", VERSIONS)
def test_data_and_file_parts(server: Server, version: str) -> None:
    res = call(agent(server, version), {"message": "files"})
    lines = res.output.split("\n")
    assert lines[0] == "three parts"
    assert json.loads(lines[1]) == {"rows": 2, "ok": True}  # the server's key order
    assert lines[2:] == ["[file h.txt, text/plain, 5 bytes]", "[file r.pdf, application/pdf, https://files.example.com/r.pdf]"]


@pytest.mark.parametrize("version", VERSIONS)
def test_a_timeout_cancels_the_task_at_the_server(server: Server, version: str) -> None:
    res = call(agent(server, version, timeout=1), {"message": "forever"})
    assert (res.output, res.is_error, res.metadata["state"]) == ("timed out after 1000 ms", True, "working")
    assert res.metadata["taskId"] in server.handler.cancels
    # ctx.timeout wins over the tool's own.
    res = call(agent(server, version, timeout=60), {"message": "forever"}, ToolContext(timeout=0.8))
    assert res.output == "timed out after 800 ms"


def test_a_signal_cancels_and_a_set_signal_starts_nothing(server: Server) -> None:
    tool = agent(server, "1.0")

    async def main() -> ToolResult:
        signal = asyncio.Event()
        trip = asyncio.ensure_future(polled(server))
        trip.add_done_callback(lambda _: signal.set())
        return await tool.execute({"message": "forever"}, ToolContext(signal=signal))

    res = run(main())
    assert (res.output, res.is_error) == ("cancelled", True)
    assert res.metadata["taskId"] in server.handler.cancels
    before = len(server.store.slow)
    done = asyncio.Event()
    done.set()
    res = call(tool, {"message": "slow"}, ToolContext(signal=done))
    assert (res.output, res.is_error, res.metadata) == ("cancelled", True, None)
    assert len(server.store.slow) == before


def test_a_cancelled_task_raises_and_still_cancels_at_the_server(server: Server) -> None:
    tool = agent(server, "0.3")
    count = len(server.handler.cancels)

    async def main() -> None:
        trip = asyncio.ensure_future(polled(server))
        call_task = asyncio.ensure_future(tool.execute({"message": "forever"}))
        await trip
        call_task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await call_task
        for _ in range(100):
            if len(server.handler.cancels) > count:
                return
            await asyncio.sleep(0.02)

    run(main())
    assert len(server.handler.cancels) == count + 1


def test_cards_relative_old_path_and_dict(server: Server) -> None:
    relative = run(from_a2a(server.base + "/rel"))
    assert relative.name == "Chef_Agent_relative"
    assert call(relative, {"message": "hello you"}).output == "hi! you said: hello you"
    old = run(from_a2a(server.base + "/old/"))
    assert call(old, {"message": "hello old"}).output == "hi! you said: hello old"
    as_dict = run(from_a2a({"name": "d", "url": server.base + "/a2a/jsonrpc"}))
    assert call(as_dict, {"message": "hello dict"}).output == "hi! you said: hello dict"


def test_from_a2a_raises_naming_the_url(server: Server) -> None:
    with pytest.raises(ValueError, match=r"the document at http://127\.0\.0\.1:\d+/html/\.well-known/agent-card\.json is not a usable A2A agent card: it is not a JSON object"):
        run(from_a2a(server.base + "/html"))
    with pytest.raises(ConnectionError, match=r"could not read an A2A agent card for http://127\.0\.0\.1:\d+/none \(.*agent-card\.json: HTTP 404; .*agent\.json: HTTP 404\)"):
        run(from_a2a(server.base + "/none"))
    with pytest.raises(ValueError, match="relative and the card's own URL is unknown"):
        run(from_a2a({"name": "x", "url": "/a2a/jsonrpc"}))
    with pytest.raises(TypeError):
        run(from_a2a(42))  # type: ignore[arg-type]


def test_every_failure_of_a_call_is_a_result(server: Server) -> None:
    def tool_at(url: str) -> Tool:
        return run(from_a2a({"name": "x", "url": url}))

    closed = Server()  # a port nobody listens on
    res = call(tool_at(closed.base + "/rpc"), {"message": "hello"})
    assert res.is_error and res.output.startswith(f"the agent could not be reached at {closed.base}/rpc: ")
    res = call(tool_at(server.base + "/nothing"), {"message": "hello"})
    assert (res.output, res.is_error) == ("the agent answered HTTP 404: Not Found", True)
    res = call(tool_at(server.base + "/text"), {"message": "hello"})
    assert res.output == "the agent's reply is not JSON: <html>busy</html>"
    res = call(tool_at(server.base + "/shape"), {"message": "hello"})
    assert res.output.startswith("the agent's reply has the wrong shape: its result is neither a Task nor a Message")
    res = call(tool_at(server.base + "/a2a/jsonrpc"), {"message": "hello"}, ToolContext(timeout=math.inf))
    assert res.output == "hi! you said: hello"  # an infinite limit is no limit
    res = call(tool_at(server.base + "/a2a/jsonrpc"), {"message": 3})
    assert (res.output, res.is_error) == ("`message` must be a string", True)
    v1 = run(from_a2a({"name": "x", "supportedInterfaces": [
        {"url": server.base + "/a2a/jsonrpc", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}]}))
    res = call(v1, {"message": "hello", "contextId": "c-1"})
    assert res.output == "hi! you said: hello"


def test_a_given_httpx_client_and_headers(server: Server) -> None:
    async def main() -> ToolResult:
        async with httpx.AsyncClient() as client:
            tool = await from_a2a(server.base, client=client, headers={"X-Trace": "1"})
            return await tool.execute({"message": "hello client"})

    assert run(main()).output == "hi! you said: hello client"


def test_the_calls_limit_not_the_clients_default_timeout(server: Server) -> None:
    async def main() -> ToolResult:
        async with httpx.AsyncClient(timeout=0.1) as client:
            tool = await from_a2a({"name": "x", "url": server.base + "/late"}, client=client)
            return await tool.execute({"message": "hello"})

    assert run(main()).output == "late"


def test_create_toolkit_agents_an_unreachable_one_is_listed_not_raised(server: Server) -> None:
    closed = Server()  # a port nobody listens on

    async def main() -> Any:
        tk = await create_toolkit(agents=[server.base, closed.base])
        return tk, await tk.execute("Chef_Agent", {"message": "hello kit"})

    tk, res = run(main())
    assert [t.name for t in tk] == ["Chef_Agent"]
    sources = tk.sources
    assert [(s["kind"], s["name"], s["status"]) for s in sources] == [
        ("a2a", "Chef_Agent", "ready"),
        ("a2a", closed.base, "failed"),
    ]
    assert "error" not in sources[0]
    assert sources[1]["error"].startswith(f"could not read an A2A agent card for {closed.base} (")
    assert (res.output, res.is_error) == ("hi! you said: hello kit", False)


def test_create_toolkit_agents_order_options_cards_and_taken_names(server: Server) -> None:
    @define_tool(name="Chef_Agent_relative")
    def taken(message: str) -> str:
        "Holds the relative agent's name."
        return message

    async def main() -> Any:
        tk = await create_toolkit(
            extra_tools=[taken],
            agents=[
                {"card": server.base + "/rel", "timeout": 0.15, "poll_interval": 0.01},
                {"name": "Dict Agent", "url": server.base + "/a2a/jsonrpc"},
                {"name": "Nowhere", "url": "/relative/only"},
                {"card": server.base + "/v03", "timeout": 0.15},
                {"card": server.base, "bogus": 1},
            ],
        )
        forever = await tk.execute("Chef_Agent_0_3", {"message": "forever"})
        hello = await tk.execute("Dict_Agent", {"message": "hello dict"})
        return tk, forever, hello

    tk, forever, hello = run(main())
    # extra_tools first, then the agents in the order given, whichever answered first.
    assert [t.name for t in tk] == ["Chef_Agent_relative", "Dict_Agent", "Chef_Agent_0_3"]
    assert tk.get("Chef_Agent_relative") is taken
    sources = tk.sources
    assert [(s["name"], s["status"]) for s in sources] == [
        ("Chef_Agent_relative", "failed"),
        ("Dict_Agent", "ready"),
        ("Nowhere", "failed"),
        ("Chef_Agent_0_3", "ready"),
        (server.base, "failed"),
    ]
    assert "is already registered" in sources[0]["error"]
    assert "relative and the card's own URL is unknown" in sources[2]["error"]
    assert "bogus" in sources[4]["error"]
    assert (forever.output, forever.is_error) == ("timed out after 150 ms", True)
    assert hello.output == "hi! you said: hello dict"
    assert tk.sources is not sources and tk.sources == sources


def test_create_toolkit_agents_must_be_a_list() -> None:
    with pytest.raises(TypeError, match="`agents` must be an iterable of agent cards or URLs, got str"):
        run(create_toolkit(agents="http://127.0.0.1:1"))  # type: ignore[arg-type]
    assert run(create_toolkit(agents=[])).sources == []
