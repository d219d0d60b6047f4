"""Summaries of whole archives: a reducer over the replay steps of every record, in one pass.

``Summary.add(entry)`` decodes one record, replays it with every claim compared (as ``audit``
does) and folds its steps into the tallies; nothing of a record is kept once it has been added
but the hash of its facts (to count duplicates) and a few places of each problem code, so memory
grows with the number of groups only: about 400 bytes per distinct player (``bench/
summarize_players.py`` measures it). ``Summary.to_dict()`` is what ``tricklog summarize
--format json`` prints.

What is counted where:

* play statistics (``groups``): per group (``--by``: player by name across records and seats,
  seat, game, preset, event, month), from valid records only: records; hands, every hand of
  the records as ``audit`` counts them, and of those the hands ``finished``, played to the end
  and settled (an abandoned hand is not); wins (the record's only winner, or the one team that
  won, is one of the group's seats) and shared wins (one of several tied first), once per
  record; and, per game, its score
  in its own unit (Oh Hell points, pinochle chips, Bestia money: never added together) in all
  and per seat and finished hand, with the game's own counters and figures
  (``replay.summarize.games``). The winners are those the replay names (``RecordSettled.
  winners``, the library's ``report.winners``): each game's referee decides them from the
  recomputed totals. A record that seats one name at several seats counts once for that name,
  its seats' figures added together, and the summary lists it (``repeated_names``);
* ``games``: per game and rules preset, every record (valid or not): records, invalid records,
  hands, hands with a problem and their share; of the valid records, the hands finished and the
  score in all and per seat and hand; and for a game whose table holds money apart from the
  seats (Bestia's pot, pinochle's kitty) what it held at the start of the sittings and at their
  end beside the seats' net, which balance;
* ``problems``: per code, every record: how many, and the first few places (``file:line::/ptr``);
* ``duplicates``: records whose facts (``records.identity``) an earlier record already had; they
  are counted like any other record (``tricklog dedupe`` removes them);
* ``lookalikes``: names of groups that look alike (``replay.summarize.names``), kept apart.

A record with a problem is left out of the play statistics (the summary says how many were),
and so is one that does not parse, which counts only in ``problems``. Every sum is exact, of any
size; a figure is worked out exactly and rounded once (``replay.summarize.numbers``).
"""

from __future__ import annotations

import hashlib
import heapq
import re
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from fractions import Fraction
from operator import attrgetter
from typing import Any

from msgspec import Struct, field

from records.identity import facts_json
from records.io import Entry, ReadFailure
from records.problems import Problem
from replay.check import decode_entry
from replay.claims import compare_claims
from replay.driver import replay
from replay.registry import GAMES as REGISTRY
from replay.registry import game_of, view
from replay.steps import (
    HandSettled,
    HandStatus,
    ProblemFound,
    RecordSettled,
    RecordStarted,
    Step,
)
from replay.summarize.games import GameStats, Ratio, hand_counters
from replay.summarize.names import Alike, lookalikes
from replay.summarize.numbers import Money, exact, ratio, trimmed

__all__ = ["GENERAL", "GROUPINGS", "Summary", "columns"]

GROUPINGS = ("player", "game", "preset", "event", "month", "seat")
"""What ``--by`` groups the play statistics by."""
GENERAL = ("records", "hands", "finished", "wins", "shared_wins")
"""The counters of every group, whatever it played, in the order a group keeps them."""
RECORDS, HANDS, FINISHED, WINS, SHARED = range(len(GENERAL))
GAME_STATS: Mapping[str, GameStats] = view(attrgetter("stats"))
"""Every game's summary counters, by game id."""
GAMES = tuple(REGISTRY)
"""The games with a summary of their own, in the order a group keeps their counters."""
LOCATIONS = 3
"""Places kept of each problem code, and of records seating one name at several seats."""
PLACES = 3
"""Decimals of a figure for programs (a table for people shows fewer)."""
NONE = "(none)"
"""The group of a record that does not state its event or month."""
NAMED = ("player", "event")
"""Groupings by a name someone wrote, where names that look alike are worth a note."""
_MONTH = re.compile(r"\d{4}-\d{2}")

Group = list[Any]
"""A group's counters: ``GENERAL``, then one slot per game of ``GAMES``, None or that game's
counters (``GameStats.names``). A plain list, not an object per group: it is what memory holds
per distinct player."""


def columns() -> list[str]:
    """Every column of the groups' table (csv, parquet, ``--sort``), in order."""
    out = ["key", *GENERAL]
    for game, stats in GAME_STATS.items():
        out += [f"{game}_{name}" for name in stats.columns]
    return out


def _column_places() -> dict[str, tuple[int | None, int, Any]]:
    """Column -> (game slot or None, position in its counters, the ``Ratio`` or None)."""
    out: dict[str, tuple[int | None, int, Any]] = {
        name: (None, i, None) for i, name in enumerate(GENERAL)
    }
    for slot, (game, stats) in enumerate(GAME_STATS.items()):
        for i, name in enumerate(stats.names):
            out[f"{game}_{name}"] = (slot, i, None)
        for found in stats.ratios:
            out[f"{game}_{found.name}"] = (slot, -1, found)
    return out


COLUMNS = _column_places()


class GameRow(Struct):
    """One game and rules preset, over every record."""

    game: str
    preset: str
    records: int = 0
    invalid: int = 0
    hands: int = 0
    problem_hands: int = 0
    finished: int = 0
    """Hands played to the end, in the valid records."""
    score: Money = 0
    """The seats' scores in all, in the valid records."""
    seat_hands: int = 0
    pool_start: Money = 0
    """What the table's pool (pot, kitty) held when the valid sittings started, in all."""
    pool_left: Money = 0
    """... and when they ended."""

    def to_dict(self) -> dict[str, Any]:
        stats = GAME_STATS.get(self.game)
        share = ratio(self.problem_hands, self.hands)
        mean = ratio(self.score, self.seat_hands)
        out: dict[str, Any] = {
            "game": self.game,
            "preset": self.preset,
            "unit": stats.unit if stats is not None else None,
            "records": self.records,
            "invalid": self.invalid,
            "hands": self.hands,
            "hands_with_problems": self.problem_hands,
            "problem_share": None if share is None else trimmed(share, 4),
            "finished": self.finished,
            "score": exact(self.score),
            "mean_score": None if mean is None else trimmed(mean, PLACES),
            "pool": None,
        }
        if stats is not None and stats.pool is not None:
            out["pool"] = {
                "name": stats.pool.name,
                "sittings": self.records - self.invalid,
                "start": exact(self.pool_start),
                "net": exact(self.score),
                "left": exact(self.pool_left),
                "balance": exact(self.score + self.pool_left - self.pool_start),
            }
        return out


class _Record(Struct):
    """What one valid record adds, worked out before it is folded into the groups."""

    hands: int
    finished: int = 0
    scores: list[Money] = field(default_factory=list)
    scored: list[int] = field(default_factory=list)
    """Per seat, the finished hands whose score is known (not one that depends on a value the
    record did not log): what a mean per hand divides by."""
    own: list[list[Money]] = field(default_factory=list)
    """Per seat, the game's own counters (``GameStats.counters``)."""
    pool_start: Money | None = None
    pool_change: Money = 0


class Summary(Struct):
    """The reducer: ``add`` every entry (or read failure), then ``to_dict``."""

    by: str = "player"
    records: int = 0
    valid: int = 0
    malformed: int = 0
    duplicates: int = 0
    hands: int = 0
    """Every hand of the valid records, as ``audit`` counts them."""
    finished: int = 0
    """Of those, the hands played to the end and settled."""
    groups: dict[str, Group] = field(default_factory=dict)
    games: dict[tuple[str, str], GameRow] = field(default_factory=dict)
    problems: Counter[str] = field(default_factory=Counter)
    kinds: dict[str, str] = field(default_factory=dict)
    places: dict[str, list[str]] = field(default_factory=dict)
    unreadable: list[ReadFailure] = field(default_factory=list)
    seen: set[bytes] = field(default_factory=set)
    repeated: int = 0
    """Valid records that seat one name at several seats (``--by player``)."""
    repeated_first: list[dict[str, Any]] = field(default_factory=list)
    errors: list[ReadFailure] = field(default_factory=list)
    """Records whose replay failed inside tricklog (an internal error): each with its place
    and the error; the rest of the run goes on."""
    _alike: tuple[list[Alike], bool] | None = None

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
        try:
            self.add_record(decoded, item.where)
        except Exception as exc:  # one record never stops a run: it is named, and counted
            self.errors.append(ReadFailure(item.where, f"internal error: {_error(exc)}"))

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
        stats = GAME_STATS.get(record.game)
        seen = _Record(len(record.hands))
        problems: list[Problem] = []
        winners: list[int] | None = None
        names = [player.name for player in record.players]
        _grow(seen, stats, len(names))
        for step in steps:
            if type(step) is HandSettled:
                _hand(record.game, stats, step, seen)
            elif type(step) is ProblemFound:
                problems.append(step.problem)
            elif type(step) is RecordSettled:
                winners = step.winners
            elif type(step) is RecordStarted:
                names = step.players
        self._problems(problems, where)
        row = self._game_row(record)
        row.records += 1
        row.hands += seen.hands
        row.problem_hands += len({p.hand for p in problems if p.hand is not None})
        if problems:
            row.invalid += 1
            return
        self.valid += 1
        self.hands += seen.hands
        self.finished += seen.finished
        row.finished += seen.finished
        row.score += sum(seen.scores)
        row.seat_hands += sum(seen.scored)
        if seen.pool_start is not None:
            row.pool_start += seen.pool_start
            row.pool_left += seen.pool_start + seen.pool_change
        self._groups(record, names, seen, winners or [], where)

    def _groups(
        self, record: Any, names: list[str], seen: _Record, winners: list[int], where: str
    ) -> None:
        seats_of: dict[str, list[int]] = {}
        for seat in range(len(seen.scores)):
            seats_of.setdefault(group_key(self.by, record, names, seat), []).append(seat)
        slot = GAMES.index(record.game) if record.game in GAME_STATS else None
        for key, seats in seats_of.items():
            group = self.groups.get(key)
            if group is None:
                group = self.groups[key] = [0] * len(GENERAL) + [None] * len(GAMES)
            group[RECORDS] += 1
            group[HANDS] += seen.hands
            group[FINISHED] += seen.finished
            if any(seat in winners for seat in seats):
                group[SHARED if _is_shared(record.game, winners) else WINS] += 1
            if slot is not None:
                _add_game(group, len(GENERAL) + slot, GAME_STATS[record.game], seen, seats)
            if len(seats) > 1 and self.by == "player":
                self._repeated(where, key, seats)

    def _repeated(self, where: str, name: str, seats: list[int]) -> None:
        self.repeated += 1
        if len(self.repeated_first) < LOCATIONS:
            self.repeated_first.append({"place": where, "name": name, "seats": seats})

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
        """Records left out of the play statistics: those with a problem (and any whose
        replay failed, ``errors``)."""
        return self.records - self.valid

    def value(self, key: str, column: str) -> Money | Fraction | None:
        """One number of a group's row (a column of ``columns()``), exact; None where the
        group did not play that game or a figure has nothing to divide by."""
        slot, position, figure = COLUMNS[column]
        counters = self.groups[key]
        if slot is not None:
            counters = counters[len(GENERAL) + slot]
            if counters is None:
                return None
            if figure is not None:
                return _figure(GAME_STATS[GAMES[slot]], counters, figure)
        return counters[position]  # type: ignore[no-any-return]

    def keys(self, sort: str | None = None, top: int | None = None) -> list[str]:
        """The groups' keys in the order a summary lists them: by key, or by the column
        ``sort``, largest first (ties by key; groups without a value last), cut to ``top``."""
        keys = sorted(self.groups)
        if sort is not None and sort != "key":
            known = [key for key in keys if self.value(key, sort) is not None]
            unknown = [key for key in keys if self.value(key, sort) is None]
            del keys

            def rank(key: str) -> Any:
                return self.value(key, sort)

            if top is not None and top < len(known):
                return heapq.nlargest(top, known, key=rank)  # stable, as sorted
            keys = sorted(known, key=rank, reverse=True)  # stable: ties keep the order by key
            keys += unknown
        return keys if top is None else keys[:top]

    def row(self, key: str) -> dict[str, Any]:
        """One group as data: its counters and, per game it played, the game's counters and
        figures (sums exact, figures to three decimals)."""
        counters = self.groups[key]
        out: dict[str, Any] = {"key": key}
        out.update(zip(GENERAL, counters, strict=False))
        for slot, (game, stats) in enumerate(GAME_STATS.items()):
            own = counters[len(GENERAL) + slot]
            if own is None:
                continue
            section = {name: exact(value) for name, value in zip(stats.names, own, strict=True)}
            for figure in stats.ratios:
                found = _figure(stats, own, figure)
                section[figure.name] = None if found is None else trimmed(found, PLACES)
            out[game] = section
        return out

    def rows(self, keys: Iterable[str] | None = None) -> Iterator[dict[str, Any]]:
        """The groups as data, one at a time (by key unless ``keys`` orders them)."""
        for key in sorted(self.groups) if keys is None else keys:
            yield self.row(key)

    def lookalikes(self) -> tuple[list[Alike], bool]:
        """Groups whose names look alike (``replay.summarize.names``), and whether the check
        saw every name; none unless the groups are names someone wrote (``NAMED``)."""
        if self._alike is None:
            self._alike = (
                lookalikes(lambda: iter(self.groups), len(self.groups))
                if self.by in NAMED
                else ([], True)
            )
        return self._alike

    def to_dict(self, keys: Iterable[str] | None = None) -> dict[str, Any]:
        """The whole summary; ``keys`` are the groups to list (sorted, cut to the top N)."""
        alike, complete = self.lookalikes()
        return {
            "command": "summarize",
            "by": self.by,
            "records": self.records,
            "valid": self.valid,
            "left_out": self.left_out,
            "malformed": self.malformed,
            "duplicates": self.duplicates,
            "hands": self.hands,
            "finished": self.finished,
            "unreadable": [{"file": f.file, "message": f.message} for f in self.unreadable],
            "errors": [{"record": f.file, "message": f.message} for f in self.errors],
            "groups": list(self.rows(keys)),
            "games": self.game_rows(),
            "repeated_names": {"records": self.repeated, "first": self.repeated_first},
            "lookalikes": {
                "groups": [{"names": a.names, "why": a.why} for a in alike],
                "complete": complete,
            },
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


def _error(exc: Exception) -> str:
    text = str(exc)
    if len(text) > 200:
        text = text[:200] + "..."
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


def _figure(stats: GameStats, counters: list[Money], figure: Ratio) -> Fraction | None:
    """A figure of a group's counters of one game, exactly."""
    names = stats.names
    return figure.of(counters[names.index(figure.top)], counters[names.index(figure.bottom)])


def _grow(seen: _Record, stats: GameStats | None, seats: int) -> None:
    """Make room for ``seats`` seats in a record's tallies."""
    while len(seen.scores) < seats:
        seen.scores.append(0)
        seen.scored.append(0)
        seen.own.append([0] * (len(stats.counters) if stats is not None else 0))


def _hand(game: str, stats: GameStats | None, step: HandSettled, seen: _Record) -> None:
    """Add a settled hand's scores, counters and pool to the record's tallies."""
    if stats is not None and stats.pool is not None and step.settlement is not None:
        before, change = stats.pool.read(step.settlement)
        if seen.pool_start is None:
            seen.pool_start = before
        seen.pool_change += change
    scores = step.scores
    if step.status is not HandStatus.COMPLETE or scores is None:
        return
    seen.finished += 1
    _grow(seen, stats, len(scores))  # a record whose seats are miscounted has a problem too
    for seat, score in enumerate(scores):
        if score is not None:  # None: unknown (a value the record did not log), counted as nothing
            seen.scores[seat] += score
            seen.scored[seat] += 1
    counters = hand_counters(stats, step)
    if stats is None or counters is None:
        return
    for seat, found in enumerate(counters):
        own = seen.own[seat]
        for position, name in enumerate(stats.counters):
            value = found.get(name)
            if value:
                own[position] += value


def _add_game(group: Group, slot: int, stats: GameStats, seen: _Record, seats: list[int]) -> None:
    """Add a record's figures for the group's ``seats`` to the group's counters of its game."""
    own = group[slot]
    if own is None:
        own = group[slot] = [0] * len(stats.names)
    own[0] += seen.hands
    own[1] += seen.finished
    own[2] += sum(seen.scored[seat] for seat in seats)
    own[3] += sum(seen.scores[seat] for seat in seats)
    for position in range(len(stats.counters)):
        own[4 + position] += sum(seen.own[seat][position] for seat in seats)


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


def _is_shared(game: str, winners: list[int]) -> bool:
    """Whether the winners share a tie: several of them, not all the seats of one team."""
    stats = GAME_STATS.get(game)
    teams = stats.teams if stats is not None else ()
    return len(winners) > 1 and tuple(sorted(winners)) not in teams
