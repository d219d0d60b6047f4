"""What the commands make of an Auction Pinochle record from one seat's view (docs/partial.md,
"Auction Pinochle: a seat's view"): the docs' example is what ``audit`` prints, ``show`` says
which hands are not known, a stopped hand says what it left unjudged, and the page draws it."""

from __future__ import annotations

from pathlib import Path

from tests.command.partial import (
    assert_pages_draw_a_seat_s_view,
    assert_stopped_with_note,
    run_docs_example,
)
from tests.conftest import FIXTURES

VALID = FIXTURES / "pinochle" / "valid" / "seat-view-of-seat-1-default-sitting.json"
TRUMP = (
    FIXTURES / "pinochle" / "invalid" / "play.must-trump--discards-then-trumps-in-seat-1s-view.json"
)


def test_the_docs_example_is_what_the_command_prints(tricklog, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    run, shown = run_docs_example(tricklog, monkeypatch, "Auction Pinochle: a seat's view")
    assert run.code == 1
    assert run.out.splitlines()[: len(shown)] == shown


def test_show_says_which_hands_are_not_known(tricklog) -> None:  # type: ignore[no-untyped-def]
    run = tricklog("show", str(VALID), "--hand", "2")
    assert run.code == 0
    lines = run.out.splitlines()
    assert "  Anna (0)   (cards not known)" in lines
    assert "  Bruno (1)  QC AD KD QD JD 9D AH AH QH JH 9H TS KS QS 9S" in lines
    assert "  widow: QC KD JH" in lines
    assert any(
        line.startswith("  note: a seat's view: the cards of seats 0 and 3 are not known")
        for line in lines
    )


def test_a_hand_stopped_in_a_seat_s_view_says_what_it_left_unjudged(tricklog) -> None:  # type: ignore[no-untyped-def]
    assert_stopped_with_note(
        tricklog, TRUMP, "1", "  note: a seat's view: the cards of seats 0 and 2 are not known"
    )


def test_the_page_draws_a_seat_s_view(tricklog, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    assert_pages_draw_a_seat_s_view(tricklog, tmp_path, VALID, TRUMP)
