"""toolnexus: one shape for every LLM tool.

``Tool`` is the one type (a dataclass: name, description, input_schema, source, execute);
``define_tool`` turns a plain function into one; ``sanitize`` makes any text a valid tool name.
``http_tool`` and ``from_openapi`` turn HTTP endpoints and OpenAPI documents into tools.
``to_openai``, ``to_openai_responses``, ``to_anthropic``, ``to_gemini`` and ``to_mcp`` carry
tools to each provider; a ``Toolkit`` holds tools by name and answers each provider's tool calls
(``run_openai``, ``run_anthropic``, ...); ``from_mcp`` brings an MCP server's tools in.
The checks and decisions are made by the toolnexus Rust core (``toolnexus._core``), the same
core the npm package is built from.
"""

from ._core import __version__ as __version__  # the Cargo workspace's version
from ._core import sanitize
from .a2a import from_a2a
from .adapters import (
    AnthropicTool,
    GeminiTool,
    MCPTool,
    OpenAIFunction,
    OpenAIResponsesTool,
    OpenAITool,
    to_anthropic,
    to_gemini,
    to_mcp,
    to_openai,
    to_openai_responses,
)
from .builtins import builtin_tools
from .http import from_openapi, http_tool
from .mcp import from_mcp
from .mcp_config import MCPConnection, connect_mcp
from .native import define_tool, tool
from .skills import SkillInfo, Skills, SkillWarning, SkippedSkill, load_skills, skills_from
from .toolkit import OpenAIToolMessage, Toolkit, create_toolkit
from .types import ExecuteFn, JSONSchema, Tool, ToolContext, ToolResult, ToolSource

__all__ = [
    "AnthropicTool",
    "ExecuteFn",
    "GeminiTool",
    "MCPTool",
    "OpenAIFunction",
    "OpenAIResponsesTool",
    "OpenAITool",
    "OpenAIToolMessage",
    "Toolkit",
    "create_toolkit",
    "from_mcp",
    "to_anthropic",
    "to_gemini",
    "to_mcp",
    "to_openai",
    "to_openai_responses",
    "JSONSchema",
    "MCPConnection",
    "SkillInfo",
    "SkillWarning",
    "Skills",
    "SkippedSkill",
    "Tool",
    "ToolContext",
    "ToolResult",
    "ToolSource",
    "builtin_tools",
    "connect_mcp",
    "define_tool",
    "from_a2a",
    "from_openapi",
    "http_tool",
    "load_skills",
    "sanitize",
    "skills_from",
    "tool",
]
