"""The shared play of the cards: one loop, one duty, for every game. Worked by hand."""

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
)


@dataclass(frozen=True)
class P:
    type: ClassVar[str] = "play"
    seat: int
    card: str


@dataclass(frozen=True)
class Other:
    type: ClassVar[str] = "claim"
    seat: int


def _play(
    hands: list[list[str]],
    *,
    trump: str | None = "S",
    follow: FollowRules | None = None,
    deck: object = FRENCH_52,
    last: int = 5,
) -> CardPlay:
    return CardPlay(
        [list(h) for h in hands],
        leader=0,
        after=Ring(len(hands)).order_from(1),
        last=last,
        trump=trump,
        strength=deck.strength,  # type: ignore[attr-defined]
        follow=follow or FollowRules(),
    )


def test_highest_trump_else_highest_of_the_led_suit_wins() -> None:
    play = _play([["KH", "2C"], ["AH", "3D"], ["2S", "4D"], ["QH", "5D"]])
    reached, fault = play_cards(play, [P(0, "KH"), P(1, "AH"), P(2, "2S"), P(3, "QH")], 0)
    assert (reached, fault) == (4, None)
    assert play.tricks[0].winner == 2 and play.won == [0, 0, 1, 0] and play.turn == 2
    assert play.tricks[0].plays == ((0, "KH"), (1, "AH"), (2, "2S"), (3, "QH"))
    play = _play([["KH"], ["AH"], ["2C"], ["QH"]], trump=None)
    play_cards(play, [P(0, "KH"), P(1, "AH"), P(2, "2C"), P(3, "QH")], 0)
    assert play.tricks[0].winner == 1  # a discard never wins; no trump at all


def test_of_two_identical_cards_the_first_played_wins() -> None:
    play = _play([["AH", "9C"], ["AH", "9D"], ["KH", "9S"]], deck=PINOCHLE_48, trump="C")
    play_cards(play, [P(0, "AH"), P(1, "AH"), P(2, "KH")], 0)
    assert play.tricks[0].winner == 0


def test_a_run_stops_at_the_first_other_action_and_goes_on_from_there() -> None:
    play = _play([["KH", "2C"], ["AH", "3C"], ["2S", "4C"]])
    actions = [P(0, "KH"), P(1, "AH"), Other(1), P(2, "2S")]
    assert play_cards(play, actions, 0) == (2, None)
    assert play.turn == 2 and len(play.trick.cards) == 2
    assert play_cards(play, actions, 3) == (4, None)
    assert play.tricks[0].winner == 2


def test_a_run_ends_with_the_last_trick() -> None:
    play = _play([["KH"], ["AH"]], last=1)
    assert play_cards(play, [P(0, "KH"), P(1, "AH"), P(1, "2C")], 0) == (2, None)
    assert play.is_over


@pytest.mark.parametrize(
    ("actions", "code", "expected"),
    [
        ([P(1, "AH")], "play.out-of-turn", 0),
        ([P(0, "AS")], "play.card-not-held", None),
        ([P(0, "KH"), P(1, "3C")], "play.revoke", None),
    ],
)
def test_faults_stop_the_run_where_they_occur(
    actions: list[P], code: str, expected: object
) -> None:
    play = _play([["KH", "2C"], ["AH", "3C"], ["2S", "4C"]])
    reached, fault = play_cards(play, actions, 0)
    assert reached == len(actions) - 1
    assert fault is not None and fault[0] == code and fault[2] == expected
    assert fault[3] == actions[-1].card if code != "play.out-of-turn" else fault[3] == 1


def test_checking_without_commit_changes_nothing() -> None:
    play = _play([["KH", "2C"], ["AH", "3C"], ["2S", "4C"]])
    assert play_cards(play, [P(0, "KH")], 0, commit=False) == (0, None)
    assert play.hands[0] == ["KH", "2C"] and play.trick.cards == [] and play.turn == 0
    assert play.fault(0, "AS") is not None and play.fault(0, "2C") is None
    assert play.legal() == ["KH", "2C"]


@pytest.mark.parametrize(
    ("rules", "hand", "card", "code"),
    [
        (FollowRules(), ["2C", "3H"], "2C", "play.revoke"),
        (FollowRules(), ["2C", "3D"], "2C", None),  # void: any card
        (FollowRules(must_trump_when_void=True), ["2C", "3S"], "2C", "play.must-trump"),
        (FollowRules(must_trump_when_void=True), ["2C", "3S"], "3S", None),
        # KH led, QS trumped it: the next seat, void in hearts, must beat the queen if it can
        (FollowRules(True, must_overtrump=True), ["2S", "AS"], "2S", "play.must-overtrump"),
        (FollowRules(True, must_overtrump=True), ["2S", "AS"], "AS", None),
        (FollowRules(True, must_overtrump=True), ["2S", "3S"], "2S", None),  # cannot beat
    ],
)
def test_the_duty_when_void_decides_and_explains(
    rules: FollowRules, hand: list[str], card: str, code: str | None
) -> None:
    play = _play([["KH"], ["QS"], hand], follow=rules)
    play_cards(play, [P(0, "KH"), P(1, "QS")], 0)
    fault = follow_fault(card, hand, play.trick, rules, "S", FRENCH_52.strength)
    assert (fault[0] if fault else None) == code
    assert (card in legal_cards(hand, play.trick, rules, "S", FRENCH_52.strength)) == (code is None)


def test_heading_duty_and_its_dependence_on_the_led_suit() -> None:
    def heads_when_trump_led(led: str) -> FollowRules:
        return FollowRules(True, must_head=led == "S")

    play = _play([["KS", "KH"], ["QS", "AS", "AH", "2H"]], follow=heads_when_trump_led)
    play_cards(play, [P(0, "KS")], 0)
    assert play.fault(1, "QS") is not None and play.fault(1, "QS")[0] == "play.must-head"  # type: ignore[index]
    assert play.fault(1, "AS") is None
    play = _play([["KH", "KS"], ["2H", "AH", "QS", "AS"]], follow=heads_when_trump_led)
    play_cards(play, [P(0, "KH")], 0)
    assert play.fault(1, "2H") is None  # hearts led: no duty to head


def test_a_duty_to_lead_is_the_games_own() -> None:
    def top_trump(play: CardPlay, seat: int, card: str) -> tuple[str, str, object] | None:
        if "AS" in play.hands[seat] and card != "AS":
            return ("play.must-lead-top-trump", "must lead AS", "AS")
        return None

    play = _play([["AS", "2C"], ["3C"]])
    play.lead_fault = top_trump
    assert play_cards(play, [P(0, "2C")], 0)[1] == (
        "play.must-lead-top-trump",
        "must lead AS",
        "AS",
        "2C",
    )


def _reference_fault(
    card: str, hand: list[str], trick: Trick, rules: FollowRules, trump: str | None
) -> str | None:
    """The follow rules as they were written before ``follow_duty`` decided them (card first):
    an independent statement of the same rules, for the property below."""
    strength = FRENCH_52.strength
    led = trick.cards[0][-1]
    best = trick.cards[trick.best]

    def fails_to_beat(suit: str) -> bool:
        if best[-1] != suit or strength[card] > strength[best]:
            return False
        return any(h[-1] == suit and strength[h] > strength[best] for h in hand)

    if card[-1] == led:
        return "play.must-head" if rules.must_head and fails_to_beat(led) else None
    if any(h[-1] == led for h in hand):
        return "play.revoke"
    if not rules.must_trump_when_void or trump is None:
        return None
    if card[-1] != trump:
        return "play.must-trump" if any(h[-1] == trump for h in hand) else None
    return "play.must-overtrump" if rules.must_overtrump and fails_to_beat(trump) else None


_FEW = [rank + suit for suit in "SHC" for rank in "27QA"]
"""Few cards, so that a random trick is often trumped, headed or overtrumped."""


@settings(max_examples=500, deadline=None)
@given(
    cards=st.lists(st.sampled_from(_FEW), min_size=2, max_size=9, unique=True),
    split=st.integers(1, 4),
    flags=st.tuples(st.booleans(), st.booleans(), st.booleans()),
    trump=st.sampled_from(["S", "H", None]),
)
def test_the_duty_decides_what_the_rules_always_said(
    cards: list[str], split: int, flags: tuple[bool, bool, bool], trump: str | None
) -> None:
    """Every card of a random hand to a random trick under random duties: the fault (code) is
    the one the rules gave before the duty was decided on its own, and the cards allowed are
    exactly those the duty describes."""
    split = min(split, len(cards) - 1)
    played, hand = cards[:split], cards[split:]
    rules = FollowRules(*flags)
    play = _play([[c] for c in played] + [hand], trump=trump, follow=rules, last=1)
    play_cards(play, [P(seat, c) for seat, c in enumerate(played)], 0)
    trick, strength = play.trick, FRENCH_52.strength
    for card in hand:
        fault = follow_fault(card, hand, trick, rules, trump, strength)
        assert (fault[0] if fault else None) == _reference_fault(card, hand, trick, rules, trump)
    duty = follow_duty(hand, trick, rules, trump, strength)
    led, best = trick.cards[0][-1], trick.cards[trick.best]
    allowed = {
        Duty.FOLLOW: [c for c in hand if c[-1] == led],
        Duty.HEAD: [c for c in hand if c[-1] == led and strength[c] > strength[best]],
        Duty.VOID: hand,
        Duty.NO_TRUMP: hand,
        Duty.TRUMP: [c for c in hand if c[-1] == trump],
        Duty.OVERTRUMP: [c for c in hand if c[-1] == trump and strength[c] > strength[best]],
    }[duty]
    assert legal_cards(hand, trick, rules, trump, strength) == allowed
    owed = play.owed()
    assert (owed.duty, owed.seat, owed.place, owed.led) == (duty, split, split, led)
    assert list(owed.allowed) == allowed


def test_the_duty_owed_names_what_bound_the_seat_not_the_whole_rule() -> None:
    """Bestia's rules (follow suit, else trump): a seat void in the suit led and holding no
    trump owes nothing, one holding the suit owes only that, one holding a trump must trump."""
    bestia = FollowRules(must_trump_when_void=True)
    play = _play([["KH"], ["2C", "3D"], ["4H", "5S"], ["6C", "7S"]], follow=bestia)
    play_cards(play, [P(0, "KH")], 0)
    assert play.owed().duty is Duty.NO_TRUMP and play.owed().allowed == ("2C", "3D")
    play_cards(play, [P(1, "2C")], 0)
    assert play.owed().duty is Duty.FOLLOW and play.owed().allowed == ("4H",)
    play_cards(play, [P(2, "4H")], 0)
    assert play.owed().duty is Duty.TRUMP and play.owed().allowed == ("7S",)


def test_a_lead_is_free_unless_the_games_lead_rule_refuses_a_card_held() -> None:
    def top_trump(play: CardPlay, seat: int, card: str) -> tuple[str, str, object] | None:
        if "AS" in play.hands[seat] and card != "AS":
            return ("play.must-lead-top-trump", "must lead AS", "AS")
        return None

    play = _play([["AS", "2C"], ["3C", "4C"]])
    assert play.owed().duty is Duty.LEAD and play.owed().allowed == ("AS", "2C")
    play.lead_fault = top_trump
    owed = play.owed()
    assert (owed.duty, owed.allowed, owed.trick, owed.place) == (Duty.LEAD_OWED, ("AS",), 1, 0)
