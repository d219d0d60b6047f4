"""The layers import in one direction (README, architecture): records <- replay engines <- referees <- CLI."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

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


def _imports_of(path: Path, modules: dict[str, Path]) -> set[str]:
    """The modules of tricklog that ``path`` imports, at the top, inside a function (a lazy
    import closes a circle as well) or for type checking (a reader follows those too)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))

    def resolve(name: str) -> str | None:
        while name and name not in modules:
            name = name.rpartition(".")[0]
        return name or None

    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [f"{node.module}.{alias.name}" for alias in node.names]
        elif isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        else:
            continue
        found.update(m for m in map(resolve, names) if m is not None)
    return found


def _circles() -> list[set[str]]:
    """The import circles among the modules of records, replay and tricklog (Tarjan's strongly
    connected components of more than one module)."""
    modules: dict[str, Path] = {}
    for package in ("records", "replay", "tricklog"):
        for path in (ROOT / package).rglob("*.py"):
            parts = path.relative_to(ROOT).with_suffix("").parts
            modules[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    graph = {name: _imports_of(path, modules) - {name} for name, path in modules.items()}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    circles: list[set[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in graph[node]:
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = set()
            while True:
                top = stack.pop()
                component.add(top)
                if top == node:
                    break
            if len(component) > 1:
                circles.append(component)

    for node in graph:
        if node not in index:
            visit(node)
    return circles


def test_no_import_circles() -> None:
    """Modules import in one direction: no module reaches, by any chain of imports made when the
    code runs or a type checker reads it, back to itself. The games' models, the messages and
    the rulebook once did; each now reads the games from ``records.games``, which imports none
    of them."""
    assert _circles() == []
