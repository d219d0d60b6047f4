"""Each game's notation: the words of its actions, both ways, and its deal, claims and presets.

Oh Hell: ``bid 2:1 0:4``, ``play 0:AS``, ``claim 0 5 0 0``, ``abandon "reason"``. Pinochle:
``auction 1:pass 2:310``, ``widow 2 KD 9C AS``, ``trump 2 H``, ``meld 2 flush AH TH KH QH JH``,
``bury 2 9C 9D TD [announced]``, ``play``, ``concede 3``. Bestia: ``pass 0``, ``join 2 [exchange
N] [discard CARDS] [draw CARDS]``, ``blind 0 Jd 2d 4d``, ``decline 3``, ``play``, ``claim 1 0 1 1 0``,
``abandon "reason"``.
"""

from __future__ import annotations

import re
import typing
from typing import Any

from records import bestia, oh_hell, pinochle
from records.formats.text.grammar import (
    Cursor,
    GameNotation,
    Item,
    LineAction,
    NotationError,
    ReadAction,
    WriteAction,
    plain,
    value_word,
)
from records.formats.text.values import json_text

__all__ = ["GAMES"]

_MELD_NAME = re.compile(r"[a-z_]+")


def _seat_words(action: dict[str, Any]) -> list[str] | None:
    seat = action.pop("seat", None)
    return [str(seat)] if isinstance(seat, int) and not isinstance(seat, bool) else None


def _cards_words(cards: Any) -> list[str] | None:
    if isinstance(cards, list) and all(isinstance(c, str) and plain(c) for c in cards):
        return list(cards)
    return None


def _seat_and_cards(name: str) -> tuple[WriteAction, ReadAction]:
    def write(action: dict[str, Any]) -> list[str] | None:
        seat, cards = _seat_words(action), _cards_words(action.pop(name, None))
        return None if seat is None or cards is None else seat + cards

    def read(cursor: Cursor) -> dict[str, Any]:
        return {"seat": cursor.seat(), name: cursor.cards((name,))}

    return write, read


def _seat_only() -> tuple[WriteAction, ReadAction]:
    def read(cursor: Cursor) -> dict[str, Any]:
        seat = cursor.seat()
        cursor.end()
        return {"seat": seat}

    return _seat_words, read


def _write_claim(action: dict[str, Any]) -> list[str] | None:
    seat, remaining = _seat_words(action), action.pop("remaining", None)
    if seat is None or not isinstance(remaining, list):
        return None
    words = [value_word(n) if isinstance(n, int) else None for n in remaining]
    return None if None in words else seat + typing.cast(list[str], words)


def _read_claim(cursor: Cursor) -> dict[str, Any]:
    seat, remaining = cursor.seat(), list[int]()
    while cursor.more():
        remaining.append(cursor.integer("a number of tricks", ("remaining", len(remaining))))
    return {"seat": seat, "remaining": remaining}


def _write_abandon(action: dict[str, Any]) -> list[str] | None:
    return [json_text(action.pop("reason"))] if "reason" in action else []


def _read_abandon(cursor: Cursor) -> dict[str, Any]:
    token = cursor.peek()
    if token is None:
        return {}
    if token.kind != "json":
        raise NotationError(
            f'a reason in quotes ("...") expected, not {token.text!r}', token.line, token.column
        )
    cursor.at += 1
    cursor.places[("reason",)] = token
    cursor.end()
    return {"reason": token.value}


def _write_trump(action: dict[str, Any]) -> list[str] | None:
    seat, suit = _seat_words(action), action.pop("suit", None)
    if seat is None or not isinstance(suit, str) or not plain(suit):
        return None
    return [*seat, suit]


def _read_trump(cursor: Cursor) -> dict[str, Any]:
    seat, suit = cursor.seat(), cursor.word("a suit (C, D, H or S)")
    cursor.places[("suit",)] = suit
    cursor.end()
    return {"seat": seat, "suit": suit.text}


def _write_meld(action: dict[str, Any]) -> list[str] | None:
    words, melds = _seat_words(action), action.pop("melds", None)
    if words is None or not isinstance(melds, list):
        return None
    for meld in melds:
        name, cards = meld.pop("meld", None), _cards_words(meld.pop("cards", None))
        if meld or not isinstance(name, str) or not _MELD_NAME.fullmatch(name) or cards is None:
            return None
        words += [name, *cards]
    return words


def _read_meld(cursor: Cursor) -> dict[str, Any]:
    seat, melds = cursor.seat(), list[dict[str, Any]]()
    while cursor.more():
        token = cursor.word("a meld's name")
        if not _MELD_NAME.fullmatch(token.text):
            raise NotationError(
                f"a meld's name (flush, dix, ...) expected before its cards, not {token.text!r}",
                token.line,
                token.column,
            )
        cursor.places[("melds", len(melds))] = token
        path = ("melds", len(melds), "cards")
        cards: list[str] = []
        while (card := cursor.peek()) is not None and not _MELD_NAME.fullmatch(card.text):
            cards.append(cursor.word("a card").text)
            cursor.places[(*path, len(cards) - 1)] = card
        melds.append({"meld": token.text, "cards": cards})
    return {"seat": seat, "melds": melds}


def _write_bury(action: dict[str, Any]) -> list[str] | None:
    seat, cards = _seat_words(action), _cards_words(action.pop("cards", None))
    announced = action.pop("announced", False)
    if seat is None or cards is None or not isinstance(announced, bool):
        return None
    return seat + cards + (["announced"] if announced else [])


def _read_bury(cursor: Cursor) -> dict[str, Any]:
    seat = cursor.seat()
    cards = cursor.cards(("cards",), stop=("announced",))
    if cursor.more():
        cursor.places[("announced",)] = cursor.take("announced")
        cursor.end()
        return {"seat": seat, "cards": cards, "announced": True}
    return {"seat": seat, "cards": cards}


def _write_join(action: dict[str, Any]) -> list[str] | None:
    seat, exchange = _seat_words(action), action.pop("exchange", None)
    discards = _cards_words(action.pop("discards", None))
    drawn = _cards_words(action.pop("drawn", None))
    if seat is None or discards is None or drawn is None:
        return None
    if isinstance(exchange, bool) or not isinstance(exchange, int):
        return None
    words = seat + (["exchange", str(exchange)] if exchange != len(discards) else [])
    words += ["discard", *discards] if discards else []
    return words + (["draw", *drawn] if drawn else [])


def _read_join(cursor: Cursor) -> dict[str, Any]:
    seat = cursor.seat()
    exchange: int | None = None
    parts: dict[str, list[str]] = {"discards": [], "drawn": []}
    sections = ("exchange", "discard", "draw")
    seen = -1
    while cursor.more():
        token = cursor.word("exchange, discard or draw")
        order = sections.index(token.text) if token.text in sections else -1
        if order > seen and token.text == "exchange":
            exchange = cursor.integer("the number of cards asked for", ("exchange",))
        elif order > seen:
            name = "discards" if token.text == "discard" else "drawn"
            parts[name] = cursor.cards((name,), stop=sections)
        else:
            raise NotationError(
                f"exchange N, discard CARDS, draw CARDS expected (in that order), not "
                f"{token.text!r}",
                token.line,
                token.column,
            )
        seen = order
    count = exchange if exchange is not None else len(parts["discards"])
    return {"seat": seat, "exchange": count, **parts}


def _line(keyword: str, kind: str, write: WriteAction, read: ReadAction) -> LineAction:
    return LineAction(keyword, kind, write, read)


_PLAY = Item("play", "play", "card")

GAMES: dict[str, GameNotation] = {
    "oh_hell": GameNotation(
        items=(Item("bid", "bid", "tricks", number=True), _PLAY),
        lines=(
            _line("claim", "claim", _write_claim, _read_claim),
            _line("abandon", "abandon", _write_abandon, _read_abandon),
        ),
        hand_claims=oh_hell.HandClaims,
        record_claims=oh_hell.GameClaims,
        deal=oh_hell.Deal,
        presets=oh_hell.PRESETS,
        rules=oh_hell.OhHellRules,
    ),
    "pinochle": GameNotation(
        items=(
            Item("auction", "bid", "points", number=True),
            Item("auction", "pass", None, literal="pass"),
            _PLAY,
        ),
        lines=(
            _line("widow", "widow", *_seat_and_cards("cards")),
            _line("trump", "trump", _write_trump, _read_trump),
            _line("meld", "meld", _write_meld, _read_meld),
            _line("bury", "bury", _write_bury, _read_bury),
            _line("concede", "concede", *_seat_only()),
        ),
        hand_claims=pinochle.HandClaims,
        record_claims=pinochle.SittingClaims,
        deal=pinochle.Deal,
        presets=pinochle.PRESETS,
        rules=pinochle.PinochleRules,
    ),
    "bestia": GameNotation(
        items=(_PLAY,),
        lines=(
            _line("pass", "pass", *_seat_only()),
            _line("join", "join", _write_join, _read_join),
            _line("blind", "blind_draw", *_seat_and_cards("drawn")),
            _line("decline", "decline_blind", *_seat_only()),
            _line("claim", "claim", _write_claim, _read_claim),
            _line("abandon", "abandon", _write_abandon, _read_abandon),
        ),
        hand_claims=bestia.HandClaims,
        record_claims=bestia.SittingClaims,
        deal=bestia.Deal,
        presets=bestia.PRESETS,
        rules=bestia.BestiaRules,
    ),
}
"""Each game's notation, by the record's ``game``."""
