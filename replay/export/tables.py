"""The two tables of a record: a score sheet (``hands``) and its actions (``actions``).

Every row names its record by ``id`` and by ``hash`` (``records.identity``: the same game gives
the same hash whatever its file says about it). ``hands`` has one row per hand per seat: who, the hand's status, the seat's bid and calls, each
value the game scores (``tricks``, ``meld``, ``share``...) and the hand's ``score`` and running
``total``, then the problems found. A value replay recomputes and a value the record claims are
two columns, never one: ``score`` is recomputed and ``score_claimed`` is what the record says,
blank when it does not say it (docs/csv.md). ``actions`` has one row per recorded action.

Rows come from one replay of each record (``replay.check.steps``); the values the record states
(players, bids, claims, actions) are read from the record itself, never from the replay. A table
cannot carry everything a record says (the deal, the rules, the metadata, extensions...): each
such field is a ``Loss``, once per record, at its first place. A table has one header, so it
holds one game: a record of another game than the first is a ``Loss`` too, and is left out.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import orjson

from records.formats.base import Loss
from records.identity import record_hash
from records.parse import dumps
from replay.check import steps
from replay.steps import (
    ActionApplied,
    Claim,
    HandSettled,
    HandStatus,
    ProblemFound,
    RecordStarted,
)

__all__ = ["SHEETS", "TABLES", "Column", "Header", "header", "table_stream"]

TABLES = ("hands", "actions")
"""The tables, in the order of the formats' forms: the first is the default."""


@dataclass(frozen=True, slots=True)
class Column:
    """A column of a table: its name and the type of its values (blank is None)."""

    name: str
    kind: type = int


@dataclass(frozen=True, slots=True)
class Scored:
    """A value the game scores per hand: recomputed in ``name``, claimed in ``name_claimed``."""

    name: str
    claim: str
    """The claim's name in the replay (``replay.steps.Claim.name``)."""
    computed: str
    """Where replay keeps it when the record makes no claim: an attribute of the hand's
    settlement, or else of its ``HandSettled`` step (a dotted path: ``state.size``)."""
    kind: type = int
    absent: Any = None
    """What a hand played to the end shows when replay found nothing (``none``: no trump)."""


@dataclass(frozen=True, slots=True)
class Sheet:
    """The columns a game adds to the score sheet."""

    bid: tuple[str, str] | None
    """(action type, field) of the seat's bid, or None for a game without bids."""
    scored: tuple[Scored, ...]
    score: str | None
    """The claim holding the hand's score per seat (None: records do not claim it)."""
    total: str | None
    """The claim holding the running total per seat."""


SHEETS: dict[str, Sheet] = {
    "oh_hell": Sheet(
        ("bid", "tricks"),
        (
            Scored("hand_size", "hand_size", "state.size"),
            Scored("trump", "trump", "trump", str, "none"),
            Scored("tricks", "tricks", "taken"),
        ),
        "score",
        "total",
    ),
    "pinochle": Sheet(
        ("bid", "points"),
        (
            Scored("declarer", "declarer", "declarer"),
            Scored("contract", "contract", "contract"),
            Scored("meld", "meld", "meld"),
            Scored("counters", "counters", "counters"),
            Scored("made", "made", "made", bool),
            Scored("kitty", "kitty", "kitty"),
        ),
        "chips",
        "total",
    ),
    "bestia": Sheet(
        None,
        (
            Scored("tricks", "tricks", "tricks"),
            Scored("starting_pot", "starting_pot", "starting_pot"),
            Scored("invito", "invito", "invitos"),
            Scored("pot", "pot", "pot"),
            Scored("share", "share", "shares"),
            Scored("refund", "refund", "refunds"),
            Scored("bestia", "bestia", "bestias"),
            Scored("carried", "carried", "carried"),
        ),
        None,
        "balance",
    ),
}
"""What each game's score sheet shows beyond the common columns (docs/csv.md)."""

_ACTIONS = (
    Column("record", str),
    Column("hash", str),
    Column("game", str),
    Column("hand"),
    Column("index"),
    Column("seat"),
    Column("player", str),
    Column("type", str),
    Column("card", str),
    Column("detail", str),
    Column("said", str),
)


def header(table: str, game: str | None) -> tuple[Column, ...]:
    """The columns of ``table`` for records of ``game`` (None: no record, common columns)."""
    if table == "actions":
        return _ACTIONS
    sheet = SHEETS.get(game or "")
    head = [Column(n, str) for n in ("record", "hash", "game")]
    head += [Column("hand"), Column("dealer"), Column("seat"), Column("player", str)]
    head.append(Column("status", str))
    if sheet is not None and sheet.bid is not None:
        head.append(Column("bid"))
    head.append(Column("calls", str))
    for value in sheet.scored if sheet is not None else ():
        head += [Column(value.name, value.kind), Column(f"{value.name}_claimed", value.kind)]
    head += [Column(n) for n in ("score", "score_claimed", "total", "total_claimed")]
    head.append(Column("problems", str))
    return tuple(head)


Row = tuple[Any, ...]


@dataclass(frozen=True, slots=True)
class Header:
    """The first item of a table's stream: its columns."""

    columns: tuple[Column, ...]


def table_stream(records: Iterable[Any], table: str) -> Iterator[Header | Row | Loss]:
    """The header (first, once), then each record's rows and losses, in order."""
    game: str | None = None
    for record in records:
        if game is None:
            game = record.game
            yield Header(header(table, game))
        if record.game != game:
            why = f"a table holds one game and this one holds {game}: convert each game apart"
            yield Loss(record.id, "", f"a {record.game} record", why)
            continue
        yield from _record(record, table)
    if game is None:
        yield Header(header(table, None))


def _record(record: Any, table: str) -> Iterator[Row | Loss]:
    walk = list(steps(record, audit=True, actions=table == "actions"))
    data = orjson.loads(dumps(record))
    digest = record_hash(record)
    started = next(s for s in walk if isinstance(s, RecordStarted))
    if table == "actions":
        said = {(s.hand, s.index): s.said for s in walk if isinstance(s, ActionApplied)}
        yield from _action_rows(record, data, started.players, said, digest)
        yield from losses(record.id, data, table, set())
        return
    settled = [s for s in walk if isinstance(s, HandSettled)]
    problems = [s.problem for s in walk if isinstance(s, ProblemFound)]
    if not settled:
        first = problems[0].message if problems else "no hand"
        yield Loss(record.id, "/hands", "every hand", f"replay stopped before the first: {first}")
    sheet = SHEETS[record.game]
    carried: set[str] = set()
    for step in settled:
        hand = _Hand(
            (record.id, digest, record.game, step.number, step.dealer),
            step,
            record.hands[step.index],
            {c.name: c for c in step.claims},
            step.calls() if step.calls is not None else [],
            _problems_of(problems, step, last=step is settled[-1]),
        )
        carried |= {c.pointer.rsplit("/", 1)[1] for c in step.claims if c.name in _names(sheet)}
        for seat, name in enumerate(started.players):
            yield _hand_row(sheet, hand, seat, name)
    yield from losses(record.id, data, table, carried)


def _names(sheet: Sheet) -> set[str]:
    return {v.claim for v in sheet.scored} | {n for n in (sheet.score, sheet.total) if n}


@dataclass(frozen=True, slots=True)
class _Hand:
    """What every row of one hand reads: worked out once per hand, not once per seat."""

    head: tuple[Any, ...]
    """record, hash, game, hand, dealer."""
    step: HandSettled
    recorded: Any
    """The hand as recorded."""
    claims: dict[str, Claim]
    calls: list[tuple[int, str]]
    problems: list[Any]


def _hand_row(sheet: Sheet, hand: _Hand, seat: int, name: str) -> Row:
    step, claims = hand.step, hand.claims
    row: list[Any] = [*hand.head, seat, name, step.status.value]
    if sheet.bid is not None:
        row.append(_bid(hand.recorded, seat, *sheet.bid))
    row.append("; ".join(text for who, text in hand.calls if who == seat) or None)
    for value in sheet.scored:
        row += [_computed(step, claims.get(value.claim), value, seat)]
        row += [_claimed(claims.get(value.claim), seat)]
    row += [_at(step.scores, seat), _claimed(claims.get(sheet.score or ""), seat)]
    row += [_at(step.totals, seat), _claimed(claims.get(sheet.total or ""), seat)]
    codes = [p.code for p in hand.problems if p.seat is None or p.seat == seat]
    row.append("; ".join(codes) or None)
    return tuple(row)


def _bid(hand: Any, seat: int, kind: str, field: str) -> Any:
    """The seat's last bid of the hand, as recorded (a fact of the record, not of replay)."""
    bids = [a for a in hand.actions if a.type == kind and a.seat == seat]
    return getattr(bids[-1], field) if bids else None


def _computed(step: HandSettled, claim: Claim | None, scored: Scored, seat: int) -> Any:
    value = claim.computed if claim is not None else None
    if value is None and step.settlement is not None:
        value = _path(step.settlement, scored.computed)
    if value is None:
        value = _path(step, scored.computed)
    if value is None and step.status is HandStatus.COMPLETE:
        value = scored.absent
    value = _at(value, seat)
    total = getattr(value, "total", None)  # pinochle's counters: the card points in all
    return total if isinstance(total, int) else value


def _path(value: Any, path: str) -> Any:
    for name in path.split("."):
        value = getattr(value, name, None)
    return value


def _claimed(claim: Claim | None, seat: int) -> Any:
    if claim is None:
        return None
    return _at(claim.recorded, seat) if claim.per_seat else claim.recorded


def _at(value: Any, seat: int) -> Any:
    if isinstance(value, list | tuple):
        return value[seat] if seat < len(value) else None
    return value


_HAND = re.compile(r"/hands/(\d+)(?:/|$)")


def _problems_of(problems: Sequence[Any], step: HandSettled, *, last: bool) -> list[Any]:
    """The problems of one hand, found by pointer (or by hand number); those of the record as
    a whole (its final claims) go with its last hand."""
    mine = []
    for problem in problems:
        found = _HAND.match(problem.pointer or "")
        if found is not None:
            if int(found.group(1)) == step.index:
                mine.append(problem)
        elif problem.hand is not None:
            if problem.hand == step.number:
                mine.append(problem)
        elif last:
            mine.append(problem)
    return mine


def _action_rows(
    record: Any,
    data: dict[str, Any],
    players: list[str],
    said: dict[tuple[int, int], str | None],
    digest: str,
) -> Iterator[Row]:
    for index, hand in enumerate(data["hands"]):
        for at, action in enumerate(hand["actions"]):
            seat = action.get("seat")
            rest = {k: v for k, v in action.items() if k not in ("type", "seat", "card")}
            yield (
                record.id,
                digest,
                record.game,
                hand["number"],
                at,
                seat,
                players[seat] if isinstance(seat, int) and seat < len(players) else None,
                action["type"],
                action.get("card"),
                orjson.dumps(rest).decode() if rest else None,
                said.get((index, at)),
            )


_CARRIED = {
    "hands": ({"format_version", "game", "id", "players", "hands"}, {"number", "dealer"}),
    "actions": ({"format_version", "game", "id", "players", "hands"}, {"number", "actions"}),
}
"""(record fields, hand fields) each table carries; ``format_version`` is the format's, not a
fact of the game. The score sheet carries the hand claims it has columns for besides."""

_WHY = {
    "deal": "a table holds no cards dealt",
    "actions": "the score sheet holds only the bids and calls; the actions table holds them all",
    "claims": "the actions table holds no claims; the score sheet does",
    "claims@hands": "the score sheet holds the claims of each hand, not the record's own",
    "dealer": "the actions table names no dealer; the score sheet does",
    "rules": "a table holds no rules (tricklog rules infer can tell them back from the play)",
    "meta": "a table holds no metadata",
    "extensions": "a table holds no extensions",
}


def losses(
    record: str, data: dict[str, Any], table: str, carried_claims: set[str]
) -> Iterator[Loss]:
    """Every field of a record (``data``: as JSON reads it) that ``table`` cannot carry: once
    per field, at its first place, saying how many places hold it."""
    fields, hand_fields = _CARRIED[table]
    for key in data:
        if key not in fields:
            yield Loss(record, f"/{key}", key, _why(key, table))
    for seat, player in enumerate(data["players"]):
        for key in player.keys() - {"seat", "name"}:
            yield Loss(record, f"/players/{seat}/{key}", f"player {key}", _why(key, table))
    yield from _hand_losses(record, data["hands"], table, hand_fields, carried_claims)


def _hand_losses(
    record: str,
    hands: list[dict[str, Any]],
    table: str,
    fields: set[str],
    carried_claims: set[str],
) -> Iterator[Loss]:
    first: dict[str, str] = {}
    count: dict[str, int] = {}
    for index, hand in enumerate(hands):
        keys = [k for k in hand if k not in fields]
        if table == "hands" and "claims" in keys:
            keys.remove("claims")
            keys += [f"claims/{k}" for k in hand["claims"] if k not in carried_claims]
        for key in keys:
            first.setdefault(key, f"/hands/{index}/{key}")
            count[key] = count.get(key, 0) + 1
    for key, pointer in first.items():
        what = f"hand {key.replace('/', ' ')} ({count[key]} of {len(hands)} hands)"
        why = _why(key, table) if not key.startswith("claims/") else "no column for this claim"
        yield Loss(record, pointer, what, why)


def _why(key: str, table: str) -> str:
    found = _WHY.get(f"{key}@{table}") or _WHY.get(key)
    return found or f"the {table} table has no column for it"
