"""Which rules a record's play is consistent with: each preset, and each parameter's values.

A record states its rules, but a log converted from another program may state them only as a
guess (its importer's), and a person may want to check them. ``infer(record)`` replays the record
under other rules and keeps, for each candidate, the first problem the checker finds (the first
contradicting hand), or None when the record replays clean with every claim matching:

* every preset of the game, with the record's number of seats where the rules have a
  ``num_players`` (a preset is defined for any number of players; pinochle's ``table_size`` is
  the preset's own, so ``three`` and ``default`` are told apart by the seats they need);
* the stated rules with one parameter changed, for every other value it may take: each value of
  a ``Literal`` or a bool, and for other types (integers, lists, tables) the values the presets
  give it, and for ``dealer_order`` the dealers the record names, as a list (so that a log whose
  program picks its dealers its own way is told the value that states them). Values the rules
  do not allow together (``single_hand_size`` without ``single``) are left out.

Everything is read from the rules models and their presets (``records.rulebook``), so a new
parameter or preset is inferred with no change here, in every game. A candidate is only as good
as the record's facts and claims: a rule nothing in the record exercises (a bonus for a meld
nobody held, a scoring value no claim states) is consistent with every value, and the report
says so. Pure: the record is not changed, and nothing is read or printed.
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, Literal, get_args, get_origin

import msgspec
from pydantic import TypeAdapter

from records.messages import rules_with
from records.problems import Problem
from records.rulebook import presets
from replay.check import steps
from replay.steps import ProblemFound

__all__ = ["Candidate", "Inference", "candidate_values", "first_problem", "infer"]

_TABLE = ("num_players", "teams", "decks")
"""The parameters the table fixes rather than the rules of the game, where the rules have them:
how many sit down, who partners whom, and (as OhHellWeb chooses them by the table's size) how
many decks. A preset is tried with the record's own values of these."""


@dataclass(frozen=True, slots=True)
class Candidate:
    """Rules tried on a record, and the first problem found under them (None: consistent)."""

    preset: str | None
    """The preset tried, or None for a change of the stated rules."""
    parameter: str | None
    """The parameter changed from the stated rules (None for a preset)."""
    value: Any
    """Its value (as JSON writes it), or None for a preset."""
    problem: Problem | None

    @property
    def consistent(self) -> bool:
        return self.problem is None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"consistent": self.consistent}
        if self.preset is not None:
            out["preset"] = self.preset
        else:
            out["parameter"], out["value"] = self.parameter, self.value
        out["first_problem"] = None if self.problem is None else self.problem.to_dict()
        return out


@dataclass
class Inference:
    """What the play of one record says about its rules."""

    record: str
    game: str
    stated_preset: str | None
    """The preset the record names (informative: its values are what it applies)."""
    stated: Candidate
    """The rules as stated."""
    stated_rules: Any
    presets: list[Candidate] = field(default_factory=list)
    changes: list[Candidate] = field(default_factory=list)
    """The stated rules with one parameter changed, per parameter, each other value."""

    @property
    def fitting(self) -> list[str]:
        """The presets the record is consistent with, in the game's order."""
        return [c.preset for c in self.presets if c.consistent and c.preset is not None]

    @property
    def no_known_rules_fit(self) -> bool:
        """Whether the stated rules fail and no preset and no single change of them gets past
        the hand where they fail: no rules tricklog knows fit the record. The record may break
        a rule (a revoke, a wrong sum), or follow one that tricklog cannot express; the play
        alone does not tell which."""
        first = self.stated.problem
        if first is None:
            return False
        return all(
            c.problem is not None
            and (c.problem.hand is None or first.hand is None or c.problem.hand <= first.hand)
            for c in (*self.presets, *self.changes)
        )

    @property
    def nearest(self) -> Candidate | None:
        """The preset that gets furthest into the record before a contradiction (the first of
        them in the game's order), or None when one fits or there is none."""
        if not self.presets or self.fitting:
            return None
        return max(self.presets, key=lambda c: -1 if c.problem is None else c.problem.hand or 0)

    def stated_values(self) -> dict[str, Any]:
        """The stated rules as JSON writes them, by parameter."""
        return _values(self.stated_rules)

    def untried(self) -> list[str]:
        """The parameters no other value of which was tried: the record's play decides nothing
        about them (a value the presets all share, which the table fixes, or whose type offers
        no other), so a value that fits is not a value the record decided."""
        tried = {c.parameter for c in self.changes}
        return [
            name for name in _values(self.stated_rules) if name != "preset" and name not in tried
        ]

    def decided(self) -> dict[str, list[Any]]:
        """Per parameter, the values consistent with the record (the stated one first, when it
        is); a parameter whose only value is the stated one is decided by the record."""
        out: dict[str, list[Any]] = {}
        stated = _values(self.stated_rules)
        for name, value in stated.items():
            if name == "preset":
                continue
            out[name] = [value] if self.stated.consistent else []
        for change in self.changes:
            if change.consistent and change.parameter is not None:
                out[change.parameter].append(change.value)
        return out

    def to_dict(self) -> dict[str, Any]:
        return {
            "record": self.record,
            "game": self.game,
            "stated_preset": self.stated_preset,
            "stated": self.stated.to_dict(),
            "fitting_presets": self.fitting,
            "no_known_rules_fit": self.no_known_rules_fit,
            "nearest_preset": None if self.nearest is None else self.nearest.preset,
            "presets": [c.to_dict() for c in self.presets],
            "parameters": self.decided(),
            "untried": self.untried(),
            "changes": [c.to_dict() for c in self.changes],
        }


def infer(record: Any) -> Inference:
    """Replay ``record`` under every preset and every single change of its stated rules; see
    the module's docstring.

    :param record: a record (a model, as ``tricklog.load`` gives, or a decoded record).
    :returns: an ``Inference``: the first problem under the stated rules (``stated``), under
        each preset (``presets``, and ``fitting``: the presets with none) and under each single
        change (``changes``, and ``decided()``: per parameter, the values that fit).

    >>> from pathlib import Path
    >>> from records.parse import parse
    >>> found = infer(parse(Path("fixtures/oh_hell/valid/default-4p-complete-game.json").read_bytes()))
    >>> found.stated.consistent, found.fitting
    (True, ['default'])
    """
    rules = record.rules
    stated = Candidate(None, None, None, first_problem(record))
    found = Inference(record.id, record.game, rules.preset, stated, rules)
    for name, preset_rules in presets(record.game).items():
        tried = _seated(preset_rules, rules)
        found.presets.append(Candidate(name, None, None, first_problem(record, tried)))
    for name, value, tried in _changes(record.game, rules, record):
        found.changes.append(Candidate(None, name, _json(value), first_problem(record, tried)))
    return found


def first_problem(record: Any, rules: Any = None) -> Problem | None:
    """The first problem of ``record`` replayed under ``rules`` (its own when None), claims
    compared; the replay stops there."""
    tried = record if rules is None else _with_rules(record, rules)
    for step in steps(tried, audit=True, actions=False):
        if isinstance(step, ProblemFound):
            return step.problem
    return None


def candidate_values(game: str, name: str) -> list[Any]:
    """Every value worth trying for parameter ``name`` of ``game`` (see the module's
    docstring), in a stable order."""
    rules_type = type(presets(game)["default"])
    hint = typing.get_type_hints(rules_type, include_extras=True)[name]
    found: list[Any] = list(_enumerable(hint))
    for preset_rules in presets(game).values():
        value = getattr(preset_rules, name)
        if value not in found:
            found.append(value)
    return found


def _recorded(record: Any) -> dict[str, Any]:
    """Values a record's own hands propose for a parameter every game has: the dealers in the
    order they dealt (``dealer_order``), for a log whose program picked them its own way."""
    return {"dealer_order": tuple(hand.dealer for hand in record.hands)}


def _changes(game: str, rules: Any, record: Any) -> Iterator[tuple[str, Any, Any]]:
    """(parameter, value, rules) of every valid single change of ``rules``."""
    check = TypeAdapter(type(rules))
    proposed = _recorded(record) if record.hands else {}
    for spec in dataclasses.fields(rules):
        if spec.name == "preset" or spec.name in _TABLE:
            continue
        values = candidate_values(game, spec.name)
        if spec.name in proposed and proposed[spec.name] not in values:
            values.append(proposed[spec.name])
        for value in values:
            if value == getattr(rules, spec.name):
                continue
            try:
                changed = rules_with(rules, check, game, **{spec.name: value})
            except ValueError:
                continue
            yield spec.name, value, changed


def _enumerable(hint: Any) -> Iterator[Any]:
    """The values of a type that can be listed: Literal members, bools, None."""
    while get_origin(hint) is typing.Annotated:
        hint = get_args(hint)[0]
    origin = get_origin(hint)
    if origin is Literal:
        yield from get_args(hint)
    elif hint is bool:
        yield from (False, True)
    elif origin in (typing.Union, type(int | str)):
        for member in get_args(hint):
            yield from (None,) if member is type(None) else _enumerable(member)


def _seated(preset_rules: Any, stated: Any) -> Any:
    """A preset's rules for the record's table (``_TABLE``, where the rules have them)."""
    names = {f.name for f in dataclasses.fields(preset_rules)}
    table = {name: getattr(stated, name) for name in _TABLE if name in names}
    return dataclasses.replace(preset_rules, **table) if table else preset_rules


def _with_rules(record: Any, rules: Any) -> Any:
    copy = getattr(record, "model_copy", None)
    if copy is not None:
        return copy(update={"rules": rules})
    return msgspec.structs.replace(record, rules=rules)


def _values(rules: Any) -> dict[str, Any]:
    return {f.name: _json(getattr(rules, f.name)) for f in dataclasses.fields(rules)}


def _json(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_json(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _json(v) for k, v in value.items()}
    return value
