"""What the commands show of a pinochle auction kept as its result only (``auction_won``,
docs/partial.md): ``show``, the page and the score sheet print the call ``won the auction at
N``; the notes say what went unchecked; ``summarize`` counts no bids but the auctions won."""

from __future__ import annotations

from pathlib import Path

from tests.command.partial import (
    assert_audits_clean_with_the_auction_noted,
    assert_start_and_end,
    assert_summary_counts_no_bids,
    run_docs_example,
    sheet_rows_without_a_bid,
)
from tests.conftest import FIXTURES

FIXTURE = FIXTURES / "pinochle/valid/auction-results-only-hoyle-sitting.json"
CALL = "won the auction at 350 (bids and passes not logged)"


def test_the_fixture_audits_clean(tricklog) -> None:  # type: ignore[no-untyped-def]
    assert_audits_clean_with_the_auction_noted(tricklog, FIXTURE)


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
    rows = sheet_rows_without_a_bid(tricklog, tmp_path, FIXTURE, "1")
    assert rows[2]["calls"].startswith(f"{CALL}; takes the widow")
    assert [r["declarer"] for r in rows] == ["2"] * 4 and rows[2]["contract_claimed"] == "350"


def test_summarize_counts_the_auctions_won_but_no_bids(tricklog) -> None:  # type: ignore[no-untyped-def]
    groups = assert_summary_counts_no_bids(tricklog, FIXTURE, "pinochle", auctions_won=4)
    assert groups["Dario"]["mean_contract"] is not None


def test_the_docs_example_is_what_the_command_prints(tricklog, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """docs/partial.md shows the start and the end of ``show --hand 1`` of the fixture in its
    Auction Pinochle section, run from the repository's root."""
    run, shown = run_docs_example(
        tricklog, monkeypatch, "Auction Pinochle: the auction as its result only"
    )
    assert run.code == 0
    assert_start_and_end(run.out.splitlines(), shown)
