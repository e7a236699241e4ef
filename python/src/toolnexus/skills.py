"""Agent skills as tools: ``load_skills`` (folders of ``SKILL.md``) and ``skills_from`` (data).

A skill is a folder with a ``SKILL.md`` (YAML frontmatter with ``name`` and ``description``,
then instructions) and resource files beside it. Only each skill's name and description go in
the system prompt (``skills.prompt()``); the model reads a skill's instructions, and then its
files, through one tool, ``skill``.

Every rule (which folders are searched, what a ``SKILL.md`` means, what the model is told, where
a path may go) is the Rust core's, the same as the npm package's; this module lists folders and
reads files.

>>> import asyncio
>>> skills = asyncio.run(load_skills("./skills"))       # doctest: +SKIP
>>> system = "You are a helpful agent.\\n\\n" + skills.prompt()  # doctest: +SKIP
>>> tools = [skills.tool] if skills.tool else []          # doctest: +SKIP
"""

import asyncio
import errno
import os
from dataclasses import dataclass, field
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple, Union

from . import _ops
from .types import Tool, ToolContext, ToolResult

PathLike = Union[str, "os.PathLike[str]"]

_SNIFF = 8000


@dataclass
class SkillInfo:
    """A loaded skill: its frontmatter's fields, its folder and its ``SKILL.md``.

    ``folder`` and ``path`` are ``None`` for a skill given as data.
    """

    name: str
    description: str
    folder: Optional[str] = None
    path: Optional[str] = None
    license: Optional[str] = None
    compatibility: Optional[str] = None
    metadata: Optional[Dict[str, Any]] = None
    allowed_tools: Optional[str] = None


@dataclass
class SkippedSkill:
    """A ``SKILL.md`` (or a definition, ``defs[i]``) that was not loaded, and why."""

    path: str
    reason: str


@dataclass
class SkillWarning:
    """Something a person may want to fix, about a skill that loaded or about the search."""

    path: str
    message: str


@dataclass
class Skills:
    """What ``load_skills`` and ``skills_from`` give.

    ``list``: the skills loaded; ``skipped``: what was not, with a reason; ``warnings``: what
    loaded anyway or where the search stopped; ``prompt()``: the catalog for a system prompt
    (empty when there are no skills); ``tool``: the one ``skill`` tool, ``None`` when there are
    no skills.
    """

    list: List[SkillInfo]
    skipped: List[SkippedSkill]
    warnings: List[SkillWarning]
    tool: Optional[Tool]
    _prompt: str = field(default="", repr=False)

    def prompt(self) -> str:
        """The catalog of skills for a system prompt: names and descriptions, XML-escaped."""
        return self._prompt


def _code(e: OSError) -> str:
    """An OS error as its code (``ENOENT``), as the npm package names it."""
    return errno.errorcode.get(e.errno or 0, str(e))


def _entry(folder: str, name: str, is_dir: bool, is_file: bool, is_link: bool) -> Dict[str, Any]:
    entry: Dict[str, Any] = {"name": name, "kind": "dir" if is_dir else "file" if is_file else "other"}
    if is_link:
        entry["real"] = os.path.realpath(os.path.join(folder, name))
    return entry


def _list(path: str) -> Tuple[List[Dict[str, Any]], Optional[str]]:
    """One folder's entries, symbolic links resolved (``real``), or the error that stopped it."""
    entries = []
    try:
        with os.scandir(path) as it:
            for e in it:
                try:
                    link = e.is_symlink()
                    entries.append(_entry(path, e.name, e.is_dir(), e.is_file(), link))
                except OSError:
                    entries.append({"name": e.name, "kind": "other"})
    except OSError as e:
        return [], _code(e)
    return entries, None


def _list_level(level: List[Dict[str, Any]]) -> List[Dict[str, Any]]:
    dirs = []
    for d in level:
        entries, error = _list(d["path"])
        item = {k: d[k] for k in ("root", "path", "rel", "depth", "real")}
        item["entries"] = entries
        if error is not None:
            item["error"] = error
        dirs.append(item)
    return dirs


async def _walk(roots: List[str], mode: str, options: Mapping[str, Any]) -> Tuple[List[Dict[str, Any]], List[str], List[Dict[str, Any]]]:
    """The search, a level at a time: the host lists, the core decides what to follow."""
    level = [{"root": i, "path": r, "rel": "", "depth": 0, "real": os.path.realpath(r)} for i, r in enumerate(roots)]
    state: Any = None
    found: List[Dict[str, Any]] = []
    files: List[str] = []
    warnings: List[Dict[str, Any]] = []
    while level:
        dirs = await asyncio.to_thread(_list_level, level)
        step = _ops.call("skills.walk", {"mode": mode, "options": options, "state": state, "dirs": dirs})
        state = step["state"]
        found.extend({"root": s["root"], "dir": level[s["dir"]]["path"]} for s in step["skills"])
        files.extend(step["files"])
        warnings.extend(step["warnings"])
        level = [
            {
                "root": level[n["dir"]]["root"],
                "path": os.path.join(level[n["dir"]]["path"], n["name"]),
                "rel": n["rel"],
                "depth": n["depth"],
                "real": n.get("real") or os.path.join(level[n["dir"]]["real"], n["name"]),
            }
            for n in step["next"]
        ]
    return found, files, warnings


def _read_skill_file(root: int, folder: str, max_bytes: int) -> Dict[str, Any]:
    path = os.path.join(folder, "SKILL.md")
    item: Dict[str, Any] = {"root": root, "path": path, "folder": folder}
    try:
        with open(path, "rb") as f:
            size = os.fstat(f.fileno()).st_size
            if size > max_bytes:
                item["size"] = size
            else:
                item["text"] = f.read(max_bytes + 1).decode("utf-8", errors="replace")
    except OSError as e:
        item["error"] = _code(e)
    return item


def _read_resource(path: str, limit: int) -> Dict[str, Any]:
    with open(path, "rb") as f:
        size = os.fstat(f.fileno()).st_size
        data = f.read(limit)
    return {"size": size, "head": list(data[:_SNIFF]), "text": data.decode("utf-8", errors="replace")}


def _resource(folder: str, file: str, limit: int) -> Dict[str, Any]:
    """What the host found at ``file`` of ``folder``: the core's ``skills.read`` input."""
    path = os.path.join(folder, *file.split("/"))
    real = os.path.realpath(path)
    if not os.path.lexists(path) or not os.path.exists(real):
        return {"status": "missing"}
    if not _ops.call("skills.inside", {"folder": os.path.realpath(folder), "path": real}):
        return {"status": "outside"}
    if os.path.isdir(real):
        return {"status": "directory"}
    try:
        return {"status": "ok", **_read_resource(real, limit)}
    except OSError as e:
        return {"status": "error", "message": e.strerror or str(e)}


def _read_text(path: str, max_bytes: int) -> str:
    with open(path, "rb") as f:
        size = os.fstat(f.fileno()).st_size
        if size > max_bytes:
            raise OSError(f"SKILL.md is now {size} bytes, over the limit")
        return f.read(max_bytes).decode("utf-8", errors="replace")


def _build(
    loaded: Mapping[str, Any],
    options: Mapping[str, Any],
    texts: Optional[Dict[str, Dict[str, str]]],
    extra_warnings: Sequence[Mapping[str, Any]] = (),
    bodies: Optional[Dict[str, str]] = None,
) -> Skills:
    records: Dict[str, Dict[str, Any]] = {s["name"]: s for s in loaded["skills"]}
    bodies = bodies or {}
    names = list(records)
    limit = int(options["maxFileBytes"])

    async def execute(args: Dict[str, Any], ctx: Optional[ToolContext] = None) -> ToolResult:
        try:
            return await answer(args)
        except Exception as e:  # arguments that are not JSON: the tool answers, it never raises
            return ToolResult(output=f"The skill tool could not read its arguments: {e}", is_error=True)

    async def answer(args: Dict[str, Any]) -> ToolResult:
        asked = _ops.call("skills.call", {"args": args, "names": names})
        if "error" in asked:
            return ToolResult(output=asked["error"], is_error=True)
        skill = records[asked["name"]]
        file = asked.get("file")
        try:
            if file is None:
                if texts is not None:
                    files: List[str] = list(skill.get("files") or [])
                    shown = _ops.call("skills.show", {"skill": {**skill, "body": bodies.get(skill["name"], "")}, "files": files})
                else:
                    _, files, _ = await _walk([skill["folder"]], "files", options)
                    now = await asyncio.to_thread(_read_text, skill["path"], int(options["maxSkillBytes"]))
                    shown = _ops.call("skills.show", {"skill": skill, "text": now, "files": files})
                if "error" in shown:
                    return ToolResult(output=shown["error"], is_error=True)
                return ToolResult(output=shown["output"], is_error=False, metadata=shown["metadata"])
            if texts is not None:
                text = texts.get(skill["name"], {}).get(file)
                found: Dict[str, Any] = {"status": "missing"} if text is None else {"status": "ok", "text": text}
            else:
                found = await asyncio.to_thread(_resource, skill["folder"], file, limit)
        except Exception as e:  # the tool answers; it never raises
            found = {"status": "error", "message": str(e)}
        reply = _ops.call("skills.read", {"name": skill["name"], "file": file or "SKILL.md", "limit": limit, **found})
        return ToolResult(output=reply["output"], is_error=bool(reply["isError"]))

    spec = loaded["tool"]
    tool = None
    if spec is not None:
        tool = Tool(name=spec["name"], description=spec["description"], input_schema=spec["input_schema"], source="skill", execute=execute)
    fields = ("name", "description", "folder", "path", "license", "compatibility", "metadata", "allowed_tools")
    return Skills(
        list=[SkillInfo(**{k: s.get(k) for k in fields}) for s in loaded["skills"]],
        skipped=[SkippedSkill(path=str(s["path"]), reason=s["reason"]) for s in loaded["skipped"]],
        warnings=[SkillWarning(path=str(w["path"]), message=w["message"]) for w in (*extra_warnings, *loaded["warnings"])],
        tool=tool,
        _prompt=loaded["prompt"],
    )


async def load_skills(
    dirs: Union[PathLike, Sequence[PathLike]],
    *,
    max_depth: Optional[int] = None,
    max_folders: Optional[int] = None,
    max_skills: Optional[int] = None,
    max_file_bytes: Optional[int] = None,
    max_skill_bytes: Optional[int] = None,
) -> Skills:
    """Loads the skills under ``dirs`` (a folder or a list of folders; the first folder given
    wins a name two skills share).

    ``node_modules`` and hidden folders are skipped, symbolic links are followed only inside the
    folder given and once each; the search stops at ``max_depth`` (6), ``max_folders`` (10,000)
    and ``max_skills`` (1,000), saying so in ``warnings``. ``max_file_bytes`` (256 KiB) bounds
    what the tool reads of a resource file, ``max_skill_bytes`` (1 MiB) a ``SKILL.md``. A folder
    that cannot be read raises ``FileNotFoundError`` / ``NotADirectoryError``.
    """
    options = _ops.call(
        "skills.options",
        {
            "max_depth": max_depth,
            "max_folders": max_folders,
            "max_skills": max_skills,
            "max_file_bytes": max_file_bytes,
            "max_skill_bytes": max_skill_bytes,
        },
    )
    given = [dirs] if isinstance(dirs, (str, os.PathLike)) else list(dirs)
    roots = []
    for d in given:
        if not isinstance(d, (str, os.PathLike)):
            raise TypeError(f"load_skills takes a folder or a list of folders, not {type(d).__name__}")
        root = os.path.abspath(os.fspath(d))
        if not os.path.exists(root):
            raise FileNotFoundError(f"load_skills: no folder {os.fspath(d)!r}")
        if not os.path.isdir(root):
            raise NotADirectoryError(f"load_skills: {os.fspath(d)!r} is not a folder")
        roots.append(root)
    found, _, warnings = await _walk(roots, "skills", options)
    max_bytes = int(options["maxSkillBytes"])

    def read_all() -> List[Dict[str, Any]]:
        return [_read_skill_file(f["root"], f["dir"], max_bytes) for f in found]

    files = await asyncio.to_thread(read_all)
    loaded = _ops.call("skills.load", {"files": files, "options": options})
    return _build(loaded, options, None, warnings)


def skills_from(defs: Sequence[Mapping[str, Any]]) -> Skills:
    """Skills from data: ``[{"name", "description", "body", "files": {path: text}, ...}]``.

    The same rules as files (a definition that breaks one is in ``skipped`` as ``defs[i]``); a
    value of the wrong type raises ``TypeError``, a bad file path ``ValueError``.
    """
    if isinstance(defs, (str, bytes)) or not isinstance(defs, Sequence):
        raise TypeError("skills_from takes a list of skill definitions")
    loaded = _ops.call("skills.from", {"defs": [dict(d) if isinstance(d, Mapping) else d for d in defs]})
    texts: Dict[str, Dict[str, str]] = {}
    bodies: Dict[str, str] = {}
    for d in defs:
        if isinstance(d, Mapping) and isinstance(d.get("name"), str) and d["name"] not in texts:
            texts[d["name"]] = dict(d.get("files") or {})
            bodies[d["name"]] = d.get("body") or ""
    options = _ops.call("skills.options", {})
    return _build(loaded, options, texts, bodies=bodies)
