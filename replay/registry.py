"""The games tricklog replays: one line each, and the rules half of each game.

A game is two halves (``records.games`` lists what a new game needs). The format half, in
``records/``, says what a record of the game is; the rules half, the ``Game`` below that each
game's referee module exports as ``GAME`` (``replay/referees/<game>.py``), says how to play and
score one: its engine and referee, its generator, its summary counters and its score sheet's
columns. ``REGISTERED`` names every rules half by import path; ``GAMES`` loads each on first use,
so that a command that needs no game (``tricklog --help``) imports none. Every table keyed by
game id in ``replay`` is a ``view`` of ``GAMES``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any, TypeVar

from records.games import GameFormat, load

if TYPE_CHECKING:
    from records.cards import Deck
    from replay.engine import Engine
    from replay.export.sheet import Sheet
    from replay.referee import Referee
    from replay.summarize.games import GameStats

__all__ = ["GAMES", "REGISTERED", "Game", "game_of", "view"]

REGISTERED: dict[str, str] = {
    "oh_hell": "replay.referees.oh_hell:GAME",
    "pinochle": "replay.referees.pinochle:GAME",
    "bestia": "replay.referees.bestia:GAME",
    "partnership_pinochle": "replay.referees.partnership_pinochle:GAME",
}
"""Every game's rules half by import path, in the order of ``records.games.GAME_IDS``."""

T = TypeVar("T")


@dataclass(frozen=True)
class Game:
    """A game's rules half, with its format half beside it."""

    format: GameFormat
    referee: Referee[Any, Any, Any]
    """The record-facing half of the replay, holding the engine (``replay.referee``)."""
    generator: str
    """``module:function`` of its generator, ``generate(rng, **options)``: loaded when used,
    as it builds pydantic records."""
    stats: GameStats
    """What it adds to a group's summary (``replay.summarize``)."""
    sheet: Sheet
    """What it adds to the score sheet (``replay.export.tables``)."""
    moves: Mapping[str, tuple[tuple[str, str], ...]] = field(default_factory=dict)
    """The cards its actions move that a page shows beside the play (``replay.html``): action
    type -> (what the seat did with them, the action's field holding them)."""

    @property
    def id(self) -> str:
        return self.format.id

    @property
    def title(self) -> str:
        return self.format.title

    @property
    def model(self) -> Any:
        """The record model (pydantic), the format's definition of this game's records."""
        return self.format.record

    @property
    def engine(self) -> Engine[Any, Any, Any]:
        return self.referee.engine

    @property
    def deck(self) -> Deck:
        return self.format.deck

    @cached_property
    def presets(self) -> tuple[str, ...]:
        return tuple(self.format.presets)

    def generate(self, rng: Any, **options: Any) -> Any:
        """``generate(rng, **options)``: a random legal record (a model)."""
        return load(self.generator)(rng, **options)


class _View(Mapping[str, T]):
    """One part of every game's rules half, by game id; each game is loaded on first use."""

    def __init__(self, part: Callable[[Game], T]) -> None:
        self._part = part

    def __getitem__(self, game: str) -> T:
        return self._part(load(REGISTERED[game]))

    def __iter__(self) -> Iterator[str]:
        return iter(REGISTERED)

    def __len__(self) -> int:
        return len(REGISTERED)

    def __contains__(self, game: object) -> bool:
        return game in REGISTERED


def view(part: Callable[[Game], T]) -> Mapping[str, T]:
    """``part`` of every game by id (``view(attrgetter("sheet"))``), each loaded when asked."""
    return _View(part)


def _whole(game: Game) -> Game:
    return game


GAMES: Mapping[str, Game] = _View(_whole)
"""Every game, by id, in the order they are listed."""


def game_of(record: Any) -> Game:
    """The registry entry of a decoded record (``KeyError`` for a game tricklog lacks)."""
    return GAMES[record.game]
