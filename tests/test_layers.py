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


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the docstring constants of ``tree`` (a module's, a class's, a function's, and
    an attribute's that follows it)."""
    found: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if not isinstance(body, list):
            continue
        for item in body:
            if isinstance(item, ast.Expr) and isinstance(item.value, ast.Constant):
                found.add(id(item.value))
    return found


def test_records_never_name_replay_even_by_a_string() -> None:
    """No module of ``records`` loads ``replay`` by a name in a string (the format registry once
    did, for the score sheets; ``replay.export`` registers them now)."""
    for path in (ROOT / "records").rglob("*.py"):
        tree = ast.parse(path.read_text())
        documented = _docstrings(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                if id(node) in documented:
                    continue
                named = node.value.split(".")[0] in {"replay", "tricklog"}
                assert not named, f"{path}:{node.lineno} names {node.value!r}"


def _imports(path: object) -> list[str]:
    tree = ast.parse(path.read_text())  # type: ignore[attr-defined]
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.append(node.module)
        elif isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
    return found


def test_replay_never_imports_the_library_facade() -> None:
    """``tricklog`` is built on ``replay``; the version comes from the package's metadata."""
    for path in (ROOT / "replay").rglob("*.py"):
        assert not [m for m in _imports(path) if m.split(".")[0] == "tricklog"], path


KNOWN_CROSSINGS = {"replay/__main__.py"}
"""``python -m replay`` is the command itself."""


def test_no_library_module_imports_the_command() -> None:
    """The HTML pages and the library escape text with ``replay.text``, not the command's."""
    for path in (ROOT / "replay").rglob("*.py"):
        name = str(path.relative_to(ROOT))
        if name.startswith("replay/cli/") or name in KNOWN_CROSSINGS:
            continue
        assert not [m for m in _imports(path) if m.startswith("replay.cli")], name
