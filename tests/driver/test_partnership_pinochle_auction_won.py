"""Partnership Pinochle auctions kept as their result only (``auction_won``, docs/partial.md):
the contract must be a bid of the grid, a fault an ``illegal`` problem with the code of the bid
it stands for; the result stands for the whole auction; what only the calls would show is
unchecked and the notes say so; everything after the auction is checked as ever. The checks
Auction Pinochle makes alike are in test_auction_won.py; these are Partnership Pinochle's own."""

from __future__ import annotations

from replay.report import ClaimStatus
from tests.driver.auction_won import PARTNERSHIP_PINOCHLE

_data, _audit, _problems = (
    PARTNERSHIP_PINOCHLE.data,
    PARTNERSHIP_PINOCHLE.audit,
    PARTNERSHIP_PINOCHLE.problems,
)
NOTE = (
    "the auction was logged as its result only (seat 3 won it at 210): the bids and passes, "
    "their turns, who passed and each bid's step over the one before are unchecked"
)


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


def test_any_seat_may_win_at_any_bid_of_the_grid() -> None:
    """A jump to any bid of the grid is legal, and the dealer stuck bids the minimum: the
    result is judged by its contract alone (the claims then differ, and only they)."""
    for seat, contract in ((0, 200), (1, 550), (2, 210)):
        data = _data(big_step_from=500)
        data["hands"][0]["actions"][0].update(seat=seat, contract=contract)
        codes = {p[0] for p in _problems(data)}
        assert not any(code.startswith(("bid.", "auction.")) for code in codes), codes


def test_a_hand_stopped_later_keeps_the_note() -> None:
    data = _data()
    data["hands"][0]["actions"][1]["seat"] = 0  # trump named by a defender
    report = _audit(data)
    assert [p.code for p in report.problems] == ["trump.not-declarer"]
    assert report.hands[0].notes[0] == NOTE
