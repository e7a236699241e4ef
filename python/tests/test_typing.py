"""mypy --strict over typing_providers.py: the outputs pass straight into the provider SDKs."""

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).parent


def test_mypy_strict_accepts_the_outputs_in_every_sdk() -> None:
    for module in ("mypy", "openai", "anthropic", "google.genai", "mcp"):
        try:
            found = importlib.util.find_spec(module) is not None
        except ModuleNotFoundError:
            found = False
        if not found:
            if module == "mypy" and os.environ.get("TOOLNEXUS_REQUIRE_MYPY"):
                raise AssertionError("mypy is required here")
            where = f"Python {sys.version_info[0]}.{sys.version_info[1]}"
            pytest.skip("mypy is not installed in this environment" if module == "mypy" else f"{module} does not install on {where}")
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--no-incremental", "--strict", str(HERE / "typing_providers.py")],
        capture_output=True, text=True, timeout=600,
    )
    assert done.returncode == 0, done.stdout
    text = (HERE / "typing_providers.py").read_text("utf8")
    assert "cast(" not in text and "type: ignore" not in text


def test_mypy_strict_accepts_the_package_itself() -> None:
    try:
        import mypy  # noqa: F401
    except ImportError:
        if os.environ.get("TOOLNEXUS_REQUIRE_MYPY"):
            raise
        pytest.skip("mypy is not installed in this environment")
    # By its name, as installed: given its folder inside site-packages, mypy would take the whole
    # of site-packages for the user's own modules.
    done = subprocess.run([sys.executable, "-m", "mypy", "--no-incremental", "--strict", "-p", "toolnexus"],
                          capture_output=True, text=True, timeout=600, cwd=HERE.parent.parent)
    assert done.returncode == 0, done.stdout
