"""The games tricklog knows, found by their id.

Adding a game means one engine module, one referee, one generator, one records module and one
entry here (plus its model in ``records.record``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from records.cards import FRENCH_52, ITALIAN_40, PINOCHLE_48, Deck
from records.record import Record
from replay.generators import bestia as bestia_generator
from replay.generators import oh_hell as oh_hell_generator
from replay.generators import pinochle as pinochle_generator
from replay.referees import bestia as bestia_referee
from replay.referees import oh_hell as oh_hell_referee
from replay.referees import pinochle as pinochle_referee


@dataclass(frozen=True)
class Game:
    id: str
    title: str
    referee: Callable[..., None]
    """``referee(record, report, audit=bool)`` fills the report."""
    generate: Callable[..., Record]
    """``generate(rng, **options)`` makes a random legal record."""
    presets: tuple[str, ...]
    deck: Deck | None = None
    """The deck, for showing cards; None shows the notation as it is."""


GAMES: dict[str, Game] = {
    "oh_hell": Game(
        "oh_hell",
        "Oh Hell (Blackout)",
        oh_hell_referee.referee,
        oh_hell_generator.generate,
        tuple(oh_hell_generator.PRESETS),
        FRENCH_52,
    ),
    "pinochle": Game(
        "pinochle",
        "Auction Pinochle (three-handed)",
        pinochle_referee.referee,
        pinochle_generator.generate,
        tuple(pinochle_generator.PRESETS),
        PINOCHLE_48,
    ),
    "bestia": Game(
        "bestia",
        "Bestia",
        bestia_referee.referee,
        bestia_generator.generate,
        tuple(bestia_generator.PRESETS),
        ITALIAN_40,
    ),
}
