"""A problem code's entry in the catalogue (``records.codes``)."""

from __future__ import annotations

from dataclasses import dataclass

from records.games import GAME_IDS
from records.problems import Kind

ALL = GAME_IDS
"""Every game, in the order they are listed."""
OH_HELL = ("oh_hell",)
PINOCHLE = ("pinochle",)
BESTIA = ("bestia",)
MALFORMED, ILLEGAL, INCONSISTENT = Kind.MALFORMED, Kind.ILLEGAL, Kind.INCONSISTENT


@dataclass(frozen=True, slots=True)
class Code:
    """One problem code as a user meets it."""

    code: str
    kind: Kind
    games: tuple[str, ...]
    """The games whose records can raise it; empty when no record can (see ``note``)."""
    meaning: str
    """What is wrong, in a sentence or two."""
    example: str
    """A message of this code as tricklog prints it."""
    note: str = ""
    """Why some game's records (or any record) cannot raise it, where that needs saying."""

    @property
    def family(self) -> str:
        """The part before the dot: ``play`` of ``play.revoke``."""
        return self.code.split(".", 1)[0]
