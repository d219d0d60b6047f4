"""When an Oh Hell hand may be abandoned: from its deal until it ends, never after.

The rule is stated in ``replay.engines.oh_hell``'s docstring: an ``abandon`` during the bidding
(even before the first bid) or during the play (between tricks or within one) stops the hand,
which is not scored; after the last trick, after an agreed claim or after another abandonment
it is ``abandon.after-hand-end``, and the hand stops there like at any illegal action.
"""

from __future__ import annotations

from typing import Any

import orjson
import pytest

from replay.check import check_bytes
from replay.report import HandStatus, RecordReport
from tests.conftest import FIXTURES

GAME = FIXTURES / "oh_hell" / "valid" / "default-4p-complete-game.json"
ABANDON = {"type": "abandon", "reason": "the lights went out"}


def _check(mutate: Any) -> RecordReport:
    data = orjson.loads(GAME.read_bytes())
    for hand in data["hands"]:  # the claims count the hand's scores: leave them out
        del hand["claims"]
    del data["claims"]
    mutate(data["hands"][2]["actions"])  # three cards each: bids at 0-3, plays at 4-15
    return check_bytes(orjson.dumps(data), audit=True)


@pytest.mark.parametrize(
    ("where", "position"),
    [("before the first bid", 0), ("in the bidding", 2), ("between tricks", 8), ("in a trick", 9)],
)
def test_a_hand_may_be_abandoned_from_its_deal_until_it_ends(where: str, position: int) -> None:
    def cut(actions: list[Any]) -> None:
        del actions[position:]
        actions.append(ABANDON)

    report = _check(cut)
    assert report.problems == [], where
    assert report.hands[2].status is HandStatus.ABANDONED and report.hands[2].scores is None
    assert report.hands[3].totals == report.hands[1].totals  # the totals go on unchanged


def test_an_abandonment_after_the_last_trick_is_a_problem() -> None:
    report = _check(lambda actions: actions.append(ABANDON))
    [problem] = report.problems
    assert (problem.code, problem.pointer, problem.hand) == (
        "abandon.after-hand-end",
        "/hands/2/actions/16",
        3,
    )
    assert problem.message == (
        "an abandonment after its last trick had been played: a hand that has ended cannot "
        "be abandoned"
    )
    assert report.hands[2].status is HandStatus.STOPPED


def test_an_abandonment_after_a_claim_is_a_problem() -> None:
    def claim_then_abandon(actions: list[Any]) -> None:
        del actions[8:]
        actions += [{"type": "claim", "seat": 0, "remaining": [2, 0, 0, 0]}, ABANDON]

    [problem] = _check(claim_then_abandon).problems
    assert (problem.code, problem.pointer) == ("abandon.after-hand-end", "/hands/2/actions/9")
    assert "after a claim had already ended it" in problem.message


def test_nothing_follows_an_abandonment() -> None:
    def twice(actions: list[Any]) -> None:
        del actions[2:]
        actions += [ABANDON, ABANDON]

    [problem] = _check(twice).problems
    assert (problem.code, problem.pointer) == ("abandon.after-hand-end", "/hands/2/actions/3")
    assert "after it had already been abandoned" in problem.message

    def bid_after(actions: list[Any]) -> None:
        actions.insert(2, ABANDON)

    [problem] = _check(bid_after).problems
    assert (problem.code, problem.message) == (
        "bid.after-bidding",
        "a bid after the hand was abandoned",
    )
