"""The trick core's rules that no game sets yet or that only one game sets: heading a trick a
trump is winning (``FollowRules.head_when_trumped``), identical cards that cancel
(``CardPlay(cancels=True)``), a trick's winner in strings (``trick_winner``) and the trick a card
completed (``CardPlay.completed``). Worked by hand with pinochle cards (A T K Q J 9, each twice),
and held against statements of the rules written here from the cards' strings."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from records.cards import FRENCH_52, PINOCHLE_48
from records.tricks import (
    CardPlay,
    Duty,
    FollowRules,
    Ring,
    Trick,
    follow_duty,
    follow_fault,
    legal_cards,
    play_cards,
    trick_winner,
)

STRENGTH = PINOCHLE_48.strength
HEAD = FollowRules(must_trump_when_void=True, must_head=True)
HEAD_TRUMPED = FollowRules(must_trump_when_void=True, must_head=True, head_when_trumped=True)


@dataclass(frozen=True)
class P:
    type: ClassVar[str] = "play"
    seat: int
    card: str


def _play(
    hands: list[list[str]],
    rules: FollowRules = HEAD_TRUMPED,
    trump: str | None = "S",
    *,
    cancels: bool = False,
    strength: dict[str, int] = STRENGTH,
    last: int = 1,
) -> CardPlay:
    return CardPlay(
        [list(h) for h in hands],
        leader=0,
        after=Ring(len(hands)).order_from(1),
        last=last,
        trump=trump,
        strength=strength,
        follow=rules,
        cancels=cancels,
    )


def _to(hand: list[str], played: list[str], rules: FollowRules = HEAD_TRUMPED) -> CardPlay:
    """The play with ``played`` in the trick (one seat each, from seat 0) and ``hand`` next."""
    play = _play([[card] for card in played] + [hand], rules)
    assert play_cards(play, [P(seat, card) for seat, card in enumerate(played)], 0) == (
        len(played),
        None,
    )
    return play


def _codes(play: CardPlay, hand: list[str], rules: FollowRules) -> dict[str, str | None]:
    """Each card of ``hand``: the fault the loop finds in it (None if it may be played)."""
    seat = play.turn
    found = {}
    for card in hand:
        fault = play.fault(seat, card)
        found[card] = None if fault is None else fault[0]
        strings = follow_fault(card, hand, play.trick, rules, "S", STRENGTH)
        assert (strings and strings[0]) == (fault and fault[0])  # the two ways agree
    return found


# --- heading when trumped --------------------------------------------------------------------


def test_a_trumped_trick_must_still_be_headed_in_the_led_suit() -> None:
    # KH led, 9S trumps it: the next seat holds QH and AH; only the ace beats the king.
    play = _to(["QH", "AH", "9C"], ["KH", "9S"])
    owed = play.owed()
    assert owed.duty is Duty.HEAD_TRUMPED and owed.allowed == ("AH",)
    assert play.legal() == ["AH"]
    assert _codes(play, ["QH", "AH", "9C"], HEAD_TRUMPED) == {
        "QH": "play.must-head",
        "AH": None,
        "9C": "play.revoke",
    }
    fault = play.fault(2, "QH")
    assert fault is not None and fault[1] == (
        "QH follows suit but does not beat the highest H in the trumped trick although the hand can"
    )
    trick, hand = play.trick, ["QH", "AH", "9C"]
    assert follow_duty(hand, trick, HEAD_TRUMPED, "S", STRENGTH) is Duty.HEAD_TRUMPED
    assert legal_cards(hand, trick, HEAD_TRUMPED, "S", STRENGTH) == ["AH"]
    # The ace does not win the trick: the trump does.
    assert play_cards(play, [P(2, "AH")], 0) == (1, None)
    assert play.tricks[0].winner == 1


def test_without_the_flag_a_trumped_trick_binds_only_the_suit() -> None:
    play = _to(["QH", "AH", "9C"], ["KH", "9S"], HEAD)
    assert play.owed().duty is Duty.FOLLOW and play.legal() == ["QH", "AH"]
    hand = ["QH", "AH", "9C"]
    assert follow_duty(hand, play.trick, HEAD, "S", STRENGTH) is Duty.FOLLOW
    assert legal_cards(hand, play.trick, HEAD, "S", STRENGTH) == ["QH", "AH"]


@pytest.mark.parametrize(
    ("played", "hand", "duty", "allowed"),
    [
        # the card to beat is the highest heart, wherever it lies: 9H led, QH after the trump
        (["9H", "9S", "QH"], ["JH", "KH"], Duty.HEAD_TRUMPED, ["KH"]),
        # the highest heart is the ace: no heart beats it, so any heart
        (["QH", "9S", "AH"], ["KH", "TH"], Duty.FOLLOW, ["KH", "TH"]),
        # the twin of the highest heart does not beat it (a strict "higher")
        (["KH", "9S"], ["KH", "QH"], Duty.FOLLOW, ["KH", "QH"]),
        # an overtrumped trick: still the hearts decide
        (["KH", "9S", "AS"], ["QH", "TH"], Duty.HEAD_TRUMPED, ["TH"]),
        # not trumped: heading as always, against the winning heart
        (["KH", "AH"], ["QH", "TH"], Duty.FOLLOW, ["QH", "TH"]),
        (["KH", "QH"], ["QH", "TH"], Duty.HEAD, ["TH"]),
        # void in hearts: the trump duties are unchanged
        (["KH", "JS"], ["9S", "AS", "9C"], Duty.TRUMP, ["9S", "AS"]),
    ],
)
def test_the_duty_to_head_a_trumped_trick(
    played: list[str], hand: list[str], duty: Duty, allowed: list[str]
) -> None:
    play = _to(hand, played)
    owed = play.owed()
    assert owed.duty is duty and list(owed.allowed) == allowed == play.legal()
    assert follow_duty(hand, play.trick, HEAD_TRUMPED, "S", STRENGTH) is duty
    assert legal_cards(hand, play.trick, HEAD_TRUMPED, "S", STRENGTH) == allowed


def test_a_run_stops_at_a_card_that_does_not_head_the_trumped_trick() -> None:
    play = _play([["KH", "9D"], ["9S", "9C"], ["QH", "AH"], ["JH", "TD"]], last=2)
    reached, fault = play_cards(play, [P(0, "KH"), P(1, "9S"), P(2, "QH"), P(3, "JH")], 0)
    assert reached == 2 and fault is not None
    assert fault[0] == "play.must-head" and fault[3] == "QH"


def test_heading_when_trumped_is_a_way_of_heading() -> None:
    with pytest.raises(ValueError, match="must_head"):
        FollowRules(head_when_trumped=True)


def _reference(card: str, hand: list[str], trick: list[str], rules: FollowRules) -> str | None:
    """The follow rules from the strings (trump S): follow suit; head the winning card of the
    led suit; under ``head_when_trumped``, beat the highest card of the led suit even when a
    trump wins; void, trump, above the trump in the trick."""
    led, strength = trick[0][-1], STRENGTH
    winning = trick[0]
    for played in trick[1:]:
        higher = played[-1] == winning[-1] and strength[played] > strength[winning]
        if higher or (played[-1] == "S" and winning[-1] != "S"):
            winning = played
    highest = max((c for c in trick if c[-1] == led), key=strength.__getitem__)

    def fails(over: str) -> bool:
        beaters = [h for h in hand if h[-1] == over[-1] and strength[h] > strength[over]]
        return bool(beaters) and card not in beaters

    if card[-1] == led:
        if rules.must_head and winning[-1] == led and fails(winning):
            return "play.must-head"
        if rules.head_when_trumped and winning[-1] != led and fails(highest):
            return "play.must-head"
        return None
    if any(h[-1] == led for h in hand):
        return "play.revoke"
    if not rules.must_trump_when_void:
        return None
    if card[-1] != "S":
        return "play.must-trump" if any(h[-1] == "S" for h in hand) else None
    if rules.must_overtrump and winning[-1] == "S" and fails(winning):
        return "play.must-overtrump"
    return None


_FEW = [rank + suit for suit in "SH" for rank in "9QTA"] + ["9C", "KC"]
"""Few cards, each twice in the deck: a random trick is often trumped, headed or doubled."""


@settings(max_examples=400, deadline=None)
@given(
    cards=st.lists(st.sampled_from(_FEW), min_size=2, max_size=9),
    split=st.integers(1, 4),
    flags=st.tuples(st.booleans(), st.booleans(), st.booleans(), st.booleans()),
)
def test_the_duty_decides_what_the_rules_say(
    cards: list[str], split: int, flags: tuple[bool, bool, bool, bool]
) -> None:
    """A random hand to a random trick (copies allowed, up to two of a card) under random
    duties: the loop, the strings' functions and the duty owed agree with the reference."""
    if any(cards.count(card) > 2 for card in cards):
        return
    split = min(split, len(cards) - 1)
    played, hand = cards[:split], cards[split:]
    trump_void, overtrump, head, trumped = flags
    rules = FollowRules(trump_void, overtrump, head, trumped and head)
    play = _to(hand, played, rules)
    trick = play.trick
    for card in dict.fromkeys(hand):
        expected = _reference(card, hand, played, rules)
        fault = play.fault(split, card)
        assert (fault and fault[0]) == expected, (card, hand, played, rules)
        strings = follow_fault(card, hand, trick, rules, "S", STRENGTH)
        assert (strings and strings[0]) == expected
    legal = [c for c in hand if _reference(c, hand, played, rules) is None]
    assert legal_cards(hand, trick, rules, "S", STRENGTH) == legal
    assert play.legal() == legal and list(play.owed().allowed) == legal
    assert follow_duty(hand, trick, rules, "S", STRENGTH) is play.owed().duty


# --- identical cards -------------------------------------------------------------------------


def _cancel_reference(cards: list[str], trump: str | None) -> int:
    """OhHellWeb's rule as Oh Hell's engine stated it before the core decided it: cards of the
    led suit or trump ranked in the order played, a card identical to one still ranked removes
    that one and is not ranked itself; the highest ranked wins, trump above the led suit; with
    none left, the leader's card."""
    led = cards[0][-1]
    ranked: list[int] = []
    for index, card in enumerate(cards):
        if card[-1] not in (led, trump):
            continue
        twin = next((i for i in ranked if cards[i] == card), None)
        if twin is None:
            ranked.append(index)
        else:
            ranked.remove(twin)
    if not ranked:
        return 0
    return max(ranked, key=lambda i: (cards[i][-1] == trump, FRENCH_52.strength[cards[i]]))


def _first_reference(cards: list[str], trump: str | None) -> int:
    """The highest trump, else the highest of the led suit; of two identical, the first."""
    best = 0
    for index, card in enumerate(cards):
        top = cards[best]
        if card[-1] == top[-1]:
            if FRENCH_52.strength[card] > FRENCH_52.strength[top]:
                best = index
        elif card[-1] == trump:
            best = index
    return best


_TWICE = [rank + suit for suit in "SHC" for rank in "25A"]


@settings(max_examples=500, deadline=None)
@given(
    cards=st.lists(st.sampled_from(_TWICE), min_size=1, max_size=8),
    trump=st.sampled_from(["S", "H", None]),
)
def test_the_winner_of_a_trick_under_either_rule(cards: list[str], trump: str | None) -> None:
    strength = FRENCH_52.strength
    assert trick_winner(cards, trump, strength) == _first_reference(cards, trump)
    assert trick_winner(cards, trump, strength, cancels=True) == _cancel_reference(cards, trump)


@settings(max_examples=300, deadline=None)
@given(
    cards=st.lists(st.sampled_from(_TWICE), min_size=2, max_size=8),
    trump=st.sampled_from(["S", "H", None]),
)
def test_a_cancelling_play_wins_each_trick_as_the_rule_says(
    cards: list[str], trump: str | None
) -> None:
    """The play decides as it goes: after each card the trick in progress names the winner
    the rule gives its cards so far; the finished trick is won, and its winner leads."""
    size = len(cards)
    play = _play(
        [[c] for c in cards], FollowRules(), trump, cancels=True, strength=FRENCH_52.strength
    )
    for seat, card in enumerate(cards):
        assert play_cards(play, [P(seat, card)], 0) == (1, None)
        if seat < size - 1:
            assert play.trick.best == _cancel_reference(cards[: seat + 1], trump)
            assert play.completed is None
    winner = _cancel_reference(cards, trump)
    assert play.tricks[0].winner == winner == play.turn
    assert play.won == [1 if seat == winner else 0 for seat in range(size)]
    assert play.completed is play.tricks[0]


def test_identical_cards_cancel_and_the_leader_takes_an_empty_trick() -> None:
    strength = FRENCH_52.strength
    # the aces cancel; the king is the best left
    assert trick_winner(["AH", "AH", "KH"], "S", strength, cancels=True) == 2
    # the trumps cancel; of the hearts the five is the best
    assert trick_winner(["5H", "2S", "2S", "3H"], "S", strength, cancels=True) == 0
    # a third copy is ranked again
    assert trick_winner(["AH", "AH", "AH"], None, strength, cancels=True) == 2
    # nothing left in contention: the leader
    assert trick_winner(["9D", "9D", "2C", "3C"], "S", strength, cancels=True) == 0
    # the first of two identical wins, unless they cancel
    assert trick_winner(["AH", "AH", "KH"], "S", strength) == 0
    with pytest.raises(ValueError, match="1X is not a card of the deck"):
        trick_winner(["AH", "1X"], "S", strength)
    with pytest.raises(ValueError, match="no card"):
        trick_winner([], "S", strength)


def test_the_trick_a_card_completed() -> None:
    play = _play([["KH", "9C"], ["AH", "TC"]], FollowRules(), last=2)
    assert play.completed is None
    play_cards(play, [P(0, "KH")], 0)
    assert play.completed is None
    play_cards(play, [P(1, "AH")], 0)
    first = play.completed
    assert isinstance(first, Trick) and first is play.tricks[0] and first.winner == 1
    play_cards(play, [P(1, "TC")], 0)
    assert play.completed is None
    play_cards(play, [P(0, "9C")], 0)
    assert play.completed is play.tricks[1]
