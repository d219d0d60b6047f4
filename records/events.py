"""Record events that several games share, written once: each game's ``Action`` union names
them beside its own events (``records.<game>``), so their schema, their struct and their words
in the text notation (``records.formats.text.words``) are the same in every game that has them.
"""

from __future__ import annotations

from typing import Annotated, Literal

from annotated_types import Ge, Le

from records.base import Seat, Strict
from records.limits import MAX_INT


class AuctionWon(Strict):
    """The auction as its result only: who won it and for how much, where the source did not
    log the bids and passes. It stands in place of the whole auction, as the hand's first
    action; a record says it explicitly (a hand without calls is not read as one). Replay
    checks that the declarer may play this hand and that the contract is a bid the rules allow;
    what only the calls would show (their turns, who passed, a duty to open) is unchecked, and
    the hand's notes say so (docs/partial.md)."""

    type: Literal["auction_won"]
    seat: Seat
    """The declarer: the seat that won the auction."""
    contract: Annotated[int, Ge(0), Le(MAX_INT)]
    """The winning bid (where the rules give the hand to a seat at the minimum after the others
    passed, that minimum)."""
