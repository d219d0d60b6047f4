"""Card notation and decks, shared by the record models and the rules engines.

A card is a two-character string, rank then suit, so that records stay readable and the
models can check cards with a regular expression in pydantic's compiled core:

* French-suited 52-card deck (Oh Hell): ranks ``2 3 4 5 6 7 8 9 T J Q K A``, suits
  ``C D H S`` -- ``AS`` is the ace of spades, ``TD`` the ten of diamonds.
* Pinochle 48-card double deck: ranks ``9 J Q K T A`` in the same suits, two of every card.
* Italian-suited 40-card deck (Bestia), see ``ITALIAN``.

This module imports nothing but the standard library: the engines use it too, and they must
not pull in pydantic.
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

__all__ = [
    "FRENCH_52",
    "Deck",
    "suit_of",
]


def suit_of(card: str) -> str:
    """The suit letter of a card in any of the decks (always the last character)."""
    return card[-1]


@dataclass(frozen=True)
class Deck:
    """A deck as data: its ranks from low to high, its suits, and how many copies of each card.

    ``strength[card]`` orders cards of one suit (higher wins a trick), which is all the shared
    trick logic needs to know of a deck.
    """

    name: str
    ranks: str
    """Rank letters from the lowest to the highest in trick-taking power."""
    suits: str
    copies: int = 1
    suit_symbols: dict[str, str] = field(default_factory=dict)
    strength: dict[str, int] = field(init=False, repr=False, compare=False)
    cards: tuple[str, ...] = field(init=False, repr=False, compare=False)
    card_set: frozenset[str] = field(init=False, repr=False, compare=False)
    """The distinct cards."""
    sorted_cards: list[str] = field(init=False, repr=False, compare=False)
    """Every card (with its copies) in ``sorted()`` order, to compare a whole deal at once."""

    def __post_init__(self) -> None:
        # Interned, as the card names in the decoders' types are (string constants of a
        # module), so that a decoded card and the deck's card are one object and every look-up
        # and comparison between them stops at the identity, before comparing characters.
        cards = tuple(
            sys.intern(r + s) for s in self.suits for r in self.ranks for _ in range(self.copies)
        )
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "card_set", frozenset(cards))
        object.__setattr__(self, "sorted_cards", sorted(cards))
        strength = {sys.intern(r + s): i for s in self.suits for i, r in enumerate(self.ranks)}
        object.__setattr__(self, "strength", strength)

    @property
    def pattern(self) -> str:
        """A regular expression matching exactly one card of this deck."""
        return f"^[{self.ranks}][{self.suits}]$"

    def counts(self) -> Counter[str]:
        """The deck as a multiset (pinochle holds two of every card)."""
        return Counter(self.cards)

    def sort_key(self, card: str) -> tuple[int, int]:
        """Suit in deck order, then rank from high to low: the usual way to fan a hand."""
        return (self.suits.index(card[-1]), -self.strength[card])

    def sorted(self, cards: Iterable[str]) -> list[str]:
        return sorted(cards, key=self.sort_key)

    def pretty(self, card: str) -> str:
        """``AS`` -> ``A♠`` (``T`` is shown as ``10``)."""
        rank = "10" if card[0] == "T" else card[0]
        return rank + self.suit_symbols.get(card[-1], card[-1])


FRENCH_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}

FRENCH_52 = Deck("french-52", ranks="23456789TJQKA", suits="CDHS", suit_symbols=FRENCH_SYMBOLS)
"""The standard 52-card deck of Oh Hell (docs/oh_hell.md): Ace high, no suit
ranking."""

PINOCHLE_48 = Deck(
    "pinochle-48", ranks="9JQKTA", suits="CDHS", copies=2, suit_symbols=FRENCH_SYMBOLS
)
"""The 48-card pinochle deck (docs/pinochle.md): two of every A 10 K Q J 9 in four
suits, Ace high and the Ten above the King."""

ITALIAN_40 = Deck("italian-40", ranks="24567JNK3A", suits="bcds")
"""The 40-card Italian-suited deck of Bestia (docs/bestia.md).

Notation: an upper-case rank then a lower-case suit, two characters like every card here.

* ranks, low to high in trick power: ``2 4 5 6 7 J N K 3 A`` -- ``J`` Fante (jack), ``N``
  Cavallo (knight, as in chess; the Donna with French-suited cards), ``K`` Re (king), then the
  3 and the Ace above the king;
* suits in lower case: ``b`` bastoni, ``c`` coppe, ``d`` denari, ``s`` spade.

``Ad`` is the Ace of denari, ``3c`` the three of coppe, ``Ns`` the Cavallo of spade. No letter is
both a rank and a suit, even ignoring case (the Italian initials F/C/R would make ``C`` both the
Cavallo and coppe), and the lower-case suits keep an Italian card from being read as a French one
(``Kc`` is never the king of clubs ``KC``).
"""
