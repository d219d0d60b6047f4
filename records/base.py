"""The base of every record model: strictness, the extension point and shared field types.

Every model forbids unknown keys, so a typo (``"delaer"``) is a malformed record rather than a
silently dropped field. What a source system wants to carry beyond the format goes into an
``extensions`` object, which any model that allows it declares explicitly; tricklog never reads
it and writes it back unchanged.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Any, Literal

from annotated_types import Ge, Le
from pydantic import BaseModel, ConfigDict, Field

from records.limits import MAX_INT, Text
from records.strict_json import StrictJson

FORMAT_VERSION = 1
"""The record format version these models read and write."""

Seat = Annotated[int, Ge(0), Le(9)]
"""A seat index. Seats are numbered 0, 1, 2, ... in the game's direction of play."""

Count = Annotated[int, Ge(0), Le(MAX_INT)]

Extensions = Annotated[
    dict[str, Any] | None,
    Field(
        description=(
            "Free-form data of the source system. tricklog keeps it as it is and never reads it; "
            "this is the only place where keys outside the format are allowed."
        )
    ),
    StrictJson(),
]


class Strict(BaseModel):
    """Base model: unknown keys are an error; field docstrings become schema descriptions.

    Strict: no coercion, so ``"4"``, ``4.0`` or ``true`` is not the integer 4, exactly as in the
    msgspec decoder generated from these models (``records/structs.py``).
    """

    model_config = ConfigDict(
        extra="forbid",
        strict=True,
        use_attribute_docstrings=True,
        frozen=True,
        validate_default=False,
        ser_json_inf_nan="strings",
    )


class Player(Strict):
    """A player at the table."""

    seat: Seat
    """The seat this player occupies for the whole record."""
    name: Text
    """The player's name or handle as the source gives it."""
    id: Text | None = None
    """A stable identifier of the player in the source system, if any."""


class Metadata(Strict):
    """Where and when the game was played. Every field is optional and only informative."""

    event: Text | None = None
    """Tournament, league or session name."""
    site: Text | None = None
    """Club, card room or server."""
    date: Text | None = None
    """Date of play, ISO 8601 (``2026-11-30``) where known."""
    table: Text | None = None
    """Table name or number within the event."""
    source: Text | None = None
    """The system or person that produced the log."""


class HandBase(Strict):
    """What every hand has, whatever the game; each game's ``Hand`` types the rest."""

    number: Annotated[int, Ge(1), Le(MAX_INT)]
    """Position of the hand in the game or sitting, from 1."""
    dealer: Seat
    deal: object
    actions: Sequence[object]
    claims: object | None = None
    extensions: Extensions = None


class RecordBase(Strict):
    """What every record has, whatever the game; each game's record types the rest."""

    format_version: Annotated[Literal[1], StrictJson()]
    """Version of the tricklog record format."""
    game: str
    id: Text
    """Identifier of this record (a game or a sitting), unique within its archive."""
    rules: object
    players: list[Player]
    meta: Metadata | None = None
    hands: Sequence[object]
    in_progress: bool = False
    """True while the game is being played, as a table or a scorer writes it: the last hand
    may stop where play stands, every action so far checked, and is reported as in progress
    (not ``hand.incomplete``), any claims of it unchecked. Every other hand must be played
    out. Left out (false) once the game is over."""
    claims: object | None = None
    extensions: Extensions = None
