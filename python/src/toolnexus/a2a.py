"""``from_a2a``: a remote A2A agent (protocol 0.3 or 1.0) as one ``Tool`` of source "a2a".

The Rust core reads the card, chooses the version and endpoint, writes every JSON-RPC request
and says what each reply means (a result, or poll again and when); this module only does the
HTTP with ``httpx`` (or a given ``httpx``/``httpx2`` ``AsyncClient``) and the waiting.
Times are seconds here; the core speaks milliseconds.
"""

import asyncio
import itertools
import json
import math
import uuid
from typing import Any, Dict, Mapping, Optional, Set, Tuple, Union

from . import _ops
from .types import Tool, ToolContext, ToolResult

__all__ = ["from_a2a"]

_ids = itertools.count(1)
# Cancel requests sent after the call that needed them was itself cancelled.
_background: Set["asyncio.Task[None]"] = set()


class _Http:
    """One HTTP client for a call: the given one, or a fresh ``httpx.AsyncClient`` closed after."""

    def __init__(self, client: Any) -> None:
        self._given = client
        self._own: Any = None

    async def __aenter__(self) -> Any:
        if self._given is not None:
            return self._given
        import httpx

        self._own = httpx.AsyncClient()
        return self._own

    async def __aexit__(self, *exc: Any) -> None:
        if self._own is not None:
            await self._own.aclose()


async def _read(client: Any, method: str, url: str, headers: Mapping[str, str], body: Optional[str],
                limit: int) -> Tuple[int, Optional[str]]:
    """``(status, text)``; ``text`` is ``None`` when the body is longer than ``limit`` bytes.

    A request to the agent waits as long as the call's own limit allows (a blocking send lasts
    as long as the task), not the client's default timeout: the caller bounds it.
    """
    content = body.encode("utf-8") if body is not None else None
    extra: Dict[str, Any] = {"timeout": None} if body is not None else {}
    async with client.stream(method, url, headers=dict(headers), content=content, **extra) as response:
        chunks = []
        size = 0
        async for chunk in response.aiter_bytes():
            size += len(chunk)
            if size > limit:
                return response.status_code, None
            chunks.append(chunk)
        return response.status_code, b"".join(chunks).decode("utf-8", errors="replace")


def _error_text(e: BaseException) -> str:
    text = str(e)
    return f"{type(e).__name__}: {text}" if text else type(e).__name__


async def _fetch_card(url: str, headers: Mapping[str, str], client: Any) -> Dict[str, Any]:
    plan = _ops.call("a2a.card_urls", {"url": url})
    limit = plan["maxBody"]
    tried = []
    async with _Http(client) as http:
        for candidate in plan["urls"]:
            try:
                status, text = await _read(http, "GET", candidate, {**plan["headers"], **headers}, None, limit)
            except Exception as e:  # noqa: BLE001 - any failure to reach the card is reported
                tried.append({"url": candidate, "error": _error_text(e)})
                continue
            if not 200 <= status < 300 or text is None:
                tried.append({"url": candidate, "status": status} if text is not None
                             else {"url": candidate, "error": f"larger than {limit} bytes"})
                continue
            try:
                card = json.loads(text)
            except ValueError:
                tried.append({"url": candidate, "error": "not JSON"})
                continue
            answer: Dict[str, Any] = _ops.call("a2a.agent", {"card": card, "url": candidate})
            return answer
    raise ConnectionError(_ops.call("a2a.card_failed", {"url": url, "tried": tried}))


async def _until_set(signal: Any) -> None:
    wait = getattr(signal, "wait", None)
    if isinstance(signal, asyncio.Event) and wait is not None:
        await signal.wait()
        return
    while not signal.is_set():
        await asyncio.sleep(0.02)


def _result(value: Mapping[str, Any]) -> ToolResult:
    return ToolResult(output=value["output"], is_error=value["isError"], metadata=value.get("metadata"))


async def from_a2a(
    card: Union[str, Mapping[str, Any]],
    *,
    headers: Optional[Mapping[str, str]] = None,
    timeout: Optional[float] = None,
    poll_interval: Optional[float] = None,
    client: Any = None,
) -> Tool:
    """A remote A2A agent as one tool: ``{"message": str, "contextId"?: str}`` in, its answer out.

    ``card`` is an agent card (a ``dict``), its URL, or the agent's base URL (then
    ``/.well-known/agent-card.json``, then ``/.well-known/agent.json``). ``timeout`` and
    ``poll_interval`` are seconds (``ctx.timeout`` wins over ``timeout``; 300 s by default).
    ``client`` is an ``httpx.AsyncClient`` or ``httpx2.AsyncClient``; without one, each call
    uses a fresh ``httpx.AsyncClient``. Raises ``ConnectionError`` when no card can be read and
    ``ValueError`` when the document is not a usable card, naming the URL; once the tool exists,
    every failure is a ``ToolResult`` with ``is_error=True``.

    >>> tool = await from_a2a("http://127.0.0.1:4000")            # doctest: +SKIP
    >>> (await tool.execute({"message": "Plan a trip to Rome"})).output  # doctest: +SKIP
    """
    extra = dict(headers or {})
    if isinstance(card, str):
        answer = await _fetch_card(card, extra, client)
    elif isinstance(card, Mapping):
        answer = _ops.call("a2a.agent", {"card": dict(card)})
    else:
        raise TypeError("card must be an agent card (a dict), its URL or the agent's base URL")
    agent = answer["agent"]
    limits = answer["limits"]
    target = answer["target"]
    post_headers = {**extra, **target["headers"]}
    interval_ms = round(poll_interval * 1000) if poll_interval is not None else limits["pollInterval"]
    # contextId → taskId of a task waiting for the caller's answer, so it is continued.
    waiting: Dict[str, str] = {}

    async def post(http: Any, body: str) -> Dict[str, Any]:
        """The reply as the core's ``a2a.reply`` reads it: its body's text (or what went wrong)."""
        try:
            status, text = await _read(http, "POST", target["url"], post_headers, body, limits["maxBody"])
        except Exception as e:  # noqa: BLE001 - an unreachable agent is a result
            return {"error": _error_text(e), "agent": agent}
        return {"tooLarge": True} if text is None else {"status": status, "body": text}

    async def cancel(task: Optional[Mapping[str, Any]]) -> None:
        if not task:
            return
        body = _ops.call("a2a.request", {"agent": agent, "kind": "cancel", "taskId": task["taskId"], "id": next(_ids)})
        try:
            async with _Http(client) as http:
                await asyncio.wait_for(post(http, body), 5)
        except Exception:  # noqa: BLE001 - the cancel is best effort
            pass

    async def converse(args: Mapping[str, Any], followed: Dict[str, Any], deadline: float) -> ToolResult:
        loop = asyncio.get_running_loop()
        context_id = args.get("contextId")
        body = _ops.call("a2a.request", {
            "agent": agent, "kind": "send", "id": next(_ids), "message": args.get("message"),
            "messageId": str(uuid.uuid4()), "contextId": context_id,
            "taskId": waiting.pop(context_id, None) if isinstance(context_id, str) else None,
        })
        attempt = 0
        async with _Http(client) as http:
            while True:
                reply = await post(http, body)
                remaining = max(0.0, (deadline - loop.time()) * 1000) if math.isfinite(deadline) else None
                step = _ops.call("a2a.reply", {**reply, "attempt": attempt, "interval": interval_ms,
                                               "remaining": remaining, "task": followed.get("task")})
                if "done" in step:
                    remember = step.get("remember")
                    if remember and remember.get("contextId"):
                        waiting[remember["contextId"]] = remember["taskId"]
                    return _result(step["done"])
                poll = step["poll"]
                followed["task"] = {"taskId": poll["taskId"], "contextId": poll["contextId"], "state": poll["state"]}
                await asyncio.sleep(poll["delay"] / 1000)
                body = _ops.call("a2a.request", {"agent": agent, "kind": "get", "taskId": poll["taskId"], "id": next(_ids)})
                attempt += 1

    async def execute(args: Dict[str, Any], ctx: Optional[ToolContext] = None) -> ToolResult:
        args = args if isinstance(args, dict) else {}
        limit = ctx.timeout if ctx is not None and ctx.timeout is not None else timeout
        # No limit at all when it is infinite.
        limit_ms: Optional[int] = limits["timeout"] if limit is None else round(limit * 1000) if math.isfinite(limit) else None
        signal = ctx.signal if ctx is not None else None
        if signal is not None and signal.is_set():
            return _result(_ops.call("a2a.stopped", {"timedOut": False, "timeout": limit_ms}))
        loop = asyncio.get_running_loop()
        followed: Dict[str, Any] = {}
        deadline = loop.time() + limit_ms / 1000 if limit_ms is not None else math.inf
        work = asyncio.ensure_future(converse(args, followed, deadline))
        stop = asyncio.ensure_future(_until_set(signal)) if signal is not None else None
        try:
            waiters = {work} if stop is None else {work, stop}
            wait = limit_ms / 1000 if limit_ms is not None else None
            done, _ = await asyncio.wait(waiters, timeout=wait, return_when=asyncio.FIRST_COMPLETED)
        except asyncio.CancelledError:
            work.cancel()
            pending = asyncio.ensure_future(cancel(followed.get("task")))
            _background.add(pending)
            pending.add_done_callback(_background.discard)
            raise
        finally:
            if stop is not None:
                stop.cancel()
        if work in done:
            try:
                return work.result()
            except (TypeError, ValueError) as e:  # the core refused the arguments
                return ToolResult(output=str(e), is_error=True)
            except Exception as e:  # noqa: BLE001 - never raise out of execute
                return ToolResult(output=_error_text(e), is_error=True)
        work.cancel()
        await asyncio.gather(work, return_exceptions=True)
        await cancel(followed.get("task"))
        timed_out = stop is None or stop not in done
        return _result(_ops.call("a2a.stopped", {"timedOut": timed_out, "timeout": limit_ms, "task": followed.get("task")}))

    tool = answer["tool"]
    return Tool(name=tool["name"], description=tool["description"], input_schema=tool["inputSchema"],
                source="a2a", execute=execute)
