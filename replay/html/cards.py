"""Cards as a page shows them: a face a person reads (``Q♠``, ``10♥``, ``Ab``) and a name a
screen reader speaks (``queen of spades``, ``ace of bastoni (batons)``).

A page writes every card one way (docs/notation.md): the card faces, and the cards and suits
that its texts quote in the record's notation (a call ``takes the widow AC JD TH``, a problem
``3D does not follow the led suit H``) are shown with their suit symbols too (``Cards.words``).

A broken record may hold anything where a card should be; it is shown as the text it is
(escaped where the page is rendered), never dropped, so that a page never hides what a record
says.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from contextlib import suppress
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from replay.text import plain, printable

if TYPE_CHECKING:
    from records.cards import Deck

__all__ = ["CardView", "Cards"]

_RANKS = {
    "2": "two",
    "3": "three",
    "4": "four",
    "5": "five",
    "6": "six",
    "7": "seven",
    "8": "eight",
    "9": "nine",
    "T": "ten",
    "J": "jack",
    "Q": "queen",
    "K": "king",
    "A": "ace",
}
_ITALIAN_RANKS = {**_RANKS, "J": "fante (jack)", "N": "cavallo (knight)", "K": "re (king)"}
_SUITS = {
    "C": "clubs",
    "D": "diamonds",
    "H": "hearts",
    "S": "spades",
    "b": "bastoni (batons)",
    "c": "coppe (cups)",
    "d": "denari (coins)",
    "s": "spade (swords)",
}
_NAMED = "|".join(rf"(?<=\b{word} )" for word in ("suit", "trump", "in", "holds"))
"""The words after which a suit's letter names a suit in tricklog's messages (``the led suit
H``, ``void in H``, ``holds trump S``)."""
_RED = frozenset("DHcd")
"""Suits printed in red: the French red suits, and coppe and denari as Italian decks print them."""


@dataclass(frozen=True, slots=True)
class CardView:
    """One card on a page."""

    code: str
    """The card as recorded (``QS``), or the text a broken record holds there."""
    face: str
    label: str
    """What a screen reader says."""
    tone: str
    """``red``, ``black`` or ``unknown`` (not a card of the deck)."""


class Cards:
    """The cards of one game's deck as views; ``deck`` None for a record of no known game."""

    def __init__(self, deck: Deck | None) -> None:
        self.deck = deck
        self.italian = deck is not None and "N" in deck.ranks
        self.quoted: re.Pattern[str] | None = None
        if deck is not None and deck.suit_symbols:
            suits = "".join(deck.suit_symbols)
            self.quoted = re.compile(
                rf"(?<![\w/])(?:([{re.escape(deck.ranks)}])([{suits}])"
                rf"|(?:{_NAMED})([{suits}]))(?![\w/])"
            )

    def view(self, card: Any) -> CardView:
        deck = self.deck
        if deck is None or not isinstance(card, str) or card not in deck.card_set:
            text = printable(card) if isinstance(card, str) else plain(card)
            return CardView(text, text or "?", f"not a card: {text or 'empty'}", "unknown")
        ranks = _ITALIAN_RANKS if self.italian else _RANKS
        label = f"{ranks[card[0]]} of {_SUITS[card[-1]]}"
        return CardView(card, deck.pretty(card), label, "red" if card[-1] in _RED else "black")

    def views(self, cards: Iterable[Any], *, fan: bool = False) -> list[CardView]:
        """The cards in their recorded order, or with ``fan`` by suit and rank as a player
        holds them (recorded order where a broken record holds something else)."""
        cards = list(cards)
        if fan and self.deck is not None and all(isinstance(c, str) for c in cards):
            with suppress(KeyError, IndexError, ValueError):
                cards = self.deck.sorted(cards)
        return [self.view(c) for c in cards]

    def suit(self, suit: str | None) -> str:
        """A trump suit as a person reads it: ``♠ spades``, ``bastoni (batons)``."""
        if suit is None:
            return "no trump"
        symbol = self.deck.suit_symbols.get(suit) if self.deck is not None else None
        name = _SUITS.get(suit, printable(suit))
        return f"{symbol} {name}" if symbol else name

    def words(self, text: str) -> str:
        """``text`` (a call, a derivation, a problem) with the cards it quotes in the record's
        notation written as the page's faces (``3D`` -> ``3♦``, ``TS`` -> ``10♠``), and so the
        suits it names (``the led suit H`` -> ``the led suit ♥``); a deck without suit
        symbols (Bestia's) is written the same either way."""
        if self.quoted is None or self.deck is None:
            return text
        deck = self.deck

        def face(found: re.Match[str]) -> str:
            rank, suit, alone = found.groups()
            if alone is not None:
                return deck.suit_symbols[alone]
            return deck.pretty(rank + suit)

        return self.quoted.sub(face, text)

    def alone(self, value: str) -> str:
        """A value that is a card or a suit and nothing else (a claimed trump ``H``), written as
        the page writes it; any other value as it is."""
        deck = self.deck
        if deck is None or not deck.suit_symbols:
            return value
        if value in deck.suit_symbols:
            return deck.suit_symbols[value]
        return deck.pretty(value) if value in deck.card_set else value

    def text(self, cards: Iterable[Any]) -> str:
        """Cards as plain words for a tooltip: ``K♥ 9♥``."""
        return " ".join(self.view(c).face for c in cards)
