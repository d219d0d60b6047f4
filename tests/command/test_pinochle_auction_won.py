"""What the commands show of a pinochle auction kept as its result only (``auction_won``,
docs/partial.md): ``show``, the page and the score sheet print the call ``won the auction at
N``; the notes say what went unchecked; ``summarize`` counts no bids but the auctions won."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

from tests.command.docs_example import assert_start_and_end, run_docs_example
from tests.conftest import FIXTURES

FIXTURE = FIXTURES / "pinochle/valid/auction-results-only-hoyle-sitting.json"
CALL = "won the auction at 350 (bids and passes not logged)"


def test_the_fixture_audits_clean(tricklog) -> None:  # type: ignore[no-untyped-def]
    run = tricklog("audit", "--format", "json", str(FIXTURE))
    assert run.code == 0
    record = json.loads(run.out)["records"][0]
    assert record["problems"] == []
    for hand in record["hands"]:
        assert hand["notes"][0].startswith("the auction was logged as its result only")
        assert all(c["status"] == "match" for c in hand["claims"])


def test_show_prints_the_result_as_the_call(tricklog) -> None:  # type: ignore[no-untyped-def]
    run = tricklog("show", str(FIXTURE), "--hand", "1")
    assert run.code == 0
    assert f"calls: Carla (2) {CALL};" in run.out
    assert "note: the auction was logged as its result only (seat 2 won it at 350)" in run.out


def test_the_page_prints_the_result(tricklog, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    page = tmp_path / "page.html"
    assert tricklog("view", str(FIXTURE), "-o", str(page)).code == 0
    html = page.read_text()
    assert CALL in html
    assert "the auction was logged as its result only" in html


def test_the_score_sheet_prints_the_result_and_no_bid(tricklog, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "sheet.csv"
    assert tricklog("convert", str(FIXTURE), "-o", str(out), "--allow-loss").code == 0
    rows = [r for r in csv.DictReader(io.StringIO(out.read_text())) if r["hand"] == "1"]
    assert [r["bid"] for r in rows] == ["", "", "", ""]
    assert rows[2]["calls"].startswith(f"{CALL}; takes the widow")
    assert [r["declarer"] for r in rows] == ["2"] * 4 and rows[2]["contract_claimed"] == "350"


def test_summarize_counts_the_auctions_won_but_no_bids(tricklog) -> None:  # type: ignore[no-untyped-def]
    run = tricklog("summarize", str(FIXTURE), "--format", "json")
    groups = {g["key"]: g["pinochle"] for g in json.loads(run.out)["groups"]}
    assert sum(g["auctions_won"] for g in groups.values()) == 4
    assert all(g["bids"] == 0 and g["mean_bid"] is None for g in groups.values())
    assert groups["Dario"]["mean_contract"] is not None


def test_the_docs_example_is_what_the_command_prints(tricklog, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """docs/partial.md shows the start and the end of ``show --hand 1`` of the fixture in its
    Auction Pinochle section, run from the repository's root."""
    run, shown = run_docs_example(
        tricklog, monkeypatch, "Auction Pinochle: the auction as its result only"
    )
    assert run.code == 0
    assert_start_and_end(run.out.splitlines(), shown)
