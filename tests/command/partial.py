"""What the command tests of partial records (docs/partial.md) share: the page's examples of
what a command prints (each section's first ``console`` block, a ``$ tricklog ...`` line and
what it prints, run from the repository's root as the page says), what a seat's view and a hand
stopped in one show, and what the commands make of an auction kept as its result only."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import ROOT, Run

Tricklog = Callable[..., Run]
"""The ``tricklog`` fixture (tests/conftest.py)."""


def run_docs_example(
    tricklog: Tricklog, monkeypatch: pytest.MonkeyPatch, section: str
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


def assert_stopped_with_note(tricklog: Tricklog, path: Path, hand: str, note: str) -> None:
    """``show --hand`` of the invalid record ``path`` exits 1, the hand ``stopped`` and some
    line of it starting ``note``."""
    run = tricklog("show", str(path), "--hand", hand)
    assert run.code == 1
    lines = run.out.splitlines()
    assert next(line for line in lines if line.startswith(f"Hand {hand} ")).endswith("stopped")
    assert any(line.startswith(note) for line in lines)


def assert_pages_draw_a_seat_s_view(
    tricklog: Tricklog, tmp_path: Path, valid: Path, invalid: Path
) -> None:
    """``view`` draws the valid record from a seat's view and says so; ``audit --html`` writes
    the pages of the invalid one, exiting 1."""
    page = tmp_path / "view.html"
    assert tricklog("view", str(valid), "-o", str(page)).code == 0
    html = page.read_text()
    assert "a seat&#39;s view" in html or "a seat's view" in html
    assert tricklog("audit", "-q", "--html", str(tmp_path / "pages"), str(invalid)).code == 1


def assert_audits_clean_with_the_auction_noted(tricklog: Tricklog, path: Path) -> None:
    """The record of auctions kept as their result only audits clean, every claim matched,
    each hand's first note saying so."""
    run = tricklog("audit", "--format", "json", str(path))
    assert run.code == 0
    record = json.loads(run.out)["records"][0]
    assert record["problems"] == []
    for hand in record["hands"]:
        assert hand["notes"][0].startswith("the auction was logged as its result only")
        assert all(c["status"] == "match" for c in hand["claims"])


def sheet_rows_without_a_bid(
    tricklog: Tricklog, tmp_path: Path, path: Path, hand: str
) -> list[dict[str, str]]:
    """The score sheet's four rows of ``hand`` of the record, none with a bid."""
    out = tmp_path / "sheet.csv"
    assert tricklog("convert", str(path), "-o", str(out), "--allow-loss").code == 0
    rows = [r for r in csv.DictReader(io.StringIO(out.read_text())) if r["hand"] == hand]
    assert [r["bid"] for r in rows] == ["", "", "", ""]
    return rows


def assert_summary_counts_no_bids(
    tricklog: Tricklog, path: Path, game: str, auctions_won: int
) -> dict[str, Any]:
    """``summarize`` counts ``auctions_won`` auctions won of ``game`` in the record, and no
    bids: what it counts for each player (its groups)."""
    run = tricklog("summarize", str(path), "--format", "json")
    groups: dict[str, Any] = {g["key"]: g[game] for g in json.loads(run.out)["groups"]}
    assert sum(g["auctions_won"] for g in groups.values()) == auctions_won
    assert all(g["bids"] == 0 and g["mean_bid"] is None for g in groups.values())
    return groups
