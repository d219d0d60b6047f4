"""What a game adds to the score sheet (``replay.export.tables``): the values it scores per hand,
each recomputed and claimed. Each game's rules half names its ``Sheet`` (``replay.registry``);
this module holds only the shape, so that a game's module can state it without loading the
writers.
"""

from __future__ import annotations

from typing import Any

from msgspec import Struct

__all__ = ["Scored", "Sheet"]


class Scored(Struct, frozen=True):
    """A value the game scores per hand: recomputed in ``name``, claimed in ``name_claimed``."""

    name: str
    claim: str
    """The claim's name in the replay (``replay.steps.Claim.name``)."""
    computed: str
    """Where replay keeps it when the record makes no claim: an attribute of the hand's
    settlement, or else of its ``HandSettled`` step (a dotted path: ``state.size``)."""
    kind: type = int
    absent: Any = None
    """What a hand played to the end shows when replay found nothing (``none``: no trump)."""
    money: bool = False
    """An amount of money, over the row's ``denominator`` in a sheet that has one."""


class Sheet(Struct, frozen=True):
    """The columns a game adds to the score sheet."""

    bid: tuple[str, str] | None
    """(action type, field) of the seat's bid, or None for a game without bids."""
    scored: tuple[Scored, ...]
    score: str | None
    """The claim holding the hand's score per seat (None: records do not claim it)."""
    total: str | None
    """The claim holding the running total per seat."""
    denominator: bool = False
    """Whether money may be an exact fraction (Bestia under ``pot_rounding = exact``): the sheet
    then has a ``denominator`` column, and every amount of money on a row (its ``money``
    values, its score and total, recomputed and claimed) is an integer over it."""
