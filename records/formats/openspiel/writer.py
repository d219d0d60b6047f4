"""Writing Oh Hell records as OpenSpiel histories, with a loss for everything they cannot hold.

Each deal becomes one line of the history file (docs/openspiel.md): the game string of the
pyspiel game closest to the record's rules, the actions, and the record's id and the hand's
claimed scores (``returns``) and tricks. What pyspiel cannot hold is a ``Loss`` with its pointer:

* the whole record: another game, more than seven players, a fixed deal size or points per
  trick pyspiel refuses;
* a rules value other than the one the game string stands for (``/rules/<parameter>``);
* a deal OpenSpiel cannot make (seats given unequal hands, more cards than it deals, no trump
  card): the hand is not written;
* the stock, a claim or an abandonment (the history stops there), an action whose seat is not
  the one OpenSpiel's turn order gives it (a history names no seats), player names other than
  ``player <seat>``, the event, date and other metadata, running totals, the game's claims,
  extensions, and a game of several deals split into one history each.

The writer does not replay: a record that fails ``tricklog audit`` is written as it stands, and
pyspiel may refuse its history.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any

from records.formats.base import Loss
from records.formats.openspiel.history import HistoryError, record_of
from records.formats.openspiel.mapping import (
    MAX_PLAYERS,
    NUM_CARDS,
    SOURCE,
    Params,
    card_id,
    params_of,
)
from records.oh_hell import Bid, Hand, OhHellRecord, OhHellRules, Play
from records.words import number_of

if TYPE_CHECKING:
    from records.record import Record

__all__ = ["HEADER", "records_text"]

HEADER = (
    b"# OpenSpiel oh_hell histories written by tricklog (docs/openspiel.md), one deal a line:\n"
    b'# GAME<tab>ACTIONS<tab>id="..."[<tab>returns=...][<tab>tricks=...]\n'
)
_INT32 = 2**31


def records_text(records: Iterable[Record]) -> Iterator[bytes | Loss]:
    """The header, then each record's deals a line each, with the losses as they come."""
    yield HEADER
    for record in records:
        if not isinstance(record, OhHellRecord):
            why = f"OpenSpiel's oh_hell is Oh Hell only, not {record.game}: nothing is written"
            yield Loss(record.id, "", "record", why)
            continue
        params = params_of(record.rules)
        refused = _refused(record.rules, params)
        if refused is not None:
            yield Loss(record.id, f"/rules/{refused[0]}", "record", refused[1])
            continue
        yield from _rules_losses(record, params)
        yield from _record_losses(record)
        for index, hand in enumerate(record.hands):
            yield from _hand(record, index, hand, params)


def _refused(rules: OhHellRules, params: Params) -> tuple[str, str] | None:
    """The rules parameter that makes a record unplayable in pyspiel, and why; or None."""
    n = rules.num_players
    if n > MAX_PLAYERS:
        return "num_players", f"OpenSpiel's oh_hell seats 3 to 7 players, not {n}"
    decks = getattr(rules, "decks", 1)  # a parameter newer than this format
    if decks != 1:
        return "decks", f"OpenSpiel's oh_hell is played with one deck, not {decks}"
    if params.num_tricks_fixed > (NUM_CARDS - 1) // n:
        top = (NUM_CARDS - 1) // n
        return "single_hand_size", f"OpenSpiel deals at most {top} cards each to {n} players"
    if not -_INT32 <= params.points_per_trick < _INT32:
        return "points_per_trick", "beyond the 32-bit whole numbers pyspiel takes"
    return None


def _rules_losses(record: OhHellRecord, params: Params) -> Iterator[Loss]:
    game = params.rules()
    for field in dataclasses.fields(game):
        value, plays = getattr(record.rules, field.name), getattr(game, field.name)
        if value != plays:
            yield Loss(
                record.id,
                f"/rules/{field.name}",
                f"rules {field.name} = {_shown(value)}",
                f"{params.game_string()} plays {_shown(plays)}",
            )


def _shown(value: object) -> str:
    """A rules value as JSON (a team is a dataclass)."""
    return json.dumps(value, default=_plain)


def _plain(value: object) -> object:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return dataclasses.asdict(value)
    return str(value)


def _record_losses(record: OhHellRecord) -> Iterator[Loss]:
    for index, player in enumerate(record.players):
        if player.name != f"player {player.seat}":
            yield Loss(record.id, f"/players/{index}/name", f"the name {player.name!r}", _NO_NAMES)
        if player.id is not None:
            yield Loss(record.id, f"/players/{index}/id", "the player's id", _NO_NAMES)
    meta = record.meta.model_dump(exclude_none=True) if record.meta is not None else {}
    for key, value in meta.items():
        if (key, value) != ("source", SOURCE):
            yield Loss(record.id, f"/meta/{key}", f"{key} {value!r}", "a history has no metadata")
    claims = record.claims.model_dump(exclude_none=True) if record.claims is not None else {}
    for key in claims:
        why = "a history holds no claim of the whole game"
        yield Loss(record.id, f"/claims/{key}", f"the game's {key}", why)
    if record.extensions is not None:
        yield Loss(record.id, "/extensions", "extensions", "a history has no extensions")
    if len(record.hands) > 1:
        why = "OpenSpiel plays one deal a game: each is a history of its own, id '<id>/<number>'"
        yield Loss(record.id, "/hands", f"a game of {len(record.hands)} deals", why)


_NO_NAMES = "OpenSpiel numbers its players 0, 1, ...; a history has no names"


def _hand(record: OhHellRecord, index: int, hand: Hand, params: Params) -> Iterator[bytes | Loss]:
    at = f"/hands/{index}"
    unfit = _unfit_deal(hand, params)
    if unfit is not None:
        yield Loss(record.id, at, f"hand {hand.number}", unfit)
        return
    for key in sorted(hand.deal.model_dump(exclude_defaults=True).keys() - {"hands", "turned_up"}):
        why = "OpenSpiel deals no stock" if key == "stock" else _DEAL_ONLY
        yield Loss(record.id, f"{at}/deal/{key}", f"the deal's {key}", why)
    if len(record.hands) == 1 and hand.number != 1:
        yield Loss(record.id, f"{at}/number", f"number {hand.number}", "a history is deal 1")
    if hand.extensions is not None:
        yield Loss(record.id, f"{at}/extensions", "extensions", "a history has no extensions")
    actions = _actions(record, index, hand, params)
    yield from (a for a in actions if isinstance(a, Loss))
    history = [a for a in actions if isinstance(a, int)]
    key = record.id if len(record.hands) == 1 else f"{record.id}/{hand.number}"
    fields = [params.game_string(), " ".join(map(str, history)), f"id={json.dumps(key)}"]
    claims = hand.claims.model_dump(exclude_none=True) if hand.claims is not None else {}
    for name, field in _CARRIED.items():
        values = claims.get(name)
        if values is not None and None not in values and len(values) == params.players:
            fields.append(f"{field}={','.join(map(str, values))}")
            del claims[name]
    for name in claims:
        why = "a history carries every seat's scores and tricks, and no other claim"
        yield Loss(record.id, f"{at}/claims/{name}", f"the {name} claimed", why)
    yield ("\t".join(fields) + "\n").encode()


_DEAL_ONLY = "a history holds the cards dealt and the card turned up, nothing else of a deal"
_CARRIED = {"scores": "returns", "tricks": "tricks"}
"""Claims of a hand a history line carries, and their field names."""


def _unfit_deal(hand: Hand, params: Params) -> str | None:
    """Why OpenSpiel cannot make this deal, or None."""
    if None in hand.deal.hands:
        return "a seat's cards not known (one seat's view): a history deals every seat's cards"
    sizes = {len(cards) for cards in hand.deal.hands if cards is not None}
    if len(hand.deal.hands) != params.players or len(sizes) != 1:
        return f"OpenSpiel deals each of {params.players} seats the same number of cards"
    size = sizes.pop()
    if not 1 <= size <= params.max_tricks:
        return f"a deal of {number_of(size, 'card')}: OpenSpiel deals 1 to {params.max_tricks} here"
    if hand.deal.turned_up is None:
        return "a deal without trump: OpenSpiel always turns a trump card"
    return None


def _actions(record: OhHellRecord, index: int, hand: Hand, params: Params) -> list[int | Loss]:
    """The history of a hand, and a loss for each action it cannot carry as recorded."""
    n, deal = params.players, hand.deal
    hands = [cards for cards in deal.hands if cards is not None]  # all: ``_unfit_deal``
    size = len(hands[0])
    dealt = [card_id(hands[i % n][i // n]) for i in range(n * size)]
    history: list[int | Loss] = [size, hand.dealer, *dealt, card_id(deal.turned_up or "")]
    for at, action in enumerate(hand.actions):
        if isinstance(action, Bid) and action.tricks is not None:
            history.append(NUM_CARDS + action.tricks)
        elif isinstance(action, Play):
            history.append(card_id(action.card))
        else:
            left = len(hand.actions) - at - 1
            lacks = (
                "a bid not logged" if isinstance(action, Bid) else "OpenSpiel plays every trick out"
            )
            why = f"{lacks}; the history stops here" + (
                f" ({number_of(left, 'later action')} lost too)" if left else ""
            )
            history.append(Loss(record.id, f"/hands/{index}/actions/{at}", action.type, why))
            break
    return history + list(_seat_losses(record.id, index, hand, params, history))


def _seat_losses(
    record_id: str, index: int, hand: Hand, params: Params, history: list[int | Loss]
) -> Iterator[Loss]:
    """An action whose recorded seat is not the one OpenSpiel's turn order gives it."""
    actions = [a for a in history if isinstance(a, int)]
    try:
        replayed: list[Any] = record_of(params, actions, record_id)["hands"][0]["actions"]
    except HistoryError as exc:  # a bid where a card is due, or a bid count out of range
        yield Loss(record_id, f"/hands/{index}/actions", "the actions", str(exc))
        return
    for at, (event, action) in enumerate(zip(replayed, hand.actions, strict=False)):
        seat = getattr(action, "seat", None)
        if seat is not None and seat != event["seat"]:
            why = f"OpenSpiel's turn order gives this action to seat {event['seat']}"
            yield Loss(record_id, f"/hands/{index}/actions/{at}/seat", f"seat {seat}", why)
            return  # the turn order is off from here on
