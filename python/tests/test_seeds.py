"""Seed 003's three examples, verbatim: they run, print their line, and type-check."""

import os
import pathlib
import subprocess
import sys

import pytest

HERE = pathlib.Path(__file__).parent
SEEDS = sorted((HERE / "seeds").glob("*.py"))
# The seed documents, when the checkout sits beside them (../shared/seeds of the repository).
DOCS = HERE.parent.parent.parent / "shared" / "seeds"

EXPECTED = {
    "example1_smallest_tool.py": "ok: hello\n",
    "example2_failure_and_metadata.py": "ok: 2.5 | error path: Cannot divide by zero\n",
    "example3_generated_source.py": "ok: get_user, list_orders\n",
}


def test_there_are_three_examples() -> None:
    assert [p.name for p in SEEDS] == sorted(EXPECTED)


@pytest.mark.parametrize("seed", SEEDS, ids=lambda p: p.name)
def test_the_example_runs_verbatim(seed: pathlib.Path) -> None:
    done = subprocess.run([sys.executable, str(seed)], capture_output=True, text=True, timeout=60, cwd=HERE)
    assert done.returncode == 0, done.stderr
    assert done.stdout == EXPECTED[seed.name]
    assert done.stderr == ""


@pytest.mark.parametrize("seed", SEEDS, ids=lambda p: p.name)
def test_the_fixture_is_verbatim_from_the_seed_document(seed: pathlib.Path) -> None:
    if not DOCS.is_dir():
        pytest.skip(f"{DOCS} is not here: the fixtures were not compared with the seed documents")
    documents = "\n".join(p.read_text(encoding="utf-8") for p in sorted(DOCS.iterdir()) if p.is_file())
    assert seed.read_text(encoding="utf-8") in documents


def _mypy(*flags: str) -> "subprocess.CompletedProcess[str]":
    try:
        import mypy  # noqa: F401
    except ImportError:
        if os.environ.get("TOOLNEXUS_REQUIRE_MYPY"):
            raise
        pytest.skip("mypy is not installed in this environment")
    return subprocess.run(
        [sys.executable, "-m", "mypy", "--no-incremental", "--strict", *flags, *map(str, SEEDS)],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=HERE,
    )


def test_mypy_strict_finds_nothing_but_the_seeds_own_missing_annotations() -> None:
    # The seed code leaves its own functions unannotated (`async def _echo(args, ctx=None)`),
    # which --strict reports as such; nothing it reports may concern toolnexus's types.
    done = _mypy()
    errors = [line for line in done.stdout.splitlines() if ": error:" in line]
    assert errors, done.stdout  # it did check the files
    for line in errors:
        assert line.endswith(("[no-untyped-def]", "[no-untyped-call]")), line


def test_mypy_strict_accepts_the_seeds_once_their_own_annotations_are_excused() -> None:
    done = _mypy("--allow-untyped-defs", "--allow-untyped-calls")
    assert done.returncode == 0, done.stdout
    assert "Success: no issues found in 3 source files" in done.stdout


def test_mypy_strict_accepts_annotated_usage_of_the_whole_api() -> None:
    try:
        import mypy  # noqa: F401
    except ImportError:
        if os.environ.get("TOOLNEXUS_REQUIRE_MYPY"):
            raise
        pytest.skip("mypy is not installed in this environment")
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--no-incremental", "--strict", str(HERE / "typing_usage.py")],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout
