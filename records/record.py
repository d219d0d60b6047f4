"""Any record: the tagged union of every game's record model, discriminated on ``game``.

Adding a game adds its record model to ``Record`` below (and an entry to ``replay.registry``).
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from records.bestia import BestiaRecord
from records.oh_hell import OhHellRecord
from records.pinochle import PinochleRecord

Record = OhHellRecord | PinochleRecord | BestiaRecord
"""Any game's record model (a union once there is more than one game)."""

AnyRecord = Annotated[Record, Field(discriminator="game")]

GAMES: dict[str, type[Record]] = {
    "oh_hell": OhHellRecord,
    "pinochle": PinochleRecord,
    "bestia": BestiaRecord,
}
"""Record model by game id, in the order games are listed."""
