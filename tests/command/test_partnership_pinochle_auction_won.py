"""What the commands show of a Partnership Pinochle auction kept as its result only
(``auction_won``, docs/partial.md): ``show`` and the score sheet print the call ``won the
auction at N``; the notes say what went unchecked; ``summarize`` counts no bids but the auctions
won; the docs' example is what ``show`` prints."""

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

FIXTURE = FIXTURES / "partnership_pinochle/valid/auction-results-only-default-sitting.json"
CALL = "won the auction at 280 (bids and passes not logged)"


def test_the_fixture_audits_clean_every_claim_checked(tricklog) -> None:  # type: ignore[no-untyped-def]
    assert_audits_clean_with_the_auction_noted(tricklog, FIXTURE)


def test_show_prints_the_result_as_the_call(tricklog) -> None:  # type: ignore[no-untyped-def]
    run = tricklog("show", str(FIXTURE), "--hand", "2")
    assert run.code == 0
    assert f"calls: Anna (0) {CALL}; Anna (0) trump clubs;" in run.out


def test_the_score_sheet_prints_the_result_and_no_bid(tricklog, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    rows = sheet_rows_without_a_bid(tricklog, tmp_path, FIXTURE, "2")
    assert rows[0]["calls"].startswith(f"{CALL}; trump clubs")


def test_summarize_counts_the_auctions_won_but_no_bids(tricklog) -> None:  # type: ignore[no-untyped-def]
    assert_summary_counts_no_bids(tricklog, FIXTURE, "partnership_pinochle", auctions_won=4)


def test_the_docs_example_is_what_the_command_prints(tricklog, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """docs/partial.md shows the start and the end of ``show --hand 2`` of the fixture in its
    Partnership Pinochle section, run from the repository's root."""
    run, shown = run_docs_example(
        tricklog, monkeypatch, "Partnership Pinochle: the auction as its result only"
    )
    assert run.code == 0
    assert_start_and_end(run.out.splitlines(), shown)
