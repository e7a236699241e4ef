"""toolnexus: one shape for every LLM tool.

``Tool`` is the one type (a dataclass: name, description, input_schema, source, execute);
``define_tool`` turns a plain function into one; ``sanitize`` makes any text a valid tool name.
The checks and decisions are made by the toolnexus Rust core (``toolnexus._core``), the same
core the npm package is built from.
"""

from ._core import sanitize
from .a2a import from_a2a
from .native import define_tool, tool
from .skills import SkillInfo, Skills, SkillWarning, SkippedSkill, load_skills, skills_from
from .types import ExecuteFn, JSONSchema, Tool, ToolContext, ToolResult, ToolSource

__version__ = "0.1.0"

__all__ = [
    "ExecuteFn",
    "JSONSchema",
    "SkillInfo",
    "SkillWarning",
    "Skills",
    "SkippedSkill",
    "Tool",
    "ToolContext",
    "ToolResult",
    "ToolSource",
    "define_tool",
    "from_a2a",
    "load_skills",
    "sanitize",
    "skills_from",
    "tool",
]
