"""The examples in the README and in docstrings run as written."""

from __future__ import annotations

import ast
import doctest
from types import ModuleType

import pytest

import records.formats.convert
import records.identity
import records.paths
import records.rules.common
import records.tricks
import replay.infer
import tricklog
import tricklog._api
from tests.conftest import ROOT


def test_readme_examples() -> None:
    result = doctest.testfile(
        str(ROOT / "README.md"), module_relative=False, optionflags=doctest.ELLIPSIS
    )
    assert result.attempted > 0
    assert result.failed == 0


def _examples(module: ModuleType) -> list[doctest.DocTest]:
    """The docstring examples of ``module``'s source, to run against the module as imported."""
    name = module.__name__.replace(".", "/")
    path = ROOT / name / "__init__.py" if hasattr(module, "__path__") else ROOT / f"{name}.py"
    tree = ast.parse(path.read_text(encoding="utf-8"))
    parser = doctest.DocTestParser()
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            text = ast.get_docstring(node, clean=False)
            if text:
                name = getattr(node, "name", module.__name__)
                line = getattr(node, "lineno", 0)
                found.append(parser.get_doctest(text, dict(vars(module)), name, str(path), line))
    return [test for test in found if test.examples]


@pytest.mark.parametrize(
    "module",
    [
        records.tricks,
        records.rules.common,
        records.paths,
        records.identity,
        records.formats.convert,
        replay.infer,
        tricklog,
        tricklog._api,
    ],
    ids=lambda module: module.__name__,
)
def test_docstring_examples(module: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every example in the module's docstrings, the library face's included: its package
    docstring and each public function's (they name fixtures from the repository's root)."""
    monkeypatch.chdir(ROOT)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for test in _examples(module):
        test.globs.setdefault("tricklog", tricklog)
        runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.attempted > 0
    assert result.failed == 0
