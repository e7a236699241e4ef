"""Checked by mypy --strict (test_typing.py), never run: toolnexus's outputs go straight into the
provider SDKs, with no casts and no ignore comments."""

from typing import List

import anthropic
import openai
from google.genai import types as genai_types
from mcp import types as mcp_types
from openai.types.chat import ChatCompletionMessage, ChatCompletionMessageParam

from toolnexus import ToolResult, Toolkit, define_tool, to_anthropic, to_gemini, to_mcp, to_openai, to_openai_responses


@define_tool
def add(a: int, b: int) -> int:
    """Add two numbers."""
    return a + b


toolkit = Toolkit([add])


def chat(client: openai.OpenAI, messages: List[ChatCompletionMessageParam]) -> None:
    client.chat.completions.create(model="gpt-4.1", messages=messages, tools=to_openai([add], strict=True))
    client.chat.completions.create(model="gpt-4.1", messages=messages, tools=toolkit.to_openai())


async def chat_loop(client: openai.AsyncOpenAI, messages: List[ChatCompletionMessageParam], message: ChatCompletionMessage) -> None:
    messages.extend(await toolkit.run_openai(message))
    await client.chat.completions.create(model="gpt-4.1", messages=messages, tools=toolkit.to_openai(strict=True))


def responses(client: openai.OpenAI) -> None:
    client.responses.create(model="gpt-4.1", input="hi", tools=to_openai_responses([add], strict=True))
    client.responses.create(model="gpt-4.1", input="hi", tools=toolkit.to_openai_responses())


async def responses_loop(client: openai.AsyncOpenAI, response: openai.types.responses.Response) -> None:
    await client.responses.create(model="gpt-4.1", input=await toolkit.run_openai_responses(response), tools=toolkit.to_openai_responses())


def messages(client: anthropic.Anthropic) -> None:
    client.messages.create(model="claude", max_tokens=10, messages=[{"role": "user", "content": "hi"}], tools=to_anthropic([add]))


async def messages_loop(client: anthropic.AsyncAnthropic, message: anthropic.types.Message) -> None:
    await client.messages.create(
        model="claude", max_tokens=10, tools=toolkit.to_anthropic(),
        messages=[{"role": "assistant", "content": message.content}, {"role": "user", "content": await toolkit.run_anthropic(message)}],
    )


def gemini() -> genai_types.GenerateContentConfig:
    genai_types.GenerateContentConfig(tools=to_gemini([add], dialect="openapi"))
    return genai_types.GenerateContentConfig(tools=toolkit.to_gemini())


async def gemini_loop(response: genai_types.GenerateContentResponse) -> genai_types.Content:
    return genai_types.Content(role="user", parts=await toolkit.run_gemini(response))


async def mcp_list_tools(ctx: object, params: mcp_types.PaginatedRequestParams | None) -> mcp_types.ListToolsResult:
    return mcp_types.ListToolsResult(tools=to_mcp(toolkit))


async def mcp_call_tool(ctx: object, params: mcp_types.CallToolRequestParams) -> mcp_types.CallToolResult:
    return mcp_types.CallToolResult.model_validate(await toolkit.run_mcp(params))


async def execute() -> str:
    result: ToolResult = await toolkit.execute("add", {"a": 1, "b": 2})
    return result.output
