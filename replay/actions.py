"""The actions every game with a play of the cards shares, as plain values: a card played, a
claim of the remaining tricks, an abandoned hand. Engines take any value with these fields
(record events do); these are the ones engines, generators and tests make themselves. A game's
own actions (bids, melds, exchanges) live with its engine."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Abandon", "Claim", "Play"]

# ``type`` (the record event's kind, the same for every value of a class) is a property.


@dataclass(frozen=True, slots=True)
class Play:
    seat: int
    card: str

    @property
    def type(self) -> str:
        return "play"


@dataclass(frozen=True, slots=True)
class Claim:
    """The seat claims the remaining tricks; ``remaining`` is what each seat would take."""

    seat: int
    remaining: list[int]

    @property
    def type(self) -> str:
        return "claim"


@dataclass(frozen=True, slots=True)
class Abandon:
    reason: str | None = None

    @property
    def type(self) -> str:
        return "abandon"
