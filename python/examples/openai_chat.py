"""A two-turn tool loop with the ``openai`` SDK's Chat Completions: the model's tool calls
answered by a Toolkit, the answers sent back. The API is a recording (the SDK's real client over
an ``httpx2.MockTransport``), so this runs offline.

    python openai_chat.py
"""

import asyncio
import json
from typing import Any, List

import httpx2
from openai import AsyncOpenAI
from openai.types.chat import ChatCompletionMessageParam

from toolnexus import Toolkit, define_tool


@define_tool
def get_weather(city: str) -> str:
    """The weather in a city."""
    return f"Sunny in {city}, 21 °C"


# The two replies the API gave, recorded: a tool call, then the answer.
RECORDED = [
    {"id": "c1", "object": "chat.completion", "created": 0, "model": "gpt-4.1", "choices": [{"index": 0, "finish_reason": "tool_calls",
     "message": {"role": "assistant", "content": None, "tool_calls": [{"id": "call_1", "type": "function",
                 "function": {"name": "get_weather", "arguments": "{\"city\": \"Paris\"}"}}]}}]},
    {"id": "c2", "object": "chat.completion", "created": 0, "model": "gpt-4.1", "choices": [{"index": 0, "finish_reason": "stop",
     "message": {"role": "assistant", "content": "It is sunny in Paris, 21 °C."}}]},
]
requests: List[Any] = []


def api(request: httpx2.Request) -> httpx2.Response:
    requests.append(json.loads(request.content))
    return httpx2.Response(200, json=RECORDED[len(requests) - 1])


async def main() -> None:
    client = AsyncOpenAI(api_key="sk-test", http_client=httpx2.AsyncClient(transport=httpx2.MockTransport(api)))
    toolkit = Toolkit([get_weather])
    messages: List[ChatCompletionMessageParam] = [{"role": "user", "content": "Weather in Paris?"}]
    while True:
        completion = await client.chat.completions.create(model="gpt-4.1", messages=messages, tools=toolkit.to_openai(strict=True))
        message = completion.choices[0].message
        if not message.tool_calls:
            break
        messages.append(message.model_dump(exclude_none=True))  # the assistant turn, as a dict
        messages.extend(await toolkit.run_openai(message))
    print(message.content)
    assert requests[1]["messages"][-1] == {"role": "tool", "tool_call_id": "call_1", "content": "Sunny in Paris, 21 °C"}


if __name__ == "__main__":
    asyncio.run(main())
