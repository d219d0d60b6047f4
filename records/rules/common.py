"""Rules values every game has, in the same words: how the deal passes from hand to hand."""

from __future__ import annotations

from typing import Annotated, Literal

from annotated_types import Ge, Le, MaxLen, MinLen

from records.limits import MAX_HANDS

__all__ = ["ROTATION", "DealerOrder"]

ROTATION = "rotation"
"""The default ``dealer_order``: the game's own rotation."""

DealerOrder = (
    Literal["rotation", "as_recorded"]
    | Annotated[tuple[Annotated[int, Ge(0), Le(9)], ...], MinLen(1), MaxLen(MAX_HANDS)]
)
"""Who deals each hand: ``rotation``, one seat on per hand in the game's direction of play (the
default); ``as_recorded``, whoever the record says (a log whose program chose its dealers some
other way, the order not known); or the seats themselves, one per hand by hand number
(``[0, 3, 2, 1]``: seat 0 deals hand 1, seat 3 hand 2 ...), as a harness that picks each hand's
dealer by its own rule writes them down."""


def dealer_of(order: DealerOrder, number: int, first: int, seats: int) -> int:
    """The dealer of hand ``number`` (from 1) under ``order`` where, deal passing one seat on in
    the direction of play, hand 1's dealer is ``first``: a dealer list's own seat, else the
    rotation (the order a generator plays ``as_recorded`` in). Past a list's end, the rotation
    from its last dealer.

    >>> [dealer_of("rotation", n, 2, 4) for n in (1, 2, 3)]
    [2, 3, 0]
    >>> [dealer_of((0, 3, 2), n, 1, 4) for n in (1, 2, 3, 4)]
    [0, 3, 2, 3]
    """
    if isinstance(order, tuple):
        if number <= len(order):
            return order[number - 1]
        return (order[-1] + number - len(order)) % seats
    return (first + number - 1) % seats
