"""Trick logic shared by every engine: who wins a trick, and what a player may play to it.

The games differ only by flags (RULES.md §4): whether a void player must trump, whether a trump
must beat the trumps already played, whether a follower must head the trick. Identical cards
exist in pinochle; of two identical cards the one played first wins, which falls out of comparing
with a strict ``>``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from records.cards import suit_of


@dataclass(frozen=True, slots=True)
class Trick:
    """A finished trick: who led, the cards in the order played, and who won it."""

    number: int
    leader: int
    plays: tuple[tuple[int, str], ...]
    """(seat, card) in the order played."""
    winner: int


def winning_index(cards: Sequence[str], trump: str | None, strength: Mapping[str, int]) -> int:
    """Index of the card that wins: the highest trump, else the highest card of the led suit.

    >>> from records.cards import FRENCH_52
    >>> winning_index(["KH", "AH", "2S"], "S", FRENCH_52.strength)
    2
    >>> winning_index(["KH", "AH", "2C"], None, FRENCH_52.strength)
    1
    """
    best = 0
    best_card = cards[0]
    for index in range(1, len(cards)):
        card = cards[index]
        if beats(card, best_card, trump, strength):
            best, best_card = index, card
    return best


def beats(card: str, best: str, trump: str | None, strength: Mapping[str, int]) -> bool:
    """Does ``card``, played later, beat ``best``, the card winning so far?"""
    suit, best_suit = card[-1], best[-1]
    if suit == best_suit:
        return strength[card] > strength[best]
    return suit == trump


@dataclass(frozen=True, slots=True)
class FollowRules:
    """The play obligations of a game, as flags."""

    must_trump_when_void: bool = False
    """A player void in the led suit who holds a trump must play one."""
    must_overtrump: bool = False
    """When trumping, a player must beat the highest trump already in the trick if able."""
    must_head: bool = False
    """When following suit, a player must beat the winning card if able (pinochle heading)."""


def legal_cards(
    hand: Sequence[str],
    trick: Sequence[str],
    trump: str | None,
    strength: Mapping[str, int],
    rules: FollowRules,
) -> list[str]:
    """The cards of ``hand`` that may be played to a trick holding ``trick`` so far."""
    if not trick:
        return list(hand)
    led = suit_of(trick[0])
    winner = trick[winning_index(trick, trump, strength)]
    followers = [c for c in hand if c[-1] == led]
    if followers:
        if rules.must_head and winner[-1] == led:
            heading = [c for c in followers if strength[c] > strength[winner]]
            return heading or followers
        return followers
    if rules.must_trump_when_void and trump is not None:
        trumps = [c for c in hand if c[-1] == trump]
        if trumps:
            if rules.must_overtrump and winner[-1] == trump:
                over = [c for c in trumps if strength[c] > strength[winner]]
                return over or trumps
            return trumps
    return list(hand)


def is_legal(
    card: str,
    hand: Sequence[str],
    trick: Sequence[str],
    trump: str | None,
    strength: Mapping[str, int],
    rules: FollowRules,
) -> bool:
    """``card in legal_cards(...)``, without building the list in the common cases.

    Replay asks this once per card played, so it is the hot path of every audit.
    """
    if card not in hand:
        return False
    if not trick:
        return True
    if rules.must_head or rules.must_overtrump:
        return card in legal_cards(hand, trick, trump, strength, rules)
    led = trick[0][-1]
    suit = card[-1]
    if suit == led:
        return True
    for held in hand:
        if held[-1] == led:
            return False
    if rules.must_trump_when_void and trump is not None and suit != trump:
        return not any(held[-1] == trump for held in hand)
    return True


def explain_illegal(
    card: str, hand: Sequence[str], trick: Sequence[str], trump: str | None
) -> tuple[str, str]:
    """(code, reason) for a card that ``legal_cards`` refused, in a player's words."""
    if card not in hand:
        return "play.card-not-held", f"{card} is not in the player's hand"
    led = suit_of(trick[0])
    if card[-1] != led and any(c[-1] == led for c in hand):
        return (
            "play.revoke",
            f"{card} does not follow the led suit {led} although the hand holds {led}",
        )
    if card[-1] == led:
        return (
            "play.must-head",
            f"{card} follows suit but does not beat the trick although the hand can",
        )
    if trump is not None and card[-1] != trump and any(c[-1] == trump for c in hand):
        return (
            "play.must-trump",
            f"{card} discards although the hand, void in {led}, holds trump {trump}",
        )
    return (
        "play.must-overtrump",
        f"{card} does not beat the trump in the trick although the hand can",
    )
