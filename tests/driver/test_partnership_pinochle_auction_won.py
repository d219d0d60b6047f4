"""Partnership Pinochle auctions kept as their result only (``auction_won``, docs/partial.md):
the contract must be a bid of the grid, a fault an ``illegal`` problem with the code of the bid
it stands for; the result stands for the whole auction; what only the calls would show is
unchecked and the notes say so; everything after the auction is checked as ever."""

from __future__ import annotations

import json
from typing import Any

import pytest

from records.parse import parse
from replay.check import check_bytes, steps
from replay.referees.partnership_pinochle import GAME
from replay.report import ClaimStatus, RecordReport
from replay.steps import HandSettled
from tests.conftest import FIXTURES

BASE = FIXTURES / "partnership_pinochle/valid/pass3-bid-made.json"
"""Seat 3 wins at 210 after five calls (actions 0-4); trump is action 5."""
RESULT = {"type": "auction_won", "seat": 3, "contract": 210}
NOTE = (
    "the auction was logged as its result only (seat 3 won it at 210): the bids and passes, "
    "their turns, who passed and each bid's step over the one before are unchecked"
)


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


def test_the_result_in_place_of_the_calls_audits_clean_with_a_note() -> None:
    report = _audit(_data())
    assert report.problems == []
    hand = report.hands[0]
    assert hand.status.value == "complete"
    assert hand.calls[0] == (3, "won the auction at 210 (bids and passes not logged)")
    assert hand.notes[0] == NOTE
    assert hand.derivation[0] == "bidder seat 3, bid 210 (the auction's result as logged)"
    claims = {c.name: c for c in hand.claims if c.seat is None}
    assert claims["declarer"].status is ClaimStatus.MATCH
    assert claims["contract"].status is ClaimStatus.MATCH
    assert all(c.status is ClaimStatus.MATCH for c in hand.claims)


def test_a_claim_that_differs_from_the_result_is_still_a_mismatch() -> None:
    data = _data()
    data["hands"][0]["claims"]["contract"] = 220
    assert [p[0] for p in _problems(data)] == ["contract.mismatch"]


@pytest.mark.parametrize(
    ("change", "rules", "code", "message"),
    [
        ({"contract": 190}, {}, "bid.below-minimum", "contract 190 is below the minimum 200"),
        (
            {"contract": 215},
            {},
            "bid.step",
            "contract 215 is not a step of the bidding (from 200 by 10)",
        ),
        (
            {"contract": 520},
            {"big_step_from": 500},
            "bid.step",
            "contract 520 is not a step of the bidding (from 200 by 10 up to 500, 50 from there)",
        ),
    ],
)
def test_a_contract_off_the_grid_is_one_illegal_problem(
    change: dict[str, Any], rules: dict[str, Any], code: str, message: str
) -> None:
    data = _data(**rules)
    data["hands"][0]["actions"][0].update(change)
    report = _audit(data)
    assert [(p.code, p.kind.value, p.pointer, p.message) for p in report.problems] == [
        (code, "illegal", "/hands/0/actions/0", message)
    ]
    assert report.hands[0].status.value == "stopped"
    assert report.hands[0].notes == []  # the result itself is at fault: it stood for no auction


def test_any_seat_may_win_at_any_bid_of_the_grid() -> None:
    """A jump to any bid of the grid is legal, and the dealer stuck bids the minimum: the
    result is judged by its contract alone (the claims then differ, and only they)."""
    for seat, contract in ((0, 200), (1, 550), (2, 210)):
        data = _data(big_step_from=500)
        data["hands"][0]["actions"][0].update(seat=seat, contract=contract)
        codes = {p[0] for p in _problems(data)}
        assert not any(code.startswith(("bid.", "auction.")) for code in codes), codes


def test_the_result_after_some_calls_is_auction_after_calls() -> None:
    data = _data()
    data["hands"][0]["actions"][0:0] = [{"type": "pass", "seat": 1}]
    assert _problems(data) == [
        (
            "auction.after-calls",
            "/hands/0/actions/1",
            "the auction's result after 1 of its calls: it stands in place of every bid and pass",
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
    assert [p[:2] for p in _problems(data)] == [("trump.out-of-order", "/hands/0/actions/0")]


def test_a_hand_stopped_later_keeps_the_note() -> None:
    data = _data()
    data["hands"][0]["actions"][1]["seat"] = 0  # trump named by a defender
    report = _audit(data)
    assert [p.code for p in report.problems] == ["trump.not-declarer"]
    assert report.hands[0].notes[0] == NOTE


def test_the_summary_counts_auctions_won_and_contracts_but_no_bids() -> None:
    full = _counters(json.loads(BASE.read_text()))
    partial = _counters(_data())
    assert full[2]["bids"] == 1 and full[3]["bids"] == 1
    assert all("bids" not in seat and "bid_points" not in seat for seat in partial)
    for key in ("auctions_won", "contract_points", "contracts_made", "meld", "tricks"):
        assert partial[3][key] == full[3][key], key


def _counters(data: dict[str, Any]) -> Any:
    record = parse(json.dumps(data).encode())
    settled = [s for s in steps(record, audit=True) if isinstance(s, HandSettled)]
    assert GAME.stats is not None
    return GAME.stats.read(settled[0])
