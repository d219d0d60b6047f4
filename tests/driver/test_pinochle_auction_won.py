"""Pinochle auctions kept as their result only (``auction_won``, docs/partial.md): the
declarer must play the hand and the contract be a bid the rules allow, each fault an
``illegal`` problem with the code of the bid it stands for; what only the calls would show is
unchecked and the notes say so; everything after the auction is checked as ever. The checks
Partnership Pinochle makes alike are in test_auction_won.py; these are Auction Pinochle's own."""

from __future__ import annotations

from records.pinochle import preset
from replay.engines import pinochle as engine
from replay.report import ClaimStatus
from tests.driver.auction_won import PINOCHLE

_data, _audit, _problems = PINOCHLE.data, PINOCHLE.audit, PINOCHLE.problems


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


def test_under_eldest_forced_the_note_names_the_duty_to_open() -> None:
    report = _audit(_data(no_bid_rule="eldest_forced"))
    assert report.problems == []
    assert (
        "whether the eldest hand opened (no_bid_rule = eldest_forced)" in report.hands[0].notes[0]
    )


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


def test_a_hand_stopped_later_keeps_the_note() -> None:
    data = _data()
    actions = data["hands"][0]["actions"]
    actions[1]["seat"] = 2  # the widow taken by another seat
    report = _audit(data)
    assert [p.code for p in report.problems] == ["widow.not-declarer"]
    assert report.hands[0].notes[0].startswith("the auction was logged as its result only")
