"""What the commands make of an Oh Hell record from one seat's view (docs/partial.md, "A seat's
view"): the docs' example is what ``audit`` prints, ``show`` says which hands are not known,
and the page draws the record."""

from __future__ import annotations

from pathlib import Path

from tests.command.partial import (
    assert_pages_draw_a_seat_s_view,
    assert_stopped_with_note,
    run_docs_example,
)
from tests.conftest import FIXTURES

VALID = FIXTURES / "oh_hell" / "valid" / "seat-view-of-seat-2-4p.json"
REVOKE = (
    FIXTURES / "oh_hell" / "invalid" / "play.revoke--showed-out-of-diamonds-in-seat-0s-view.json"
)


def test_the_docs_example_is_what_the_command_prints(tricklog, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    run, shown = run_docs_example(tricklog, monkeypatch, "Oh Hell: a seat's view")
    assert run.code == 1
    assert run.out.splitlines()[: len(shown)] == shown


def test_show_says_which_hands_are_not_known(tricklog) -> None:  # type: ignore[no-untyped-def]
    run = tricklog("show", str(VALID), "--hand", "3")
    assert run.code == 0
    lines = run.out.splitlines()
    assert "  Anna (0)    (cards not known)" in lines
    assert "  Clara (2)   5D 6H 4S" in lines
    assert any(
        line.startswith("  note: a seat's view: the cards of seats 0, 1 and 3") for line in lines
    )


def test_a_hand_stopped_in_a_seat_s_view_says_what_it_left_unjudged(tricklog) -> None:  # type: ignore[no-untyped-def]
    # the revoke stops hand 3; its plays before the revoke were judged on public information
    # only, and the stopped hand says so as a settled one does
    assert_stopped_with_note(
        tricklog, REVOKE, "3", "  note: a seat's view: the cards of seats 1 and 2"
    )


def test_the_page_draws_a_seat_s_view(tricklog, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    assert_pages_draw_a_seat_s_view(tricklog, tmp_path, VALID, REVOKE)
