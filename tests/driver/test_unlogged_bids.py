"""Oh Hell bids not logged (``"tricks": null``, docs/partial.md): the turn is still checked;
what depends on the value is ``unchecked`` with its reason, never a problem; the rest is
checked as ever."""

from __future__ import annotations

import random
from typing import Any

import orjson
import pytest

from records.oh_hell import preset
from replay.check import check_bytes
from replay.engines import oh_hell as engine
from replay.generators.oh_hell import generate
from replay.report import ClaimStatus, HandReport, RecordReport

UNCHECKED = ClaimStatus.UNCHECKED


def _game(seed: int = 5, **overrides: Any) -> dict[str, Any]:
    record = generate(random.Random(seed), players=4, **overrides)
    data: dict[str, Any] = orjson.loads(orjson.dumps(record.model_dump(mode="json")))
    return data


def _bids(hand: dict[str, Any]) -> list[dict[str, Any]]:
    """The bids of a hand, in the order made."""
    return [a for a in hand["actions"] if a["type"] == "bid"]


def _hide(data: dict[str, Any], index: int, seat: int) -> None:
    next(b for b in _bids(data["hands"][index]) if b["seat"] == seat)["tricks"] = None


def _audit(data: dict[str, Any]) -> RecordReport:
    return check_bytes(orjson.dumps(data), audit=True)


def _check(hand: HandReport, name: str, seat: int | None) -> Any:
    return next(c for c in hand.claims if c.name == name and c.seat == seat)


# --- the turn --------------------------------------------------------------------------------


def test_a_bid_not_logged_out_of_turn_is_still_a_problem() -> None:
    data = _game()
    bids = _bids(data["hands"][1])
    bids[0]["seat"], bids[0]["tricks"] = bids[1]["seat"], None
    report = _audit(data)
    assert [(p.code, p.pointer) for p in report.problems] == [
        ("bid.out-of-turn", "/hands/1/actions/0")
    ]


def test_the_engine_takes_a_bid_not_logged_in_turn_and_describes_it() -> None:
    rules = preset("default", 3, hook=True)
    state = engine.new_hand(rules, 0, 2, [["2C", "3C"], ["4C", "5C"], ["6C", "7C"]], "S")
    unknown = engine.Bid(seat=0, tricks=None)  # the dealer bids first under these rules
    assert engine.check_bid(state, unknown) is None
    engine.apply_bid(state, unknown)
    assert state.unlogged == (0,) and state.bids[0] is None and state.turn == 1
    # the hook cannot be judged once a bid is unknown: every bid is legal for the last bidder
    engine.apply_bid(state, engine.Bid(seat=1, tricks=1))
    assert engine.legal_bids(state) == [0, 1, 2]
    assert engine.check_bid(state, engine.Bid(seat=2, tricks=1)) is None
    assert engine.describe_bid(engine.table(rules), unknown) == "bid not logged"


# --- the hook --------------------------------------------------------------------------------


def _hook_game() -> dict[str, Any]:
    data = _game(hook=True, hands=3)
    for hand in data["hands"]:
        hand["claims"] = None  # the bids are changed below: the claims would not follow
    data["claims"] = None
    return data


@pytest.mark.parametrize("hidden", ["last", "first"])
def test_the_hook_is_not_judged_with_a_bid_unknown_and_the_notes_say_so(hidden: str) -> None:
    data = _hook_game()
    hand = data["hands"][2]
    bids = _bids(hand)
    if hidden == "last":
        bids[-1]["tricks"] = None
    else:  # the last bid would hook the deal if the first had been nil
        for bid in bids:
            bid["tricks"] = 0
        bids[0]["tricks"], bids[-1]["tricks"] = None, hand["number"]
    report = _audit(data)
    assert report.problems == []
    notes = report.hands[2].notes
    assert any(n.startswith("the hook was not judged") for n in notes), notes
    last = f"seat {bids[-1]['seat']}"
    assert (f"last bidder's ({last}" if hidden == "last" else f"last bidder ({last}") in notes[-1]
    assert any("the hook was not judged" in line for line in report.hands[2].derivation)


def test_with_every_bid_logged_the_hook_is_judged_as_before() -> None:
    data = _hook_game()
    hand = data["hands"][2]
    bids = _bids(hand)
    for bid in bids:
        bid["tricks"] = 0
    bids[-1]["tricks"] = hand["number"]
    assert [p.code for p in _audit(data).problems] == ["bid.hook"]


def test_without_the_hook_no_note_on_it() -> None:
    data = _game(hands=3)
    _hide(data, 2, 1)
    report = _audit(data)
    assert report.problems == []
    assert not any("hook" in n for n in report.hands[2].notes)
    assert report.hands[2].notes == [
        "seat 1's bid was not logged: the scores that depend on it, and the running totals "
        "from this deal on, are unchecked"
    ]


# --- scores and totals -----------------------------------------------------------------------


def test_the_seat_score_is_unchecked_with_the_reason_and_the_others_checked() -> None:
    data = _game(hands=4)
    _hide(data, 1, 2)
    report = _audit(data)
    assert report.problems == []
    hand = report.hands[1]
    score = _check(hand, "score", 2)
    assert score.status is UNCHECKED and score.computed is None
    assert score.reason == "seat 2's bid was not logged"
    assert score.to_dict()["reason"] == "seat 2's bid was not logged"
    for seat in (0, 1, 3):
        assert _check(hand, "score", seat).status is ClaimStatus.MATCH
        assert "reason" not in _check(hand, "score", seat).to_dict()
    assert all(c.status is ClaimStatus.MATCH for c in hand.claims if c.name == "tricks")
    assert hand.scores is not None and hand.scores[2] is None
    assert "bid not logged" in hand.derivation[2]


def test_the_running_total_is_unknown_from_that_hand_on_and_the_others_go_on() -> None:
    data = _game(hands=4)
    full = _audit(data)
    _hide(data, 1, 2)
    report = _audit(data)
    assert report.hands[0].totals == full.hands[0].totals
    for index in (1, 2, 3):
        totals, before = report.hands[index].totals, full.hands[index].totals
        assert totals is not None and before is not None
        assert totals[2] is None
        assert [t for s, t in enumerate(totals) if s != 2] == [
            t for s, t in enumerate(before) if s != 2
        ]
        total = _check(report.hands[index], "total", 2)
        assert total.status is UNCHECKED
        assert total.reason == (
            "seat 2's bid was not logged in hand 2: the total is unknown from there on"
        )


def test_a_wrong_score_of_another_seat_is_still_a_problem() -> None:
    data = _game(hands=3)
    _hide(data, 1, 2)
    data["hands"][1]["claims"]["scores"][0] += 1
    data["hands"][1]["claims"]["tricks"][3] += 1
    codes = sorted(p.code for p in _audit(data).problems)
    assert codes == ["score.mismatch", "tricks.mismatch"]


def test_the_final_totals_and_the_winners_are_unchecked_with_the_reason() -> None:
    data = _game(seed=3, preset="openspiel")  # one deal: the whole game
    assert data["claims"]["winners"]
    seat = _bids(data["hands"][0])[0]["seat"]
    _hide(data, 0, seat)
    report = _audit(data)
    assert report.problems == []
    assert report.winners is None and report.totals is not None and report.totals[seat] is None
    by_name = {(c.name, c.seat): c for c in report.claims}
    total = by_name[("total", seat)]
    assert total.status is UNCHECKED and total.reason is not None
    assert f"seat {seat}'s bid was not logged" in total.reason
    result = by_name[("result", None)]
    assert result.status is UNCHECKED
    assert result.reason == f"the final total of seat {seat} is unknown: a bid was not logged"


def test_under_teams_the_partner_score_is_unknown_too() -> None:
    data = _game(hands=3, teams=((0, 2), (1, 3)))
    _hide(data, 1, 0)
    report = _audit(data)
    assert report.problems == []
    hand = report.hands[1]
    assert hand.scores is not None
    assert [s is None for s in hand.scores] == [True, False, True, False]
    assert _check(hand, "score", 2).reason == (
        "its team's bid is unknown: seat 0's bid was not logged"
    )
    totals = report.hands[2].totals
    assert totals is not None and totals[0] is None and totals[2] is None
