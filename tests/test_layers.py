"""The layers import in one direction (README, architecture): records <- replay engines <- referees <- CLI."""

from __future__ import annotations

import ast
import subprocess
import sys

import pytest

from tests.conftest import ROOT


@pytest.mark.parametrize("game", ["oh_hell", "pinochle", "bestia"])
def test_engines_load_without_pydantic_typer_or_rich(game: str) -> None:
    code = (
        f"import sys, replay.engines.{game}; "
        "loaded = [m for m in ('pydantic', 'typer', 'rich') if m in sys.modules]; "
        "print(loaded); sys.exit(1 if loaded else 0)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], check=False, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_records_never_import_replay() -> None:
    for path in (ROOT / "records").rglob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                assert not node.module.startswith("replay"), f"{path} imports {node.module}"
            if isinstance(node, ast.Import):
                assert all(not a.name.startswith("replay") for a in node.names), path
