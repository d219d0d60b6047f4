"""The actions of an Auction Pinochle hand as plain values, for generators and tests.

The engine takes any value with a ``type`` and the fields of the record event of that kind
(``records.pinochle``); the record's own events do as they are. These build them by hand.

``type`` (the record event's kind, the same for every value of a class) is a property.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from replay.actions import Play

__all__ = [
    "Bid",
    "Bury",
    "Concede",
    "Meld",
    "MeldDeclaration",
    "NameTrump",
    "Pass",
    "Play",
    "TakeWidow",
]


@dataclass(frozen=True, slots=True)
class Bid:
    seat: int
    points: int

    @property
    def type(self) -> str:
        return "bid"


@dataclass(frozen=True, slots=True)
class Pass:
    seat: int

    @property
    def type(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class TakeWidow:
    seat: int
    cards: Sequence[str]

    @property
    def type(self) -> str:
        return "widow"


@dataclass(frozen=True, slots=True)
class NameTrump:
    seat: int
    suit: str

    @property
    def type(self) -> str:
        return "trump"


@dataclass(frozen=True, slots=True)
class MeldDeclaration:
    meld: str
    cards: Sequence[str]


@dataclass(frozen=True, slots=True)
class Meld:
    seat: int
    melds: Sequence[MeldDeclaration]

    @property
    def type(self) -> str:
        return "meld"


@dataclass(frozen=True, slots=True)
class Bury:
    seat: int
    cards: Sequence[str]
    announced: bool = False

    @property
    def type(self) -> str:
        return "bury"


@dataclass(frozen=True, slots=True)
class Concede:
    seat: int

    @property
    def type(self) -> str:
        return "concede"
