"""Known-value tests of the pinochle engine, driven through its interface (``ENGINE.check``,
``ENGINE.apply``, ``legal_actions``): seats, the auction and its no-bid variants, play
obligations under each head/overtrump variant, and identical cards (docs/pinochle.md)."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from records.pinochle import DEFAULT_RULES, PinochleRules
from replay.engines import pinochle as engine
from replay.generators.pinochle import deal

R = DEFAULT_RULES
ENGINE = engine.ENGINE
FILLER = ["9D", "9D", "JD"]  # cards the declarer buries in the play tests


def auction(rules: PinochleRules = R, dealer: int = 0) -> engine.State:
    hands, widow = deal(random.Random(0), rules, dealer)
    return engine.new_hand(rules, dealer, hands, widow)


def step(state: engine.State, action: Any) -> str | None:
    """Check, and apply if legal; the violation code or None."""
    found = ENGINE.check(state, action)
    if found is None:
        ENGINE.apply(state, action)
    return None if found is None else found.code


def call(state: engine.State, seat: int, bid: int | None) -> str | None:
    return step(state, engine.Pass(seat=seat) if bid is None else engine.Bid(seat=seat, points=bid))


@pytest.mark.parametrize(
    ("size", "sitout", "dealer", "active"),
    [
        (3, "dealer", 0, (1, 2, 0)),
        (4, "dealer", 0, (1, 2, 3)),
        (4, "dealer", 2, (3, 0, 1)),
        (4, "dealer_right", 0, (1, 2, 0)),
        (5, "dealer", 0, (1, 3, 4)),
        (5, "dealer_and_second_left", 3, (4, 1, 2)),
    ],
)
def test_who_plays(size: int, sitout: str, dealer: int, active: tuple[int, ...]) -> None:
    rules = dataclasses.replace(R, table_size=size, sitout_rule=sitout)  # type: ignore[arg-type]
    assert engine.active_seats(rules, dealer) == active


def test_rules_that_cannot_be_played() -> None:
    bad = ENGINE.rules_fault(dataclasses.replace(R, table_size=5, sitout_rule="dealer_right"))
    assert bad is not None
    assert (bad.parameter, bad.violation.code) == ("sitout_rule", "rules.sitout-rule")
    low = ENGINE.rules_fault(dataclasses.replace(R, min_bid=250))
    assert low is not None
    assert (low.parameter, low.violation.code) == ("payment_table", "rules.payment-table")
    assert ENGINE.rules_fault(R) is None


def test_auction_turns_skip_passed_players_and_end_after_two_passes() -> None:
    state = auction()
    assert state.turn == 1  # eldest: the dealer's left
    assert call(state, 2, 300) == "bid.out-of-turn"
    assert call(state, 0, 300) == "bid.sitting-out"
    assert call(state, 1, 290) == "bid.below-minimum"
    assert call(state, 1, 305) == "bid.step"
    assert call(state, 1, 300) is None
    assert call(state, 2, 300) == "bid.not-higher"
    assert call(state, 2, None) is None
    assert call(state, 3, 350) is None  # jump bids are allowed (Q-PIN-2)
    assert state.turn == 1  # seat 2 has passed and is skipped
    assert call(state, 2, 360) == "bid.after-pass"
    assert call(state, 1, 360) is None
    assert call(state, 3, None) is None
    assert state.phase is engine.Phase.WIDOW
    assert (state.declarer, state.contract) == (1, 360)
    assert call(state, 3, 370) == "bid.after-auction"
    assert ENGINE.to_move(state) == 1  # the declarer takes the widow


def test_legal_calls_are_offered_lowest_first_then_the_pass() -> None:
    state = auction()
    assert call(state, 1, 300) is None
    offered = engine.legal_actions(state)
    assert offered[0] == engine.Bid(seat=2, points=310) and offered[-1] == engine.Pass(seat=2)
    assert [a.points for a in offered[:-1]] == list(range(310, 500 + 1, 10))
    assert all(ENGINE.check(state, a) is None for a in offered)


def test_the_last_bidder_wins_when_the_other_two_pass_in_turn() -> None:
    state = auction()
    for seat, bid in ((1, 300), (2, None), (3, None)):
        assert call(state, seat, bid) is None
    assert (state.declarer, state.contract, state.turn) == (1, 300, 1)


def test_redeal_lets_the_third_bid_and_voids_three_passes() -> None:
    state = auction()
    assert call(state, 1, None) is None
    assert call(state, 2, None) is None
    assert state.phase is engine.Phase.AUCTION and state.turn == 3
    assert call(state, 3, None) is None
    assert engine.is_over(state) and state.declarer is None
    assert state.phase.value == "void"
    third = auction()
    for seat, bid in ((1, None), (2, None), (3, 300)):
        assert call(third, seat, bid) is None
    assert (third.declarer, third.contract) == (3, 300)


def test_eldest_forced_and_last_forced() -> None:
    forced = auction(dataclasses.replace(R, no_bid_rule="eldest_forced"))
    assert call(forced, 1, None) == "bid.eldest-must-open"
    assert call(forced, 1, 300) is None
    assert call(forced, 2, None) is None  # only the opening call is forced
    last = auction(dataclasses.replace(R, no_bid_rule="last_forced"))
    assert call(last, 1, None) is None
    assert call(last, 2, None) is None
    assert (last.phase, last.declarer, last.contract) == (engine.Phase.WIDOW, 3, 300)


def test_exactly_plus_10_and_forbidden_endings() -> None:
    exact = auction(dataclasses.replace(R, bid_step_rule="exactly_plus_10"))
    assert call(exact, 1, 310) == "bid.step"
    assert call(exact, 1, 300) is None
    assert call(exact, 2, 320) == "bid.step"
    assert call(exact, 2, 310) is None
    brooklyn = auction(dataclasses.replace(R, forbidden_bid_endings=(40, 90)))
    assert call(brooklyn, 1, 340) == "bid.forbidden-ending"
    assert call(brooklyn, 1, 350) is None
    assert call(brooklyn, 2, 390) == "bid.forbidden-ending"
    assert call(brooklyn, 2, 1040) == "bid.forbidden-ending"


def declared(
    rules: PinochleRules, hands: list[list[str]], declarer: int, trump: str
) -> engine.State:
    """Seats 1-3 hold ``hands[1:]`` (dealer 0 sits out); ``declarer`` wins the auction at 300,
    takes an empty widow, names ``trump`` and buries ``FILLER``: he is to lead."""
    dealt = [list(h) + (FILLER if s == declarer else []) for s, h in enumerate(hands)]
    state = engine.new_hand(rules, 0, [[], *dealt[1:]], [])
    for seat in (1, 2, 3):
        assert call(state, seat, 300 if seat == declarer else None) is None
    for action in (
        engine.TakeWidow(seat=declarer, cards=[]),
        engine.NameTrump(seat=declarer, suit=trump),
        engine.Bury(seat=declarer, cards=FILLER),
    ):
        assert step(state, action) is None
    assert state.phase is engine.Phase.DECLARE and ENGINE.to_move(state) == declarer
    return state


def playing(rules: PinochleRules, trick: list[str], hand: list[str], trump: str) -> list[str]:
    """The legal cards for the next seat, holding ``hand``, when the seats from seat 1 (the
    declarer) on have played ``trick``."""
    seat = 1 + len(trick)
    hands = [[], [trick[0]], ["9C"], ["9C"]]
    hands[2:seat] = [[card] for card in trick[1:]]
    hands[seat] = list(hand)
    state = declared(rules, hands, 1, trump)
    for player, card in enumerate(trick, start=1):
        assert step(state, engine.Play(seat=player, card=card)) is None
    assert ENGINE.to_move(state) == seat and ENGINE.trick_number(state, None) == 1
    offered = [a for a in engine.legal_actions(state) if a.type == "play"]
    assert all(a.seat == seat and ENGINE.check(state, a) is None for a in offered)
    refused = [c for c in hand if ENGINE.check(state, engine.Play(seat=seat, card=c)) is not None]
    assert sorted(refused + [a.card for a in offered]) == sorted(hand)
    return sorted(a.card for a in offered)


def test_follow_suit_else_trump_even_when_already_trumped() -> None:
    assert playing(R, ["AH"], ["KH", "AS", "9C"], "S") == ["KH"]
    assert playing(R, ["AH", "9S"], ["TS", "KC"], "S") == ["TS"]
    assert playing(R, ["AH", "AS"], ["9S", "KC"], "S") == ["9S"]  # under-trumping is allowed
    assert playing(R, ["AH", "AS"], ["KC", "QD"], "S") == ["KC", "QD"]
    assert playing(R, ["KH"], ["9H", "AH"], "S") == ["9H", "AH"]  # no duty to head (Q-PIN-3)


def test_overtrump_and_heading_variants() -> None:
    over = dataclasses.replace(R, must_overtrump=True)
    assert playing(over, ["AH", "KS"], ["9S", "AS", "KC"], "S") == ["AS"]
    assert playing(over, ["AH", "AS"], ["9S", "KC"], "S") == ["9S"]  # cannot beat: any trump
    always = dataclasses.replace(R, head_rule="always")
    assert playing(always, ["KH"], ["9H", "AH"], "S") == ["AH"]
    assert playing(always, ["KH", "9S"], ["9H", "AH"], "S") == ["9H", "AH"]  # trumped: follow
    assert playing(always, ["AH", "KS"], ["9S", "AS"], "S") == ["AS"]
    led = dataclasses.replace(R, head_rule="trump_led")
    assert playing(led, ["KH"], ["9H", "AH"], "S") == ["9H", "AH"]
    assert playing(led, ["KS"], ["9S", "AS"], "S") == ["AS"]
    assert playing(led, ["AS"], ["AS", "9S"], "S") == ["9S", "AS"]  # an equal card never heads


def test_of_two_identical_cards_the_first_played_wins() -> None:
    state = declared(R, [[], ["AH", "9C"], ["AH", "9D"], ["9H", "9S"]], 2, "S")
    for card in ("AH", "9H", "AH"):
        play = engine.Play(seat=state.turn, card=card)
        assert ENGINE.check(state, play) is None
        done = ENGINE.apply(state, play)
    assert done is not None and done.winner == 2
    assert done.plays == ((2, "AH"), (3, "9H"), (1, "AH"))
    assert state.tricks == [done] and ENGINE.to_move(state) == 2


def test_the_first_lead_begins_the_play() -> None:
    state = declared(R, [[], ["AH", "9C"], ["TH"], ["9H"]], 1, "S")
    assert ENGINE.trick_number(state, None) is None  # still declaring: no trick yet
    wrong = ENGINE.check(state, engine.Play(seat=2, card="TH"))
    assert wrong is not None and wrong.code == "play.out-of-turn" and wrong.expected == 1
    buried = ENGINE.check(state, engine.Play(seat=1, card="9D"))
    assert buried is not None and buried.code == "play.card-not-held"
    assert step(state, engine.Play(seat=1, card="AH")) is None
    assert state.phase is engine.Phase.PLAY and ENGINE.trick_number(state, None) == 1
    assert state.hands[1] == ["9C"]  # the 18 cards minus the burial, minus the lead


@pytest.mark.parametrize("first_lead", ["any", "trump"])
def test_first_lead_trump_binds_the_first_trick_only(first_lead: str) -> None:
    rules = dataclasses.replace(R, first_lead=first_lead)  # type: ignore[arg-type]
    hands = [[], ["AH", "9S", "AC"], ["TH", "AC"], ["9H", "KC"]]
    state = declared(rules, hands, 1, "S")
    led = ENGINE.check(state, engine.Play(seat=1, card="AH"))
    if first_lead == "any":
        assert led is None
        return
    assert led is not None and led.code == "play.first-lead-trump" and led.actual == "AH"
    assert [a.card for a in engine.legal_actions(state) if a.type == "play"] == ["9S"]
    for seat, card in ((1, "9S"), (2, "TH"), (3, "9H")):  # seat 1 wins with the trump
        assert step(state, engine.Play(seat=seat, card=card)) is None
    assert step(state, engine.Play(seat=1, card="AH")) is None  # a later lead is free
