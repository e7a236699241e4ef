"""The same inputs through the npm package (the built ``pkg/``, run with node) and this package:
the answers compared as JSON text, byte for byte, wherever both promise the same output (tool
names, schemas and envelopes, the Toolkit's answers). The one difference by design: Gemini's
answer parts are spelt as each SDK's dicts are (``functionResponse`` in JavaScript,
``function_response`` in Python), compared after that renaming."""

import asyncio
import copy
import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any, Dict, List, Tuple

import pytest

from toolnexus import (
    Tool,
    ToolResult,
    Toolkit,
    define_tool,
    from_mcp,
    to_anthropic,
    to_gemini,
    to_mcp,
    to_openai,
    to_openai_responses,
)

ROOT = Path(__file__).parents[2]
PKG = Path(os.environ.get("TOOLNEXUS_NPM_PKG", ROOT / "pkg"))
CORPUS = json.loads((ROOT / "tests" / "fixtures" / "mcp-tools.json").read_text("utf8"))

ADD = {"type": "object", "properties": {"a": {"type": "integer"}, "b": {"type": "integer"}}, "required": ["a", "b"]}
KEYS = {"type": "object", "properties": {"x": {"type": "string"}, "o": {"type": "object", "properties": {"y": {"type": "string"}}}}}


def text(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def corpus_list() -> List[Dict[str, Any]]:
    seen = set()
    out = []
    for t in CORPUS:
        name = f"{t['name']}_2" if t["name"] in seen else t["name"]
        seen.add(name)
        out.append({"name": name, "description": t["description"], "inputSchema": t["inputSchema"]})
    return out


def call(id: Any, name: Any, arguments: Any) -> Dict[str, Any]:
    return {"id": id, "type": "function", "function": {"name": name, "arguments": arguments}}


CASES: Dict[str, Any] = {
    "addSchema": ADD,
    "keysSchema": KEYS,
    "lists": {
        "corpus": corpus_list(),
        "bad_name": [{"name": "a" * 65, "description": "", "inputSchema": {"type": "object"}}],
        "gemini_bad": [{"name": "9lives", "description": "", "inputSchema": {"type": "object"}}],
        "twice": [{"name": "x", "description": "", "inputSchema": {"type": "object"}}] * 2,
        "empty": [],
    },
    "execute": [
        ["add", {"a": 1, "b": 2}], ["add", '{"a": 3, "b": 4}'], ["add", '{"a": 1,'], ["add", "[1]"], ["add", "7"],
        ["add", '"x"'], ["keys", "null"], ["add", "{\"a\": 1, \"b\": tru}"], ["nope", {}], ["", {}], [None, {}], [5, {}],
        ["fail", {}], ["keys", {"x": None, "o": {"y": None}}], ["keys", '{"x": null, "o": null, "z": null}'],
    ],
    "runs": {
        "openai": [
            {"tool_calls": [call("a", "add", '{"a":1,"b":1}'), call("a", "add", "{}"), {"type": "function", "function": {"name": "add"}},
                            call("b", "add", '{"a":'), call("c", "keys", ""), call("d", "nope", "{}"), call("e", "fail", "{}"),
                            {"id": "f", "type": "custom", "custom": {}}, {"id": "g", "type": "function"}, {"id": "h", "type": 3},
                            call("i", "keys", '{"x":null}'), call("j", "add", "[]"), call("k", None, "{}")]},
            [call("z", "add", '{"a":2,"b":2}')],
            {"content": "no calls"},
        ],
        "openai_responses": [
            {"output": [{"type": "reasoning"}, {"type": "function_call", "call_id": "c1", "name": "add", "arguments": '{"a":1,"b":2}'},
                        {"type": "function_call", "name": "add", "arguments": "{}"},
                        {"type": "function_call", "call_id": "c1", "name": "add", "arguments": "{}"},
                        {"type": "function_call", "call_id": "c2", "name": "fail", "arguments": ""},
                        {"type": "function_call", "call_id": "c3", "name": "add", "arguments": '{"a":1'}]},
        ],
        "anthropic": [
            {"content": [{"type": "text", "text": "x"}, {"type": "tool_use", "id": "t1", "name": "add", "input": {"a": 2, "b": 3}},
                         {"type": "tool_use", "name": "add", "input": {}}, {"type": "tool_use", "id": "t1", "name": "add", "input": {}},
                         {"type": "server_tool_use", "id": "s"}, {"type": "tool_use", "id": "t2", "name": "fail", "input": {}},
                         {"type": "tool_use", "id": "t3", "name": "nope", "input": {}}, {"type": "tool_use", "id": "t4", "name": "add", "input": 5}]},
        ],
        "gemini": [
            {"candidates": [{"content": {"parts": [{"text": "t"}, {"functionCall": {"id": "g1", "name": "add", "args": {"a": 1, "b": 1}}},
                                                   {"functionCall": {"name": "nope", "args": {}}},
                                                   {"functionCall": {"id": "g1", "name": "add", "args": {}}},
                                                   {"functionCall": {"name": "fail"}}]}}]},
            [{"name": "add", "args": {"a": 5, "b": 5}}, 3, {"id": "", "name": "add", "args": "[]"}],
            {"functionCalls": [{"name": "keys", "args": {"x": None}}]},
        ],
        "mcp": [{"name": "add", "arguments": {"a": 1, "b": 2}}, {"name": "fail"}, {"name": "nope"}, None, 3, {"name": "add", "arguments": "{"}],
    },
    "fromMCP": [
        [["get weather", "get_weather", "get.weather"], ""],
        [["a", "b/c", "ü"], "srv."],
        [["tool", ""], "p_"],
        # Over 64 characters: the first 55, `_` and 8 hex digits of FNV-1a; repeats cut to fit.
        [["a" * 70 + "x", "a" * 70 + "y", "b" * 64, "b" * 64, "c" * 63], ""],
        [["x y", "x_y", "x.y", "x_y_2"], ""],
        [["ünïcode tööl " * 6, "😀"], "server_"],
    ],
    "mcpResults": [
        {"content": [{"type": "text", "text": "a"}, {"type": "image", "mimeType": "image/png", "data": "aGVs\nbG8="},
                     {"type": "resource", "resource": {"uri": "file:///x", "blob": "aGk="}},
                     {"type": "resource_link", "uri": "file:///y", "name": "y"}, {"type": "widget"}, 3, None], "isError": True},
        {"content": [], "structuredContent": {"n": 1}},
        {"toolResult": {"a": [1, 2]}},
        {"content": [{"type": "resource", "resource": {"text": "t", "uri": "u"}}, {"type": "audio", "data": "AAAA"}]},
        "not a result",
    ],
}


async def _add(a: int, b: int) -> str:
    return str(a + b)


def _fail() -> str:
    raise ValueError("kaput")


async def _keys(**args: Any) -> str:
    return ",".join(args)


async def python_face() -> Dict[str, Any]:
    out: Dict[str, Any] = {"adapters": {}}

    async def nothing(args: Any, ctx: Any = None) -> ToolResult:
        return ToolResult(output="", is_error=False)

    def attempt(f: Any) -> Dict[str, Any]:
        try:
            return {"ok": f()}
        except (TypeError, ValueError) as error:
            return {"error": str(error)}

    for id, specs in CASES["lists"].items():
        t = [Tool(name=s["name"], description=s["description"], input_schema=s["inputSchema"], source="mcp", execute=nothing) for s in specs]
        out["adapters"][id] = {
            "openai": attempt(lambda: to_openai(t)),
            "openai_strict": attempt(lambda: to_openai(t, strict=True)),
            "openai_nonstrict": attempt(lambda: to_openai(t, strict=False)),
            "responses": attempt(lambda: to_openai_responses(t)),
            "responses_strict": attempt(lambda: to_openai_responses(t, strict=True)),
            "anthropic": attempt(lambda: to_anthropic(t)),
            "gemini": attempt(lambda: to_gemini(t)),
            "gemini_openapi": attempt(lambda: to_gemini(t, dialect="openapi")),
            "mcp": attempt(lambda: to_mcp(t)),
        }
    kit = Toolkit([
        define_tool(_add, name="add", description="Add.", input_schema=ADD),
        define_tool(_fail, name="fail", description="Fails.", input_schema={"type": "object"}),
        define_tool(_keys, name="keys", description="Its arguments' keys.", input_schema=KEYS),
    ])
    out["execute"] = []
    for name, args in CASES["execute"]:
        r = await kit.execute(name, args)
        out["execute"].append({"output": r.output, "isError": r.is_error})
    runs = CASES["runs"]
    gemini = [await kit.run_gemini(m) for m in runs["gemini"]]
    out["runs"] = {
        "openai": [await kit.run_openai(m) for m in runs["openai"]],
        "openai_responses": [await kit.run_openai_responses(m) for m in runs["openai_responses"]],
        "anthropic": [await kit.run_anthropic(m) for m in runs["anthropic"]],
        "gemini": [[{"functionResponse": p["function_response"]} for p in parts] for parts in gemini],
        "mcp": [await kit.run_mcp(m) for m in runs["mcp"]],
    }

    class Client:
        def __init__(self, names: List[str]) -> None:
            self.names = names

        async def list_tools(self) -> Dict[str, Any]:
            return {"tools": [{"name": n, "inputSchema": {"type": "object"}} for n in self.names]}

        async def call_tool(self, name: str, arguments: Any = None) -> Dict[str, Any]:
            return {"content": []}

    out["fromMCP"] = [[t.name for t in await from_mcp(Client(names), prefix=prefix)] for names, prefix in CASES["fromMCP"]]

    class Answering(Client):
        def __init__(self, result: Any) -> None:
            super().__init__(["r"])
            self.result = result

        async def call_tool(self, name: str, arguments: Any = None) -> Any:
            return self.result

    out["mcpResults"] = []
    for result in CASES["mcpResults"]:
        [tool] = await from_mcp(Answering(result))
        r = await tool.execute({})
        answer = {"output": r.output, "isError": r.is_error}
        out["mcpResults"].append(answer if r.metadata is None else {**answer, "metadata": r.metadata})
    return out


def npm_face() -> Dict[str, Any]:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    if not (PKG / "node" / "index.cjs").is_file():
        pytest.skip(f"the npm package is not built at {PKG} (npm run build)")
    done = subprocess.run([node, str(Path(__file__).with_name("npm_face.mjs")), str(PKG)], input=json.dumps(CASES),
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    answer: Dict[str, Any] = json.loads(done.stdout)
    return answer


@pytest.fixture(scope="module")
def faces() -> Tuple[Dict[str, Any], Dict[str, Any]]:
    npm = npm_face()
    return npm, asyncio.run(python_face())


def _errors_without_function_names(value: Any) -> Any:
    """The refusals name each language's function (`toOpenAI` / `to_openai`): the rest must match."""
    if isinstance(value, dict) and set(value) == {"error"}:
        return {"error": value["error"].split(": ", 1)[1]}
    return value


def test_envelopes_and_schemas_match_byte_for_byte(faces: Tuple[Dict[str, Any], Dict[str, Any]]) -> None:
    npm, py = faces
    for list_id, adapters in npm["adapters"].items():
        for adapter, answer in adapters.items():
            mine = py["adapters"][list_id][adapter]
            assert text(_errors_without_function_names(mine)) == text(_errors_without_function_names(answer)), (list_id, adapter)
    assert "ok" in npm["adapters"]["corpus"]["openai_strict"]
    assert "error" in npm["adapters"]["twice"]["mcp"]


def test_toolkit_answers_match_byte_for_byte(faces: Tuple[Dict[str, Any], Dict[str, Any]]) -> None:
    npm, py = faces
    for i, (case, answer) in enumerate(zip(CASES["execute"], npm["execute"])):
        assert text(py["execute"][i]) == text(answer), case
    for provider, answers in npm["runs"].items():
        for i, answer in enumerate(answers):
            assert text(py["runs"][provider][i]) == text(answer), (provider, i)


def test_mcp_names_match(faces: Tuple[Dict[str, Any], Dict[str, Any]]) -> None:
    """Both packages name an MCP server's tools by the core's names rule (``names.tool_names``)."""
    npm, py = faces
    assert text(py["fromMCP"]) == text(npm["fromMCP"])
    long_names = npm["fromMCP"][3]
    assert all(len(name) <= 64 for names in npm["fromMCP"] for name in names)
    assert long_names[0][:56] == "a" * 55 + "_" and long_names[0] != long_names[1]
    assert long_names[3] == "b" * 62 + "_2"
    # A name that needed no change keeps it; the changed ones are numbered around the taken ones.
    assert npm["fromMCP"][4] == ["x_y_3", "x_y", "x_y_4", "x_y_2"]


def test_mcp_results_match(faces: Tuple[Dict[str, Any], Dict[str, Any]]) -> None:
    """A CallToolResult reads the same in both (``toolkit.mcp_result``)."""
    npm, py = faces
    assert text(py["mcpResults"]) == text(npm["mcpResults"])
    assert npm["mcpResults"][1] == {"output": '{"n":1}', "isError": False, "metadata": {"structuredContent": {"n": 1}}}
