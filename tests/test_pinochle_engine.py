"""Known-value tests of the pinochle engine: seats, the auction and its no-bid variants, play
obligations under each head/overtrump variant, and identical cards (RULES.md §1.2-1.7)."""

from __future__ import annotations

import dataclasses
import random

import pytest

from records.pinochle import DEFAULT_RULES, PinochleRules
from replay.engines import pinochle as engine
from replay.generators.pinochle import deal

R = DEFAULT_RULES


def auction(rules: PinochleRules = R, dealer: int = 0) -> engine.State:
    hands, widow = deal(random.Random(0), rules, dealer)
    return engine.new_hand(rules, dealer, hands, widow)


def call(state: engine.State, seat: int, bid: int | None) -> str | None:
    """Check, and apply if legal; the violation code or None."""
    found = engine.check_call(state, seat, bid)
    if found is None:
        engine.apply_call(state, bid)
    return None if found is None else found.code


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
    bad = dataclasses.replace(R, table_size=5, sitout_rule="dealer_right")
    assert engine.rules_problem(bad).code == "rules.sitout-rule"  # type: ignore[union-attr]
    low = dataclasses.replace(R, min_bid=250)
    assert engine.rules_problem(low).code == "rules.payment-table"  # type: ignore[union-attr]
    assert engine.rules_problem(R) is None


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


def playing(rules: PinochleRules, trick: list[str], hand: list[str], trump: str) -> list[str]:
    """The legal cards for seat 3 when seats 1 and 2 have played ``trick``."""
    state = engine.State(
        rules=rules,
        dealer=0,
        active=(1, 2, 3),
        hands=[[], ["9C"], ["9C"], list(hand)],
        widow=[],
        phase=engine.Phase.PLAY,
        turn=1 + len(trick),
        trump=trump,
        leader=1,
        trick=list(trick),
    )
    state.hands[state.turn] = list(hand)
    return sorted(engine.legal_plays(state))


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
    state = engine.State(
        rules=R,
        dealer=0,
        active=(1, 2, 3),
        hands=[[], ["AH", "9C"], ["AH", "9D"], ["9H", "9S"]],
        widow=[],
        phase=engine.Phase.PLAY,
        turn=2,
        trump="S",
        leader=2,
    )
    for card in ("AH", "9H", "AH"):
        assert engine.check_play(state, state.turn, card) is None
        done = engine.apply_play(state, card)
    assert done is not None and done.winner == 2
    assert done.plays == ((2, "AH"), (3, "9H"), (1, "AH"))
