"""Every game names its winners in one place, its referee, from the recomputed totals: the
library's ``report.winners`` is what ``summarize`` counts (issue 18, item 6)."""

from __future__ import annotations

import random

import pytest

import tricklog
from replay.registry import GAMES
from tests.conftest import FIXTURES


def _leaders(totals: list[int]) -> list[int]:
    return [seat for seat, total in enumerate(totals) if total == max(totals)]


@pytest.mark.parametrize("game", ["pinochle", "bestia"])
def test_a_sitting_names_the_seats_ending_it_with_the_most(game: str) -> None:
    for index in range(8):
        record = GAMES[game].generate(random.Random(index), game_id=f"g{index}", preset="default")
        report = tricklog.check(record)
        assert report.valid
        assert report.totals is not None
        assert report.winners == _leaders(report.totals)


@pytest.mark.parametrize(
    "fixture",
    [
        "pinochle/valid/generated-default-sitting.json",
        "bestia/valid/exact-shares-carried-as-fractions.json",
        "bestia/valid/sitting-bestia-carried-blind-draw-ace-lead-all-pass-lone-player.json",
    ],
)
def test_fixture_sittings_have_winners(fixture: str) -> None:
    report = tricklog.check(tricklog.load(FIXTURES / fixture))
    assert report.valid
    assert report.winners is not None and report.winners == _leaders(report.totals or [])
    assert report.to_dict()["winners"] == report.winners


def test_a_sitting_whose_balances_are_unknown_names_none() -> None:
    """A hand stopped by a problem leaves the balances unknown: no winner is guessed."""
    record = GAMES["bestia"].generate(random.Random(3), game_id="g", preset="default")
    hand = record.hands[0]
    played_twice = hand.model_copy(update={"actions": [*hand.actions, hand.actions[-1]]})
    broken = record.model_copy(update={"hands": [played_twice, *record.hands[1:]]})
    report = tricklog.check(broken)
    assert not report.valid
    assert report.totals is None and report.winners is None
