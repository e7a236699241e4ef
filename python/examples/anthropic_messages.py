"""A two-turn tool loop with the ``anthropic`` SDK's Messages API, answered by a Toolkit, against
a recording (the SDK's real client over an ``httpx2.MockTransport``: offline).

    python anthropic_messages.py
"""

import asyncio
import json
from typing import Any, List

import httpx2
from anthropic import AsyncAnthropic
from anthropic.types import MessageParam

from toolnexus import Toolkit, define_tool


@define_tool
def get_weather(city: str) -> str:
    """The weather in a city."""
    return f"Sunny in {city}, 21 °C"


def reply(content: List[Any], stop: str) -> Any:
    return {"id": "msg", "type": "message", "role": "assistant", "model": "claude-sonnet-4-5", "content": content,
            "stop_reason": stop, "usage": {"input_tokens": 10, "output_tokens": 10}}


RECORDED = [
    reply([{"type": "text", "text": "Let me check."},
           {"type": "tool_use", "id": "toolu_1", "name": "get_weather", "input": {"city": "Rome"}}], "tool_use"),
    reply([{"type": "text", "text": "Sunny in Rome."}], "end_turn"),
]
requests: List[Any] = []


def api(request: httpx2.Request) -> httpx2.Response:
    requests.append(json.loads(request.content))
    return httpx2.Response(200, json=RECORDED[len(requests) - 1])


async def main() -> None:
    client = AsyncAnthropic(api_key="sk-test", http_client=httpx2.AsyncClient(transport=httpx2.MockTransport(api)))
    toolkit = Toolkit([get_weather])
    messages: List[MessageParam] = [{"role": "user", "content": "Weather in Rome?"}]
    while True:
        message = await client.messages.create(model="claude-sonnet-4-5", max_tokens=1024, messages=messages,
                                               tools=toolkit.to_anthropic())
        if message.stop_reason != "tool_use":
            break
        messages.append({"role": "assistant", "content": message.content})
        messages.append({"role": "user", "content": await toolkit.run_anthropic(message)})
    print(message.content[0].text if message.content[0].type == "text" else "")
    assert requests[1]["messages"][-1]["content"] == [
        {"type": "tool_result", "tool_use_id": "toolu_1", "content": "Sunny in Rome, 21 °C", "is_error": False}]


if __name__ == "__main__":
    asyncio.run(main())
