"""Property tests of partial Partnership Pinochle records (docs/partial.md), made by hiding
parts of random legal games of every preset:

* replacing the bids and passes of any hands by their result (``auction_won``) never turns a
  valid record invalid, whether the record is read by the models or by the structs of an audit;
  every claim that matched still matches or is ``unchecked``, the trick winners are the same,
  and the text notation writes the record and reads it back unchanged;
* leaving the cards of the passes out (``"cards": null``) never turns a valid record invalid:
  under stated melds every claim still matches, under ``automatic`` the ones that depend on
  the hidden team's melds are ``unchecked`` with a reason;
* every problem found in a record whose passes are hidden, after a card of some play is
  changed (two plays of a seat swapped, or a card its partner showed in a meld played in its
  place), is found in the full record too, or the full record stopped that hand earlier;
* the same two promises for one seat's view (the other hands null, and the passes the seat
  did not see): a view of a valid game is valid, and a problem of a view is the full
  record's too.
"""

from __future__ import annotations

import random
from typing import Any

import orjson
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from records.parse import dumps
from records.partnership_pinochle import PRESETS
from replay.generators.partnership_pinochle import generate
from replay.report import ClaimStatus, RecordReport
from tests.engines.partial import (
    assert_all_explained,
    assert_kept_when_changed,
    assert_read_back,
    assert_results_in_place_of_the_calls_kept,
    assert_valid_and_kept,
    audit,
)

SETTINGS = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _game(seed: int, preset: str) -> dict[str, Any]:
    record = generate(random.Random(seed), preset=preset, hands=3)
    data: dict[str, Any] = orjson.loads(dumps(record))
    return data


@SETTINGS
@given(
    seed=st.integers(0, 2**32 - 1),
    preset=st.sampled_from(sorted(PRESETS)),
    share=st.sampled_from([0.4, 1.0]),
)
def test_the_result_in_place_of_the_calls_never_makes_a_problem(
    seed: int, preset: str, share: float
) -> None:
    assert_results_in_place_of_the_calls_kept(_game(seed, preset), seed, share)


def _assert_unchecked_only_under_automatic(
    report: RecordReport, data: dict[str, Any], why: str
) -> None:
    """Under stated melds every claim of a hand of ``data`` matches; under ``automatic`` each
    one ``unchecked`` (those that depend on melds of cards not known) says ``why`` in its
    reason."""
    stated = data["rules"]["meld_declared"] == "stated"
    for hand in report.hands:
        for check in hand.claims:
            if stated:
                assert check.status is ClaimStatus.MATCH, check
            elif check.status is ClaimStatus.UNCHECKED:
                assert check.reason is not None and why in check.reason, check


def hide_passes(hand: dict[str, Any]) -> bool:
    """Leave the cards of the hand's passes out, as a log that did not see them: whether it
    had any."""
    passes = [a for a in hand["actions"] if a["type"] == "pass_cards"]
    for action in passes:
        action["cards"] = None
    return bool(passes)


@SETTINGS
@given(
    seed=st.integers(0, 2**32 - 1),
    preset=st.sampled_from(sorted(PRESETS)),
    share=st.sampled_from([0.4, 1.0]),
)
def test_a_pass_not_logged_never_makes_a_problem(seed: int, preset: str, share: float) -> None:
    data = _game(seed, preset)
    partial, hidden = assert_kept_when_changed(data, seed, share, hide_passes)
    for index in hidden:
        assert any(note.startswith("a pass was not logged") for note in partial.hands[index].notes)
    _assert_unchecked_only_under_automatic(partial, data, "not logged")
    assert_read_back(data)


def _changes(data: dict[str, Any]) -> list[tuple[int, int, str]]:
    """(hand, play, card) changes of a card played: two plays of a seat swapped, or a card the
    seat's partner showed in a meld played in its place."""
    found = []
    for index, hand in enumerate(data["hands"]):
        actions = hand["actions"]
        shown = {
            a["seat"]: [c for m in a["melds"] for c in m["cards"]]
            for a in actions
            if a["type"] == "meld"
        }
        for first, a in enumerate(actions):
            if a["type"] != "play":
                continue
            found += [(index, first, c) for c in shown.get((a["seat"] + 2) % 4, [])]
            found += [
                (index, first, b["card"])
                for b in actions[first + 1 :]
                if b["type"] == "play" and b["seat"] == a["seat"] and b["card"] != a["card"]
            ]
    return found


@SETTINGS
@given(
    seed=st.integers(0, 2**32 - 1),
    preset=st.sampled_from(sorted(PRESETS)),
    pick=st.randoms(use_true_random=False),
)
def test_every_problem_of_a_hidden_pass_is_a_problem_of_the_full_record(
    seed: int, preset: str, pick: random.Random
) -> None:
    data = _game(seed, preset)
    changes = _changes(data)
    assume(changes)
    index, position, card = pick.choice(changes)
    data["hands"][index]["actions"][position]["card"] = card
    full = audit(data).problems
    for hand in data["hands"]:
        hide_passes(hand)
    assert_all_explained(audit(data).problems, full)


def seat_view(data: dict[str, Any], seat: int) -> dict[str, Any]:
    """The record as ``seat`` saw it: the other hands null, and the cards of the passes
    between the other two seats left out (they go face down)."""
    seen: dict[str, Any] = orjson.loads(orjson.dumps(data))
    for hand in seen["hands"]:
        hands = hand["deal"]["hands"]
        hand["deal"]["hands"] = [cards if s == seat else None for s, cards in enumerate(hands)]
        for action in hand["actions"]:
            if action["type"] == "pass_cards" and action["seat"] % 2 != seat % 2:
                action["cards"] = None
    return seen


@SETTINGS
@given(
    seed=st.integers(0, 2**32 - 1),
    preset=st.sampled_from(sorted(PRESETS)),
    seat=st.integers(0, 3),
)
def test_a_seat_s_view_of_a_valid_game_is_valid(seed: int, preset: str, seat: int) -> None:
    data = _game(seed, preset)
    full = audit(data)
    assert full.problems == []
    seen = seat_view(data, seat)
    view = audit(seen)

    assert_valid_and_kept(view, full)
    for hand in view.hands:
        assert any(note.startswith("a seat's view: ") for note in hand.notes)
    _assert_unchecked_only_under_automatic(view, data, "seat's view")
    assert_read_back(seen)


@SETTINGS
@given(
    seed=st.integers(0, 2**32 - 1),
    preset=st.sampled_from(sorted(PRESETS)),
    seat=st.integers(0, 3),
    pick=st.randoms(use_true_random=False),
)
def test_every_problem_of_a_seat_s_view_is_a_problem_of_the_full_record(
    seed: int, preset: str, seat: int, pick: random.Random
) -> None:
    data = _game(seed, preset)
    changes = [c for c in _changes(data) if data["hands"][c[0]]["actions"][c[1]]["seat"] != seat]
    assume(changes)
    index, position, card = pick.choice(changes)
    data["hands"][index]["actions"][position]["card"] = card
    full = audit(data).problems
    assert_all_explained(audit(seat_view(data, seat)).problems, full)
