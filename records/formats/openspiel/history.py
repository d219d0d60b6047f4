"""Reading OpenSpiel ``oh_hell`` histories: one history is one deal, and one record.

``record_of`` turns the actions of one history into a tricklog record under the ``openspiel``
preset: the chance actions give the number of tricks, the dealer, the hands (dealt round the
table from seat 0) and the turned-up card; the bids and plays become events. The history names
no seats, so this module follows OpenSpiel's turn order: bids round from the dealer's left, the
first trick led from there and each next one by the winner of the last, which needs OpenSpiel's
trick rule (``oh_hell.cc`` ``Trick::Play``) written once more here, since ``records`` may not
import the rules engine. The legality of the actions is left to the audit: a revoke imports as
the revoke it is and ``tricklog audit`` reports it.

``history_lines`` reads the history file of docs/openspiel.md, one ``Read`` per line.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import orjson

from records.formats.base import Read, SourceProblem
from records.formats.openspiel.mapping import (
    NUM_CARDS,
    SOURCE,
    SUITS,
    Params,
    card_of,
    parse_game,
    rules_data,
)
from records.parse import parse
from records.problems import Kind

__all__ = ["CODE", "HistoryError", "history_lines", "parse_actions", "problem", "record_of"]

CODE = "record.openspiel"


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
        "actions": _events(actions, start, dealer, n, SUITS.index(turned[1])),
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


def _events(actions: list[int], start: int, dealer: int, n: int, trump: int) -> list[Any]:
    """The bids, then the plays, each with the seat OpenSpiel's turn order gives it."""
    events: list[dict[str, Any]] = []
    for at in range(start, min(start + n, len(actions))):
        if actions[at] < NUM_CARDS:
            raise HistoryError(
                f"action {at}: {actions[at]} is a card where a bid (52 + tricks) is due"
            )
        bid = {"type": "bid", "seat": (dealer + 1 + at - start) % n, "tricks": actions[at] - 52}
        events.append(bid)
    seat = (dealer + 1) % n
    best = (-1, -1, seat)  # the winning (suit, rank, seat) of the trick so far
    for count, at in enumerate(range(start + n, len(actions))):
        action = actions[at]
        if not 0 <= action < NUM_CARDS:
            raise HistoryError(f"action {at}: {action} is not a card id (0..51) in the play")
        events.append({"type": "play", "seat": seat, "card": card_of(action)})
        suit, rank = action % len(SUITS), action // len(SUITS)
        if count % n == 0 or _beats(suit, rank, best, trump):
            best = (suit, rank, seat)
        seat = best[2] if count % n == n - 1 else (seat + 1) % n
    return events


def _beats(suit: int, rank: int, best: tuple[int, int, int], trump: int) -> bool:
    """Whether a card takes the trick from the best so far (oh_hell.cc ``Trick::Play``): a
    higher card of the winning suit, or the first trump on a trick trumps have not won yet."""
    return (suit == best[0] and rank > best[1]) or (suit == trump and best[0] != trump)


def parse_actions(text: str) -> list[int]:
    """Action ids separated by spaces or commas, in brackets or not (pyspiel's ``History()``
    as a playthrough prints it)."""
    words = text.strip().removeprefix("[").removesuffix("]").replace(",", " ").split()
    for word in words:
        if not re.fullmatch(r"\d{1,4}", word):
            raise HistoryError(f"an action id is a whole number from 0, not {word!r}")
    return [int(w) for w in words]


def problem(source: str, line: int, message: str) -> Read:
    """The ``Read`` of a deal that cannot be a record, with its line and why."""
    return Read(source, None, (SourceProblem(CODE, Kind.MALFORMED, message, line=line),))


def built(source: str, data: dict[str, Any]) -> Read:
    """The ``Read`` of a record built as JSON data, checked by the format's models."""
    result = parse(orjson.dumps(data))
    if isinstance(result, list):
        return Read(source, None, tuple(result))
    return Read(source, result)


def history_lines(text: str, name: str) -> Iterator[Read]:
    """Every deal of a history file: each line that is not blank or a ``#`` comment."""
    for number, line in enumerate(text.splitlines(), start=1):
        if line.strip() and not line.lstrip().startswith("#"):
            yield _history_line(line, name, number)


def _history_line(line: str, name: str, number: int) -> Read:
    source = f"{name}:{number}"
    fields = line.strip().split("\t")
    if len(fields) == 1:  # written by hand with spaces: the game string holds none
        game, _, rest = fields[0].partition(" ")
        fields = [game, rest]
    try:
        params = parse_game(fields[0])
        actions = parse_actions(fields[1])
        extra = _fields(fields[2:], params.players)
        if params.zerosum and "returns" in extra:
            raise HistoryError("the returns of a zerosum game are not its scores; leave them out")
        record_id = extra.get("id") or f"{name.rsplit('/', 1)[-1]}:{number}"
        data = record_of(params, actions, record_id, extra.get("returns"), extra.get("tricks"))
    except ValueError as exc:
        return problem(source, number, str(exc))
    return built(source, data)


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
        if len(numbers) != players or not all(re.fullmatch(r"-?\d{1,15}", x) for x in numbers):
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
