"""Property tests of partial Partnership Pinochle records (docs/partial.md), made by hiding
parts of random legal games of every preset:

* replacing the bids and passes of any hands by their result (``auction_won``) never turns a
  valid record invalid, whether the record is read by the models or by the structs of an audit;
  every claim that matched still matches or is ``unchecked``, the trick winners are the same,
  and the text notation writes the record and reads it back unchanged.
"""

from __future__ import annotations

import random
from typing import Any

import orjson
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import records.formats.text as notation
from records.parse import dumps, parse
from records.partnership_pinochle import PRESETS
from replay.check import check_bytes
from replay.generators.partnership_pinochle import generate
from replay.report import ClaimStatus, RecordReport

SETTINGS = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
KEPT = (ClaimStatus.MATCH, ClaimStatus.UNCHECKED)


def _game(seed: int, preset: str) -> dict[str, Any]:
    record = generate(random.Random(seed), preset=preset, hands=3)
    data: dict[str, Any] = orjson.loads(dumps(record))
    return data


def _audit(data: dict[str, Any]) -> RecordReport:
    return check_bytes(orjson.dumps(data), audit=True)


def _winners(report: RecordReport) -> list[list[int]]:
    return [[t.winner for t in hand.tricks] for hand in report.hands]


def result_only(hand: dict[str, Any]) -> bool:
    """Replace the hand's bids and passes by its result, as the claims give it (a void hand,
    with no bidder, keeps its passes): whether it did."""
    claims = hand["claims"]
    if claims.get("declarer") is None:
        return False
    won = {"type": "auction_won", "seat": claims["declarer"], "contract": claims["contract"]}
    hand["actions"] = [won, *(a for a in hand["actions"] if a["type"] not in ("bid", "pass"))]
    return True


def _kept(partial: RecordReport, full: RecordReport) -> None:
    """Every claim that matched in the full record matches or is unchecked in the partial."""
    for hand, before in zip(partial.hands, full.hands, strict=True):
        assert hand.status is before.status
        for check, was in zip(hand.claims, before.claims, strict=True):
            assert (check.name, check.seat) == (was.name, was.seat)
            if was.status is ClaimStatus.MATCH:
                assert check.status in KEPT, check
    for check, was in zip(partial.claims, full.claims, strict=True):
        if was.status is ClaimStatus.MATCH:
            assert check.status in KEPT, check


@SETTINGS
@given(
    seed=st.integers(0, 2**32 - 1),
    preset=st.sampled_from(sorted(PRESETS)),
    share=st.sampled_from([0.4, 1.0]),
)
def test_the_result_in_place_of_the_calls_never_makes_a_problem(
    seed: int, preset: str, share: float
) -> None:
    data = _game(seed, preset)
    full = _audit(data)
    assert full.problems == []
    rng = random.Random(seed)
    replaced = {i for i, hand in enumerate(data["hands"]) if rng.random() < share}
    replaced = {i for i in replaced if result_only(data["hands"][i])}
    assume(replaced)
    partial = _audit(data)

    assert partial.problems == []
    assert _winners(partial) == _winners(full)
    _kept(partial, full)
    for index in replaced:
        hand = partial.hands[index]
        assert hand.notes[0].startswith("the auction was logged as its result only")
        assert not any(text.startswith("bid ") or text == "pass" for _, text in hand.calls)
    record = parse(orjson.dumps(data))  # the models read it too
    assert not isinstance(record, list)
    [read] = notation.loads(notation.dumps(record))
    assert read.problems == ()
    assert dumps(read.record) == dumps(record)
