"""The examples in the README and in docstrings run as written."""

from __future__ import annotations

import doctest

import replay.tricks
from tests.conftest import ROOT


def test_readme_examples() -> None:
    result = doctest.testfile(
        str(ROOT / "README.md"), module_relative=False, optionflags=doctest.ELLIPSIS
    )
    assert result.attempted > 0
    assert result.failed == 0


def test_docstring_examples() -> None:
    result = doctest.testmod(replay.tricks)
    assert result.attempted > 0
    assert result.failed == 0
