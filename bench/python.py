"""The Python rows of `npm run bench`: the installed package `toolnexus` against the same
contract in plain Python, in one process, in alternating rounds (package, plain, package, ...),
reporting medians, ratios and whether each budget holds. A report: it exits 0 either way and
writes every figure to build/bench-python.json.

    python3 bench/python.py

Run by any Python 3.9+, it installs ./python into build/python/bench-venv (`pip install`,
fresh on every run) and runs itself there.

Rows:
    sanitize of a 16-character name, against re.sub with the pattern compiled (ns per call)
    sanitize of 1 MiB of text (1,048,576 code points, some non-ASCII), against the same (ms)
    define_tool(fn).execute(args) of an async and of a sync function returning a str, of an
    async one returning a dict (json.dumps) and of one raising, awaited one after the other in
    one event loop, against plain_define_tool below (us per call)
    to_openai(strict=True) and to_gemini(dialect="openapi") over the MCP corpus
    (tests/fixtures/mcp-tools.json), the same list every call as an agent sends it, against
    copy.deepcopy of the same schemas, the floor for building a new tree (ms per call); then
    every list new (16 variants taken in turn, more than the adapters keep answers for)
    Toolkit.run_openai of an assistant message with 8 tool calls, against the same dispatch in
    plain Python (plain_run_openai below: json.loads, a dict lookup, asyncio.gather) (us per call)
"""

import asyncio
import copy
import gc
import itertools
import json
import os
import pathlib
import platform
import re
import statistics
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
VENV = ROOT / "build" / "python" / "bench-venv"
ROUNDS = 15  # timed rounds per side, alternating; the median is reported
WARMUP = 3  # untimed rounds per side first
ROUND_S = 0.05  # each round runs about this long


def in_venv() -> None:
    """Re-runs this script inside build/python/bench-venv, with ./python freshly installed."""
    python = VENV / ("Scripts" if os.name == "nt" else "bin") / "python"
    if not python.exists():
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
    pip = [str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    subprocess.run([*pip, str(ROOT / "python")], check=True)
    env = {**os.environ, "TOOLNEXUS_BENCH_VENV": "1"}
    sys.exit(subprocess.run([str(python), __file__, *sys.argv[1:]], env=env).returncode)


if os.environ.get("TOOLNEXUS_BENCH_VENV") != "1":
    in_venv()

import inspect  # noqa: E402
from typing import Any, Callable, Dict, List, Optional, Tuple  # noqa: E402

import toolnexus  # noqa: E402
from toolnexus import Tool, ToolResult, Toolkit, define_tool, sanitize, to_gemini, to_openai  # noqa: E402

# ---------------------------------------------------------------------------------------------
# The plain-Python side: the same contract, written the straightforward way.

PATTERN = re.compile(r"[^a-zA-Z0-9_-]")


def plain_sanitize(value: str) -> str:
    if not isinstance(value, str):
        raise TypeError(f"sanitize() argument must be str, not {type(value).__name__}")
    return PATTERN.sub("_", value)


STOPS = (KeyboardInterrupt, SystemExit, GeneratorExit, asyncio.CancelledError)
GROUP = getattr(__builtins__, "BaseExceptionGroup", None)
UNPRINTABLE = "[an exception that cannot be converted to a string]"


def plain_result(value: Any) -> Optional[ToolResult]:
    if isinstance(value, str):
        return ToolResult(value, False)
    if isinstance(value, ToolResult):
        return value
    if hasattr(type(value), "__await__"):
        return None
    return ToolResult(json.dumps(value), False)


def plain_failure(error: BaseException) -> Optional[ToolResult]:
    if isinstance(error, STOPS) or (GROUP is not None and isinstance(error, GROUP) and error.split(STOPS)[0] is not None):
        return None
    try:
        text = str(error)
    except BaseException as inner:
        if isinstance(inner, STOPS):
            raise
        text = UNPRINTABLE
    return ToolResult(text, True)


def plain_outcome(fn: Callable[..., Any], args: Any, *ctx: Any) -> Tuple[Any, Optional[BaseException]]:
    try:
        return (fn(**args, ctx=ctx[0]) if ctx else fn(**args)), None
    except BaseException as error:
        return None, error


def plain_define_tool(fn: Callable[..., Any]) -> Callable[..., Any]:
    """The execute of the contract's define_tool (checks and schema inference left out)."""
    is_async = inspect.iscoroutinefunction(fn)
    wants_ctx = "ctx" in inspect.signature(fn).parameters

    async def settle(value: Any) -> ToolResult:
        while True:
            value = await value
            result = plain_result(value)
            if result is not None:
                return result

    async def execute(args: Any = None, ctx: Any = None) -> ToolResult:
        try:
            if args is None:
                args = {}
            if is_async:
                value = await (fn(**args, ctx=ctx) if wants_ctx else fn(**args))
            else:
                call = asyncio.to_thread(plain_outcome, fn, args, ctx) if wants_ctx else asyncio.to_thread(plain_outcome, fn, args)
                value, raised = await call
                if raised is not None:
                    raise raised
            result = plain_result(value)
            return result if result is not None else await settle(value)
        except BaseException as error:
            result = plain_failure(error)
            if result is None:
                raise
            return result

    return execute


# ---------------------------------------------------------------------------------------------
# Inputs, shared by both sides.

NAME_16 = "get user by id 4"
assert len(NAME_16) == 16
_UNIT = "get user_id 42 · café ok 😀 path/to:file-name "
TEXT_1MIB = (_UNIT * (2**20 // len(_UNIT) + 1))[: 2**20]
ARGS = {"id": 7}


async def fetch_async(id: int) -> str:
    return f"user {id}"


async def fetch_json(id: int) -> Dict[str, Any]:
    return {"id": id, "name": "Ada Lovelace", "roles": ["admin", "dev"], "active": True}


async def fetch_fails(id: int) -> str:
    raise LookupError(f"no user {id}")


def fetch_sync(id: int) -> str:
    return f"user {id}"


# ---------------------------------------------------------------------------------------------
# Tools out and calls in.


async def _nothing(args: Any, ctx: Any = None) -> ToolResult:
    return ToolResult("", False)


def corpus_tools() -> List[Tool]:
    """The MCP corpus as Tools, names made unique (two servers both have a create_branch)."""
    seen = set()
    out = []
    for t in json.loads((ROOT / "tests" / "fixtures" / "mcp-tools.json").read_text("utf8")):
        name = f"{t['name']}_2" if t["name"] in seen else t["name"]
        seen.add(name)
        out.append(Tool(name=name, description=t["description"], input_schema=t["inputSchema"], source="mcp", execute=_nothing))
    return out


CALLS_8 = {"role": "assistant", "content": None, "tool_calls": [
    {"id": f"call_{i}", "type": "function", "function": {"name": "fetch_async", "arguments": json.dumps({"id": i})}} for i in range(8)]}


def plain_run_openai(tools: Dict[str, Any]) -> Callable[[Any], Any]:
    """The same dispatch written the straightforward way: each call's arguments parsed, its tool
    looked up and awaited, all at once; the answers in order, failures prefixed."""

    async def one(call: Any) -> ToolResult:
        tool = tools.get(call["function"]["name"])
        if tool is None:
            return ToolResult("unknown tool", True)
        try:
            args = json.loads(call["function"]["arguments"] or "{}")
        except ValueError as error:
            return ToolResult(str(error), True)
        result: ToolResult = await tool.execute(args)
        return result

    async def run(message: Any) -> Any:
        calls = message["tool_calls"]
        results = await asyncio.gather(*(one(c) for c in calls))
        return [{"role": "tool", "tool_call_id": c["id"], "content": f"Error: {r.output}" if r.is_error else r.output}
                for c, r in zip(calls, results)]

    return run


def time_run(loop: asyncio.AbstractEventLoop, run: Callable[[Any], Any], expected: Any) -> float:
    async def laps() -> float:
        calls, start = 0, time.perf_counter_ns()
        deadline = start + ROUND_S * 1e9
        while True:
            for _ in range(20):
                out = await run(CALLS_8)
            assert out == expected, out
            calls += 20
            now = time.perf_counter_ns()
            if now >= deadline:
                return (now - start) / calls

    return loop.run_until_complete(laps())


# ---------------------------------------------------------------------------------------------
# Timing: a round calls the side's function `batch` times per lap until ROUND_S has passed.


def time_sync(fn: Callable[[], Any], batch: int) -> float:
    """ns per call of one round."""
    calls, start = 0, time.perf_counter_ns()
    deadline = start + ROUND_S * 1e9
    while True:
        for _ in range(batch):
            fn()
        calls += batch
        now = time.perf_counter_ns()
        if now >= deadline:
            return (now - start) / calls


EXPECTED = {
    "async": ToolResult("user 7", False),
    "sync": ToolResult("user 7", False),
    "json": ToolResult('{"id": 7, "name": "Ada Lovelace", "roles": ["admin", "dev"], "active": true}', False),
    "raises": ToolResult("no user 7", True),
}


def time_async(loop: asyncio.AbstractEventLoop, execute: Callable[..., Any], batch: int, expected: ToolResult) -> float:
    async def laps() -> float:
        calls, start = 0, time.perf_counter_ns()
        deadline = start + ROUND_S * 1e9
        while True:
            for _ in range(batch):
                result = await execute(ARGS)
            assert result == expected, result
            calls += batch
            now = time.perf_counter_ns()
            if now >= deadline:
                return (now - start) / calls

    return loop.run_until_complete(laps())


def alternate(pkg: Callable[[], float], plain: Callable[[], float]) -> Dict[str, Any]:
    for _ in range(WARMUP):
        pkg(), plain()
    rounds: Dict[str, List[float]] = {"toolnexus": [], "plain": []}
    for _ in range(ROUNDS):
        for side, fn in (("toolnexus", pkg), ("plain", plain)):
            gc.collect()
            rounds[side].append(fn())
    a, b = statistics.median(rounds["toolnexus"]), statistics.median(rounds["plain"])
    return {"toolnexus": a, "plain": b, "ratio": a / b, "rounds": rounds}


def main() -> None:
    started = time.perf_counter()
    assert sanitize(NAME_16) == plain_sanitize(NAME_16) and sanitize(TEXT_1MIB) == plain_sanitize(TEXT_1MIB)
    loop = asyncio.new_event_loop()
    tools = {
        "async": (define_tool(fetch_async).execute, plain_define_tool(fetch_async)),
        "sync": (define_tool(fetch_sync).execute, plain_define_tool(fetch_sync)),
        "json": (define_tool(fetch_json).execute, plain_define_tool(fetch_json)),
        "raises": (define_tool(fetch_fails).execute, plain_define_tool(fetch_fails)),
    }
    labels = {"async": "async fn -> str", "sync": "sync fn -> str", "json": "async fn -> dict", "raises": "async fn raises"}
    # id, label, unit (scale from ns), budget, measure
    rows: List[Tuple[str, str, str, float, Dict[str, Any]]] = [
        ("sanitize16", "sanitize, 16 chars", "ns", 0.5,
         alternate(lambda: time_sync(lambda: sanitize(NAME_16), 1000), lambda: time_sync(lambda: plain_sanitize(NAME_16), 1000))),
        ("sanitize1MiB", "sanitize, 1 MiB", "ms", 0.1,
         alternate(lambda: time_sync(lambda: sanitize(TEXT_1MIB), 1), lambda: time_sync(lambda: plain_sanitize(TEXT_1MIB), 1))),
    ]
    for kind, batch in (("async", 200), ("sync", 20), ("json", 200), ("raises", 200)):
        pkg, plain = tools[kind]
        want = EXPECTED[kind]
        rows.append((f"execute_{kind}", f"define_tool(fn).execute, {labels[kind]}", "us", 1.25,
                     alternate(lambda: time_async(loop, pkg, batch, want), lambda: time_async(loop, plain, batch, want))))
    corpus = corpus_tools()
    schemas = [t.input_schema for t in corpus]
    rows.append(("to_openai_strict", f"to_openai(corpus, strict=True), {len(corpus)} tools, vs copy.deepcopy", "ms", 1.0,
                 alternate(lambda: time_sync(lambda: to_openai(corpus, strict=True), 1),
                           lambda: time_sync(lambda: copy.deepcopy(schemas), 1))))
    rows.append(("to_gemini_openapi", 'to_gemini(corpus, dialect="openapi") vs copy.deepcopy', "ms", 1.0,
                 alternate(lambda: time_sync(lambda: to_gemini(corpus, dialect="openapi"), 1),
                           lambda: time_sync(lambda: copy.deepcopy(schemas), 1))))
    # Lists never seen before: more variants than the adapters keep answers for, each tool's
    # description told apart, taken in turn (the plain side copies the same variants).
    variants = [[Tool(name=t.name, description=f"{t.description} ({i})", input_schema=copy.deepcopy(t.input_schema),
                      source="mcp", execute=_nothing) for t in corpus] for i in range(16)]
    variant_schemas = [[t.input_schema for t in v] for v in variants]
    turn = itertools.count()
    rows.append(("to_openai_strict_new", "to_openai(corpus, strict=True), every list new, vs copy.deepcopy", "ms", 2.5,
                 alternate(lambda: time_sync(lambda: to_openai(variants[next(turn) % 16], strict=True), 1),
                           lambda: time_sync(lambda: copy.deepcopy(variant_schemas[next(turn) % 16]), 1))))
    rows.append(("to_gemini_openapi_new", 'to_gemini(corpus, dialect="openapi"), every list new, vs copy.deepcopy', "ms", 2.5,
                 alternate(lambda: time_sync(lambda: to_gemini(variants[next(turn) % 16], dialect="openapi"), 1),
                           lambda: time_sync(lambda: copy.deepcopy(variant_schemas[next(turn) % 16]), 1))))
    fetch = define_tool(fetch_async)
    toolkit = Toolkit([fetch])
    plain_run = plain_run_openai({"fetch_async": fetch})
    want_8 = loop.run_until_complete(plain_run(CALLS_8))
    rows.append(("run_openai_8", "Toolkit.run_openai, 8 calls, vs the same dispatch in plain Python", "us", 1.25,
                 alternate(lambda: time_run(loop, toolkit.run_openai, want_8), lambda: time_run(loop, plain_run, want_8))))
    loop.close()

    scale = {"ns": 1, "us": 1e3, "ms": 1e6}
    header = ["row", "unit/call", "toolnexus", "plain Python", "ratio", "budget", "holds"]
    table = []
    held = 0
    for _, label, unit, budget, r in rows:
        holds = r["ratio"] <= budget
        held += holds
        table.append([label, unit, f"{r['toolnexus'] / scale[unit]:.2f}", f"{r['plain'] / scale[unit]:.2f}",
                      f"{r['ratio']:.3f}x", f"<= {budget}x", "yes" if holds else "NO"])
    widths = [max(len(str(c)) for c in col) for col in zip(header, *table)]
    line = lambda cells: "  ".join(str(c).ljust(w) for c, w in zip(cells, widths))  # noqa: E731
    seconds = time.perf_counter() - started
    print(f"\ntoolnexus {toolnexus.__version__} (Python) vs plain Python (bench/python.py) — "
          f"{platform.python_implementation()} {platform.python_version()}, {os.cpu_count()} CPUs")
    print(f"medians of {ROUNDS} alternating rounds per side (after {WARMUP} warm-up rounds), ~{ROUND_S * 1000:.0f} ms each, "
          "gc.collect() before each round")
    print("sanitize: against re.compile(r\"[^a-zA-Z0-9_-]\").sub; 1 MiB: "
          f"{len(TEXT_1MIB):,} code points, {sum(c > chr(127) for c in TEXT_1MIB) / len(TEXT_1MIB):.1%} non-ASCII")
    print("execute: awaited one after the other in one event loop; a sync fn runs in asyncio.to_thread on both sides")
    print("")
    print(line(header))
    print("  ".join("-" * w for w in widths))
    for cells in table:
        print(line(cells))
    print(f"\n(ran in {seconds:.1f} s)")
    print(f"bench (Python): {held} of {len(rows)} budgets hold")

    out = ROOT / "build" / "bench-python.json"
    out.write_text(json.dumps({
        "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "python": platform.python_version(),
        "settings": {"rounds": ROUNDS, "warmup": WARMUP, "roundS": ROUND_S},
        "rows": {id: {"label": label, "unit": f"{unit}/call", "budget": budget,
                      "toolnexus": r["toolnexus"] / scale[unit], "plain": r["plain"] / scale[unit], "ratio": r["ratio"],
                      "rounds": r["rounds"]} for id, label, unit, budget, r in rows},
        "summary": {"hold": held, "of": len(rows)},
        "seconds": seconds,
    }, indent=2) + "\n")


main()
