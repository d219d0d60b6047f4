"""Cards as a page shows them: a face a person reads (``Q♠``, ``10♥``, ``Ab``) and a name a
screen reader speaks (``queen of spades``, ``ace of bastoni (batons)``).

A broken record may hold anything where a card should be; it is shown as the text it is
(escaped where the page is rendered), never dropped, so that a page never hides what a record
says.
"""

from __future__ import annotations

from collections.abc import Iterable
from contextlib import suppress
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from replay.cli.terminal import plain, printable

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

    def text(self, cards: Iterable[Any]) -> str:
        """Cards as plain words for a tooltip: ``K♥ 9♥``."""
        return " ".join(self.view(c).face for c in cards)
