"""The README's table program and docs/table.md's examples run as written (issue 23)."""

from __future__ import annotations

import doctest
import re
import subprocess
import sys
from pathlib import Path

import tricklog
from tests.conftest import ROOT


def _program() -> str:
    """The program of the README's section on recording a game as it is played."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("\n## Recording a game as it is played\n", 1)[1].split("\n## ", 1)[0]
    found = re.search(r"```python\n(.*?)```", section, re.DOTALL)
    assert found is not None
    return found.group(1)


def test_the_readme_program_plays_refuses_undoes_and_writes_a_clean_record(
    tmp_path: Path,
) -> None:
    program = _program()
    assert len(program.strip().splitlines()) <= 20
    run = subprocess.run(
        [sys.executable, "-c", program],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
        env={"PYTHONPATH": str(ROOT), "PATH": "", "PYTHONDONTWRITEBYTECODE": "1"},
    )
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert lines[0] == "play.card-not-held /hands/0/actions/3 3D is not in the player's hand"
    played, undone = lines[1].split(" then undone: ")
    assert played == undone and played.startswith("play ")
    assert lines[2] == "True [-140, 10, -30] {'match'}"
    report = tricklog.check(tricklog.load(str(tmp_path / "hand.json")))
    assert report.valid and report.hands[0].claims
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert all(line in readme for line in (lines[0], lines[2]))  # what the README says it prints


def test_the_table_page_examples_run() -> None:
    result = doctest.testfile(
        str(ROOT / "docs" / "table.md"), module_relative=False, optionflags=doctest.ELLIPSIS
    )
    assert result.attempted > 0
    assert result.failed == 0
