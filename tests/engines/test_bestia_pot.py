"""Known values of the Bestia pot ledger, worked by hand from docs/bestia.md.

Every expected number below was computed on paper from the rule text, not by the engine.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import pytest

from records.bestia import PRESETS, BestiaRules
from replay.engines.bestia.pot import Settlement, settle, unsupported, void


def _rules(n: int = 4, **overrides: object) -> BestiaRules:
    return dataclasses.replace(PRESETS["default"], num_players=n, **overrides)  # type: ignore[arg-type]


def _settle(rules: BestiaRules, start: int, playing: list[int], tricks: list[int]) -> Settlement:
    result = settle(rules, 0, start, playing, tricks)
    assert isinstance(result, Settlement), result
    return result


def test_floor_carry_keeps_the_remainder_for_the_next_pot() -> None:
    # 4 seats x 10 = 40; 2 tricks: floor(80 / 3) = 26, 1 trick: floor(40 / 3) = 13; 40 - 39 = 1.
    s = _settle(_rules(), 0, [1, 2], [0, 2, 1, 0])
    assert s.pot == 40
    assert s.shares == (0, 26, 13, 0)
    assert s.bestias == (0, 0, 0, 0)
    assert s.carried == 1
    assert s.nets == (-10, 16, 3, -10)


def test_three_tricks_win_the_whole_pot_even_when_it_does_not_divide() -> None:
    # 7 + 40 = 47 is not a multiple of 3, but floor(47 x 3 / 3) = 47: nothing is left over.
    s = _settle(_rules(), 7, [0, 3], [3, 0, 0, 0])
    assert s.shares == (47, 0, 0, 0)
    assert s.bestias == (0, 0, 0, 47)
    assert s.carried == 47
    assert s.nets == (37, -10, -10, -57)


def test_each_bestia_pays_the_pot_into_the_next_pot() -> None:
    # Pot 20 + 30 = 50 with three players; seat 0 takes every trick, seats 1 and 2 go bestia.
    s = _settle(_rules(3), 20, [0, 1, 2], [3, 0, 0])
    assert s.pot == 50
    assert s.shares == (50, 0, 0)
    assert s.bestias == (0, 50, 50)
    assert s.carried == 100
    assert s.nets == (40, -60, -60)


def test_bestia_cap_and_fixed_amount() -> None:
    capped = _settle(_rules(3, bestia_cap=25), 20, [0, 1], [3, 0, 0])
    assert capped.bestias == (0, 25, 0)
    assert capped.carried == 25
    fixed = _settle(_rules(3, bestia_amount="fixed", bestia_fixed=12), 20, [0, 1], [3, 0, 0])
    assert fixed.bestias == (0, 12, 0)


def test_bestias_into_the_current_pot() -> None:
    # Sisal read literally: pot 30, one bestia of 30 joins it: 60 divided, 2 tricks = 40.
    s = _settle(_rules(3, bestia_destination="current_pot"), 0, [0, 1, 2], [2, 1, 0])
    assert s.bestias == (0, 0, 30)
    assert s.shares == (40, 20, 0)
    assert s.carried == 0
    assert s.nets == (30, 10, -40)


def test_all_pass_refunds_the_invitos_and_carries_the_starting_pot() -> None:
    s = _settle(_rules(), 81, [], [0, 0, 0, 0])
    assert s.pot == 121
    assert s.refunds == (10, 10, 10, 10)
    assert s.carried == 81
    assert s.nets == (0, 0, 0, 0)


def test_all_pass_carry_all_keeps_the_invitos_in_the_pot() -> None:
    s = _settle(_rules(all_pass="carry_all"), 81, [], [0, 0, 0, 0])
    assert s.refunds == (0, 0, 0, 0)
    assert s.carried == 121
    assert s.nets == (-10, -10, -10, -10)


def test_lone_player_wins_the_pot_or_carries_it() -> None:
    wins = _settle(_rules(), 81, [2], [0, 0, 3, 0])
    assert wins.shares == (0, 0, 121, 0)
    assert wins.carried == 0
    assert wins.nets == (-10, -10, 111, -10)
    carries = _settle(_rules(single_player="carry_pot"), 81, [2], [0, 0, 3, 0])
    assert carries.shares == (0, 0, 0, 0)
    assert carries.refunds == (0, 0, 0, 0)
    assert carries.carried == 121


def test_invito_payers() -> None:
    players_only = _settle(_rules(invito_payers="players_only"), 0, [1, 3], [0, 2, 0, 1])
    assert players_only.invitos == (0, 10, 0, 10)
    assert players_only.shares == (0, 13, 0, 6)  # floor(40/3), floor(20/3); 1 carried
    assert players_only.carried == 1
    dealer_only = _settle(_rules(invito_payers="dealer_only", invito=30), 0, [1, 3], [0, 2, 0, 1])
    assert dealer_only.invitos == (30, 0, 0, 0)
    assert dealer_only.shares == (0, 20, 0, 10)


def test_exact_rounding_carries_fractional_shares_exactly() -> None:
    # Pot 40 over 3 tricks: 2 tricks win 80/3, 1 trick 40/3; 80/3 + 40/3 = 40, nothing carried.
    # Nets: 80/3 - 10 = 50/3 and 40/3 - 10 = 10/3; the passers lose their invito.
    s = _settle(_rules(pot_rounding="exact"), 0, [1, 2], [0, 2, 1, 0])
    assert s.shares == (0, Fraction(80, 3), Fraction(40, 3), 0)
    assert s.carried == 0 and type(s.carried) is int
    assert s.nets == (-10, Fraction(50, 3), Fraction(10, 3), -10)
    assert sum(s.nets) + s.carried == 0
    assert s.steps()[2] == "seat 1 took 2 of 3 tricks: 40 x 2 / 3 = 80/3"
    fine = _settle(_rules(3, pot_rounding="exact"), 0, [1, 2], [0, 2, 1])
    assert fine.shares == (0, 20, 10)
    assert all(type(v) is int for v in fine.shares + fine.nets)


def test_previous_pot_is_the_starting_pot_before_the_invitos() -> None:
    # Starting pot 41 + 4 x 10 = 81. Seat 3 plays and takes nothing: under bestia_amount = pot
    # it pays 81; under previous_pot the pot the previous hand left, 41.
    tricks = [0, 2, 1, 0]
    assert _settle(_rules(), 41, [1, 2, 3], tricks).bestias == (0, 0, 0, 81)
    s = _settle(_rules(bestia_amount="previous_pot"), 41, [1, 2, 3], tricks)
    assert s.bestias == (0, 0, 0, 41)
    assert s.shares == (0, 54, 27, 0)
    assert s.carried == 41
    assert unsupported(_rules(bestia_amount="previous_pot")) is None
    refused = unsupported(_rules(bestia_amount="fixed"))
    assert refused is not None and refused.code == "rules.unsupported"


def test_an_abandoned_hand_is_void_and_carries_its_starting_pot() -> None:
    # Invitos 4 x 10 paid and given back; the 41 on the table goes on to the next hand.
    s = void(_rules(), 0, 41, [1, 2], [0, 1, 0, 0])
    assert s.invitos == s.refunds == (10, 10, 10, 10)
    assert s.shares == s.bestias == s.nets == (0, 0, 0, 0)
    assert s.carried == 41 and s.pot == 81
    assert s.scores is None
    assert s.played == (False, True, True, False)


@pytest.mark.parametrize("start", [0, 1, 2, 41, 100])
def test_every_settlement_conserves_money(start: int) -> None:
    for playing, tricks in (([1, 2], [0, 2, 1, 0]), ([], [0] * 4), ([3], [0, 0, 0, 3])):
        s = _settle(_rules(), start, playing, tricks)
        assert sum(s.nets) == start - s.carried


def test_the_arithmetic_is_written_out_step_by_step() -> None:
    s = _settle(_rules(), 0, [1, 2], [0, 2, 1, 0])
    assert s.steps() == (
        "starting pot 0",
        "+ invito 10 x 4 seats (0, 1, 2, 3) = 40: pot 0 + 40 = 40",
        "seat 1 took 2 of 3 tricks: floor(40 x 2 / 3) = 26",
        "seat 2 took 1 of 3 tricks: floor(40 x 1 / 3) = 13",
        "remainder 40 - 39 = 1 carried (floor_carry)",
        "carried to the next hand: 1",
    )
    sisal = _settle(_rules(3, bestia_destination="current_pot"), 0, [0, 1, 2], [2, 1, 0])
    assert sisal.steps()[2] == "bestias seat 2 pays 30 join this pot (current_pot): 60"
    assert _settle(_rules(), 81, [], [0] * 4).steps()[2:] == (
        "nobody plays: invitos refunded 40 (refund_and_carry)",
        "carried to the next hand: 81",
    )
