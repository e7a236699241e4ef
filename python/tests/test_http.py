"""http_tool and from_openapi against real HTTP servers started here (two, for cross-origin
redirects), each recording every request it gets."""

import asyncio
import json
import os
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, Dict, Iterator, List, Tuple

import pytest

from conftest import run
from toolnexus import Tool, ToolContext, ToolResult, from_openapi, http_tool

FIXTURES = Path(__file__).resolve().parents[2] / "tests" / "fixtures" / "openapi"
BIG = 5 << 20


class Server:
    def __init__(self) -> None:
        self.requests: List[Dict[str, Any]] = []
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            disable_nagle_algorithm = True

            def log_message(self, *args: Any) -> None:
                pass

            def handle_any(self) -> None:
                length = int(self.headers.get("content-length") or 0)
                body = self.rfile.read(length).decode("utf-8") if length else None
                record = {"method": self.command, "path": self.path, "headers": {k.lower(): v for k, v in self.headers.items()}, "body": body}
                server.requests.append(record)
                route = self.path.split("?")[0]
                if route == "/big":
                    return self.reply(200, b"a" * BIG)
                if route == "/fail":
                    return self.reply(500, b"boom: the database is down" + b"." * 3000)
                if route == "/slow":
                    time.sleep(1.5)
                    return self.reply(200, b"late")
                if route == "/redirect/same":
                    return self.reply(307, b"", {"Location": "/echo/after"})
                if route == "/redirect/other":
                    return self.reply(302, b"", {"Location": server.other + "/echo/other"})
                if route == "/see-other":
                    return self.reply(303, b"", {"Location": "/echo/seen"})
                if route == "/loop":
                    return self.reply(302, b"", {"Location": "/loop"})
                self.reply(200, json.dumps(record).encode(), {"Content-Type": "application/json"})

            def reply(self, status: int, body: bytes, headers: Dict[str, str] = {}) -> None:
                self.send_response(status)
                for k, v in headers.items():
                    self.send_header(k, v)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                try:
                    self.wfile.write(body)
                except (BrokenPipeError, ConnectionResetError):
                    pass

            do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = do_HEAD = handle_any

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.other = ""
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()


@pytest.fixture(scope="module")
def servers() -> Iterator[Tuple[Server, Server]]:
    a, b = Server(), Server()
    a.other, b.other = b.url, a.url
    yield a, b
    a.httpd.shutdown()
    b.httpd.shutdown()


@pytest.fixture
def srv(servers: Tuple[Server, Server]) -> Server:
    servers[0].requests.clear()
    servers[1].requests.clear()
    return servers[0]


def call(tool: Tool, args: Dict[str, Any], ctx: Any = None) -> ToolResult:
    return run(tool.execute(args, ctx))


def test_placeholders_query_and_secret_headers(srv: Server, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TN_TEST_TOKEN", "s3cret-value")
    t = http_tool(name="get item", url=srv.url + "/items/{id}", headers={"Authorization": "Bearer ${TN_TEST_TOKEN}"}, result_mode="json")
    assert t.name == "get_item" and t.source == "http"
    assert t.input_schema == {"type": "object", "properties": {"id": {"type": "string"}}, "required": ["id"], "additionalProperties": True}
    r = call(t, {"id": "a b/c", "tag": ["x", "y"], "f": {"k": 1}, "n": None})
    assert not r.is_error, r.output
    assert r.metadata == {"status": 200}
    seen = srv.requests[-1]
    assert seen["path"] == "/items/a%20b%2Fc?tag=x&tag=y&f=%7B%22k%22%3A1%7D"
    assert seen["headers"]["authorization"] == "Bearer s3cret-value"
    echoed = json.loads(r.output)
    assert echoed["method"] == "GET"

    before = len(srv.requests)
    missing = call(t, {})
    assert missing.is_error and missing.output == 'missing argument "id" for the URL placeholder {id}; nothing was sent'
    monkeypatch.delenv("TN_TEST_TOKEN")
    unset = call(t, {"id": "1"})
    assert unset.is_error and "TN_TEST_TOKEN is not set" in unset.output
    assert len(srv.requests) == before, "nothing sent"


def test_bodies(srv: Server) -> None:
    post = http_tool(name="create", method="POST", url=srv.url + "/items/{id}", query=["dry"])
    r = call(post, {"id": 7, "dry": True, "title": "T", "tags": ["a"]})
    assert not r.is_error
    seen = srv.requests[-1]
    assert (seen["method"], seen["path"], seen["body"]) == ("POST", "/items/7?dry=true", '{"title":"T","tags":["a"]}')
    assert seen["headers"]["content-type"] == "application/json"
    form = http_tool(name="form", method="POST", url=srv.url + "/f", body="form")
    call(form, {"a": "x y", "b": [1, 2]})
    assert srv.requests[-1]["body"] == "a=x%20y&b=1&b=2"
    assert srv.requests[-1]["headers"]["content-type"] == "application/x-www-form-urlencoded"
    raw = http_tool(name="raw", method="PUT", url=srv.url + "/r", body="raw", headers={"content-type": "application/xml"})
    call(raw, {"body": "<x/>", "v": 2})
    assert (srv.requests[-1]["path"], srv.requests[-1]["body"]) == ("/r?v=2", "<x/>")
    assert srv.requests[-1]["headers"]["content-type"] == "application/xml"
    status = http_tool(name="s", url=srv.url + "/s", result_mode="status+text")
    assert call(status, {}).output.startswith("HTTP 200 OK\n\n{")


def test_definition_checks() -> None:
    with pytest.raises(TypeError, match="http: or https:"):
        http_tool(name="x", url="file:///etc/passwd")
    with pytest.raises(TypeError, match="`method`"):
        http_tool(name="x", url="http://h", method="BREW")
    with pytest.raises(TypeError, match="twice"):
        http_tool(name="x", url="http://h", headers={"a": "1", "A": "2"})
    with pytest.raises(TypeError, match="`timeout`"):
        http_tool(name="x", url="http://h", timeout="soon")  # type: ignore[arg-type]


def test_errors_big_bodies_and_redirects(servers: Tuple[Server, Server], srv: Server) -> None:
    fail = call(http_tool(name="f", url=srv.url + "/fail"), {})
    assert fail.is_error and fail.output.startswith("HTTP 500 Internal Server Error: boom: the database is down")
    assert fail.metadata == {"status": 500} and len(fail.output) < 1100

    big = call(http_tool(name="b", url=srv.url + "/big"), {})
    assert not big.is_error
    assert big.output.endswith(f"\n[response cut at {1 << 20} bytes: {BIG - (1 << 20)} more bytes left out]")
    assert big.metadata == {"status": 200, "bytesLeftOut": BIG - (1 << 20)}
    small = call(http_tool(name="b", url=srv.url + "/big", max_bytes=10), {})
    assert small.output.startswith("aaaaaaaaaa\n[response cut at 10 bytes")

    headers = {"Authorization": "Bearer configured"}
    same = call(http_tool(name="r", method="POST", url=srv.url + "/redirect/same", headers=headers), {"a": 1})
    assert not same.is_error
    after = srv.requests[-1]
    assert (after["path"], after["method"], after["body"]) == ("/echo/after", "POST", '{"a":1}')
    assert after["headers"]["authorization"] == "Bearer configured"
    other = call(http_tool(name="r", url=srv.url + "/redirect/other", headers=headers), {})
    assert not other.is_error
    landed = servers[1].requests[-1]
    assert landed["path"] == "/echo/other" and "authorization" not in landed["headers"]
    seen = call(http_tool(name="r", method="POST", url=srv.url + "/see-other"), {"a": 1})
    assert not seen.is_error and (srv.requests[-1]["method"], srv.requests[-1]["body"]) == ("GET", None)
    loop = call(http_tool(name="r", url=srv.url + "/loop"), {})
    assert loop.is_error and loop.output == "request failed: more than 10 redirects"
    down = call(http_tool(name="d", url="http://127.0.0.1:9/x"), {})
    assert down.is_error and down.output.startswith("request failed: ")


def test_timeout_and_cancellation(srv: Server) -> None:
    slow = http_tool(name="slow", url=srv.url + "/slow", timeout=5)
    r = call(slow, {}, ToolContext(timeout=0.2))
    assert r.is_error and r.output == "timed out after 200 ms"
    r = call(http_tool(name="slow", url=srv.url + "/slow", timeout=0.15), {})
    assert r.output == "timed out after 150 ms"

    async def cancel_later() -> ToolResult:
        event = asyncio.Event()
        asyncio.get_running_loop().call_later(0.1, event.set)
        return await slow.execute({}, ToolContext(signal=event))

    started = time.monotonic()
    assert run(cancel_later()).output == "cancelled"
    assert time.monotonic() - started < 1.4, "before the server answers (1.5 s)"

    class Flag:
        def __init__(self) -> None:
            self.flag = False

        def is_set(self) -> bool:
            return self.flag

    async def cancel_by_flag() -> ToolResult:
        flag = Flag()

        def raise_flag() -> None:
            flag.flag = True

        asyncio.get_running_loop().call_later(0.1, raise_flag)
        return await slow.execute({}, ToolContext(signal=flag))

    assert run(cancel_by_flag()).output == "cancelled"

    before = len(srv.requests)

    async def already_set() -> ToolResult:
        event = asyncio.Event()  # made inside the loop: CPython 3.9 binds it to one
        event.set()
        return await slow.execute({}, ToolContext(signal=event))

    assert run(already_set()).output == "cancelled"
    assert len(srv.requests) == before, "an already-set signal sends nothing"

    async def cancel_task() -> None:
        task = asyncio.ensure_future(slow.execute({}))
        await asyncio.sleep(0.1)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task

    run(cancel_task())


def test_many_calls_on_one_signal_leave_nothing_behind(srv: Server) -> None:
    import httpx

    async def many() -> int:
        event = asyncio.Event()
        async with httpx.AsyncClient() as client:
            t = http_tool(name="e", url=srv.url + "/echo", client=client)
            for _ in range(1000):
                r = await t.execute({}, ToolContext(signal=event, timeout=10))
                assert not r.is_error
        return len([task for task in asyncio.all_tasks() if not task.done()])

    assert run(many()) == 1, "only the test's own task is left"


def test_httpx2_client_when_installed(srv: Server) -> None:
    httpx2 = pytest.importorskip("httpx2", reason="httpx2 needs CPython 3.11+ and is optional")

    async def go() -> ToolResult:
        async with httpx2.AsyncClient() as client:
            return await http_tool(name="e", url=srv.url + "/e/{x}", client=client).execute({"x": "1"})

    assert run(go()).output.startswith("{")


def test_petstore_against_the_server(srv: Server) -> None:
    spec = (FIXTURES / "petstore.json").read_text()
    tools = from_openapi(spec, base_url=srv.url + "/v2")
    assert [t.name for t in tools] == ["findPets", "addPet", "find_pet_by_id", "deletePet"]
    assert all(t.source == "http" for t in tools)
    by = {t.name: t for t in tools}
    call(by["findPets"], {"tags": ["cat", "dog"], "limit": 3})
    assert srv.requests[-1]["path"] == "/v2/pets?tags=cat&tags=dog&limit=3"
    call(by["addPet"], {"name": "Rex", "tag": "dog"})
    assert (srv.requests[-1]["method"], srv.requests[-1]["body"]) == ("POST", '{"name":"Rex","tag":"dog"}')
    call(by["deletePet"], {"id": 7})
    assert (srv.requests[-1]["method"], srv.requests[-1]["path"]) == ("DELETE", "/v2/pets/7")
    assert from_openapi(json.loads(spec), base_url=srv.url)[0].input_schema == tools[0].input_schema


def test_openapi_3_1_and_refusals(srv: Server, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TN_LIB_TOKEN", "lib-secret")
    spec = (FIXTURES / "library-3.1.json").read_text()
    tools = from_openapi(spec, base_url=srv.url, headers={"Authorization": "Bearer ${TN_LIB_TOKEN}"}, include=["books"], prefix="lib_")
    by = {t.name: t for t in tools}
    assert sorted(by) == ["lib_add_note", "lib_createBook", "lib_getBook", "lib_listBooks", "lib_replaceBook"]
    r = call(by["lib_replaceBook"], {"id": "p 1", "query_id": 5, "body_id": "b1", "title": "T"})
    assert not r.is_error, r.output
    seen = srv.requests[-1]
    assert (seen["method"], seen["path"], seen["body"]) == ("PUT", "/books/p%201?id=5", '{"id":"b1","title":"T"}')
    assert seen["headers"]["authorization"] == "Bearer lib-secret"
    with pytest.raises(ValueError, match="Swagger 2.0"):
        from_openapi({"swagger": "2.0", "paths": {}})
    with pytest.raises(ValueError, match="baseUrl"):
        from_openapi({"openapi": "3.0.0", "paths": {"/a": {"get": {}}}})


def github_spec() -> Path:
    given = os.environ.get("TOOLNEXUS_GITHUB_SPEC")
    if given:
        return Path(given)
    return Path(__file__).resolve().parents[2] / "node_modules" / "@octokit" / "openapi" / "generated" / "api.github.com.json"


def test_github(srv: Server) -> None:
    path = github_spec()
    if not path.exists():
        pytest.skip(f"{path} is not there (npm run setup installs @octokit/openapi)")
    text = path.read_text()
    tools = from_openapi(text, base_url=srv.url)
    doc = json.loads(text)
    count = sum(len([m for m in item if m != "parameters"]) for item in doc["paths"].values())
    assert len(tools) == count > 1000
    names = [t.name for t in tools]
    assert len(set(names)) == len(names) and max(map(len, names)) <= 64
    by = {t.name: t for t in tools}
    call(by["repos_get-content"], {"owner": "o", "repo": "r", "path": "src/lib.rs", "ref": "main"})
    assert srv.requests[-1]["path"] == "/repos/o/r/contents/src%2Flib.rs?ref=main"
    call(by["issues_create"], {"owner": "o", "repo": "r", "title": "Bug", "labels": ["a"]})
    seen = srv.requests[-1]
    assert (seen["method"], seen["path"], seen["body"]) == ("POST", "/repos/o/r/issues", '{"title":"Bug","labels":["a"]}')
    call(by["issues_list-for-repo"], {"owner": "o", "repo": "r", "state": "open", "per_page": 5})
    assert srv.requests[-1]["path"] == "/repos/o/r/issues?state=open&per_page=5"
