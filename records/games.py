"""The games the record format knows: one line each, and the one value that describes each.

A game is two halves, and each half is one value:

* its **format half**, a ``GameFormat`` named ``FORMAT`` in ``records/rules/<game>.py``: the id
  (its title stands in ``TITLES``), the deck, the rules dataclass with its presets and their
  notes, the shared problem codes it joins (``raises``), whether its money may be a fraction,
  and where the rest lives (the pydantic record model and the notation words in
  ``records/<game>.py``, the game's own problem codes in ``records/codes/<game>.py``), loaded
  when first asked for;
* its **rules half**, a ``replay.registry.Game`` named ``GAME`` in ``replay/referees/<game>.py``:
  the engine and referee, the generator, the summary counters, the score sheet's columns and the
  cards its actions move that a page shows.

``TITLES`` below lists the format halves and ``replay.registry`` the rules halves; every table
keyed by game id elsewhere is a view over these two lists. The records layer knows only this
half, so that it never reaches ``replay``. What a new game needs, in full:

1. ``records/rules/<game>.py``: its rules dataclass, ``PRESETS``, ``PRESET_NOTES`` and
   ``FORMAT``;
2. ``records/<game>.py``: its record model (``<Name>Record``, ``HandClaims``, the record's
   claims, ``Deal``) and ``NOTATION``, the words of its actions in the text notation;
3. ``records/codes/<game>.py``: the problem codes only it raises (``CODES``);
4. ``replay/engines/<game>``, ``replay/referees/<game>.py`` (with ``GAME``) and
   ``replay/generators/<game>.py``;
5. one line in ``TITLES`` below (its id and title) and one in ``replay.registry.REGISTERED``;
6. its fixtures (``fixtures/<game>/valid`` and ``invalid``), its docs page (``docs/<game>.md``,
   ``python -m records.docs`` writes the generated parts) and the regenerated schema and structs
   and counters (``tricklog schema --output-dir schema``, ``python -m records.codegen``).

``tests/test_games.py`` checks that the registered games are exactly those with both halves.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache, cached_property
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from records.cards import Deck

__all__ = ["GAME_IDS", "TITLES", "GameFormat", "format_of", "formats", "load"]

TITLES: dict[str, str] = {
    "oh_hell": "Oh Hell (Blackout)",
    "pinochle": "Auction Pinochle (three-handed)",
    "bestia": "Bestia",
    "partnership_pinochle": "Partnership Pinochle (four-handed, with a pass)",
}
"""Every game the format knows, by id, with its title, in the order tricklog lists them; each
one's ``FORMAT`` is in ``records/rules/<id>.py``. The titles stand here, not in the format half,
so that a help text can name the games without loading one (``tricklog --help``)."""
GAME_IDS: tuple[str, ...] = tuple(TITLES)


@cache
def load(path: str) -> Any:
    """``"package.module:name"`` -> the object (looked up once: every record asks for its
    game's)."""
    module, _, name = path.partition(":")
    return getattr(importlib.import_module(module), name)


@dataclass(frozen=True)
class GameFormat:
    """A game as the record format knows it. The parts that need pydantic are named by import
    path and loaded on first use, so that listing the games (``tricklog --help``) imports none."""

    id: str
    deck: Deck
    rules: type
    """The rules dataclass (``records.rules.<game>``: plain dataclasses, no pydantic)."""
    presets: Mapping[str, Any]
    """Named bundles of rules values, ``default`` first."""
    preset_notes: Mapping[str, str]
    """One line per preset: where its values come from, and what sets it apart."""
    seats_parameter: str
    """The rules parameter that says how many seats the table has."""
    model_module: str
    """The module of the pydantic record model and the notation words (``records.<game>``)."""
    record_name: str
    """The record model's name in ``model_module``."""
    raises: tuple[str, ...] = ()
    """Problem codes of the shared catalogue (``records.codes``) that its records can raise
    beyond those every game can: a code entry names the games it was written for, and a game
    added later joins an entry here rather than editing it."""
    fractions: bool = False
    """Whether its money may be an exact fraction, written ``{"numerator": n, "denominator":
    d}`` (Bestia under ``pot_rounding = exact``)."""

    @property
    def title(self) -> str:
        return TITLES[self.id]

    @cached_property
    def record(self) -> Any:
        """The record model (pydantic): the format's definition of this game's records."""
        return load(f"{self.model_module}:{self.record_name}")

    @cached_property
    def notation(self) -> Any:
        """The words of its actions, claims and deal in the text notation
        (``records.formats.text.grammar.GameNotation``)."""
        return load(f"{self.model_module}:NOTATION")

    @cached_property
    def codes(self) -> tuple[Any, ...]:
        """The problem codes only this game raises (``records.codes.entry.Code``; the shared
        ones name it in their entry, or it names them in ``raises``)."""
        return tuple(load(f"records.codes.{self.id}:CODES"))


def format_of(game: str) -> GameFormat:
    """The format half of ``game`` (``KeyError`` for a game tricklog lacks)."""
    if game not in GAME_IDS:
        raise KeyError(game)
    found: GameFormat = load(f"records.rules.{game}:FORMAT")
    return found


def formats() -> list[GameFormat]:
    """Every game's format half, in the order of ``GAME_IDS``."""
    return [format_of(game) for game in GAME_IDS]
