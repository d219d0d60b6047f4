"""The values a table (``replay.table``) deals in: what it offers and takes (``Move``), what
it raises (``TableError`` and its two kinds), and what it needs of a game, found through the
registry (``GameParts``)."""

from __future__ import annotations

import importlib
import typing
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import msgspec
from pydantic import TypeAdapter

from records.messages import rules_with
from records.problems import Problem
from replay.registry import GAMES

__all__ = [
    "GameParts",
    "IllegalActionError",
    "Move",
    "TableError",
    "UnreadableActionError",
    "plain",
]


class TableError(ValueError):
    """An action or a deal a table refuses; ``problem`` says why, as a ``Problem``."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(f"{problem.code}: {problem.message}")
        self.problem = problem


class IllegalActionError(TableError):
    """The rules forbid the action (or the deal) now: ``problem`` is the one an audit of the
    record with it would report (its code, message and place)."""


class UnreadableActionError(TableError):
    """What was given is no action of the game: words the notation does not read
    (``record.text``), or values the format does not allow (``record.schema``)."""


@dataclass(frozen=True)
class Move:
    """An action as a table offers it: ``text``, as a person types it, and ``action``, the
    record's event. ``str(move)`` is its text; ``Table.apply`` takes either."""

    text: str
    action: Any

    def __str__(self) -> str:
        return self.text


class GameParts:
    """What a table needs of a game, found once through the registry."""

    def __init__(self, game: str) -> None:
        entry = GAMES[game]
        self.entry, self.engine, self.referee = entry, entry.engine, entry.referee
        self.format = entry.format
        self.module = importlib.import_module(entry.generator.partition(":")[0])
        hand = typing.get_args(self.format.record.model_fields["hands"].annotation)[0]
        self.hand = hand
        self.actions: TypeAdapter[Any] = TypeAdapter(
            typing.get_args(hand.model_fields["actions"].annotation)[0]
        )
        deal: Any = hand.model_fields["deal"].annotation
        self.deal: TypeAdapter[Any] = TypeAdapter(deal)

    def rules(self, rules: Any, seats: int | None) -> Any:
        """The rules from a preset's name, a rules block (a mapping) or the rules themselves."""
        fmt = self.format
        if rules is None or isinstance(rules, str):
            name = rules or "default"
            if name not in fmt.presets:
                raise ValueError(f"unknown preset {name!r} for {fmt.id}: {', '.join(fmt.presets)}")
            values = {} if seats is None else {fmt.seats_parameter: seats}
            return rules_with(fmt.presets[name], TypeAdapter(fmt.rules), fmt.id, **values)
        if isinstance(rules, Mapping):
            return TypeAdapter(fmt.rules).validate_python(dict(rules))
        if not isinstance(rules, fmt.rules):
            raise TypeError(f"rules: a preset's name, a rules block or {fmt.rules.__name__}")
        return rules


def plain(struct: Any) -> Any:
    """An engine's action (a msgspec struct) as the record's JSON, values not stated left out."""
    found = msgspec.to_builtins(struct)
    if isinstance(found, dict):
        found["type"] = struct.type
        return {key: value for key, value in found.items() if value is not None}
    return found
