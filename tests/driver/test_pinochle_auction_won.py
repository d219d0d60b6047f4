"""Pinochle auctions kept as their result only (``auction_won``, docs/partial.md): the
declarer must play the hand and the contract be a bid the rules allow, each fault an
``illegal`` problem with the code of the bid it stands for; what only the calls would show is
unchecked and the notes say so; everything after the auction is checked as ever."""

from __future__ import annotations

import json
from typing import Any

import pytest

from records.parse import parse
from records.pinochle import preset
from replay.check import check_bytes, steps
from replay.engines import pinochle as engine
from replay.referees.pinochle import GAME
from replay.report import ClaimStatus, RecordReport
from replay.steps import HandSettled
from tests.conftest import FIXTURES

BASE = FIXTURES / "pinochle/valid/double-pinochle-spades-made.json"
"""Seat 1 wins at 340 after five calls (actions 0-4); the widow is action 5."""
RESULT = {"type": "auction_won", "seat": 1, "contract": 340}


def _data(**rules: Any) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(BASE.read_text())
    hand = data["hands"][0]
    hand["actions"] = [dict(RESULT), *hand["actions"][5:]]
    data["rules"].update(rules)
    return data


def _audit(data: dict[str, Any]) -> RecordReport:
    return check_bytes(json.dumps(data).encode(), audit=True)


def _problems(data: dict[str, Any]) -> list[tuple[str, str, str]]:
    return [(p.code, p.pointer, p.message) for p in _audit(data).problems]


def test_the_result_in_place_of_the_calls_audits_clean_and_the_notes_say_what_went_unchecked() -> (
    None
):
    report = _audit(_data())
    assert report.problems == []
    hand = report.hands[0]
    assert hand.status.value == "complete"
    assert hand.calls[0] == (1, "won the auction at 340 (bids and passes not logged)")
    assert hand.notes[0] == (
        "the auction was logged as its result only (seat 1 won it at 340): the bids and "
        "passes, their turns, who passed and each bid's step over the one before are unchecked"
    )
    assert hand.derivation[0] == "declarer seat 1, contract 340 (the auction's result as logged)"
    claims = {c.name: c for c in hand.claims if c.seat is None}
    assert claims["declarer"].status is ClaimStatus.MATCH
    assert claims["contract"].status is ClaimStatus.MATCH


def test_a_claim_that_differs_from_the_result_is_still_a_mismatch() -> None:
    data = _data()
    data["hands"][0]["claims"]["declarer"] = 2
    assert [p[0] for p in _problems(data)] == ["declarer.mismatch"]


def test_under_eldest_forced_the_note_names_the_duty_to_open() -> None:
    report = _audit(_data(no_bid_rule="eldest_forced"))
    assert report.problems == []
    assert (
        "whether the eldest hand opened (no_bid_rule = eldest_forced)" in report.hands[0].notes[0]
    )


@pytest.mark.parametrize(
    ("change", "code", "message"),
    [
        ({"seat": 0}, "bid.sitting-out", "seat 0 sits out this hand and cannot win the auction"),
        ({"contract": 290}, "bid.below-minimum", "contract 290 is below the minimum 300"),
        ({"contract": 345}, "bid.step", "contract 345 breaks the step rule (multiple_of_10)"),
    ],
)
def test_a_result_the_rules_forbid_is_one_illegal_problem(
    change: dict[str, Any], code: str, message: str
) -> None:
    data = _data()
    data["hands"][0]["actions"][0].update(change)
    report = _audit(data)
    assert [(p.code, p.kind.value, p.pointer, p.message) for p in report.problems] == [
        (code, "illegal", "/hands/0/actions/0", message)
    ]
    assert report.hands[0].status.value == "stopped"
    assert report.hands[0].notes == []  # the result itself is at fault: it stood for no auction


def test_a_forbidden_ending_is_one_problem() -> None:
    data = _data(forbidden_bid_endings=[40, 90])
    assert [p[:2] for p in _problems(data)] == [("bid.forbidden-ending", "/hands/0/actions/0")]


def test_under_exactly_plus_10_the_contract_must_be_on_the_climb() -> None:
    assert _problems(_data(bid_step_rule="exactly_plus_10")) == []
    data = _data(bid_step_rule="exactly_plus_10", forbidden_bid_endings=[20])
    assert _problems(data) == [
        (
            "bid.step",
            "/hands/0/actions/0",
            "contract 340 cannot be reached by 10 a bid from the minimum 300 (exactly_plus_10): "
            "bids ending in 20 are not allowed",
        )
    ]


def test_under_last_forced_the_minimum_is_a_result_even_off_the_step() -> None:
    rules = preset("default", no_bid_rule="last_forced", min_bid=305, payment_table={300: 3})
    assert engine.auction.contract_fault(rules, 305) is None
    fault = engine.auction.contract_fault(rules, 315)
    assert fault is not None and fault.code == "bid.step"
    redeal = preset("default", min_bid=305, payment_table={300: 3})
    fault = engine.auction.contract_fault(redeal, 305)  # someone had to bid it: off the step
    assert fault is not None and fault.code == "bid.step"


def test_the_result_after_some_calls_is_auction_after_calls() -> None:
    data = _data()
    data["hands"][0]["actions"][0:0] = [
        {"type": "bid", "seat": 1, "points": 300},
        {"type": "bid", "seat": 2, "points": 310},
    ]
    assert _problems(data) == [
        (
            "auction.after-calls",
            "/hands/0/actions/2",
            "the auction's result after 2 of its calls: it stands in place of every bid and pass",
        )
    ]


def test_a_call_or_a_second_result_after_the_result_is_bid_after_auction() -> None:
    for late in ({"type": "pass", "seat": 2}, dict(RESULT)):
        data = _data()
        data["hands"][0]["actions"].insert(1, late)
        assert [p[:2] for p in _problems(data)] == [("bid.after-auction", "/hands/0/actions/1")]


def test_a_hand_without_calls_is_not_read_as_an_auction_won() -> None:
    data = _data()
    del data["hands"][0]["actions"][0]
    assert [p[:2] for p in _problems(data)] == [("widow.out-of-phase", "/hands/0/actions/0")]


def test_a_hand_stopped_later_keeps_the_note() -> None:
    data = _data()
    actions = data["hands"][0]["actions"]
    actions[1]["seat"] = 2  # the widow taken by another seat
    report = _audit(data)
    assert [p.code for p in report.problems] == ["widow.not-declarer"]
    assert report.hands[0].notes[0].startswith("the auction was logged as its result only")


def test_the_summary_counts_auctions_won_and_contracts_but_no_bids() -> None:
    full = _counters(json.loads(BASE.read_text()))
    partial = _counters(_data())
    assert full[1]["bids"] == 2 and full[2]["bids"] == 1
    assert all("bids" not in seat and "bid_points" not in seat for seat in partial)
    for key in ("auctions_won", "contract_points", "contracts", "contracts_made", "meld"):
        assert partial[1][key] == full[1][key], key


def _counters(data: dict[str, Any]) -> Any:
    record = parse(json.dumps(data).encode())
    settled = [s for s in steps(record, audit=True) if isinstance(s, HandSettled)]
    assert GAME.stats is not None
    return GAME.stats.read(settled[0])
