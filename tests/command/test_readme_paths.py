"""Every file or folder of the repository that the README and docs/ name in code quotes exists:
a newcomer who opens ``tests/...`` or ``bench/...`` as told finds it."""

from __future__ import annotations

import re

import pytest

from tests.conftest import ROOT

_TOP = ("records/", "replay/", "tricklog/", "tests/", "bench/", "fixtures/", "schema/", "docs/")
_MADE_BY_A_RUN = ("bench/out/",)
"""Git-ignored folders that a command makes when it runs: not in a clone."""


def _named_paths(text: str) -> set[str]:
    """Quoted paths into the repository (``tests/x.py``, ``.ci/run``), placeholders left out."""
    found = set()
    for quoted in re.findall(r"`([^`\s]+)`", text):
        path = quoted.rstrip(".,;:)")
        placeholder = re.search(r"[<>*{}\[\]]|NAME|GAME|\bN\b", path)
        if (path == ".ci/run" or path.startswith(_TOP)) and not placeholder:
            found.add(path)
    return found


@pytest.mark.parametrize(
    "document",
    ["README.md", *sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "docs").glob("*.md"))],
)
def test_every_repository_path_a_document_names_exists(document: str) -> None:
    text = (ROOT / document).read_text()
    missing = [
        path
        for path in sorted(_named_paths(text))
        if not path.startswith(_MADE_BY_A_RUN) and not (ROOT / path).exists()
    ]
    assert not missing, f"{document} names {missing}, which the repository lacks"
