"""What the commands show of a Partnership Pinochle auction kept as its result only
(``auction_won``, docs/partial.md): ``show`` and the score sheet print the call ``won the
auction at N``; the notes say what went unchecked; ``summarize`` counts no bids but the auctions
won; the docs' example is what ``show`` prints."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

from tests.command.docs_example import assert_start_and_end, run_docs_example
from tests.conftest import FIXTURES

FIXTURE = FIXTURES / "partnership_pinochle/valid/auction-results-only-default-sitting.json"
CALL = "won the auction at 280 (bids and passes not logged)"


def test_the_fixture_audits_clean_every_claim_checked(tricklog) -> None:  # type: ignore[no-untyped-def]
    run = tricklog("audit", "--format", "json", str(FIXTURE))
    assert run.code == 0
    record = json.loads(run.out)["records"][0]
    assert record["problems"] == []
    for hand in record["hands"]:
        assert hand["notes"][0].startswith("the auction was logged as its result only")
        assert all(c["status"] == "match" for c in hand["claims"])


def test_show_prints_the_result_as_the_call(tricklog) -> None:  # type: ignore[no-untyped-def]
    run = tricklog("show", str(FIXTURE), "--hand", "2")
    assert run.code == 0
    assert f"calls: Anna (0) {CALL}; Anna (0) trump clubs;" in run.out


def test_the_score_sheet_prints_the_result_and_no_bid(tricklog, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "sheet.csv"
    assert tricklog("convert", str(FIXTURE), "-o", str(out), "--allow-loss").code == 0
    rows = [r for r in csv.DictReader(io.StringIO(out.read_text())) if r["hand"] == "2"]
    assert [r["bid"] for r in rows] == ["", "", "", ""]
    assert rows[0]["calls"].startswith(f"{CALL}; trump clubs")


def test_summarize_counts_the_auctions_won_but_no_bids(tricklog) -> None:  # type: ignore[no-untyped-def]
    run = tricklog("summarize", str(FIXTURE), "--format", "json")
    groups = {g["key"]: g["partnership_pinochle"] for g in json.loads(run.out)["groups"]}
    assert sum(g["auctions_won"] for g in groups.values()) == 4
    assert all(g["bids"] == 0 and g["mean_bid"] is None for g in groups.values())


def test_the_docs_example_is_what_the_command_prints(tricklog, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """docs/partial.md shows the start and the end of ``show --hand 2`` of the fixture in its
    Partnership Pinochle section, run from the repository's root."""
    run, shown = run_docs_example(
        tricklog, monkeypatch, "Partnership Pinochle: the auction as its result only"
    )
    assert run.code == 0
    assert_start_and_end(run.out.splitlines(), shown)
