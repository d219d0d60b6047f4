"""An auction kept as its result only (``auction_won``: the declarer and the contract,
docs/partial.md), as the games whose auction ends in one judge it.

The result stands in place of every bid and pass, so it comes first or not at all; what only
the calls would show (their turns, who passed, a duty to open, each bid's step over the one
before) is never judged, and the hand's notes say so. Each game adds its own checks of the
declarer and the contract (``replay.engines.<game>.auction.check_auction_won``). Pure, no
pydantic, no I/O.
"""

from __future__ import annotations

from typing import Any

from records.problems import Violation


def order_fault(in_auction: bool, calls: int) -> Violation | None:
    """Why the result cannot stand here: the auction is over (``in_auction`` false), or
    ``calls`` of its bids and passes came first."""
    if not in_auction:
        return Violation("bid.after-auction", "the auction's result after the auction ended")
    if calls:
        return Violation(
            "auction.after-calls",
            f"the auction's result after {calls} of its calls: it stands in place of every bid "
            "and pass",
            actual=calls,
        )
    return None


def describe(game: Any, action: Any) -> str:
    """The call as ``show`` and the score sheet write it."""
    return f"won the auction at {action.contract} (bids and passes not logged)"


def note(declarer: int, contract: int, duty: str = "") -> str:
    """What the result leaves unchecked (docs/partial.md); ``duty`` names a game's duty that
    only the calls show (``, whether the eldest hand opened (...)``)."""
    return (
        f"the auction was logged as its result only (seat {declarer} won it at {contract}): "
        f"the bids and passes, their turns, who passed{duty} and each bid's step over the one "
        "before are unchecked"
    )


def stopped_note(hand: Any, violation: Violation, duty: str = "") -> list[str]:
    """The note of a hand stopped after a result (not where the result itself is at fault: it
    stood for no auction)."""
    if violation.code.startswith(("bid.", "auction.")):
        return []
    won = next((a for a in hand.actions if a.type == "auction_won"), None)
    return [] if won is None else [note(won.seat, won.contract, duty)]
