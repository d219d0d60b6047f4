"""The rules parameters of each game as a reader meets them: name, allowed values, default,
meaning, and what each preset sets.

Everything here is read from the rules modules (``records/rules/<game>.py``): the values from
the field types, the meanings from the field docstrings (the same text as the JSON Schema's
descriptions), the presets from ``PRESETS``. Only the one-line summary of each preset is written
here (``PRESET_NOTES``). ``tricklog rules`` prints it; ``records.docs`` writes it into
``docs/<game>.md``.
"""

from __future__ import annotations

import dataclasses
import importlib
import re
import typing
from dataclasses import dataclass
from functools import cache
from typing import Any, Literal, get_args, get_origin

from pydantic import TypeAdapter

from records.messages import rules_with

__all__ = [
    "PRESET_NOTES",
    "Parameter",
    "describe_type",
    "parameters",
    "preset_values",
    "presets",
    "rules_block",
    "seats_parameter",
]

PRESET_NOTES: dict[str, dict[str, str]] = {
    "oh_hell": {
        "default": "the Russian original text, with tricklog's readings of the points it leaves "
        "open: the dealer bids first, no hook, no trump only when the stock is empty",
        "openspiel": "as OpenSpiel's oh_hell game: one deal, the dealer's left bids first, the "
        "hook, a trump card always turned, a missed bid still scores its tricks",
        "hoyle": "the Hoyle family of rule books: the deals of the Hoyle table, the dealer's left "
        "bids first, the last deal without trumps",
        "ohhellweb": "as the OhHellWeb server: from min(10, 51 x decks / players) cards down to "
        "2, a deal of one card per player, back up; the hook; 10 + bid² for a bid made, "
        "-5 x d(d+1)/2 for one missed by d; identical cards of two decks cancel (state `decks` "
        "and `teams` beside it)",
    },
    "pinochle": {
        "default": "the Italian original text, with tricklog's readings where it is cut off or "
        "unclear: a table of four where the dealer sits out, no duty to head or overtrump",
        "three": "the default at a table of three: nobody sits out",
        "hoyle": "the eldest hand must open, hearts pay triple, a kitty",
        "brooklyn": "the player at the dealer's right sits out, no bids ending in 40 or 90",
        "pre1945": "every player must beat the trick when able, and overtrump",
        "bonus": "the melds played by agreement: double melds, flushes with an extra marriage, "
        "grand pinochle, round house",
    },
    "bestia": {
        "default": "the Italian online card room's text read literally: the eldest declares last",
        "reference": "the default with the declaration order of every other source: the eldest "
        "declares first",
        "perugia": "the rules of Perugia: the dealer alone pays a pot divisible by three, "
        "exchanges of up to two cards, shares divided exactly",
        "sisal": "Sisal's text read literally: the bestias join the pot being divided",
    },
}
"""One line per preset: where its values come from, and what sets it apart."""


@dataclass(frozen=True)
class Parameter:
    """One rules parameter of a game."""

    name: str
    values: str
    """The values it takes, in words (``"true or false"``, ``an integer from 3 to 10``)."""
    default: Any
    """Its value in the ``default`` preset, as JSON writes it (None for null)."""
    meaning: str
    """Its field docstring, on one line."""


def rules_module(game: str) -> Any:
    return importlib.import_module(f"records.rules.{game}")


def presets(game: str) -> dict[str, Any]:
    """The named presets of ``game``: name -> rules dataclass."""
    found: dict[str, Any] = rules_module(game).PRESETS
    return found


@cache
def parameters(game: str) -> tuple[Parameter, ...]:
    """Every rules parameter of ``game``, in the order of its rules block."""
    default = presets(game)["default"]
    rules_type = type(default)
    schema = TypeAdapter(rules_type).json_schema(mode="validation")
    hints = typing.get_type_hints(rules_type, include_extras=True)
    values = preset_values(game, "default")
    return tuple(
        Parameter(
            field.name,
            describe_type(hints[field.name]),
            values[field.name],
            _one_line(schema["properties"][field.name].get("description", "")),
        )
        for field in dataclasses.fields(rules_type)
    )


def preset_values(game: str, preset: str) -> dict[str, Any]:
    """The values of a preset, by parameter, as JSON writes them."""
    rules = presets(game)[preset]
    dumped: dict[str, Any] = TypeAdapter(type(rules)).dump_python(rules, mode="json")
    return dumped


_SEATS = ("num_players", "table_size")


def seats_parameter(game: str) -> str:
    """The parameter that says how many seats the table has (``table_size`` for pinochle)."""
    names = {field.name for field in dataclasses.fields(type(presets(game)["default"]))}
    return next(name for name in _SEATS if name in names)


def rules_block(game: str, preset: str, players: int | None = None) -> dict[str, Any]:
    """The ``rules`` block of a record played under ``preset`` (at a table of ``players`` seats,
    or the preset's own number), every parameter stated, as JSON writes it: what ``tricklog
    rules GAME PRESET --format json`` prints to paste into a record.

    Raises ``ValueError`` in words for a number of seats the format does not allow.
    """
    if players is None:
        return preset_values(game, preset)
    base = presets(game)[preset]
    rules = rules_with(base, TypeAdapter(type(base)), game, **{seats_parameter(game): players})
    dumped: dict[str, Any] = TypeAdapter(type(rules)).dump_python(rules, mode="json")
    return dumped


def differences(game: str, preset: str) -> list[str]:
    """The parameters whose value in ``preset`` is not the default's (``preset`` aside)."""
    mine, default = preset_values(game, preset), preset_values(game, "default")
    return [name for name in mine if name != "preset" and mine[name] != default[name]]


def describe_type(tp: Any) -> str:
    """A field type in words: ``Annotated[int, Ge(3), Le(10)]`` -> ``an integer from 3 to 10``."""
    bounds: dict[str, Any] = {}
    while get_origin(tp) is typing.Annotated:
        tp, *meta = get_args(tp)
        for item in meta:
            for key in ("ge", "le", "gt", "lt"):
                if getattr(item, key, None) is not None:
                    bounds[key] = getattr(item, key)
    origin, args = get_origin(tp), get_args(tp)
    if origin in (typing.Union, type(int | str)):
        members = [describe_type(a) for a in args if a is not type(None)]
        text = " or ".join(members)
        return f"{text} or null" if type(None) in args else text
    if origin is Literal:
        return ", ".join(_json(v) for v in args)
    if tp is bool:
        return "true or false"
    if tp is int:
        return _integer(bounds)
    if tp is str:
        return "a string"
    if origin in (list, tuple):
        return f"a list, each {describe_type(args[0])}"
    if origin is dict:
        return f"an object: each key {_key(args[0])}, each value {describe_type(args[1])}"
    return getattr(tp, "__name__", str(tp))


def _integer(bounds: dict[str, Any]) -> str:
    low = bounds.get("ge", bounds["gt"] + 1 if "gt" in bounds else None)
    high = bounds.get("le", bounds["lt"] - 1 if "lt" in bounds else None)
    if low is not None and high is not None:
        return f"an integer from {low} to {high}"
    if low is not None:
        return f"an integer of at least {low}"
    if high is not None:
        return f"an integer of at most {high}"
    return "an integer"


def _key(tp: Any) -> str:
    if tp is int:
        return "an integer (written as a JSON string)"
    return describe_type(tp)


def _json(value: Any) -> str:
    if isinstance(value, str):
        return f'"{value}"'
    return str(value).lower() if isinstance(value, bool) else str(value)


def _one_line(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()
