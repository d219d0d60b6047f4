"""The auction of Partnership Pinochle (pagat.com): from the dealer's left, clockwise; each call a
bid above the high bid or a pass, and a pass is final; the auction ends when three have passed
after a bid. When all four pass the dealer is stuck with the minimum (``dealer_stuck``) or the
hand is void (``redeal``).

Bids stand on a grid: the minimum plus multiples of ``bid_step``, and from ``big_step_from`` on
that bid plus multiples of ``big_step``; a jump to any higher bid of the grid is allowed. Part of
the engine in ``replay.engines.partnership_pinochle``; pure, no pydantic, no I/O.

A record may keep the auction as its result only (``auction_won``: the bidder and the bid,
docs/partial.md; ``replay.engines.auction_result``). It comes first or not at all, and its
contract must be a bid of the grid: any bid of the grid may open, and the dealer stuck after
four passes bids the minimum, so a contract of the grid is reached by some auction whoever won
it. What only the calls would show is not judged: their turns, who passed, whether the dealer
was stuck.
"""

from __future__ import annotations

from typing import Any

from records.problems import Violation
from records.rules.partnership_pinochle import PartnershipPinochleRules
from replay.engines import auction_result
from replay.engines.partnership_pinochle.state import AFTER, AUCTION, TRUMP, VOID, State, Table

LEGAL_STEPS_ABOVE = 20
"""``legal_calls`` offers bids up to this many steps over the minimum or the high bid."""


def check_call(state: State, seat: int, bid: int | None) -> Violation | None:
    """Whether ``seat`` may bid ``bid`` (None: pass) now."""
    if state.phase is not AUCTION:
        return Violation("bid.after-auction", f"seat {seat} called after the auction ended")
    if seat in state.passed:
        return Violation("bid.after-pass", f"seat {seat} passed earlier; a pass is final")
    if seat != state.turn:
        return Violation(
            "bid.out-of-turn", f"seat {seat} called out of turn", expected=state.turn, actual=seat
        )
    return None if bid is None else check_amount(state.rules, state.high, bid)


def is_on_grid(rules: PartnershipPinochleRules, bid: int) -> bool:
    """Whether ``bid`` is a bid the steps allow (a bid at or above the minimum)."""
    big = rules.big_step_from
    if big is not None and bid >= big:
        return (bid - big) % rules.big_step == 0
    return (bid - rules.min_bid) % rules.bid_step == 0


def check_amount(
    rules: PartnershipPinochleRules, high: int | None, bid: int, what: str = "bid"
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
        return Violation("bid.not-higher", f"bid {bid} does not beat {high}", actual=bid)
    if not is_on_grid(rules, bid):
        step = rules.bid_step
        if rules.big_step_from is not None:
            step_words = f"{step} up to {rules.big_step_from}, {rules.big_step} from there"
        else:
            step_words = str(step)
        return Violation(
            "bid.step",
            f"{what} {bid} is not a step of the bidding (from {rules.min_bid} by {step_words})",
            actual=bid,
        )
    return None


def next_bids(rules: PartnershipPinochleRules, high: int | None, count: int) -> list[int]:
    """The ``count`` lowest bids of the grid above ``high`` (from the minimum)."""
    bid = rules.min_bid
    found: list[int] = []
    while len(found) < count:
        if (high is None or bid > high) and is_on_grid(rules, bid):
            found.append(bid)
        big = rules.big_step_from
        if big is not None and bid >= big:
            bid += rules.big_step
        elif big is not None and bid + rules.bid_step > big:
            bid = big
        else:
            bid += rules.bid_step
    return found


def legal_calls(state: State) -> list[int | None]:
    """The lowest ``LEGAL_STEPS_ABOVE`` legal bids, lowest first, then None for the pass."""
    if state.phase is not AUCTION:
        return []
    calls: list[int | None] = list(next_bids(state.rules, state.high, LEGAL_STEPS_ABOVE))
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
    if len(passed) == 4:
        if state.rules.all_pass == "redeal":
            state.phase = VOID
        else:  # the dealer is stuck with the minimum
            state.stuck = True
            _end_auction(state, state.dealer, state.rules.min_bid)
    elif len(passed) == 3 and state.high is not None:
        _end_auction(state, next(s for s in range(4) if s not in passed), state.high)
    else:
        seat = AFTER[seat]
        while seat in passed:
            seat = AFTER[seat]
        state.turn = seat


def _end_auction(state: State, declarer: int, contract: int) -> None:
    state.declarer = state.turn = declarer
    state.contract = contract
    state.phase = TRUMP


# --- the record's events ---------------------------------------------------------------------


def check_auction_won(state: State, action: Any) -> Violation | None:
    """The auction's result in place of its calls (``auction_won``): first in the hand
    (``auction_result.order_fault``), at a contract of the grid (any seat may win: all four
    play every hand)."""
    fault = auction_result.order_fault(state.phase is AUCTION, len(state.calls))
    if fault is not None:
        return fault
    return check_amount(state.rules, None, action.contract, "contract")


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
