"""The games tricklog knows: one entry each, found by the record's ``game`` id.

Adding a game means one records module (its pydantic models), one rules module
(``records/rules/<game>.py``), one engine (``replay/engines/<game>.py`` or a package), one
referee (``replay/referees/<game>.py``), a generator, and one ``Game`` line below. Entries name
their parts by import path and load them on first use, so that a command that needs no game
(``tricklog --help``) imports none.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from records.cards import Deck
    from replay.engine import Engine
    from replay.referee import Referee

__all__ = ["GAMES", "Game", "game_of"]


def _load(path: str) -> Any:
    """``"package.module:name"`` -> the object."""
    module, _, name = path.partition(":")
    return getattr(importlib.import_module(module), name)


@dataclass(frozen=True)
class Game:
    """Where a game's parts live."""

    id: str
    title: str
    model_path: str
    """The pydantic record model, ``module:Name``."""
    rules_path: str
    """The rules module (plain dataclasses and presets, no pydantic)."""
    referee_path: str
    generator_path: str

    @cached_property
    def model(self) -> Any:
        """The record model (pydantic), the format's definition of this game's records."""
        return _load(self.model_path)

    @cached_property
    def referee(self) -> Referee[Any, Any, Any]:
        return _load(self.referee_path)  # type: ignore[no-any-return]

    @property
    def engine(self) -> Engine[Any, Any, Any]:
        return self.referee.engine

    @property
    def deck(self) -> Deck:
        return self.engine.deck

    @cached_property
    def presets(self) -> tuple[str, ...]:
        return tuple(importlib.import_module(self.rules_path).PRESETS)

    def generate(self, rng: Any, **options: Any) -> Any:
        """``generate(rng, **options)``: a random legal record (a model)."""
        return _load(self.generator_path)(rng, **options)


GAMES: dict[str, Game] = {
    game.id: game
    for game in (
        Game(
            "oh_hell",
            "Oh Hell (Blackout)",
            "records.oh_hell:OhHellRecord",
            "records.rules.oh_hell",
            "replay.referees.oh_hell:REFEREE",
            "replay.generators.oh_hell:generate",
        ),
        Game(
            "pinochle",
            "Auction Pinochle (three-handed)",
            "records.pinochle:PinochleRecord",
            "records.rules.pinochle",
            "replay.referees.pinochle:REFEREE",
            "replay.generators.pinochle:generate",
        ),
        Game(
            "bestia",
            "Bestia",
            "records.bestia:BestiaRecord",
            "records.rules.bestia",
            "replay.referees.bestia:REFEREE",
            "replay.generators.bestia:generate",
        ),
    )
}
"""Every game, by id, in the order they are listed."""


def game_of(record: Any) -> Game:
    """The registry entry of a decoded record (``KeyError`` for a game tricklog lacks)."""
    return GAMES[record.game]
