"""Agent skills: the reference skills, malformed folders, bounds, and the same answers as npm.

The malformed folders are built from tests/fixtures/skills-cases.json; what loading them gives
(with the temporary folder written ``<tmp>``) must equal tests/fixtures/skills-expected.json,
which the npm package's tests hold to as well.
"""

import asyncio
import json
import os
from dataclasses import asdict
from pathlib import Path
from typing import Any, Dict, List

import pytest

from conftest import run
from toolnexus import Skills, create_toolkit, load_skills, skills_from

REPO = Path(__file__).resolve().parents[2]
FIXTURES = REPO / "tests" / "fixtures"
CORPUS = FIXTURES / "skills"
CASES = json.loads((FIXTURES / "skills-cases.json").read_text(encoding="utf-8"))
EXPECTED_FILE = FIXTURES / "skills-expected.json"

needs_symlinks = pytest.mark.skipif(os.name == "nt", reason="symbolic links need privileges on Windows")


def build_cases(tmp: Path) -> None:
    for rel, text in CASES["files"].items():
        path = tmp / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(text.encode("utf-8"))
    for gen in CASES["generated"]:
        n = gen["bytes"]
        data = b"a" * n if gen["fill"] == "a" else bytes((i * 37) % 256 for i in range(n))
        (tmp / gen["path"]).write_bytes(data)
    for rel, target in CASES["links"].items():
        os.symlink(target, tmp / rel)


def normalize(value: Any, tmp: str) -> Any:
    if isinstance(value, str):
        text = value.replace(tmp, "<tmp>")
        return text if len(text) <= 2000 else {"length": len(text), "end": text[-120:]}
    if isinstance(value, list):
        return [normalize(v, tmp) for v in value]
    if isinstance(value, dict):
        return {k: normalize(v, tmp) for k, v in value.items()}
    return value


def snapshot(skills: Skills, calls: List[Dict[str, Any]], tmp: str) -> Dict[str, Any]:
    assert skills.tool is not None
    answers = []
    for args in calls:
        result = run(skills.tool.execute(args))
        answers.append({"output": result.output, "is_error": result.is_error, "metadata": result.metadata})
    tool = skills.tool
    return normalize(
        {
            "list": [asdict(s) for s in skills.list],
            "skipped": [asdict(s) for s in skills.skipped],
            "warnings": [asdict(w) for w in skills.warnings],
            "prompt": skills.prompt(),
            "tool": {"name": tool.name, "description": tool.description, "input_schema": tool.input_schema, "source": tool.source},
            "calls": answers,
        },
        tmp,
    )


@needs_symlinks
def test_malformed_folders_give_what_both_packages_promise(tmp_path: Path) -> None:
    build_cases(tmp_path)
    tmp = str(tmp_path.resolve())
    skills = run(load_skills([tmp_path / r for r in CASES["roots"]]))
    got = snapshot(skills, CASES["calls"], tmp)
    if os.environ.get("TOOLNEXUS_WRITE_EXPECTED") == "1":
        EXPECTED_FILE.write_text(json.dumps(got, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    expected = json.loads(EXPECTED_FILE.read_text(encoding="utf-8"))
    assert got == expected

    # The cases one by one, so a failure says which rule broke.
    names = [s.name for s in skills.list]
    assert names == ["f", "colon", "good", "long-desc", "other-name"]  # in path order
    skipped = {Path(s.path).parent.name: s.reason for s in skills.skipped}
    assert skipped["bad-yaml"] == "YAML error on line 3, column 14: a quoted value is never closed"
    assert skipped["no-frontmatter"].startswith("no YAML frontmatter")
    assert "(e.g. \"capitals\")" in skipped["capitals"]
    assert skipped["no-desc"].startswith("no `description`")
    assert skipped["good"].startswith('another skill named "good" was loaded first')
    warnings = " | ".join(f"{Path(w.path).name}: {w.message}" for w in skills.warnings)
    for part in ["unquoted \": \"", "2000 characters", "differs from its folder", "below depth 6",
                 "out: a symbolic link leading outside", "loop: a symbolic link to a folder already searched"]:
        assert part in warnings, part
    good = next(s for s in skills.list if s.name == "good")
    assert good.metadata == {"author": "tests", "version": "1.0"} and good.allowed_tools == "Read Grep"
    assert "<description>Reads &lt;xml&gt; &amp; &quot;quotes&quot;; folded over two lines.</description>" in skills.prompt()


@needs_symlinks
def test_resources_are_confined_capped_and_text_only(tmp_path: Path) -> None:
    build_cases(tmp_path)
    skills = run(load_skills(tmp_path / "cases"))
    assert skills.tool is not None and skills.tool.source == "skill"
    execute = skills.tool.execute

    shown = run(execute({"name": "good"}))
    assert shown.metadata["files"] == ["big.txt", "bin.dat", "nested/SKILL.md", "ref/guide.md"]
    assert "secret.txt" not in shown.output and ".hidden" not in shown.output
    assert run(execute({"name": "good", "file": "ref/guide.md"})).output == "# Guide\nStep one.\n"
    passwd = run(execute({"name": "good", "file": "../../etc/passwd"}))
    assert passwd.is_error and "goes outside the skill's folder" in passwd.output
    secret = run(execute({"name": "good", "file": "secret.txt"}))
    assert secret.is_error and "leads outside" in secret.output and "secret\n" not in secret.output
    big = run(execute({"name": "good", "file": "big.txt"}))
    assert not big.is_error and len(big.output) < 300_000
    assert big.output.endswith("[the first 262144 of 10485760 bytes shown; the rest left out]")
    binary = run(execute({"name": "good", "file": "bin.dat"}))
    assert binary.is_error and "binary file (4096 bytes)" in binary.output


def test_the_reference_skills(tmp_path: Path) -> None:
    skills = run(load_skills(str(CORPUS)))
    assert skills.skipped == [] and skills.warnings == []
    assert [s.name for s in skills.list] == [
        "algorithmic-art", "brand-guidelines", "frontend-design", "internal-comms",
        "mcp-builder", "skill-creator", "web-artifacts-builder", "webapp-testing",
    ]
    assert skills.tool is not None
    for skill in skills.list:
        text = (CORPUS / skill.name / "SKILL.md").read_text(encoding="utf-8")
        line = next(l for l in text.splitlines() if l.startswith("description: "))
        assert skill.description == line[len("description: "):]
        assert skill.folder == str(CORPUS / skill.name)
        expected = sorted(
            p.relative_to(CORPUS / skill.name).as_posix()
            for p in (CORPUS / skill.name).rglob("*")
            if p.is_file() and p.relative_to(CORPUS / skill.name).as_posix() != "SKILL.md"
        )
        shown = run(skills.tool.execute({"name": skill.name}))
        assert not shown.is_error
        assert shown.metadata["files"] == expected[:50] and shown.metadata["more"] == max(0, len(expected) - 50)
        assert text.rstrip().endswith(shown.output.split("\n\nResource files")[0].split("\n\n", 1)[1].rstrip())
        first = run(skills.tool.execute({"name": skill.name, "file": expected[0]}))
        assert first.is_error == expected[0].endswith(".tar.gz")


def test_bounds_and_many_folders(tmp_path: Path) -> None:
    many = tmp_path / "many"
    for i in range(5000):
        (many / f"d{i:04}").mkdir(parents=True)
    for i in range(0, 5000, 1000):
        (many / f"d{i:04}" / "SKILL.md").write_text(f"---\nname: d{i:04}\ndescription: number {i}\n---\n")
    skills = run(load_skills(many))
    assert [s.name for s in skills.list] == ["d0000", "d1000", "d2000", "d3000", "d4000"] and skills.warnings == []
    capped = run(load_skills(many, max_folders=1000))
    assert [w.message for w in capped.warnings] == ["stopped after searching 1,000 folders (the folder limit)"]
    few = run(load_skills(many, max_skills=2))
    assert len(few.list) == 2 and few.warnings[-1].message == "stopped at 2 skills (the skill limit)"
    with pytest.raises(TypeError, match="max_depth"):
        run(load_skills(many, max_depth=-1))
    with pytest.raises(FileNotFoundError):
        run(load_skills(tmp_path / "absent"))


def test_skills_from_data_and_no_tool_without_skills() -> None:
    skills = skills_from([
        {"name": "notes", "description": "Take notes", "body": "Write them down.", "files": {"tpl/a.md": "A"}},
        {"name": "Bad Name", "description": "x"},
    ])
    assert [s.name for s in skills.list] == ["notes"] and skills.skipped[0].path == "defs[1]"
    assert skills.tool is not None
    shown = run(skills.tool.execute({"name": "notes"}))
    assert shown.output == 'Skill "notes"\n\nWrite them down.\n\nResource files (paths relative to the skill\'s folder; read one with the `file` argument):\n- tpl/a.md'
    assert run(skills.tool.execute({"name": "notes", "file": "tpl/a.md"})).output == "A"
    assert run(skills.tool.execute({"name": object()})).is_error
    empty = skills_from([])
    assert empty.tool is None and empty.prompt() == "" and empty.list == []
    with pytest.raises(TypeError, match=r"defs\[0\].name"):
        skills_from([{"name": 1}])
    with pytest.raises(ValueError, match="goes outside"):
        skills_from([{"name": "a", "description": "d", "files": {"../x": ""}}])


def test_cancelled_tasks_stop() -> None:
    async def main() -> None:
        task = asyncio.ensure_future(load_skills(str(CORPUS)))
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task

    asyncio.run(main())


def test_create_toolkit_registers_the_skill_tool() -> None:
    tk = run(create_toolkit(skills=str(CORPUS)))
    assert "skill" in tk and tk.skills is not None
    assert "<name>mcp-builder</name>" in tk.skills.prompt()
    answer = run(tk.execute("skill", {"name": "nope"}))
    assert answer.is_error and answer.output.startswith('Unknown skill "nope". Available skills: algorithmic-art, ')
    none = run(create_toolkit(skills=skills_from([])))
    assert "skill" not in none and none.skills is not None and none.skills.prompt() == ""
    plain = run(create_toolkit())
    assert plain.skills is not None and plain.skills.prompt() == ""
