"""toolnexus: one shape for every LLM tool.

``Tool`` is the one type (a dataclass: name, description, input_schema, source, execute);
``define_tool`` turns a plain function into one; ``sanitize`` makes any text a valid tool name.
The checks and decisions are made by the toolnexus Rust core (``toolnexus._core``), the same
core the npm package is built from.
"""

from ._core import sanitize
from .a2a import from_a2a
from .mcp_config import MCPConnection, connect_mcp
from .native import define_tool, tool
from .types import ExecuteFn, JSONSchema, Tool, ToolContext, ToolResult, ToolSource

__version__ = "0.1.0"

__all__ = [
    "ExecuteFn",
    "JSONSchema",
    "MCPConnection",
    "Tool",
    "ToolContext",
    "ToolResult",
    "ToolSource",
    "connect_mcp",
    "define_tool",
    "from_a2a",
    "sanitize",
    "tool",
]
