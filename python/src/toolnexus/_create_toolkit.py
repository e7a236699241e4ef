"""``create_toolkit``: a ``Toolkit`` from its sources (extra tools, skills, A2A agents, the MCP
servers of a config), each source's outcome kept as the toolkit's ``sources``."""

import asyncio
from typing import TYPE_CHECKING, Any, Awaitable, Dict, Iterable, List, Mapping, Optional, Sequence, Union

from .skills import PathLike, Skills, load_skills, skills_from
from .toolkit import Toolkit
from .types import Tool

if TYPE_CHECKING:
    from .mcp_config import MCPConnection

__all__ = ["AgentEntry", "create_toolkit"]


AgentEntry = Union[str, Mapping[str, Any]]
"""An entry of ``create_toolkit(agents=...)``: an agent card (a mapping), its URL or the agent's
base URL, or ``{"card": ..., **from_a2a's options}`` (an agent card has no ``card`` field)."""


def _agent_list(agents: Optional[Iterable[AgentEntry]]) -> List[AgentEntry]:
    if agents is None:
        return []
    if isinstance(agents, (str, bytes, Mapping)) or not hasattr(agents, "__iter__"):
        raise TypeError(
            f"create_toolkit: `agents` must be an iterable of agent cards or URLs, got {type(agents).__name__}"
        )
    return list(agents)


def _agent_name(entry: AgentEntry, index: int) -> str:
    """How a source that could not be read is named: its URL, its card's name, else its place."""
    card = entry.get("card") if isinstance(entry, Mapping) and "card" in entry else entry
    if isinstance(card, str):
        return card
    name = card.get("name") if isinstance(card, Mapping) else None
    return name if isinstance(name, str) else f"agent {index + 1}"


async def _reach(entry: AgentEntry) -> Union[Tool, str]:
    """The agent's tool, or what went wrong, worded (never raises an ``Exception``)."""
    from .a2a import from_a2a

    try:
        if isinstance(entry, Mapping) and "card" in entry:
            options = {k: v for k, v in entry.items() if k != "card"}
            return await from_a2a(entry["card"], **options)
        return await from_a2a(entry)
    except Exception as error:  # noqa: BLE001 - an agent that cannot be read is listed, not raised
        return str(error) or type(error).__name__


async def _nothing() -> None:
    return None


async def _no_connection() -> "Optional[MCPConnection]":
    return None


async def create_toolkit(
    *,
    extra_tools: Iterable[Tool] = (),
    skills: Union[Skills, PathLike, Sequence[PathLike], None] = None,
    agents: Optional[Iterable[AgentEntry]] = None,
    mcp_config: Any = None,
    mcp_options: Optional[Mapping[str, Any]] = None,
) -> Toolkit:
    """A ``Toolkit`` holding ``extra_tools`` (the seed's entry point), then the tools of every
    source named in the options: the ``skill`` tool, the agents', the MCP servers'. A name that
    ``extra_tools``, the skills or an MCP server take twice is a ``ValueError``.

    ``skills``: what ``load_skills`` or ``skills_from`` gave, or folders to load; its ``skill``
    tool is registered and the ``Skills`` kept as ``tk.skills`` (an empty one when none).

    ``agents``: remote A2A agents, each an agent card (a mapping), its URL or the agent's base
    URL, or ``{"card": ..., **options}`` with ``from_a2a``'s options (``headers``, ``timeout``,
    ``poll_interval``, ``client``); all are reached at once with ``from_a2a``, one tool each. An
    agent that cannot be read (or whose tool's name is taken) is left out and listed in
    ``tk.sources`` with its error, never failing the others.

    ``mcp_config`` (a path, JSON text or a mapping) starts its MCP servers with
    ``connect_mcp(mcp_config, **mcp_options)``; a server that fails is left out and listed in
    ``tk.sources``; ``await tk.aclose()`` (or ``async with tk:``) ends them.
    """
    entries = _agent_list(agents)
    # extra_tools first, then each source's tools, in the npm package's order.
    tools: List[Tool] = list(extra_tools)
    if skills is None:
        loaded = skills_from([])
    elif isinstance(skills, Skills):
        loaded = skills
    else:
        loaded = await load_skills(skills)
    if loaded.tool is not None:
        tools.append(loaded.tool)
    toolkit = Toolkit(tools)
    toolkit.skills = loaded

    # The agents and the MCP servers at once; a failed agent is a source's status, not an error.
    starting: "Awaitable[Optional[MCPConnection]]"
    if mcp_config is not None:
        from .mcp_config import connect_mcp

        starting = connect_mcp(mcp_config, **dict(mcp_options or {}))
    else:
        starting = _no_connection()
    # Each agent's outcome is a tool or an error's words; only a cancellation raises there.
    agents_reached = asyncio.gather(*(_reach(e) for e in entries))
    connection, reached = await asyncio.gather(starting, agents_reached, return_exceptions=True)
    if isinstance(connection, BaseException):
        raise connection
    if isinstance(reached, BaseException):
        if connection is not None:
            await connection.aclose()
        raise reached

    agent_sources: List[Dict[str, Any]] = []
    for i, got in enumerate(reached):
        if isinstance(got, Tool):
            try:
                toolkit.register(got)
                agent_sources.append({"kind": "a2a", "name": got.name, "status": "ready"})
            except ValueError as error:
                agent_sources.append({"kind": "a2a", "name": got.name, "status": "failed", "error": str(error)})
        else:
            agent_sources.append({"kind": "a2a", "name": _agent_name(entries[i], i), "status": "failed", "error": got})
    if entries:
        toolkit._adopt(lambda: agent_sources, _nothing)

    if connection is not None:
        conn = connection
        try:
            toolkit.register(*conn.tools)
        except BaseException:
            await conn.aclose()
            raise

        def refresh(before: List[Tool], after: List[Tool]) -> None:
            for old in before:
                if toolkit.get(old.name) is old:
                    toolkit.remove(old.name)
            for new in after:
                if new.name not in toolkit:
                    toolkit.register(new)

        conn._watchers.append(refresh)
        toolkit._adopt(
            lambda: [
                {k: v for k, v in record.items() if k in ("kind", "name", "status", "error")} for record in conn.servers
            ],
            conn.aclose,
        )
    return toolkit
