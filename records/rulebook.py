"""The rules parameters of each game as a reader meets them: name, allowed values, default,
meaning, and what each preset sets.

Everything here is read from the rules modules (``records/rules/<game>.py``): the values from
the field types, the meanings from the field docstrings (the same text as the JSON Schema's
descriptions), the presets from ``PRESETS`` and their one-line summaries from ``PRESET_NOTES``,
each game's through its ``FORMAT`` (``records.games``). ``tricklog rules`` prints it;
``records.docs`` writes it into ``docs/<game>.md``.
"""

from __future__ import annotations

import dataclasses
import re
import typing
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any, Literal, get_args, get_origin

from pydantic import TypeAdapter

from records.games import format_of
from records.messages import rules_with

__all__ = [
    "Parameter",
    "describe_type",
    "parameters",
    "preset_notes",
    "preset_values",
    "presets",
    "rules_block",
    "seats_parameter",
]


def preset_notes(game: str) -> Mapping[str, str]:
    """One line per preset of ``game``: where its values come from, and what sets it apart."""
    return format_of(game).preset_notes


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


def presets(game: str) -> Mapping[str, Any]:
    """The named presets of ``game``: name -> rules dataclass."""
    return format_of(game).presets


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


def seats_parameter(game: str) -> str:
    """The parameter that says how many seats the table has (``table_size`` for pinochle)."""
    return format_of(game).seats_parameter


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
