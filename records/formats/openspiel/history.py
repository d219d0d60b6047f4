"""Reading OpenSpiel ``oh_hell`` histories: one history is one deal, and one record.

``record_of`` turns the actions of one history into a tricklog record under the ``openspiel``
preset: the chance actions give the number of tricks, the dealer, the hands (dealt round the
table from seat 0) and the turned-up card; the bids and plays become events. The history names
no seats, so this module follows OpenSpiel's turn order: bids round from the dealer's left, the
first trick led from there and each next one by the winner of the last, as the shared trick core
decides it (``records.tricks.trick_winner``: OpenSpiel's ``Trick::Play`` in ``oh_hell.cc`` is
the same rule, one deck, no identical cards). The legality of the actions is left to the audit:
a revoke imports as the revoke it is and ``tricklog audit`` reports it.

``history_drafts`` reads the history file of docs/openspiel.md, one record per line, a line at a
time: a line longer than the limit of one record stops it, and a history longer than any deal of
its game is not read past that length.
"""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Iterator
from typing import IO, Any

import orjson

from records.cards import FRENCH_52
from records.filenames import unicode_safe
from records.formats.base import Loss, SourceProblem
from records.formats.drafts import Draft
from records.formats.openspiel.mapping import (
    NUM_CARDS,
    SOURCE,
    Params,
    card_of,
    parse_game,
    rules_data,
)
from records.io import ReadFailure
from records.limits import ReadLimits, size_text
from records.problems import Kind
from records.tricks import trick_winner

__all__ = [
    "CODE",
    "HistoryError",
    "built",
    "history_drafts",
    "most_actions",
    "parse_actions",
    "problem",
    "record_of",
]

CODE = "record.openspiel"
STRENGTH = FRENCH_52.strength
"""OpenSpiel's rank order (``RANKS``): one deck, where no two cards are identical."""
_BOM = b"\xef\xbb\xbf"


class HistoryError(ValueError):
    """A history that cannot be a deal of Oh Hell; the message says which action and why."""


def record_of(
    params: Params,
    actions: list[int],
    record_id: str,
    scores: list[int] | None = None,
    tricks: list[int] | None = None,
) -> dict[str, Any]:
    """The tricklog record (JSON data) of one history, with what the source claims each seat
    scored and took; ``HistoryError`` when the actions cannot be a deal and its play."""
    n = params.players
    if len(actions) < 2:
        raise HistoryError("the history stops before the number of tricks and the dealer")
    size, dealer = actions[0], actions[1]
    if not 1 <= size <= params.max_tricks:
        raise HistoryError(f"action 0: {size} tricks; this game deals 1 to {params.max_tricks}")
    if not 0 <= dealer < n:
        raise HistoryError(f"action 1: dealer {dealer} is not a seat of {n} players")
    start = 2 + n * size + 1
    if len(actions) < start:
        raise HistoryError(
            f"the history stops during the deal ({len(actions)} actions; the deal needs {start})"
        )
    for at in range(2, start):
        if not 0 <= actions[at] < NUM_CARDS:
            raise HistoryError(f"action {at}: {actions[at]} is not a card id (0..51)")
    hands: list[list[str]] = [[] for _ in range(n)]
    for i, action in enumerate(actions[2 : start - 1]):
        hands[i % n].append(card_of(action))
    turned = card_of(actions[start - 1])
    hand: dict[str, Any] = {
        "number": 1,
        "dealer": dealer,
        "deal": {"hands": hands, "turned_up": turned},
        "actions": _events(actions, start, dealer, n, turned[1]),
    }
    claims = {k: v for k, v in (("tricks", tricks), ("scores", scores)) if v is not None}
    if claims:
        hand["claims"] = claims
    return {
        "format_version": 1,
        "game": "oh_hell",
        "id": record_id,
        "rules": rules_data(params.rules()),
        "players": [{"seat": s, "name": f"player {s}"} for s in range(n)],
        "meta": {"source": SOURCE},
        "hands": [hand],
    }


def _events(actions: list[int], start: int, dealer: int, n: int, trump: str) -> list[Any]:
    """The bids, then the plays, each with the seat OpenSpiel's turn order gives it: a trick's
    cards round from its leader, the next led by its winner (``trick_winner``)."""
    events: list[dict[str, Any]] = []
    for at in range(start, min(start + n, len(actions))):
        if actions[at] < NUM_CARDS:
            raise HistoryError(
                f"action {at}: {actions[at]} is a card where a bid (52 + tricks) is due"
            )
        bid = {"type": "bid", "seat": (dealer + 1 + at - start) % n, "tricks": actions[at] - 52}
        events.append(bid)
    leader = (dealer + 1) % n
    trick: list[str] = []
    for at in range(start + n, len(actions)):
        action = actions[at]
        if not 0 <= action < NUM_CARDS:
            raise HistoryError(f"action {at}: {action} is not a card id (0..51) in the play")
        card = card_of(action)
        events.append({"type": "play", "seat": (leader + len(trick)) % n, "card": card})
        trick.append(card)
        if len(trick) == n:
            leader = (leader + trick_winner(trick, trump, STRENGTH)) % n
            trick = []
    return events


_ACTION = re.compile(r"[^\s,]+")


def parse_actions(text: str, most: int) -> list[int]:
    """Action ids separated by spaces or commas, in brackets or not (pyspiel's ``History()``
    as a playthrough prints it); ``HistoryError`` for more than ``most`` (what a deal of the
    game can hold: more is not a deal, and is not read on)."""
    body = text.strip().removeprefix("[").removesuffix("]")
    words = [m.group() for m in itertools.islice(_ACTION.finditer(body), most + 1)]
    if len(words) > most:
        raise HistoryError(f"more than {most} actions, the most a deal of this game has")
    for word in words:
        if not re.fullmatch(r"[0-9]{1,4}", word):
            raise HistoryError(f"an action id is a whole number from 0, not {word!r}")
    return [int(w) for w in words]


def most_actions(params: Params) -> int:
    """The actions of the longest deal of a game: tricks and dealer, the cards dealt and the
    one turned, a bid per seat, a card per seat per trick."""
    seats, tricks = params.players, params.max_tricks
    return 2 + seats * tricks + 1 + seats + seats * tricks


def problem(file: str, at: int | None, line: int, message: str) -> Draft:
    """A deal that cannot be a record (the record's source ``file`` or ``file:at``), with the
    line where it is and why."""
    found = SourceProblem(CODE, Kind.MALFORMED, message, line=line)
    return Draft(file, at, problems=(found,))


def built(file: str, at: int | None, data: dict[str, Any], losses: tuple[Loss, ...] = ()) -> Draft:
    """A record built as JSON data, for the format to check."""
    return Draft(file, at, orjson.dumps(data), losses=losses)


def history_drafts(
    stream: IO[bytes], name: str, limits: ReadLimits, number: int = 0
) -> Iterator[Draft | ReadFailure]:
    """Every deal of a history file, a line at a time (each line that is not blank or a ``#``
    comment), from line ``number + 1``; a line longer than the limit of one record stops it."""
    limit = limits.record_bytes
    cap = limit + 1 if limit else -1
    while raw := stream.readline(cap):
        number += 1
        if len(raw) == cap and raw[-1:] != b"\n":
            yield ReadFailure(
                name,
                f"line {number} is longer than {size_text(limit)} (the limit of one record, "
                "TRICKLOG_MAX_RECORD_BYTES); stopped reading",
            )
            return
        data = raw.removeprefix(_BOM) if number == 1 else raw
        try:
            line = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            yield problem(name, number, number, f"not UTF-8 text: {exc.reason}")
            continue
        if line.strip() and not line.lstrip().startswith("#"):
            yield _history_line(line, name, number)


def _history_line(line: str, name: str, number: int) -> Draft:
    fields = line.strip().split("\t")
    if len(fields) == 1:  # written by hand with spaces: the game string holds none
        game, _, rest = fields[0].partition(" ")
        fields = [game, rest]
    try:
        params = parse_game(fields[0])
        actions = parse_actions(fields[1], most_actions(params))
        extra = _fields(fields[2:], params.players)
        if params.zerosum and "returns" in extra:
            raise HistoryError("the returns of a zerosum game are not its scores; leave them out")
        record_id = extra.get("id") or f"{unicode_safe(name.rsplit('/', 1)[-1])}:{number}"
        data = record_of(params, actions, record_id, extra.get("returns"), extra.get("tricks"))
    except ValueError as exc:
        return problem(name, number, number, str(exc))
    return built(name, number, data)


def _fields(fields: list[str], players: int) -> dict[str, Any]:
    """The ``key=value`` fields after the actions: ``id``, ``returns``, ``tricks``."""
    out: dict[str, Any] = {}
    for field in fields:
        key, sep, value = field.strip().partition("=")
        if not sep or key not in ("id", "returns", "tricks") or key in out:
            raise HistoryError(f"expected id=, returns= or tricks= (once each), not {field!r}")
        if key == "id":
            out[key] = _text(value)
            continue
        numbers = value.split(",")
        if len(numbers) != players or not all(re.fullmatch(r"-?[0-9]{1,15}", x) for x in numbers):
            raise HistoryError(f"{key}= holds {players} whole numbers separated by commas")
        out[key] = [int(x) for x in numbers]
    return out


def _text(value: str) -> str:
    """An id: a JSON string (as tricklog writes it), or the bare text."""
    if not value.startswith('"'):
        return value
    try:
        text = json.loads(value)
    except ValueError:
        raise HistoryError(f"the id {value!r} is not a JSON string") from None
    if not isinstance(text, str):
        raise HistoryError(f"the id {value!r} is not a JSON string")
    return text
