"""The games tricklog knows, found by their id.

Adding a game means one engine module, one referee, one generator, one records module and one
entry here (plus its model in ``records.record``).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from records.record import Record
from replay.generators import oh_hell as oh_hell_generator
from replay.referees import oh_hell as oh_hell_referee
from replay.report import RecordReport

Referee = Callable[[Any, RecordReport], None]


@dataclass(frozen=True)
class Game:
    id: str
    title: str
    referee: Callable[..., None]
    """``referee(record, report, audit=bool)`` fills the report."""
    generate: Callable[..., Record]
    """``generate(rng, **options)`` makes a random legal record."""
    presets: tuple[str, ...]


GAMES: dict[str, Game] = {
    "oh_hell": Game(
        "oh_hell",
        "Oh Hell (Blackout)",
        oh_hell_referee.referee,
        oh_hell_generator.generate,
        tuple(oh_hell_generator.PRESETS),
    ),
}


def game(game_id: str) -> Game:
    return GAMES[game_id]


def new_rng(seed: int) -> random.Random:
    return random.Random(seed)
