"""The words of the text notation that several games share: a seat, cards, a claim of the
remaining tricks, an abandoned hand, the card play, and an auction kept as its result
(``auction_won 2 350``). Each game's own words, and its
``GameNotation``, are in its model module (``records.<game>.NOTATION``): Oh Hell ``bid 2:1 0:4``,
``play 0:AS``, ``claim 0 5 0 0``, ``abandon "reason"``; pinochle ``auction 1:pass 2:310``,
``widow 2 KD 9C AS``, ``trump 2 H``, ``meld 2 flush AH TH KH QH JH``,
``bury 2 9C 9D TD [announced]``, ``concede 3``; Bestia ``pass 0``, ``join 2 [exchange N]
[discard CARDS] [draw CARDS]``, ``blind 0 Jd 2d 4d``, ``decline 3``.
"""

from __future__ import annotations

import re
import typing
from typing import Any

from records.formats.text.grammar import (
    Cursor,
    Item,
    LineAction,
    NotationError,
    ReadAction,
    WriteAction,
    plain,
    value_word,
)
from records.formats.text.values import json_text

__all__ = [
    "ABANDON",
    "AUCTION_WON",
    "CLAIM",
    "PLAY",
    "cards_words",
    "read_abandon",
    "read_claim",
    "seat_and_cards",
    "seat_and_melds",
    "seat_and_suit",
    "seat_only",
    "seat_words",
    "write_abandon",
    "write_claim",
]

PLAY = Item("play", "play", "card")
"""A card played: ``play 0:AS 1:KS``, the same in every game."""


def seat_words(action: dict[str, Any]) -> list[str] | None:
    seat = action.pop("seat", None)
    return [str(seat)] if isinstance(seat, int) and not isinstance(seat, bool) else None


def cards_words(cards: Any) -> list[str] | None:
    if isinstance(cards, list) and all(isinstance(c, str) and plain(c) for c in cards):
        return list(cards)
    return None


def seat_and_cards(name: str, unknown: bool = False) -> tuple[WriteAction, ReadAction]:
    """A seat and cards (``widow 2 KD 9C AS``); with ``unknown``, ``?`` alone stands for cards
    the source did not log (null: ``pass_cards 2 ?``)."""

    def write(action: dict[str, Any]) -> list[str] | None:
        seat, listed = seat_words(action), action.pop(name, None)
        cards = ["?"] if unknown and listed is None else cards_words(listed)
        return None if seat is None or cards is None else seat + cards

    def read(cursor: Cursor) -> dict[str, Any]:
        seat, token = cursor.seat(), cursor.peek()
        if unknown and token is not None and token.text == "?":
            cursor.at += 1
            cursor.places[(name,)] = token
            cursor.end()
            return {"seat": seat, name: None}
        return {"seat": seat, name: cursor.cards((name,))}

    return write, read


def seat_and_suit(name: str) -> tuple[WriteAction, ReadAction]:
    """A seat and a suit (``trump 2 S``): the words of naming trump."""

    def write(action: dict[str, Any]) -> list[str] | None:
        seat, suit = seat_words(action), action.pop(name, None)
        if seat is None or not isinstance(suit, str) or not plain(suit):
            return None
        return [*seat, suit]

    def read(cursor: Cursor) -> dict[str, Any]:
        seat, suit = cursor.seat(), cursor.word("a suit (C, D, H or S)")
        cursor.places[(name,)] = suit
        cursor.end()
        return {"seat": seat, name: suit.text}

    return write, read


_MELD_NAME = re.compile(r"[a-z_]+")


def seat_and_melds(examples: str) -> tuple[WriteAction, ReadAction]:
    """A seat and its melds, each a name and its cards (``meld 1 dix 9S marriage KH QH``): the
    words of a pinochle meld event; ``examples`` names a few melds for a message."""

    def write(action: dict[str, Any]) -> list[str] | None:
        words, melds = seat_words(action), action.pop("melds", None)
        if words is None or not isinstance(melds, list):
            return None
        for meld in melds:
            name, cards = meld.pop("meld", None), cards_words(meld.pop("cards", None))
            if meld or not isinstance(name, str) or not _MELD_NAME.fullmatch(name) or cards is None:
                return None
            words += [name, *cards]
        return words

    def read(cursor: Cursor) -> dict[str, Any]:
        seat, melds = cursor.seat(), list[dict[str, Any]]()
        while cursor.more():
            token = cursor.word("a meld's name")
            if not _MELD_NAME.fullmatch(token.text):
                raise NotationError(
                    f"a meld's name ({examples}, ...) expected before its cards, not "
                    f"{token.text!r}",
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

    return write, read


def seat_only() -> tuple[WriteAction, ReadAction]:
    def read(cursor: Cursor) -> dict[str, Any]:
        seat = cursor.seat()
        cursor.end()
        return {"seat": seat}

    return seat_words, read


def write_claim(action: dict[str, Any]) -> list[str] | None:
    seat, remaining = seat_words(action), action.pop("remaining", None)
    if seat is None or not isinstance(remaining, list):
        return None
    words = [value_word(n) if isinstance(n, int) else None for n in remaining]
    return None if None in words else seat + typing.cast(list[str], words)


def read_claim(cursor: Cursor) -> dict[str, Any]:
    seat, remaining = cursor.seat(), list[int]()
    while cursor.more():
        remaining.append(cursor.integer("a number of tricks", ("remaining", len(remaining))))
    return {"seat": seat, "remaining": remaining}


def write_abandon(action: dict[str, Any]) -> list[str] | None:
    return [json_text(action.pop("reason"))] if "reason" in action else []


def read_abandon(cursor: Cursor) -> dict[str, Any]:
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


CLAIM = LineAction("claim", "claim", write_claim, read_claim)
"""A claim of the remaining tricks: ``claim SEAT N N ...`` (Oh Hell, Bestia)."""
ABANDON = LineAction("abandon", "abandon", write_abandon, read_abandon)
"""An abandoned hand, with its reason if the record gives one: ``abandon "reason"``."""


def write_auction_won(action: dict[str, Any]) -> list[str] | None:
    seat, contract = seat_words(action), action.pop("contract", None)
    if seat is None or not isinstance(contract, int) or isinstance(contract, bool):
        return None
    return [*seat, str(contract)]


def read_auction_won(cursor: Cursor) -> dict[str, Any]:
    seat = cursor.seat()
    contract = cursor.integer("the contract", ("contract",))
    cursor.end()
    return {"seat": seat, "contract": contract}


AUCTION_WON = LineAction("auction_won", "auction_won", write_auction_won, read_auction_won)
"""The auction as its result only (``records.events.AuctionWon``): ``auction_won 2 350``, the
declarer and the contract, the same in every game with an auction."""
