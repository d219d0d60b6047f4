"""The auction of Auction Pinochle (docs/pinochle.md): bids and passes in turn from
the eldest hand, a pass is final, and the auction ends when two players have passed.

Q-PIN-1: if all three pass the hand is void (``redeal``); ``eldest_forced`` and ``last_forced``
are selectable. Q-PIN-2: any higher multiple of 10 may be bid; ``exactly_plus_10`` means the
opening bid is the minimum and each later bid adds exactly 10. Part of the engine in
``replay.engines.pinochle``; pure, no pydantic, no I/O.

A record may keep the auction as its result only (``auction_won``: the declarer and the
contract, docs/partial.md). It stands in place of every call, so it comes first or not at all;
the declarer must play this hand and the contract must be a bid the rules allow (the minimum,
or a higher bid by the step rule, not a forbidden ending; or the minimum itself under
``last_forced``, where the last seat may win without bidding). What only the calls would show
is not judged: their turns, who passed, the eldest hand's duty to open.
"""

from __future__ import annotations

from typing import Any

from records.problems import Violation
from records.rules.pinochle import PinochleRules
from replay.engines import auction_result
from replay.engines.pinochle.state import AUCTION, VOID, WIDOW, State, Table

LEGAL_BIDS_ABOVE = 200
"""``legal_calls`` offers bids up to this many points over the minimum or the high bid."""


def check_call(state: State, seat: int, bid: int | None) -> Violation | None:
    """Whether ``seat`` may bid ``bid`` (None: pass) now."""
    if state.phase is not AUCTION:
        return Violation("bid.after-auction", f"seat {seat} called after the auction ended")
    if seat not in state.active:
        return Violation("bid.sitting-out", f"seat {seat} sits out this hand and cannot bid")
    if seat in state.passed:
        return Violation("bid.after-pass", f"seat {seat} passed earlier; a pass is final")
    if seat != state.turn:
        return Violation(
            "bid.out-of-turn", f"seat {seat} called out of turn", expected=state.turn, actual=seat
        )
    if bid is None:
        if state.rules.no_bid_rule == "eldest_forced" and not state.calls:
            return Violation(
                "bid.eldest-must-open",
                f"the eldest hand must open at {state.rules.min_bid} or more (eldest_forced)",
            )
        return None
    return _check_amount(state.rules, state.high, bid)


def _check_amount(
    rules: PinochleRules, high: int | None, bid: int, what: str = "bid"
) -> Violation | None:
    """Whether ``bid`` may be bid over ``high`` (None: it opens); ``what`` names it in the
    message (a ``contract``)."""
    if bid < rules.min_bid:
        return Violation(
            "bid.below-minimum",
            f"{what} {bid} is below the minimum {rules.min_bid}",
            expected=rules.min_bid,
            actual=bid,
        )
    if high is not None and bid <= high:
        return Violation(
            "bid.not-higher", f"bid {bid} does not beat {high}", expected=high + 10, actual=bid
        )
    step = rules.min_bid if high is None else high + 10
    if bid % 10 or (rules.bid_step_rule == "exactly_plus_10" and bid != step):
        expect = step if rules.bid_step_rule == "exactly_plus_10" else "a multiple of 10"
        return Violation(
            "bid.step", f"{what} {bid} breaks the step rule ({rules.bid_step_rule})", expect, bid
        )
    if bid % 100 in rules.forbidden_bid_endings:
        return Violation(
            "bid.forbidden-ending",
            f"bids ending in {bid % 100} are not allowed",
            actual=bid,
        )
    return None


def contract_fault(rules: PinochleRules, contract: int) -> Violation | None:
    """Why no auction under ``rules`` ends at ``contract``, or None.

    A contract is the last bid made, so it is judged as a bid (``_check_amount``): as an
    opening under ``multiple_of_10``; under ``exactly_plus_10`` as the end of the climb from
    the minimum by 10 a bid, each of them a bid the rules allow (a forbidden ending on the
    way cuts the climb off: the ten endings repeat, so ten steps show every one). Under
    ``last_forced`` the last seat may win at the minimum without bidding it."""
    if contract == rules.min_bid and rules.no_bid_rule == "last_forced":
        return None
    if rules.bid_step_rule != "exactly_plus_10" or contract <= rules.min_bid:
        return _check_amount(rules, None, contract, "contract")
    high = None
    for bid in range(rules.min_bid, min(contract, rules.min_bid + 100), 10):
        fault = _check_amount(rules, high, bid)
        if fault is not None:
            return Violation(
                "bid.step",
                f"contract {contract} cannot be reached by 10 a bid from the minimum "
                f"{rules.min_bid} ({rules.bid_step_rule}): {fault.message}",
                actual=contract,
            )
        high = bid
    off = (contract - rules.min_bid) % 10
    return _check_amount(rules, contract - (off or 10), contract, "contract")


def legal_calls(state: State) -> list[int | None]:
    """Every legal call up to ``LEGAL_BIDS_ABOVE`` points over the minimum or the high bid,
    lowest first, then None for a pass if one is allowed."""
    if state.phase is not AUCTION:
        return []
    top = max(state.high or 0, state.rules.min_bid) + LEGAL_BIDS_ABOVE
    bids = range(state.rules.min_bid, top + 1, 10)
    calls: list[int | None] = [b for b in bids if _check_amount(state.rules, state.high, b) is None]
    if check_call(state, state.turn, None) is None:
        calls.append(None)
    return calls


def apply_call(state: State, bid: int | None) -> None:
    """Record the call of the seat to move (checked)."""
    seat, passed = state.turn, state.passed
    state.calls.append((seat, bid))
    state.applied += 1
    if bid is None:
        passed.append(seat)
    else:
        state.high = bid
    if len(passed) == 3:
        state.phase = VOID
    elif len(passed) == 2 and (state.high is not None or state.rules.no_bid_rule == "last_forced"):
        left = next(s for s in state.active if s not in passed)
        _end_auction(state, left, state.high or state.rules.min_bid)
    else:  # the next seat that has not passed
        after = state.after
        seat = after[seat]
        while seat in passed:
            seat = after[seat]
        state.turn = seat


def _end_auction(state: State, declarer: int, contract: int) -> None:
    state.declarer = state.turn = declarer
    state.contract = contract
    state.phase = WIDOW


# --- the record's events ---------------------------------------------------------------------


def check_auction_won(state: State, action: Any) -> Violation | None:
    """The auction's result in place of its calls (``auction_won``): first in the hand
    (``auction_result.order_fault``), won by a seat that plays it, at a contract the rules allow
    (``contract_fault``)."""
    seat = action.seat
    fault = auction_result.order_fault(state.phase is AUCTION, len(state.calls))
    if fault is not None:
        return fault
    if seat not in state.active:
        return Violation(
            "bid.sitting-out", f"seat {seat} sits out this hand and cannot win the auction"
        )
    return contract_fault(state.rules, action.contract)


def apply_auction_won(state: State, action: Any) -> None:
    state.result_only = True
    state.applied += 1
    _end_auction(state, action.seat, action.contract)


describe_auction_won = auction_result.describe


def check_bid(state: State, action: Any) -> Violation | None:
    return check_call(state, action.seat, action.points)


def apply_bid(state: State, action: Any) -> None:
    apply_call(state, action.points)


def describe_bid(game: Table, action: Any) -> str:
    return f"bid {action.points}"


def check_pass(state: State, action: Any) -> Violation | None:
    return check_call(state, action.seat, None)


def apply_pass(state: State, action: Any) -> None:
    apply_call(state, None)


def describe_pass(game: Table, action: Any) -> str:
    return "pass"
