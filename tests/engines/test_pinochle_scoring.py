"""Known-value tests of pinochle card points and settlement, worked from docs/pinochle.md and
the original text's payment table: 300-340 3 chips, 350-390 5, 400-440 10, 450-490 15,
500-540 20, 550-590 25, 600 or more 30, doubled when spades are trump."""

from __future__ import annotations

import dataclasses
from collections import Counter
from typing import Any

import pytest

from records.pinochle import DEFAULT_RULES, PinochleRules
from records.tricks import Tricks, encoding
from replay.engines import pinochle as engine
from replay.engines.pinochle import scoring
from replay.engines.pinochle.melds import DECK, ScoredMeld, card_points

R = DEFAULT_RULES
BURIED = ["9C", "9D", "TD"]


@pytest.mark.parametrize(
    ("system", "cards", "last"),
    [("classic", 240, 10), ("alt_a", 240, 10), ("alt_b", 240, 10), ("simplified", 24, 1)],
)
def test_every_card_point_system_totals_250(system: str, cards: int, last: int) -> None:
    rules = dataclasses.replace(R, card_points=system, last_trick_bonus=last)  # type: ignore[arg-type]
    assert card_points(rules, DECK.cards) == cards
    assert (cards + last) * (10 if system == "simplified" else 1) == 250


def test_classic_values() -> None:
    assert [card_points(R, [c]) for c in ("AS", "TS", "KS", "QS", "JS", "9S")] == [
        11,
        10,
        4,
        3,
        2,
        0,
    ]


def tricks(declarer: int, wins: str) -> Tricks:
    """Fifteen tricks of the 45 cards not buried, each led by seat 1 and followed by seats 2
    and 3 (the dealer, seat 0, sits out), as a play records them; the declarer wins ``all``
    or ``none``."""
    rest = list((DECK.counts() - Counter(BURIED)).elements())
    other = 2 if declarer != 2 else 3
    winner = declarer if wins == "all" else other
    codes = encoding(DECK.strength, 2)
    played = Tricks()
    played.size, played.names, played.after = 3, codes.name, (1, 2, 3, 1)
    for number in range(15):
        played.cards.extend(codes.code[card] for card in rest[3 * number : 3 * number + 3])
        played.leads.append(1)
        played.bests.append(winner - 1)
    return played


def hand(rules: PinochleRules = R, **fields: Any) -> engine.State:
    """A hand at its end: declarer seat 1 (dealer 0 sits out), three buried cards."""
    values: dict[str, Any] = {
        "declarer": 1,
        "contract": 300,
        "trump": "S",
        "buried": list(BURIED),
        "phase": engine.Phase.OVER,
        "melds": (ScoredMeld("flush", ("AS", "TS", "KS", "QS", "JS"), 150),),
    }
    values.update(fields)
    active = engine.active_seats(rules, 0)
    return engine.State(
        table=engine.table(rules), dealer=0, active=active, hands=[], widow=[], **values
    )


def settle(state: engine.State) -> scoring.Settlement:
    out = engine.ENGINE.settle(state, None)
    assert isinstance(out, scoring.Settlement) and out.scores == out.chips
    assert sum(out.chips) + out.kitty == 0  # the ledger of every hand sums to zero
    return out


def test_count_when_the_declarer_takes_every_trick_or_none() -> None:
    every = settle(hand(tricks=tricks(1, "all")))
    assert every.counters is not None
    assert (every.counters.total, every.counters.opponents, every.count) == (250, 0, 400)
    none = settle(hand(tricks=tricks(1, "none")))
    assert none.counters is not None
    assert none.counters.buried == 0 + 0 + 10
    assert (none.counters.total, none.counters.opponents) == (10, 240)
    assert none.count == 160 and none.made is False


@pytest.mark.parametrize(
    ("contract", "chips"),
    [
        (300, 3),
        (340, 3),
        (350, 5),
        (390, 5),
        (400, 10),
        (450, 15),
        (500, 20),
        (550, 25),
        (590, 25),
        (600, 30),
        (1000, 30),
    ],
)
def test_payment_table_brackets(contract: int, chips: int) -> None:
    made = settle(
        hand(
            contract=contract,
            trump="H",
            tricks=tricks(1, "all"),
            melds=(ScoredMeld("x", (), 1000),),
        )
    )
    assert made.outcome is scoring.Outcome.MADE
    assert made.chips == (-chips, 3 * chips, -chips, -chips)  # the dealer sitting out pays too


def test_spades_double_and_hearts_triple() -> None:
    won = settle(hand(contract=340, tricks=tricks(1, "all")))
    assert won.chips == (-6, 18, -6, -6)
    hearts = dataclasses.replace(R, trump_multiplier={"S": 2, "H": 3})
    triple = settle(
        hand(
            hearts,
            contract=500,
            trump="H",
            tricks=tricks(1, "all"),
            melds=(ScoredMeld("x", (), 300),),
        )
    )
    assert triple.chips == (-60, 180, -60, -60)


def test_played_and_lost_pays_double_and_a_concession_single() -> None:
    lost = settle(hand(contract=400, trump="C", tricks=tricks(1, "none")))
    assert lost.outcome is scoring.Outcome.DOUBLE_BETE
    assert lost.chips == (20, -60, 20, 20)
    conceded = settle(hand(contract=350, conceded_by=1, conceded_in=engine.Phase.DECLARE))
    assert conceded.outcome is scoring.Outcome.SINGLE_BETE
    assert conceded.chips == (10, -30, 10, 10)  # 5 chips, doubled for spades
    before_trump = settle(
        hand(contract=350, trump=None, conceded_by=1, conceded_in=engine.Phase.WIDOW)
    )
    assert before_trump.chips == (5, -15, 5, 5)
    after_lead = settle(hand(contract=350, trump="C", conceded_by=1, conceded_in=engine.Phase.PLAY))
    assert after_lead.chips == (10, -30, 10, 10)  # played and lost: 2 x 5


def test_bete_rule_variants() -> None:
    symmetric = dataclasses.replace(R, bete_rule="symmetric")
    assert settle(hand(symmetric, contract=400, trump="C", tricks=tricks(1, "none"))).chips == (
        10,
        -30,
        10,
        10,
    )
    scarne = dataclasses.replace(R, bete_rule="scarne_spades")
    conceded = settle(hand(scarne, contract=350, conceded_by=1, conceded_in=engine.Phase.DECLARE))
    assert conceded.chips == (5, -15, 5, 5)  # no spade doubling on a concession
    lost = settle(hand(scarne, contract=350, tricks=tricks(1, "none")))
    assert lost.chips == (20, -60, 20, 20)  # 5 x 2 spades x 2 played and lost


def test_buried_meld_card_loses_double() -> None:
    lost = settle(hand(contract=300, trump="C", lost_card="JD", phase=engine.Phase.PLAY))
    assert lost.outcome is scoring.Outcome.DOUBLE_BETE and lost.made is False
    assert lost.chips == (6, -18, 6, 6)


def test_opponents_concede_and_void_hands() -> None:
    conceded = settle(hand(contract=350, trump="D", conceded_by=2, conceded_in=engine.Phase.PLAY))
    assert conceded.outcome is scoring.Outcome.OPPONENT_CONCEDED and conceded.made is True
    assert conceded.chips == (-5, 15, -5, -5)
    void = settle(hand(declarer=None, contract=None, trump=None, melds=(), phase=engine.Phase.VOID))
    assert void.chips == (0, 0, 0, 0) and void.made is None


def test_kitty_pays_and_is_paid_from_the_threshold() -> None:
    kitty = dataclasses.replace(R, kitty=True, kitty_threshold=350)
    made = settle(hand(kitty, contract=350, trump="H", tricks=tricks(1, "all")))
    assert (made.chips, made.kitty) == ((-5, 20, -5, -5), -5)
    below = settle(hand(kitty, contract=300, trump="H", tricks=tricks(1, "all")))
    assert (below.chips, below.kitty) == ((-3, 9, -3, -3), 0)
    single = settle(
        hand(kitty, contract=300, trump="H", conceded_by=1, conceded_in=engine.Phase.DECLARE)
    )
    assert (single.chips, single.kitty) == ((3, -12, 3, 3), 3)  # a single bete feeds the kitty


def test_throw_in_at_the_minimum_pays_only_the_kitty() -> None:
    rules = dataclasses.replace(R, throw_in_at_min_without_widow=True, kitty=True)
    thrown = settle(hand(rules, trump=None, conceded_by=1, conceded_in=engine.Phase.WIDOW))
    assert thrown.outcome is scoring.Outcome.THROWN_IN
    assert (thrown.chips, thrown.kitty) == ((0, -3, 0, 0), 3)
    no_kitty = dataclasses.replace(rules, kitty=False)
    assert settle(
        hand(no_kitty, trump=None, conceded_by=1, conceded_in=engine.Phase.WIDOW)
    ).chips == (0, 0, 0, 0)


def test_tables_of_three_and_five() -> None:
    three = dataclasses.replace(R, table_size=3)
    assert settle(hand(three, tricks=tricks(1, "all"))).chips == (-6, 12, -6)
    five = dataclasses.replace(R, table_size=5)
    assert settle(hand(five, tricks=tricks(1, "all"))).chips == (-6, 24, -6, -6, -6)


def test_meld_requires_trick_variant() -> None:
    rules = dataclasses.replace(R, meld_requires_trick=True)
    assert settle(hand(rules, tricks=tricks(1, "none"))).meld == 0
    assert settle(hand(rules, tricks=tricks(1, "all"))).meld == 150
    assert settle(hand(R, tricks=tricks(1, "none"))).meld == 150
