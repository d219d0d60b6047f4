"""Problems are values: what is wrong with a record, where, and by how much.

Three kinds:

* ``malformed`` -- the text does not parse, or does not fit the schema;
* ``illegal`` -- an action or deal the rules forbid in the replayed state;
* ``inconsistent`` -- a recorded claim (tricks, scores, payments) that differs from the
  recomputed value.

Each problem has a stable dotted code (``play.revoke``), a JSON Pointer into the record, a message
a person understands, where it applies the hand number, trick number and seat, and the expected
and actual values. Problems are collected, never raised.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from msgspec import Struct


class Kind(StrEnum):
    MALFORMED = "malformed"
    ILLEGAL = "illegal"
    INCONSISTENT = "inconsistent"


class Problem(Struct, frozen=True):
    """One thing wrong with a record."""

    code: str
    kind: Kind
    message: str
    pointer: str = ""
    """JSON Pointer (RFC 6901) into the record; empty for the record as a whole."""
    hand: int | None = None
    """The hand's number as recorded (not its index)."""
    trick: int | None = None
    """Trick number within the hand, from 1."""
    seat: int | None = None
    expected: Any = None
    actual: Any = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "code": self.code,
            "kind": self.kind.value,
            "message": self.message,
            "pointer": self.pointer,
        }
        for key in ("hand", "trick", "seat", "expected", "actual"):
            value = getattr(self, key)
            if value is not None:
                out[key] = value
        return out

    def where(self) -> str:
        """``hand 3, trick 2, seat 1`` -- the parts that apply."""
        parts = [
            f"{name} {value}"
            for name, value in (("hand", self.hand), ("trick", self.trick), ("seat", self.seat))
            if value is not None
        ]
        return ", ".join(parts)


class Violation(Struct, frozen=True):
    """What a rules engine says about an action it refuses: the problem without its place.

    The engines know nothing of records, so they return this; the referee adds the pointer,
    hand, trick and seat.
    """

    code: str
    message: str
    expected: Any = None
    actual: Any = None
    path: tuple[str | int, ...] = ()
    """Where inside the action the fault lies (``("melds", 2)``); empty for the whole action."""
    action: int | None = None
    """The position in the hand of an earlier action at fault (a burial found wrong at the
    first lead); None when the fault is the action being checked."""


def pointer(*parts: str | int) -> str:
    """Build a JSON Pointer, escaping ``~`` and ``/`` as RFC 6901 says."""
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in parts)
