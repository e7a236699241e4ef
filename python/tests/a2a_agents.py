"""A real A2A server from the official ``a2a-sdk`` (protocol 1.0 with 0.3 on the same endpoint),
run by uvicorn on 127.0.0.1 in a thread, with one agent whose behaviour the message picks:

- ``hello …``: answers with a message;
- ``slow``: a working task that the store completes after two reads (so the client polls);
- ``fail`` / ``reject``: a failed / rejected task with the agent's words;
- ``ask``: asks which city, then completes when answered in the same context;
- ``forever``: a working task that never ends (the cancel request is recorded);
- ``files``: a completed task whose artifact holds text, data and file parts.

Also served: a 0.3 card, a 1.0 card with a relative interface URL, and a card only at the old
``/.well-known/agent.json`` path.
"""

import asyncio
import socket
import threading
from typing import Any, Dict, List, Optional

import uvicorn
from a2a.helpers.proto_helpers import new_task_from_user_message, new_text_message
from a2a.server.agent_execution import AgentExecutor, RequestContext
from a2a.server.events import EventQueue
from a2a.server.request_handlers import DefaultRequestHandler
from a2a.server.routes import create_agent_card_routes, create_jsonrpc_routes
from a2a.server.tasks import TaskUpdater
from a2a.server.tasks.inmemory_task_store import InMemoryTaskStore
from a2a.types.a2a_pb2 import (
    AgentCapabilities,
    AgentCard,
    AgentInterface,
    AgentSkill,
    Artifact,
    Part,
    TaskState,
)
from google.protobuf.struct_pb2 import Struct, Value
from starlette.applications import Starlette
from starlette.responses import JSONResponse, PlainTextResponse
from starlette.routing import Route


class Store(InMemoryTaskStore):
    """Completes the ``slow`` task once it has been read twice."""

    def __init__(self) -> None:
        super().__init__()
        self.slow: Dict[str, int] = {}

    async def get(self, task_id: str, context: Any = None) -> Any:  # type: ignore[override]
        task = await super().get(task_id, context)
        if task is not None and task_id in self.slow:
            self.slow[task_id] += 1
            if self.slow[task_id] >= 2 and task.status.state == TaskState.TASK_STATE_WORKING:
                task.status.state = TaskState.TASK_STATE_COMPLETED
                task.artifacts.append(Artifact(artifact_id="a1", name="result", parts=[Part(text="slow work done")]))
                await super().save(task, context)
        return task


class Agent(AgentExecutor):
    def __init__(self, store: Store) -> None:
        self.store = store
        self.asked: set = set()

    async def execute(self, context: RequestContext, event_queue: EventQueue) -> None:
        text = context.get_user_input().strip()
        word = text.split(" ", 1)[0]
        if word == "hello":
            await event_queue.enqueue_event(new_text_message(f"hi! you said: {text}", context_id=context.context_id))
            return
        task = context.current_task or new_task_from_user_message(context.message)  # type: ignore[arg-type]
        task.id = context.task_id or task.id
        task.context_id = context.context_id or task.context_id
        if context.current_task is None:
            task.status.state = TaskState.TASK_STATE_SUBMITTED
            await event_queue.enqueue_event(task)
        updater = TaskUpdater(event_queue, task.id, task.context_id)
        say = lambda words: updater.new_agent_message([Part(text=words)])  # noqa: E731
        if context.context_id in self.asked:
            self.asked.discard(context.context_id)
            await updater.add_artifact([Part(text=f"Booked, flying from {text}.")], name="booking")
            await updater.complete()
        elif word == "slow":
            self.store.slow[task.id] = 0
            await updater.start_work()
        elif word == "forever":
            await updater.start_work()
        elif word == "fail":
            await updater.failed(say("the oven broke"))
        elif word == "reject":
            await updater.reject(say("I only cook"))
        elif word == "ask":
            self.asked.add(context.context_id)
            await updater.requires_input(say("Which city are you flying from?"))
        elif word == "files":
            data = Struct()
            data.update({"rows": 2, "ok": True})
            await updater.add_artifact(
                [
                    Part(text="three parts"),
                    Part(data=Value(struct_value=data)),
                    Part(raw=b"hello", filename="h.txt", media_type="text/plain"),
                    Part(url="https://files.example.com/r.pdf", filename="r.pdf", media_type="application/pdf"),
                ],
                name="files",
            )
            await updater.complete()
        else:
            await updater.complete(say(f"done: {text}"))

    async def cancel(self, context: RequestContext, event_queue: EventQueue) -> None:
        updater = TaskUpdater(event_queue, context.task_id or "", context.context_id or "")
        await updater.cancel()


class Handler(DefaultRequestHandler):  # type: ignore[misc]
    """Records every task read and every cancel request that reach the server."""

    cancels: List[str]
    gets: List[str]

    async def on_get_task(self, params: Any, context: Any) -> Any:
        self.gets.append(params.id)
        return await super().on_get_task(params, context)

    async def on_cancel_task(self, params: Any, context: Any) -> Any:
        self.cancels.append(params.id)
        return await super().on_cancel_task(params, context)


async def _late(request: Any) -> JSONResponse:
    await asyncio.sleep(0.3)
    return JSONResponse({"jsonrpc": "2.0", "id": 1, "result": {"kind": "message", "role": "agent", "parts": [{"kind": "text", "text": "late"}]}})


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    def __init__(self) -> None:
        self.port = _port()
        self.base = f"http://127.0.0.1:{self.port}"
        rpc = f"{self.base}/a2a/jsonrpc"
        card = AgentCard(
            name="Chef Agent",
            description="Cooks, books and answers.",
            version="1.0.0",
            capabilities=AgentCapabilities(streaming=False),
            default_input_modes=["text/plain"],
            default_output_modes=["text/plain"],
            skills=[AgentSkill(id="cook", name="Cook", description="Cooks a dish.", tags=["food"],
                               examples=["hello", "files"])],
            supported_interfaces=[
                AgentInterface(protocol_binding="JSONRPC", url=rpc, protocol_version="1.0"),
                AgentInterface(protocol_binding="JSONRPC", url=rpc, protocol_version="0.3"),
            ],
        )
        self.store = Store()
        self.handler = Handler(Agent(self.store), self.store, card)
        self.handler.cancels = []
        self.handler.gets = []
        v03 = {"protocolVersion": "0.3.0", "name": "Chef Agent 0.3", "description": "The same agent, 0.3 card.",
               "url": rpc, "preferredTransport": "JSONRPC", "version": "1", "capabilities": {},
               "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"], "skills": []}
        relative = {"name": "Chef Agent relative", "description": "", "version": "1", "skills": [],
                    "supportedInterfaces": [{"url": "/a2a/jsonrpc", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}]}
        static = lambda doc: (lambda request: JSONResponse(doc))  # noqa: E731
        routes = (
            create_agent_card_routes(card)
            + create_jsonrpc_routes(self.handler, "/a2a/jsonrpc", enable_v0_3_compat=True)
            + [
                Route("/v03/.well-known/agent-card.json", static(v03)),
                Route("/rel/.well-known/agent-card.json", static(relative)),
                Route("/old/.well-known/agent.json", static(v03)),
                Route("/html/.well-known/agent-card.json", static(["not", "a", "card"])),
                Route("/text", lambda request: PlainTextResponse("<html>busy</html>"), methods=["POST"]),
                Route("/late", _late, methods=["POST"]),
                Route("/shape", static({"jsonrpc": "2.0", "id": 1, "result": {"x": 1}}), methods=["POST"]),
            ]
        )
        config = uvicorn.Config(Starlette(routes=routes), host="127.0.0.1", port=self.port, log_level="warning",
                                lifespan="off")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def start(self) -> "Server":
        self.thread.start()
        for _ in range(500):
            if self.server.started:
                return self
            threading.Event().wait(0.01)
        raise RuntimeError("the A2A test server did not start")

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(5)


def wait_for(predicate: Any, seconds: float = 3.0) -> Optional[bool]:
    async def loop() -> bool:
        for _ in range(int(seconds / 0.02)):
            if predicate():
                return True
            await asyncio.sleep(0.02)
        return bool(predicate())

    return asyncio.run(loop())
