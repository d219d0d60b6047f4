"""The examples docs/partial.md gives of what a command prints: each section's first
``console`` block, a ``$ tricklog ...`` line and what it prints, run from the repository's root
as the page says."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.conftest import ROOT, Run


def run_docs_example(
    tricklog: Callable[..., Run], monkeypatch: pytest.MonkeyPatch, section: str
) -> tuple[Run, list[str]]:
    """Runs the example of the section headed ``## {section}`` (its first ``console`` block,
    which must lie in the section) from the repository's root: the run and the lines the page
    shows it printing."""
    monkeypatch.chdir(ROOT)
    page = (ROOT / "docs/partial.md").read_text()
    text = page.split(f"## {section}\n", 1)[1].split("\n## ", 1)[0]
    block = text.split("```console\n", 1)[1].split("```", 1)[0].splitlines()
    command, shown = block[0].removeprefix("$ tricklog ").split(), block[1:]
    return tricklog(*command), shown


def assert_start_and_end(printed: list[str], shown: list[str]) -> None:
    """The page shows the start and the end of what was printed, a line ``  ...`` between."""
    cut = shown.index("  ...")
    assert printed[:cut] == shown[:cut]
    after = shown[cut + 1 :]
    assert printed[-len(after) :] == after
