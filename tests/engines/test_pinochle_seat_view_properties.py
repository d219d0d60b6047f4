"""Property tests of Auction Pinochle records from one seat's view (every other active hand
``null``, docs/partial.md, "Auction Pinochle: a seat's view"), over random legal sittings of
every preset, some under the rules that a hidden declarer's cards decide (the bury
restrictions, a first lead in trump, heading and overtrumping):

* hiding every active hand but one never turns a valid record invalid, whether the record is
  read by the models or by the structs of an audit; the trick winners are the same, and every
  claim is checked as in the full record, but where a hidden declarer buried a card of a scored
  meld whose other copy nobody can be seen to hold and the hand ends before his cards show it
  (that hand is not settled: its claims are ``unchecked`` with the reason, never a problem);
* the text notation writes such a record and reads it back unchanged;
* in a mutated record (two cards of one hidden seat swapped between tricks, a hidden seat's
  card replaced by one the viewer holds, or a card of a hidden declarer's meld or burial
  changed), every problem the view finds is found in the full
  record too, or the full record stopped that hand earlier, at an illegal action at or before
  it (the full record sees a revoke where it happened, the view only once the seat plays the
  suit it showed out of, or a trump after a discard when a trump was due).
"""

from __future__ import annotations

import random
from typing import Any

import orjson
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from records.parse import dumps
from records.pinochle import PRESETS
from replay.generators.pinochle import generate
from replay.report import ClaimStatus
from tests.engines.partial import assert_all_explained, assert_read_back, audit, winners

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
VARIANTS: list[dict[str, Any]] = [{}, {"bury_restrictions": "no_trump"}, {"first_lead": "trump"}]
VARIANTS += [{"bury_restrictions": "no_trump_no_aces"}, {"bury_restrictions": "announce_trump"}]
VARIANTS += [{"head_rule": "trump_led", "must_overtrump": True}]
VIEWED = {
    "seed": st.integers(0, 2**32 - 1),
    "preset": st.sampled_from(sorted(PRESETS)),
    "variant": st.sampled_from(VARIANTS),
    "seat": st.integers(0, 4),
}
"""A random legal sitting of a preset under one of the ``VARIANTS`` (``_sitting``), and the
seat it is seen from."""


def _sitting(seed: int, preset: str, variant: dict[str, Any]) -> dict[str, Any]:
    record = generate(random.Random(seed), preset=preset, hands=4, **variant)
    data: dict[str, Any] = orjson.loads(dumps(record))
    return data


def view(data: dict[str, Any], seat: int) -> dict[str, Any]:
    """``data`` as ``seat`` saw it: every other active hand ``null`` (a seat sitting out holds
    none, as the rules say), the widow, melds and burial as the table saw them."""
    seen: dict[str, Any] = orjson.loads(orjson.dumps(data))
    for hand in seen["hands"]:
        deal = hand["deal"]
        deal["hands"] = [c if s == seat or not c else None for s, c in enumerate(deal["hands"])]
    return seen


@SETTINGS
@given(**VIEWED)
def test_a_seat_s_view_of_a_valid_sitting_is_valid_and_checks_what_is_known(
    seed: int, preset: str, variant: dict[str, Any], seat: int
) -> None:
    data = _sitting(seed, preset, variant)
    full = audit(data)
    assert full.problems == []
    seen = view(data, seat % len(data["players"]))
    report = audit(seen)
    assert report.problems == []
    assert winners(report) == winners(full)
    unsettled = False
    for hand, whole in zip(report.hands, full.hands, strict=True):
        if hand.status.value == "stopped":  # a buried meld card not known to be lost
            assert whole.status.value == "complete"
            assert any("is not settled" in note for note in hand.notes), hand.notes
            unsettled = True
        for check in hand.claims:
            if unsettled and check.status is ClaimStatus.UNCHECKED:
                continue  # the totals after a hand not settled are not known
            assert check.status is ClaimStatus.MATCH, check
    if not unsettled:
        assert [c.status for c in report.claims] == [c.status for c in full.claims]
    assert all(c.status is not ClaimStatus.MISMATCH for c in report.claims)
    assert_read_back(seen)


def _declared(data: dict[str, Any], keep: int, pick: random.Random) -> bool:
    """Give a hidden declarer's meld or burial another card of the deck (the viewer's, most
    often): whether one could be changed."""
    found = [
        (index, action)
        for index, hand in enumerate(data["hands"])
        for action in hand["actions"]
        if action["type"] in ("meld", "bury") and action["seat"] != keep
        if action["type"] == "bury" or action["melds"]
    ]
    if not found:
        return False
    index, action = pick.choice(found)
    hands = data["hands"][index]["deal"]["hands"]
    held = hands[keep] or ["AS"]
    card = pick.choice(held) if pick.random() < 0.7 else pick.choice(["9C", "JD", "QS", "KH"])
    if action["type"] == "bury" and pick.random() < 0.5:  # one of his own: the restrictions
        card = pick.choice(hands[action["seat"]])
    cards = action["cards"] if action["type"] == "bury" else pick.choice(action["melds"])["cards"]
    cards[pick.randrange(len(cards))] = card
    return True


def _mutated(data: dict[str, Any], keep: int, pick: random.Random) -> bool:
    """Swap two cards one hidden seat played in a hand, give one of its plays a card the viewer
    holds, or change a hidden declarer's meld or burial (``_declared``): whether something
    could be changed."""
    if pick.random() < 0.25 and _declared(data, keep, pick):
        return True
    plays = [
        (index, position, action)
        for index, hand in enumerate(data["hands"])
        for position, action in enumerate(hand["actions"])
        if action["type"] == "play" and action["seat"] != keep
    ]
    if not plays:
        return False
    index, position, action = pick.choice(plays)
    if pick.random() < 0.3:
        held = data["hands"][index]["deal"]["hands"][keep]
        if held:
            action["card"] = pick.choice(held)
            return True
    others = [
        other
        for i, p, other in plays
        if i == index and p != position and other["seat"] == action["seat"]
        if other["card"] != action["card"]
    ]
    if not others:
        return False
    other = pick.choice(others)
    action["card"], other["card"] = other["card"], action["card"]
    return True


@SETTINGS
@given(**VIEWED, pick=st.randoms(use_true_random=False))
def test_every_problem_of_a_seat_s_view_is_a_problem_of_the_full_record(
    seed: int, preset: str, variant: dict[str, Any], seat: int, pick: random.Random
) -> None:
    data = _sitting(seed, preset, variant)
    keep = seat % len(data["players"])
    if not _mutated(data, keep, pick):
        return
    full = audit(data).problems
    assert_all_explained(audit(view(data, keep)).problems, full)
