"""A two-turn tool loop with ``google-genai``, answered by a Toolkit, against a recording (the
SDK's real client over an ``httpx.MockTransport``: offline).

    python gemini.py
"""

import asyncio
import json
from typing import Any, List

import httpx
from google import genai
from google.genai import types

from toolnexus import Toolkit, define_tool


@define_tool
def get_weather(city: str) -> str:
    """The weather in a city."""
    return f"Sunny in {city}, 21 °C"


def reply(parts: List[Any]) -> Any:
    return {"candidates": [{"content": {"role": "model", "parts": parts}, "finishReason": "STOP"}]}


RECORDED = [
    reply([{"functionCall": {"name": "get_weather", "args": {"city": "Lima"}}}]),
    reply([{"text": "Sunny in Lima."}]),
]
requests: List[Any] = []


def api(request: httpx.Request) -> httpx.Response:
    requests.append(json.loads(request.content))
    return httpx.Response(200, json=RECORDED[len(requests) - 1])


async def main() -> None:
    transport = httpx.MockTransport(api)
    client = genai.Client(api_key="test", http_options=types.HttpOptions(
        httpx_client=httpx.Client(transport=transport), httpx_async_client=httpx.AsyncClient(transport=transport)))
    toolkit = Toolkit([get_weather])
    config = types.GenerateContentConfig(tools=toolkit.to_gemini(dialect="openapi"))
    contents: List[Any] = [types.Content(role="user", parts=[types.Part(text="Weather in Lima?")])]
    while True:
        response = await client.aio.models.generate_content(model="gemini-2.5-flash", contents=contents, config=config)
        if not response.function_calls:
            break
        contents.append(response.candidates[0].content if response.candidates else None)
        contents.append(types.Content(role="user", parts=await toolkit.run_gemini(response)))
    print(response.text)
    assert requests[1]["contents"][-1]["parts"] == [
        {"functionResponse": {"name": "get_weather", "response": {"output": "Sunny in Lima, 21 °C"}}}]


if __name__ == "__main__":
    asyncio.run(main())
