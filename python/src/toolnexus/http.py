"""``http_tool`` and ``from_openapi``: HTTP endpoints and whole OpenAPI documents as tools.

Every decision is the Rust core's (``http.*`` and ``openapi.*`` behind ``_ops.call``): which
argument goes where, the request each call makes, each redirect hop, what a reply becomes.
Here only the I/O happens, with ``httpx``: read the environment variables the core names,
send, follow redirects one hop at a time, read at most ``max_bytes`` of the body.

Options are in seconds (``timeout``, ``ToolContext.timeout``); what the model sees (names,
schemas, result texts such as "timed out after 250 ms") is what the npm package gives.
"""

import asyncio
import os
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple, Union

from . import _ops
from .types import JSONSchema, Tool, ToolContext, ToolResult

__all__ = ["http_tool", "from_openapi"]

# How far past ``max_bytes`` a body is still counted (not kept) to say how much was left out.
_DRAIN_LIMIT = 16 << 20
# How often a ``signal`` without ``wait()`` (anything with ``is_set()``) is looked at.
_POLL_SECONDS = 0.02


def _ms(seconds: Optional[float], field: str) -> Optional[float]:
    if seconds is None:
        return None
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)):
        raise TypeError(f"`{field}` must be a number of seconds")
    return float(seconds) * 1000.0


def http_tool(
    *,
    name: str,
    url: str,
    description: str = "",
    method: str = "GET",
    input_schema: Optional[JSONSchema] = None,
    headers: Optional[Mapping[str, str]] = None,
    query: Optional[Sequence[str]] = None,
    body: str = "json",
    timeout: Optional[float] = None,
    result_mode: str = "text",
    max_bytes: Optional[int] = None,
    client: Any = None,
) -> Tool:
    """An HTTP endpoint as a ``Tool`` (source ``"http"``).

    ``{placeholders}`` in ``url`` are filled from the arguments; the rest go to the query
    string (GET, HEAD, DELETE, OPTIONS, and those named in ``query``) or the body (``"json"``,
    ``"form"`` or ``"raw"``). ``${VAR}`` in a header value is read from the environment at
    call time and never shown. ``client``: an ``httpx`` or ``httpx2`` ``AsyncClient`` to send
    with (a fresh one per call otherwise).

    >>> weather = http_tool(name="weather", url="https://api.example.com/weather/{city}")
    >>> weather.input_schema["required"]
    ['city']
    """
    options: Dict[str, Any] = {
        "name": name,
        "url": url,
        "description": description,
        "method": method,
        "inputSchema": input_schema,
        "headers": dict(headers) if headers is not None else None,
        "query": list(query) if query is not None else None,
        "body": body,
        "timeout": _ms(timeout, "timeout"),
        "resultMode": result_mode,
        "maxBytes": max_bytes,
    }
    defined = _ops.call("http.define", options)
    schema = input_schema if input_schema is not None else defined["inputSchema"]
    return _tool(defined["name"], defined["description"], schema, defined["plan"], client)


def from_openapi(
    spec: Union[str, bytes, Mapping[str, Any]],
    *,
    base_url: Optional[str] = None,
    headers: Optional[Mapping[str, str]] = None,
    prefix: Optional[str] = None,
    include: Optional[Sequence[str]] = None,
    exclude: Optional[Sequence[str]] = None,
    timeout: Optional[float] = None,
    max_bytes: Optional[int] = None,
    client: Any = None,
) -> List[Tool]:
    """One ``Tool`` per operation of an OpenAPI 3.0 or 3.1 document (a ``dict`` or its JSON
    text). ``include`` / ``exclude`` select by ``operationId``, tag or ``"METHOD /path"``.

    >>> spec = {"openapi": "3.1.0", "servers": [{"url": "https://api.example.com"}],
    ...         "paths": {"/pets": {"get": {"operationId": "listPets"}}}}
    >>> [t.name for t in from_openapi(spec)]
    ['listPets']
    """
    if isinstance(spec, bytes):
        spec = spec.decode("utf-8")
    options: Dict[str, Any] = {
        "spec": spec if isinstance(spec, str) else dict(spec),
        "baseUrl": base_url,
        "headers": dict(headers) if headers is not None else None,
        "prefix": prefix,
        "include": list(include) if include is not None else None,
        "exclude": list(exclude) if exclude is not None else None,
        "timeout": _ms(timeout, "timeout"),
        "maxBytes": max_bytes,
    }
    return [
        _tool(t["name"], t["description"], t["inputSchema"], t["plan"], client)
        for t in _ops.call("openapi.tools", options)
    ]


def _tool(name: str, description: str, schema: JSONSchema, plan: Dict[str, Any], client: Any) -> Tool:
    async def execute(args: Dict[str, Any], ctx: Optional[ToolContext] = None) -> ToolResult:
        try:
            return await _call(plan, args, ctx, client)
        except Exception as e:  # noqa: BLE001 - execute never raises
            return _failure("network", message=str(e) or type(e).__name__)

    return Tool(name=name, description=description, input_schema=schema, source="http", execute=execute)


def _result(value: Dict[str, Any]) -> ToolResult:
    return ToolResult(output=value["output"], is_error=value["isError"], metadata=value.get("metadata"))


def _failure(kind: str, **fields: Any) -> ToolResult:
    return _result(_ops.call("http.failure", {"kind": kind, **fields}))


def _is_set(signal: Any) -> bool:
    return signal is not None and bool(signal.is_set())


async def _call(plan: Dict[str, Any], args: Any, ctx: Optional[ToolContext], client: Any) -> ToolResult:
    signal = ctx.signal if ctx is not None else None
    if _is_set(signal):
        return _failure("cancelled")
    env = {var: os.environ[var] for var in plan["vars"] if var in os.environ}
    answer = _ops.call("http.request", {"plan": plan, "args": args if args is not None else {}, "env": env})
    if isinstance(answer, dict):
        return _result(answer["result"])
    if isinstance(answer, str):  # a GET with no headers and no body: its URL alone
        answer = ["GET", answer, [], None]
    seconds = ctx.timeout if ctx is not None and ctx.timeout is not None else plan["timeout"] / 1000.0
    send = asyncio.ensure_future(_send(plan, answer, client))
    waiters: List["asyncio.Future[Any]"] = [send]
    watch: Optional["asyncio.Future[Any]"] = None
    if signal is not None:
        watch = asyncio.ensure_future(_wait_signal(signal))
        waiters.append(watch)
    try:
        done, _ = await asyncio.wait(waiters, timeout=max(float(seconds), 0.0), return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in waiters:
            if not task.done():
                task.cancel()
        await asyncio.gather(*waiters, return_exceptions=True)
    if send in done:
        try:
            return send.result()
        except Exception as e:  # noqa: BLE001 - every failure is a result the model can act on
            # The core hides the values of the call's `${VAR}`s, should the message quote a header.
            return _failure("network", message=str(e) or type(e).__name__, secrets=list(env.values()))
    if watch is not None and watch in done:
        return _failure("cancelled")
    return _failure("timeout", ms=float(seconds) * 1000.0)


async def _wait_signal(signal: Any) -> None:
    wait = getattr(signal, "wait", None)
    if isinstance(signal, asyncio.Event) and wait is not None:
        await wait()
        return
    while not signal.is_set():
        await asyncio.sleep(_POLL_SECONDS)


def _new_client() -> Any:
    import httpx

    return httpx.AsyncClient(follow_redirects=False, timeout=None)


async def _send(plan: Dict[str, Any], request: List[Any], client: Any) -> ToolResult:
    own = client is None
    http = _new_client() if own else client
    try:
        # The core's request: [method, url, [[name, value], ...], body or None].
        method: str = request[0]
        url: str = request[1]
        headers: List[Tuple[str, str]] = [(k, v) for k, v in request[2]]
        body: Optional[str] = request[3]
        hop = 0
        while True:
            req = http.build_request(method, url, headers=headers, content=body.encode("utf-8") if body is not None else None)
            response = await http.send(req, stream=True, follow_redirects=False)
            try:
                location = response.headers.get("location")
                if response.status_code in (301, 302, 303, 307, 308) and location:
                    hop += 1
                    target = str(response.url.join(location))
                    step = _ops.call("http.redirect", {
                        "method": method, "status": response.status_code, "from": url, "to": target,
                        "hop": hop, "headers": [[k, v] for k, v in headers],
                    })
                    if "result" in step:
                        return _result(step["result"])
                    method, url = step["method"], step["url"]
                    headers = [(k, v) for k, v in step["headers"]]
                    body = body if step["keepBody"] else None
                    continue
                text, left_out, unfinished = await _read(response, int(plan["maxBytes"]))
                # A status the plan names, read whole: the core's rule says the body is the
                # output (``bodyIsOutput``, src/http/response.rs), so it is not sent back.
                as_is = plan.get("bodyIsOutput")
                if as_is and left_out == 0 and not unfinished and as_is[0] <= response.status_code <= as_is[1]:
                    return _result({"output": text, "isError": False, "metadata": {"status": response.status_code}})
                return _result(_ops.call("http.response", {
                    "resultMode": plan["resultMode"], "status": response.status_code,
                    "statusText": response.reason_phrase or "", "body": text,
                    "leftOut": left_out, "unfinished": unfinished,
                }))
            finally:
                await response.aclose()
    finally:
        if own:
            await http.aclose()


async def _read(response: Any, max_bytes: int) -> Tuple[str, int, bool]:
    """At most ``max_bytes`` of the body (cut at a character boundary), how many bytes were
    left out, and whether reading stopped before the end."""
    kept = bytearray()
    total = 0
    unfinished = False
    async for chunk in response.aiter_bytes():
        total += len(chunk)
        if len(kept) < max_bytes + 4:
            kept += chunk[: max_bytes + 4 - len(kept)]
        if total > max_bytes + _DRAIN_LIMIT:
            unfinished = True
            break
    cut = min(len(kept), max_bytes)
    if len(kept) > max_bytes:
        while cut > 0 and (kept[cut] & 0xC0) == 0x80:
            cut -= 1
    return bytes(kept[:cut]).decode("utf-8", errors="replace"), total - cut, unfinished
