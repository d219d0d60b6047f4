"""Any record: the tagged union of every registered game's record model, discriminated on
``game``.

The union is a view over ``records.games``: each game's format half names its model, so adding a
game adds nothing here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Union

from pydantic import Field

from records.games import formats

if TYPE_CHECKING:
    from records.base import RecordBase as Record  # every game's record is one
else:
    Record = Union[tuple(game.record for game in formats())]  # noqa: UP007 (built at run time)
    """Any game's record model."""

AnyRecord = Annotated[Record, Field(discriminator="game")]

__all__ = ["GAMES", "AnyRecord", "Record"]

GAMES: dict[str, Any] = {game.id: game.record for game in formats()}
"""Record model by game id, in the order games are listed."""
