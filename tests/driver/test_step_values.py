"""The steps of a replay are values as of their moment (issue 18.5): kept in a list, each still
says what was so when it was made, and none holds the engine's live state.

The failure reported: after ``list(tricklog.steps(r))``, the first bid's ``ActionApplied.state``
showed ``phase=OVER, bids=[1, 1, 0]``, the state at the end of the hand, and its repr ran to
several KB with an internal points table."""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

import pytest

import tricklog
from records.parse import parse
from replay.check import steps
from replay.steps import ActionApplied, HandSettled, TrickCompleted
from tests.conftest import FIXTURES

VALID = sorted(FIXTURES.glob("*/valid/*.json"))
GAME = FIXTURES / "oh_hell" / "valid" / "default-4p-complete-game.json"


def _record(path: Path) -> object:
    record = parse(path.read_bytes())
    assert not isinstance(record, list), record
    return record


def test_a_kept_step_says_what_was_so_when_it_was_made() -> None:
    walk = list(tricklog.steps(tricklog.load(GAME)))
    first = next(s for s in walk if isinstance(s, ActionApplied))
    assert not hasattr(first, "state")
    assert (first.seat, first.said, first.phase, first.trick, first.to_move) == (
        2,
        "bid 1",
        "bid",
        (),
        3,
    )


@pytest.mark.parametrize("path", VALID, ids=lambda p: f"{p.parent.parent.name}/{p.stem}")
def test_steps_do_not_change_after_they_are_yielded(path: Path) -> None:
    record = _record(path)
    seen, kept = [], []
    for step in steps(record, audit=True, actions=True, choices=True):
        if isinstance(step, ActionApplied | TrickCompleted):
            seen.append(repr(step))  # as the step reads when it comes
            kept.append(step)
    assert seen == [repr(step) for step in kept]  # ... and after the whole replay


@pytest.mark.parametrize("game", ["oh_hell", "pinochle", "bestia"])
def test_an_action_step_holds_what_the_action_did(game: str) -> None:
    plays = chosen = 0
    unchosen: set[tuple[str, int]] = set()
    for path in sorted(FIXTURES.glob(f"{game}/valid/*.json")):
        record: Any = _record(path)
        walk = list(steps(record, audit=True, actions=True, choices=True))
        for step, after in zip(walk, [*walk[1:], None], strict=True):
            if not isinstance(step, ActionApplied):
                continue
            assert isinstance(step.phase, str) and step.phase
            if getattr(step.action, "type", None) != "play":
                assert step.duty is None
                continue
            plays += 1
            card = step.action.card
            assert step.trick[-1] == (step.seat, card)
            if isinstance(after, TrickCompleted):
                assert step.trick == after.trick.plays
            hand = record.hands[step.hand]
            hidden = hand.deal.hands[step.seat] is None or any(  # Bestia: cards not logged
                getattr(a, "seat", None) == step.seat
                and None in (getattr(a, "discards", ()), getattr(a, "drawn", ()))
                for a in hand.actions
            )
            if step.duty is None and hidden:  # a seat's view: the seat's duty is not known
                plays -= 1
            elif step.duty is None:  # the engine had not begun the play: the hand's first lead
                assert len(step.trick) == 1 and (path.name, step.hand) not in unchosen
                unchosen.add((path.name, step.hand))
            else:
                chosen += 1
                assert step.duty.seat == step.seat and step.duty.place == len(step.trick) - 1
                assert card in step.duty.allowed
                assert step.duty.led == (None if len(step.trick) == 1 else step.trick[0][1][-1])
    assert chosen and chosen + len(unchosen) == plays, (plays, chosen)
    if game == "oh_hell":  # its play of the cards begins with the deal
        assert not unchosen


def test_whose_turn_follows_the_play() -> None:
    walk = list(tricklog.steps(tricklog.load(GAME)))
    actions = [s for s in walk if isinstance(s, ActionApplied)]
    for step, following in itertools.pairwise(actions):
        if step.hand == following.hand and step.phase != "over":
            assert following.seat == step.to_move, (step, following)
    last = [s for s in actions if s.hand == 0][-1]
    assert (last.phase, last.to_move) == ("over", None)


def test_without_choices_no_play_pays_for_them() -> None:
    walk = steps(_record(GAME), audit=False, actions=True)
    assert all(s.duty is None for s in walk if isinstance(s, ActionApplied))


@pytest.mark.parametrize("path", VALID[:: max(1, len(VALID) // 8)], ids=lambda p: p.stem)
def test_step_reprs_are_short_and_hold_no_engine_internals(path: Path) -> None:
    for step in steps(_record(path), audit=True, actions=True, choices=True):
        text = repr(step)
        assert "points={" not in text and "State(" not in text and " object at 0x" not in text
        if isinstance(step, ActionApplied | TrickCompleted):
            assert len(text) < 800, text
        if isinstance(step, HandSettled):
            assert "state=" not in text and "settlement=" not in text
