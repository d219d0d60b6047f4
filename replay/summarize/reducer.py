"""Summaries of whole archives: a reducer over the replay steps of every record, in one pass.

``Summary.add(entry)`` decodes one record, replays it with every claim compared (as ``audit``
does) and folds its steps into the tallies; nothing of a record is kept once it has been added
but the hash of its facts (to count duplicates) and a few places of each problem code, so memory
stays flat whatever the archive's size. ``Summary.to_dict()`` is what ``tricklog summarize
--format json`` prints.

What is counted where:

* play statistics (``groups``): per group (``--by``: player by name across records and seats,
  seat, game, preset, event, month), from valid records only: records, hands (settled with
  scores), wins (the record's only winner) and shared wins (one of several tied first), score
  (points, chips or money, as recomputed) in all and per seat and hand, and each game's own
  counters and figures (``replay.summarize.games``). The winners of an Oh Hell game are those
  the replay names; a pinochle or Bestia sitting names none, and its winners are the seats
  ending it with the most chips or money (as recomputed);
* ``games``: per game and rules preset, every record (valid or not): records, invalid records,
  recorded hands, hands with a problem and their share, and the mean score of a seat in a hand
  of the valid records;
* ``problems``: per code, every record: how many, and the first few places (``file:line::/ptr``);
* ``duplicates``: records whose facts (``records.identity``) an earlier record already had; they
  are counted like any other record (``tricklog dedupe`` removes them).

A record with a problem is left out of the play statistics (the summary says how many were),
and so is one that does not parse, which counts only in ``problems``.
"""

from __future__ import annotations

import hashlib
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from records.identity import facts_json
from records.io import Entry, ReadFailure
from records.problems import Problem
from replay.check import decode_entry
from replay.claims import compare_claims
from replay.driver import replay
from replay.registry import game_of
from replay.steps import (
    HandSettled,
    HandStatus,
    ProblemFound,
    RecordSettled,
    RecordStarted,
    Step,
)
from replay.summarize.games import GAME_STATS, hand_counters, number

__all__ = ["GROUPINGS", "Group", "Summary"]

GROUPINGS = ("player", "game", "preset", "event", "month", "seat")
"""What ``--by`` groups the play statistics by."""
LOCATIONS = 3
"""Places kept of each problem code."""
NONE = "(none)"
"""The group of a record that does not state its event or month."""
_MONTH = re.compile(r"\d{4}-\d{2}")


@dataclass(slots=True)
class Group:
    """The play statistics of one group, as counters that add up over records."""

    key: str
    records: int = 0
    hands: int = 0
    seat_hands: int = 0
    """Hands times seats of the group in them: what a mean per seat and hand divides by."""
    wins: int = 0
    shared_wins: int = 0
    score: int = 0
    games: dict[str, Counter[str]] = field(default_factory=dict)
    last: int = -1
    """The last record added (a record counts once however many of its seats are here)."""

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "key": self.key,
            "records": self.records,
            "hands": self.hands,
            "wins": self.wins,
            "shared_wins": self.shared_wins,
            "score": number(self.score),
            "mean_score": _mean(self.score, self.seat_hands),
        }
        for game, counters in sorted(self.games.items()):
            out[game] = {"hands": counters["hands"], **GAME_STATS[game].figures(counters)}
        return out


@dataclass(slots=True)
class GameRow:
    """One game and rules preset, over every record."""

    game: str
    preset: str
    records: int = 0
    invalid: int = 0
    hands: int = 0
    problem_hands: int = 0
    score: int = 0
    seat_hands: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "preset": self.preset,
            "records": self.records,
            "invalid": self.invalid,
            "hands": self.hands,
            "hands_with_problems": self.problem_hands,
            "problem_share": round(self.problem_hands / self.hands, 4) if self.hands else None,
            "mean_score": _mean(self.score, self.seat_hands),
        }


@dataclass(slots=True)
class _Seat:
    """What one seat of one record adds to its group."""

    hands: int = 0
    score: int = 0
    games: Counter[str] = field(default_factory=Counter)


@dataclass(slots=True)
class Summary:
    """The reducer: ``add`` every entry (or read failure), then ``to_dict``."""

    by: str = "player"
    records: int = 0
    valid: int = 0
    malformed: int = 0
    duplicates: int = 0
    hands: int = 0
    groups: dict[str, Group] = field(default_factory=dict)
    games: dict[tuple[str, str], GameRow] = field(default_factory=dict)
    problems: Counter[str] = field(default_factory=Counter)
    kinds: dict[str, str] = field(default_factory=dict)
    places: dict[str, list[str]] = field(default_factory=dict)
    unreadable: list[ReadFailure] = field(default_factory=list)
    seen: set[bytes] = field(default_factory=set)

    def add(self, item: Entry | ReadFailure) -> None:
        """Fold one entry of an input into the summary."""
        if isinstance(item, ReadFailure):
            self.unreadable.append(item)
            return
        self.records += 1
        decoded = decode_entry(item)
        if isinstance(decoded, list):
            self.malformed += 1
            self._problems(decoded, item.where)
            return
        self.add_record(decoded, item.where)

    def add_record(self, record: Any, where: str) -> None:
        """Fold one decoded record into the summary: replay it with its claims compared."""
        digest = hashlib.sha256(facts_json(record)).digest()[:16]
        if digest in self.seen:
            self.duplicates += 1
        else:
            self.seen.add(digest)
        stream = compare_claims(replay(record, game_of(record).referee), checks=False)
        self.reduce(record, where, stream)

    def reduce(self, record: Any, where: str, steps: Iterable[Step]) -> None:
        """Fold the replay steps of one record into the summary."""
        game = record.game
        seats = [_Seat() for _ in record.players]
        problems: list[Problem] = []
        winners: list[int] | None = None
        names = [player.name for player in record.players]
        for step in steps:
            if type(step) is HandSettled:
                _hand(game, step, seats)
            elif type(step) is ProblemFound:
                problems.append(step.problem)
            elif type(step) is RecordSettled:
                winners = _winners(step)
            elif type(step) is RecordStarted:
                names = step.players
        self._problems(problems, where)
        row = self._game_row(record)
        row.records += 1
        row.hands += len(record.hands)
        row.problem_hands += len({p.hand for p in problems if p.hand is not None})
        if problems:
            row.invalid += 1
            return
        self.valid += 1
        self.hands += max((seat.hands for seat in seats), default=0)
        for seat in seats:
            row.score += seat.score
            row.seat_hands += seat.hands
        self._groups(record, names, seats, winners or [])

    def _groups(
        self, record: Any, names: list[str], seats: list[_Seat], winners: list[int]
    ) -> None:
        number = self.records
        for index, seat in enumerate(seats):
            key = group_key(self.by, record, names, index)
            group = self.groups.get(key)
            if group is None:
                group = self.groups[key] = Group(key)
            first = group.last != number  # the record's first seat in this group
            if first:
                group.last = number
                group.records += 1
                group.hands += seat.hands
            group.seat_hands += seat.hands
            group.score += seat.score
            if index in winners:
                if len(winners) == 1:
                    group.wins += 1
                else:
                    group.shared_wins += 1
            if record.game in GAME_STATS and seat.hands:
                counters = group.games.setdefault(record.game, Counter())
                counters.update(seat.games)
                counters["hands"] += seat.hands if first else 0

    def _game_row(self, record: Any) -> GameRow:
        preset = record.rules.preset or "custom"
        row = self.games.get((record.game, preset))
        if row is None:
            row = self.games[(record.game, preset)] = GameRow(record.game, preset)
        return row

    def _problems(self, problems: list[Problem], where: str) -> None:
        for problem in problems:
            code = problem.code
            self.problems[code] += 1
            self.kinds.setdefault(code, problem.kind.value)
            places = self.places.setdefault(code, [])
            if len(places) < LOCATIONS:
                places.append(f"{where}::{problem.pointer or '/'}")

    @property
    def left_out(self) -> int:
        """Records left out of the play statistics: those with a problem."""
        return self.records - self.valid

    def rows(self) -> list[dict[str, Any]]:
        """The groups, as ``to_dict`` lists them (by key)."""
        return [self.groups[key].to_dict() for key in sorted(self.groups)]

    def to_dict(self, rows: list[dict[str, Any]] | None = None) -> dict[str, Any]:
        """The whole summary; ``rows`` are the groups to list (sorted, cut to the top N)."""
        return {
            "command": "summarize",
            "by": self.by,
            "records": self.records,
            "valid": self.valid,
            "left_out": self.left_out,
            "malformed": self.malformed,
            "duplicates": self.duplicates,
            "hands": self.hands,
            "unreadable": [{"file": f.file, "message": f.message} for f in self.unreadable],
            "groups": self.rows() if rows is None else rows,
            "games": self.game_rows(),
            "problems": self.problem_rows(),
        }

    def game_rows(self) -> list[dict[str, Any]]:
        """Every game and preset, by name."""
        return [self.games[key].to_dict() for key in sorted(self.games)]

    def problem_rows(self) -> list[dict[str, Any]]:
        """Every problem code, the most frequent first."""
        return [
            {"code": code, "kind": self.kinds[code], "count": count, "first": self.places[code]}
            for code, count in sorted(self.problems.items(), key=lambda kv: (-kv[1], kv[0]))
        ]


def _winners(step: RecordSettled) -> list[int] | None:
    """The seats that won: those the replay names (an Oh Hell game), else, in a sitting that
    names none (pinochle, Bestia), the seats ending with the most chips or money."""
    if step.winners is not None:
        return step.winners
    totals = step.totals
    if not totals:
        return None
    best = max(totals)
    return [seat for seat, total in enumerate(totals) if total == best]


def _mean(total: int, count: int) -> float | None:
    return round(float(total / count), 3) if count else None


def _hand(game: str, step: HandSettled, seats: list[_Seat]) -> None:
    """Add a settled hand's scores and counters to the record's seats."""
    scores = step.scores
    if step.status is not HandStatus.COMPLETE or scores is None:
        return
    counters = hand_counters(game, step)
    seats.extend(_Seat() for _ in range(len(scores) - len(seats)))  # a record's seats miscounted
    for index, score in enumerate(scores):
        seat = seats[index]
        seat.hands += 1
        seat.score += score
        if counters is not None:
            seat.games.update(counters[index])


def group_key(by: str, record: Any, names: list[str], seat: int) -> str:
    """The group of a record's seat under ``--by`` (``names``: the players by seat)."""
    if by == "player":
        return names[seat] if seat < len(names) else NONE
    if by == "seat":
        return str(seat)
    if by == "game":
        return str(record.game)
    if by == "preset":
        return f"{record.game}/{record.rules.preset or 'custom'}"
    meta = record.meta
    if by == "event":
        return (meta.event if meta is not None else None) or NONE
    date = (meta.date if meta is not None else None) or ""
    return date[:7] if _MONTH.match(date) else NONE
