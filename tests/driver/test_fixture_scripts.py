"""The fixtures are what their scripts write: each ``make_*.py`` run again, on a copy of the
fixtures, writes every file byte for byte as committed, and no other. A fixture older than its
script (a rules block without a rule the format has since gained) is found here."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.command.processes import environment
from tests.conftest import FIXTURES, ROOT

SCRIPTS = sorted(FIXTURES.glob("make_*.py")) + sorted(FIXTURES.glob("*/make_*.py"))


def test_every_game_has_fixture_scripts() -> None:
    assert len(SCRIPTS) >= 9


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda path: str(path.relative_to(FIXTURES)))
def test_a_fixture_script_writes_its_fixtures_as_committed(script: Path, tmp_path: Path) -> None:
    copy = tmp_path / "fixtures"
    shutil.copytree(FIXTURES, copy, ignore=shutil.ignore_patterns("__pycache__"))
    run = subprocess.run(
        [sys.executable, str(copy / script.relative_to(FIXTURES))],
        cwd=ROOT,
        env=environment(PYTHONDONTWRITEBYTECODE="1"),
        capture_output=True,
        timeout=300,
        check=False,
    )
    assert run.returncode == 0, run.stderr.decode(errors="replace")[-2000:]
    written = {path.relative_to(copy) for path in copy.rglob("*") if path.is_file()}
    committed = {path.relative_to(FIXTURES) for path in FIXTURES.rglob("*") if path.is_file()}
    committed = {path for path in committed if "__pycache__" not in path.parts}
    assert sorted(map(str, written - committed)) == []
    differ = [
        str(name)
        for name in sorted(written & committed)
        if (copy / name).read_bytes() != (FIXTURES / name).read_bytes()
    ]
    assert differ == []
