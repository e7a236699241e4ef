"""The examples in python/examples run as they are (offline: recorded replies, a local MCP
server over stdio); each needs its provider's SDK."""

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).parents[1] / "examples"
NEEDS = {
    "openai_chat.py": "openai",
    "openai_responses.py": "openai",
    "anthropic_messages.py": "anthropic",
    "gemini.py": "google.genai",
    "mcp_client.py": "mcp",
}


def _installed(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except ModuleNotFoundError:
        return False


@pytest.mark.parametrize("example", sorted(NEEDS))
def test_example_runs(example: str) -> None:
    if not _installed(NEEDS[example]):
        pytest.skip(f"{NEEDS[example]} does not install on Python {sys.version_info[0]}.{sys.version_info[1]}")
    done = subprocess.run([sys.executable, str(EXAMPLES / example)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip()


def test_every_example_is_run() -> None:
    assert sorted(p.name for p in EXAMPLES.glob("*.py")) == sorted([*NEEDS, "mcp_server.py"])
