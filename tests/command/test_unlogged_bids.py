"""What the commands show of Oh Hell bids not logged (docs/partial.md): ``show`` and the page
say ``bid not logged``; ``audit --explain`` lists the unchecked claims with their reasons and
the hook left unjudged; ``summarize`` counts only the bids known."""

from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import FIXTURES, ROOT

FIXTURE = FIXTURES / "oh_hell/valid/own-bids-only-hook-4p.json"


def test_show_prints_the_bid_as_not_logged(tricklog) -> None:  # type: ignore[no-untyped-def]
    run = tricklog("show", str(FIXTURE))
    assert run.code == 0
    assert "Boris (1) bid not logged" in run.out
    assert "note: the hook was not judged" in run.out
    # a score that depends on a bid not logged is unknown, not "none" (which reads as zero)
    assert "scores: Anna (0) 0, Boris (1) unknown, Clara (2) unknown" in run.out
    assert "totals: Anna (0) 11, Boris (1) unknown" in run.out
    assert " none" not in run.out


def test_explain_lists_the_unchecked_claims_with_their_reasons(tricklog) -> None:  # type: ignore[no-untyped-def]
    run = tricklog("audit", "--explain", str(FIXTURE))
    assert run.code == 0
    lines = [line.strip() for line in run.out.splitlines()]
    assert (
        "seat 1 (Boris): bid not logged, took 0: score unknown (seat 1's bid was not logged)"
        in lines
    )
    assert "claim score seat 1: recorded 0, unchecked: seat 1's bid was not logged" in lines
    assert (
        "claim total seat 2: recorded 10, unchecked: seat 2's bid was not logged in hand 1: "
        "the total is unknown from there on" in lines
    )
    assert any(line.startswith("the hook was not judged: ") for line in lines)
    assert lines[-3] == (
        "game: claim result: recorded 0, unchecked: the final totals of seats 1, 2 and 3 are "
        "unknown: bids were not logged"
    )


def test_json_carries_the_reasons_and_the_notes(tricklog) -> None:  # type: ignore[no-untyped-def]
    run = tricklog("audit", "--format", "json", str(FIXTURE))
    record = json.loads(run.out)["records"][0]
    assert record["problems"] == [] and record["winners"] is None
    assert record["totals"][0] is not None and record["totals"][1:] == [None, None, None]
    result = next(c for c in record["claims"] if c["name"] == "result")
    assert result["status"] == "unchecked"
    assert (
        result["reason"] == "the final totals of seats 1, 2 and 3 are unknown: bids were not logged"
    )
    first = record["hands"][0]
    assert first["notes"][0] == (
        "the bids of seats 1, 2 and 3 were not logged: the scores that depend on them, and the "
        "running totals from this deal on, are unchecked"
    )
    assert all(c["status"] == "match" for c in first["claims"] if c["name"] == "tricks")


def test_the_page_says_not_logged(tricklog, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    page = tmp_path / "page.html"
    run = tricklog("view", str(FIXTURE), "-o", str(page))
    assert run.code == 0
    html = page.read_text()
    assert "bid not logged" in html
    assert "not recomputed: seat 1&#39;s bid was not logged" in html


def test_summarize_counts_only_the_bids_known(tricklog) -> None:  # type: ignore[no-untyped-def]
    run = tricklog("summarize", str(FIXTURE), "--format", "json")
    groups = {g["key"]: g["oh_hell"] for g in json.loads(run.out)["groups"]}
    assert groups["Anna"]["bids"] == 3
    assert [groups[name]["bids"] for name in ("Boris", "Clara", "Dmitri")] == [0, 0, 0]
    assert groups["Boris"]["bids_made_pct"] is None
    # a mean divides by the hands whose score is known: none of Boris's, all three of Anna's
    assert (groups["Anna"]["seat_hands"], groups["Anna"]["mean_points"]) == (3, 3.667)
    assert (groups["Boris"]["seat_hands"], groups["Boris"]["mean_points"]) == (0, None)
    assert json.loads(run.out)["games"][0]["mean_score"] == 3.667


def test_the_docs_example_is_what_the_command_prints(tricklog, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """docs/partial.md shows the start and the end of ``audit --explain`` of the fixture, run
    from the repository's root."""
    monkeypatch.chdir(ROOT)
    page = (ROOT / "docs/partial.md").read_text()
    block = page.split("```console\n", 1)[1].split("```", 1)[0].splitlines()
    command, shown = block[0].removeprefix("$ tricklog ").split(), block[1:]
    run = tricklog(*command)
    printed = run.out.splitlines()
    cut = shown.index("  ...")
    assert printed[:cut] == shown[:cut]
    tail = shown[cut + 1 :]
    start = printed.index(tail[0])
    assert printed[start : start + len(tail)] == tail
