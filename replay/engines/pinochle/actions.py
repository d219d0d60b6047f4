"""The actions of an Auction Pinochle hand as plain values, for generators and tests.

The engine takes any value with a ``type`` and the fields of the record event of that kind
(``records.pinochle``); the record's own events do as they are. These build them by hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

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
    type: ClassVar[str] = "bid"
    seat: int
    points: int


@dataclass(frozen=True, slots=True)
class Pass:
    type: ClassVar[str] = "pass"
    seat: int


@dataclass(frozen=True, slots=True)
class TakeWidow:
    type: ClassVar[str] = "widow"
    seat: int
    cards: Sequence[str]


@dataclass(frozen=True, slots=True)
class NameTrump:
    type: ClassVar[str] = "trump"
    seat: int
    suit: str


@dataclass(frozen=True, slots=True)
class MeldDeclaration:
    meld: str
    cards: Sequence[str]


@dataclass(frozen=True, slots=True)
class Meld:
    type: ClassVar[str] = "meld"
    seat: int
    melds: Sequence[MeldDeclaration]


@dataclass(frozen=True, slots=True)
class Bury:
    type: ClassVar[str] = "bury"
    seat: int
    cards: Sequence[str]
    announced: bool = False


@dataclass(frozen=True, slots=True)
class Play:
    type: ClassVar[str] = "play"
    seat: int
    card: str


@dataclass(frozen=True, slots=True)
class Concede:
    type: ClassVar[str] = "concede"
    seat: int
