"""Deal integrity, shared by every game: the dealt cards are a sub-multiset of the deck.

A pinochle deck holds two of every card, so counting is done on multisets, not sets.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from records.cards import Deck
from records.problems import Kind, Problem, pointer


def card_problems(
    deck: Deck,
    groups: Sequence[tuple[tuple[str | int, ...], Sequence[str]]],
    *,
    hand: int,
    complete: bool,
) -> list[Problem]:
    """Problems with the cards of one deal.

    ``groups`` are (JSON path, cards) pairs -- each seat's hand, the turned-up card, the stock --
    that together must not hold any card more often than the deck does. With ``complete`` they
    must hold the whole deck.
    """
    if deck.copies == 1:
        flat = [card for _, cards in groups for card in cards]
        distinct = set(flat)
        whole = not complete or len(flat) == len(deck.cards)
        if whole and len(distinct) == len(flat) and distinct <= deck.strength.keys():
            return []  # the common case, decided without counting card by card
    allowed = deck.counts()
    seen: Counter[str] = Counter()
    problems: list[Problem] = []
    for path, cards in groups:
        for index, card in enumerate(cards):
            seen[card] += 1
            if card not in allowed:
                problems.append(
                    Problem(
                        "deal.unknown-card",
                        Kind.ILLEGAL,
                        f"{card} is not a card of the {deck.name} deck",
                        pointer(*path, index),
                        hand=hand,
                        actual=card,
                    )
                )
            elif seen[card] > allowed[card]:
                times = "once" if allowed[card] == 1 else f"{allowed[card]} times"
                problems.append(
                    Problem(
                        "deal.duplicate-card",
                        Kind.ILLEGAL,
                        f"{card} is dealt more often than the deck holds it ({times})",
                        pointer(*path, index),
                        hand=hand,
                        actual=card,
                    )
                )
    if complete and not problems:
        missing = sorted((allowed - seen).elements(), key=deck.sort_key)
        if missing:
            problems.append(
                Problem(
                    "deal.missing-cards",
                    Kind.ILLEGAL,
                    f"the deal does not account for {len(missing)} card(s) of the deck: "
                    + " ".join(missing),
                    pointer(*groups[0][0][:-2]) if groups else "",
                    hand=hand,
                    expected=len(deck.cards),
                    actual=len(deck.cards) - len(missing),
                )
            )
    return problems
