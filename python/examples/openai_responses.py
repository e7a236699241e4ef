"""A two-turn tool loop with the ``openai`` SDK's Responses API, answered by a Toolkit, against a
recording (the SDK's real client over an ``httpx2.MockTransport``: offline).

    python openai_responses.py
"""

import asyncio
import json
from typing import Any, List

import httpx2
from openai import AsyncOpenAI

from toolnexus import Toolkit, define_tool


@define_tool
def get_weather(city: str) -> str:
    """The weather in a city."""
    return f"Sunny in {city}, 21 °C"


def reply(output: List[Any]) -> Any:
    return {"id": "r", "object": "response", "created_at": 0, "model": "gpt-4.1", "parallel_tool_calls": True,
            "tool_choice": "auto", "tools": [], "output": output}


RECORDED = [
    reply([{"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "get_weather",
            "arguments": "{\"city\": \"Oslo\"}", "status": "completed"}]),
    reply([{"type": "message", "id": "m", "role": "assistant", "status": "completed",
            "content": [{"type": "output_text", "text": "Sunny in Oslo.", "annotations": []}]}]),
]
requests: List[Any] = []


def api(request: httpx2.Request) -> httpx2.Response:
    requests.append(json.loads(request.content))
    return httpx2.Response(200, json=RECORDED[len(requests) - 1])


async def main() -> None:
    client = AsyncOpenAI(api_key="sk-test", http_client=httpx2.AsyncClient(transport=httpx2.MockTransport(api)))
    toolkit = Toolkit([get_weather])
    items: List[Any] = [{"role": "user", "content": "Weather in Oslo?"}]
    while True:
        response = await client.responses.create(model="gpt-4.1", input=items, tools=toolkit.to_openai_responses(strict=True))
        answers = await toolkit.run_openai_responses(response)
        if not answers:
            break
        items += [item.model_dump(exclude_none=True) for item in response.output] + answers
    print(response.output_text)
    assert requests[1]["input"][-1] == {"type": "function_call_output", "call_id": "call_1", "output": "Sunny in Oslo, 21 °C"}


if __name__ == "__main__":
    asyncio.run(main())
