"""Deal integrity, shared by every game: the dealt cards are a sub-multiset of the deck.

A pinochle deck holds two of every card, so counting is done on multisets, not sets. Faults are
located inside the deal (``("hands", 2, 5)``); the driver places them in the record.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence

from records.cards import Deck
from records.words import number_of
from replay.engine import DealFault

Group = tuple[tuple[str | int, ...], Sequence[str] | str]
"""(path inside the deal, cards): a seat's hand, the widow, the stock; or (path, card) for a
lone card such as the turned-up card."""


def distinct_of_deck(deck: Deck, dealt: set[str], count: int, *, complete: bool) -> bool:
    """Whether ``count`` cards, whose set is ``dealt``, of a deck with one copy of each card
    are no card twice and exactly the deck (``complete``) or a part of it: the common deal,
    decided without counting card by card."""
    if count != len(dealt):
        return False
    return dealt == deck.card_set if complete else deck.card_set.issuperset(dealt)


def card_faults(
    deck: Deck,
    groups: Sequence[Group],
    *,
    complete: bool,
) -> list[DealFault]:
    """Faults of the cards of one deal.

    ``groups`` (each seat's hand, the turned-up card, the stock) together must not hold any card
    more often than the deck does. With ``complete`` they must hold the whole deck.
    """
    # The common cases, decided without counting card by card.
    if deck.copies == 1:
        dealt: set[str] = set()
        count = 0
        for _, cards in groups:
            if isinstance(cards, str):
                dealt.add(cards)
                count += 1
            else:
                dealt.update(cards)
                count += len(cards)
        if distinct_of_deck(deck, dealt, count, complete=complete):
            return []
    elif complete:
        flat: list[str] = []
        for _, cards in groups:
            if isinstance(cards, str):
                flat.append(cards)
            else:
                flat.extend(cards)
        if sorted(flat) == deck.sorted_cards:
            return []
    allowed = deck.counts()
    seen: Counter[str] = Counter()
    faults: list[DealFault] = []
    for path, card in _located(groups):
        seen[card] += 1
        if card not in allowed:
            faults.append(
                DealFault(
                    "deal.unknown-card",
                    f"{card} is not a card of the {deck.name} deck",
                    path,
                    actual=card,
                )
            )
        elif seen[card] > allowed[card]:
            times = "once" if allowed[card] == 1 else f"{allowed[card]} times"
            faults.append(
                DealFault(
                    "deal.duplicate-card",
                    f"{card} is dealt more often than the deck holds it ({times})",
                    path,
                    actual=card,
                )
            )
    if complete and not faults:
        missing = sorted((allowed - seen).elements(), key=deck.sort_key)
        if missing:
            faults.append(
                DealFault(
                    "deal.missing-cards",
                    f"the deal does not account for {number_of(len(missing), 'card')} of the deck: "
                    + " ".join(missing),
                    (),
                    expected=len(deck.cards),
                    actual=len(deck.cards) - len(missing),
                )
            )
    return faults


def _located(groups: Sequence[Group]) -> Iterator[tuple[tuple[str | int, ...], str]]:
    for path, cards in groups:
        if isinstance(cards, str):
            yield path, cards
        else:
            for index, card in enumerate(cards):
                yield (*path, index), card
