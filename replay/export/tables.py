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

import math
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from operator import attrgetter
from typing import Any

import msgspec
import orjson
from msgspec import NODEFAULT
from msgspec.structs import fields

from records.formats.base import Loss
from records.identity import record_hash
from records.structs import ANY_RECORD
from replay.check import steps
from replay.export.sheet import Scored, Sheet
from replay.registry import view
from replay.steps import (
    ActionApplied,
    Claim,
    HandSettled,
    HandStatus,
    ProblemFound,
    RecordStarted,
)

__all__ = ["SHEETS", "TABLES", "Column", "Header", "Row", "header", "table_stream"]

TABLES = ("hands", "actions")
"""The tables, in the order of the formats' forms: the first is the default."""


@dataclass(frozen=True, slots=True)
class Column:
    """A column of a table: its name and the type of its values (blank is None)."""

    name: str
    kind: type = int


SHEETS: Mapping[str, Sheet] = view(attrgetter("sheet"))
"""What each game's score sheet shows beyond the common columns (docs/csv.md), by game id."""

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
    if sheet is not None and sheet.denominator:
        head.append(Column("denominator"))
    head.append(Column("problems", str))
    return tuple(head)


Row = tuple[Any, ...]


@dataclass(frozen=True, slots=True)
class Header:
    """The first item of a table's stream: its columns."""

    columns: tuple[Column, ...]


def table_stream(records: Iterable[Any], table: str) -> Iterator[Header | list[Row] | Loss]:
    """The header (first, once), then each record's rows (a list) and losses, in order.
    ``records`` are models or, faster, records as the format's decoder reads them."""
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


def _record(record: Any, table: str) -> Iterator[list[Row] | Loss]:
    """The rows of one record (a list: written at once) and its losses."""
    record = _decoded(record)
    digest = record_hash(record)
    walk = list(steps(record, audit=True, actions=table == "actions"))
    started = next(s for s in walk if isinstance(s, RecordStarted))
    if table == "actions":
        said = {(s.hand, s.index): s.said for s in walk if isinstance(s, ActionApplied)}
        yield list(_action_rows(record, started.players, said, digest))
        yield from losses(record, table, set())
        return
    settled = [s for s in walk if isinstance(s, HandSettled)]
    problems = [s.problem for s in walk if isinstance(s, ProblemFound)]
    if not settled:
        first = problems[0].message if problems else "no hand"
        yield Loss(record.id, "/hands", "every hand", f"replay stopped before the first: {first}")
    sheet = SHEETS[record.game]
    names = _NAMES[record.game]
    carried: set[str] = set()
    rows: list[Row] = []
    for step in settled:
        hand = _Hand(
            (record.id, digest, record.game, step.number, step.dealer),
            step,
            record.hands[step.index],
            {c.name: c for c in step.claims},
            step.calls() if step.calls is not None else [],
            _problems_of(problems, step, last=step is settled[-1]),
        )
        carried |= {c.pointer.rsplit("/", 1)[1] for c in step.claims if c.name in names}
        rows += _hand_rows(sheet, hand, started.players)
    yield rows
    yield from losses(record, table, carried)


def _decoded(record: Any) -> Any:
    """The record as the format's decoder reads it (``records.structs``): what audit replays,
    and what ``convert`` hands a table writer. A pydantic model goes through its JSON text
    (the decoder reads a table's integer keys from JSON strings)."""
    if isinstance(record, msgspec.Struct):
        return record
    return ANY_RECORD.decode(record.model_dump_json())


def _names(sheet: Sheet) -> frozenset[str]:
    return frozenset({v.claim for v in sheet.scored} | {n for n in (sheet.score, sheet.total) if n})


_NAMES = {game: _names(sheet) for game, sheet in SHEETS.items()}
"""The claims each game's score sheet has columns for."""


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


def _hand_rows(sheet: Sheet, hand: _Hand, players: Sequence[str]) -> list[Row]:
    """A row per seat; every value of the hand is worked out once, then read per seat."""
    step, claims = hand.step, hand.claims
    status = step.status.value
    bids = _bids(hand.recorded, sheet.bid) if sheet.bid is not None else None
    scored = [(_computed(step, claims.get(v.claim), v), claims.get(v.claim)) for v in sheet.scored]
    score, total = claims.get(sheet.score or ""), claims.get(sheet.total or "")
    rows: list[list[Any]] = []
    money: list[int] = []
    for seat, name in enumerate(players):
        row: list[Any] = [*hand.head, seat, name, status]
        if bids is not None:
            row.append(bids.get(seat))
        row.append("; ".join(text for who, text in hand.calls if who == seat) or None)
        for (value, claim), kind in zip(scored, sheet.scored, strict=True):
            if kind.money and not seat:
                money += [len(row), len(row) + 1]
            row += [_seat_value(value, seat), _claimed(claim, seat)]
        if not seat:
            money += range(len(row), len(row) + 4)
        row += [_at(step.scores, seat), _claimed(score, seat)]
        row += [_at(step.totals, seat), _claimed(total, seat)]
        if sheet.denominator:
            row.append(1)
        codes = [p.code for p in hand.problems if p.seat is None or p.seat == seat]
        row.append("; ".join(codes) or None)
        rows.append(row)
    if sheet.denominator:
        _over_denominator(rows, money, len(rows[0]) - 2 if rows else 0)
    return [tuple(row) for row in rows]


def _over_denominator(rows: list[list[Any]], money: Sequence[int], column: int) -> None:
    """Write the amounts of money of a hand's ``rows`` (at the places ``money``) as integers
    over one denominator, the least that all of them share, written at ``column``: a table's
    column holds one type, and an exact fraction written ``80/3`` would be text (which a
    spreadsheet may even read as a date). Under any rounding but ``exact`` every amount is
    whole, and the denominator is 1."""
    exact = [{i: _rational(row[i]) for i in money} for row in rows]
    denominator = math.lcm(*(v.denominator for one in exact for v in one.values() if v))
    for row, values in zip(rows, exact, strict=True):
        for i, value in values.items():
            if value is not None:
                row[i] = int(value * denominator)
        row[column] = denominator


def _rational(value: Any) -> Fraction | None:
    """An amount as a fraction (an integer, a ``Fraction``, a record's ``{"numerator",
    "denominator"}``); None for a blank, or for a value that is no amount (left as it is)."""
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int | Fraction):
        return Fraction(value)
    numerator, denominator = (getattr(value, k, None) for k in ("numerator", "denominator"))
    if isinstance(numerator, int) and isinstance(denominator, int) and denominator > 0:
        return Fraction(numerator, denominator)
    return None


def _bids(hand: Any, bid: tuple[str, str]) -> dict[int, Any]:
    """Each seat's last bid of the hand, as recorded (a fact of the record, not of replay)."""
    kind, field = bid
    return {a.seat: getattr(a, field) for a in hand.actions if a.type == kind}


def _computed(step: HandSettled, claim: Claim | None, scored: Scored) -> Any:
    """The recomputed value of the hand (per seat or not): the claim's, else the settlement's,
    else the step's, else what a hand played to the end shows when replay found nothing."""
    value = claim.computed if claim is not None else None
    if value is None and step.settlement is not None:
        value = _path(step.settlement, scored.computed)
    if value is None:
        value = _path(step, scored.computed)
        if value is step.tricks:  # the tricks played (a hand not settled), not a count per seat
            value = None
    if value is None and step.status is HandStatus.COMPLETE:
        value = scored.absent
    return value


def _seat_value(value: Any, seat: int) -> Any:
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
    players: list[str],
    said: dict[tuple[int, int], str | None],
    digest: str,
) -> Iterator[Row]:
    for index, hand in enumerate(record.hands):
        for at, action in enumerate(hand.actions):
            seat = getattr(action, "seat", None)  # a required field where there is one
            yield (
                record.id,
                digest,
                record.game,
                hand.number,
                at,
                seat,
                players[seat] if isinstance(seat, int) and seat < len(players) else None,
                action.type,
                getattr(action, "card", None),  # a required field where there is one
                _detail(action),
                said.get((index, at)),
            )


def _detail(action: Any) -> str | None:
    """The fields of an action beyond its type, seat and card, as JSON (None: it has none)."""
    kind = type(action)
    others = _OTHERS.get(kind)
    if others is None:
        others = _OTHERS[kind] = any(k not in ("seat", "card") for k, _, _, _ in _fields(kind))
    if not others:
        return None  # a play, a pass: nothing to look at
    rest = {k: v for k, v in _present(action).items() if k not in ("type", "seat", "card")}
    return orjson.dumps(rest).decode() if rest else None


_OTHERS: dict[type, bool] = {}
"""Whether an action struct has fields beyond its seat and card."""


_FIELDS: dict[type, list[tuple[str, str, Any, Any]]] = {}


def _fields(kind: type) -> list[tuple[str, str, Any, Any]]:
    """(key, attribute, default, default factory) of a struct's fields, looked up once."""
    found = _FIELDS.get(kind)
    if found is None:
        found = [(f.encode_name, f.name, f.default, f.default_factory) for f in fields(kind)]
        _FIELDS[kind] = found
    return found


def _present(value: Any) -> Any:
    """A decoded value as JSON reads the record ``records.parse.dumps`` writes: every field at
    its default left out, the tag of a tagged struct first (the models' order but for it)."""
    if isinstance(value, msgspec.Struct):
        config = value.__struct_config__
        out: dict[str, Any] = {} if config.tag_field is None else {config.tag_field: config.tag}
        for key, name in _present_keys(value):
            out[key] = _present(getattr(value, name))
        return out
    if isinstance(value, list | tuple):
        return [_present(v) for v in value]
    if isinstance(value, dict):
        return {k: _present(v) for k, v in value.items()}
    return value


def _present_keys(value: msgspec.Struct) -> list[tuple[str, str]]:
    """(key, attribute) of the fields of a struct that are not at their default."""
    keys = []
    for key, name, default, factory in _fields(type(value)):
        got = getattr(value, name)
        if default is not NODEFAULT and got == default:
            continue
        if factory is not NODEFAULT and got == factory():
            continue
        keys.append((key, name))
    return keys


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


def losses(record: Any, table: str, carried_claims: set[str]) -> Iterator[Loss]:
    """Every field of a record (decoded: ``_decoded``) that ``table`` cannot carry: once per
    field, at its first place, saying how many places hold it. A field at its default is no
    fact the record states (``records.parse.dumps`` leaves it out)."""
    fields, hand_fields = _CARRIED[table]
    for key in _keys(record):
        if key not in fields:
            yield Loss(record.id, f"/{key}", key, _why(key, table))
    for seat, player in enumerate(record.players):
        for key in dict.fromkeys(_keys(player)).keys() - {"seat", "name"}:
            yield Loss(record.id, f"/players/{seat}/{key}", f"player {key}", _why(key, table))
    yield from _hand_losses(record.id, record.hands, table, hand_fields, carried_claims)


def _keys(value: msgspec.Struct) -> list[str]:
    return [key for key, _ in _present_keys(value)]


def _hand_losses(
    record: str,
    hands: Sequence[Any],
    table: str,
    fields: set[str],
    carried_claims: set[str],
) -> Iterator[Loss]:
    first: dict[str, str] = {}
    count: dict[str, int] = {}
    for index, hand in enumerate(hands):
        keys = [k for k in _keys(hand) if k not in fields]
        if table == "hands" and "claims" in keys:
            keys.remove("claims")
            keys += [f"claims/{k}" for k in _keys(hand.claims) if k not in carried_claims]
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
