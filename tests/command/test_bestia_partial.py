"""What the commands make of Bestia records that leave cards unlogged or are written from one
seat's view (docs/partial.md): the docs' examples are what ``audit`` prints, ``show`` says which
hands are not known and what went unjudged, and the page draws the record."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.command.partial import (
    assert_pages_draw_a_seat_s_view,
    assert_stopped_with_note,
    run_docs_example,
)
from tests.conftest import FIXTURES

VIEW = FIXTURES / "bestia" / "valid" / "seat-view-of-seat-1-5p.json"
NOT_LOGGED = FIXTURES / "bestia" / "valid" / "cards-not-logged-4p.json"
REVOKE = FIXTURES / "bestia" / "invalid" / "play.revoke--showed-out-of-denari-in-seat-1s-view.json"


@pytest.mark.parametrize("section", ["Bestia: an exchange not logged", "Bestia: a seat's view"])
def test_the_docs_example_is_what_the_command_prints(tricklog, monkeypatch, section: str) -> None:  # type: ignore[no-untyped-def]
    run, shown = run_docs_example(tricklog, monkeypatch, section)
    assert run.code == 1
    assert run.out.splitlines()[: len(shown)] == shown


def test_show_says_which_hands_are_not_known(tricklog) -> None:  # type: ignore[no-untyped-def]
    run = tricklog("show", str(VIEW), "--hand", "1")
    assert run.code == 0
    lines = run.out.splitlines()
    assert "  Anna (0)   (cards not known)" in lines
    assert "  Bruno (1)  4b 2c 7d" in lines
    assert (
        "  note: a seat's view: the hands of seats 0, 2, 3 and 4 and the stock are not known"
    ) in lines
    assert any("changes" in line and "(cards not logged)" in line for line in lines)


def test_show_says_what_an_exchange_not_logged_left_unjudged(tricklog) -> None:  # type: ignore[no-untyped-def]
    run = tricklog("show", str(NOT_LOGGED))
    assert run.code == 0
    assert "  note: cards not logged: " in run.out
    assert "are not all known, so each of" in run.out


def test_a_hand_stopped_in_a_seat_s_view_says_what_it_left_unjudged(tricklog) -> None:  # type: ignore[no-untyped-def]
    assert_stopped_with_note(
        tricklog, REVOKE, "1", "  note: a seat's view: the hands of seats 0, 2 and 3"
    )


def test_the_page_draws_a_seat_s_view(tricklog, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    assert_pages_draw_a_seat_s_view(tricklog, tmp_path, VIEW, REVOKE)
