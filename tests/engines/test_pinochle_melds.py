"""Known-value tests of the pinochle meld rules (docs/pinochle.md), worked from the meld table.

The card-reuse rule is checked on multisets: a card serves once per class, in as many classes
as it fits, and a second meld of a class needs the second copy of each card.
"""

from __future__ import annotations

import dataclasses

import pytest

from records.pinochle import DEFAULT_RULES, PRESETS, PinochleRules
from replay.engines.pinochle.melds import (
    ScoredMeld,
    available_melds,
    check_melds,
    largest_meld,
    lost_meld_card,
    meld_value,
    score_melds,
)

R = DEFAULT_RULES
BONUS = PRESETS["bonus"]
FILL = [
    "9C",
    "9C",
    "JC",
    "JC",
    "9D",
    "9D",
    "TD",
    "TD",
]  # cards in no meld, to make hands up to size


def hand(text: str) -> list[str]:
    return text.split() + FILL


def code(rules: PinochleRules, trump: str, held: list[str], *melds: tuple[str, str]) -> str | None:
    found = check_melds(rules, trump, held, [(k, c.split()) for k, c in melds])
    return None if found is None else found[1].code


def total(rules: PinochleRules, *melds: tuple[str, str]) -> int:
    return sum(m.value for m in score_melds(rules, [(k, c.split()) for k, c in melds]))


@pytest.mark.parametrize(
    ("kind", "value"),
    [
        ("flush", 150),
        ("royal_marriage", 40),
        ("marriage", 20),
        ("dix", 10),
        ("aces", 100),
        ("kings", 80),
        ("queens", 60),
        ("jacks", 40),
        ("pinochle", 40),
    ],
)
def test_meld_table(kind: str, value: int) -> None:
    assert meld_value(R, kind) == value
    simplified = dataclasses.replace(R, card_points="simplified", last_trick_bonus=1)
    assert meld_value(simplified, kind) == value // 10


def test_double_pinochle_needs_both_queens_of_spades_and_both_jacks_of_diamonds() -> None:
    two = ("pinochle", "QS JD")
    assert code(R, "H", hand("QS QS JD JD"), two, two) is None
    assert total(R, two, two) == 80  # additive (Q-PIN-4)
    assert code(R, "H", hand("QS QS JD"), two, two) == "meld.reused-card"
    assert code(R, "H", hand("QS JD JD"), two, two) == "meld.reused-card"
    assert code(R, "H", hand("QS"), two) == "meld.cards-not-held"


def test_flush_with_a_separate_royal_marriage_needs_the_second_king_and_queen() -> None:
    flush, royal = ("flush", "AH TH KH QH JH"), ("royal_marriage", "KH QH")
    assert code(R, "H", hand("AH TH KH QH JH KH QH"), flush, royal) is None
    assert total(R, flush, royal) == 190
    assert code(R, "H", hand("AH TH KH QH JH KH"), flush, royal) == "meld.reused-card"
    assert code(R, "H", hand("AH TH KH QH JH QH"), flush, royal) == "meld.reused-card"


def test_cards_are_reused_across_classes() -> None:
    melds = (
        ("flush", "AS TS KS QS JS"),  # class A
        ("aces", "AS AH AD AC"),  # class B: the same AS
        ("kings", "KS KH KD KC"),  # class B: the same KS
        ("queens", "QS QH QD QC"),
        ("jacks", "JS JH JD JC"),
        ("pinochle", "QS JD"),  # class C: the same QS, JD
    )
    held = [
        "AS",
        "TS",
        "KS",
        "QS",
        "JS",
        "AH",
        "AD",
        "AC",
        "KH",
        "KD",
        "KC",
        "QH",
        "QD",
        "QC",
        "JH",
        "JD",
        "JC",
    ]
    assert code(R, "S", held, *melds) is None
    assert total(R, *melds) == 150 + 100 + 80 + 60 + 40 + 40
    # ...but never twice inside one class: aces twice need every ace twice
    assert code(R, "S", held, ("aces", "AS AH AD AC"), ("aces", "AS AH AD AC")) == (
        "meld.reused-card"
    )


def test_round_house_is_four_marriages_and_kings_and_queens() -> None:
    held = [
        "KS",
        "QS",
        "KH",
        "QH",
        "KD",
        "QD",
        "KC",
        "QC",
        "9C",
        "9C",
        "JC",
        "JC",
        "9D",
        "9D",
        "TD",
        "TD",
    ]
    melds = [("royal_marriage", "KS QS")] + [("marriage", f"K{s} Q{s}") for s in "HDC"]
    melds += [("kings", "KS KH KD KC"), ("queens", "QS QH QD QC")]
    assert code(R, "S", held, *melds) is None
    assert total(R, *melds) == 240
    assert code(R, "S", held, ("round_house", "KS QS KH QH KD QD KC QC")) == "meld.not-allowed"
    assert total(BONUS, ("round_house", "KS QS KH QH KD QD KC QC")) == 250


def test_a_marriage_in_trumps_is_royal() -> None:
    assert code(R, "S", hand("KS QS"), ("marriage", "KS QS")) == "meld.wrong-cards"
    assert code(R, "S", hand("KS QS"), ("royal_marriage", "KS QS")) is None
    assert code(R, "S", hand("KH QH"), ("royal_marriage", "KH QH")) == "meld.wrong-cards"


def test_wrong_cards_for_a_meld() -> None:
    assert code(R, "S", hand("AS TS KS QS 9S"), ("flush", "AS TS KS QS 9S")) == "meld.wrong-cards"
    assert code(R, "S", hand("KH QD"), ("marriage", "KH QD")) == "meld.wrong-cards"
    assert code(R, "S", hand("9H"), ("dix", "9H")) == "meld.wrong-cards"


def test_bonus_doubles_are_melds_of_their_own_only_under_bonus() -> None:
    held = hand("QS QS JD JD")
    assert code(R, "H", held, ("double_pinochle", "QS JD QS JD")) == "meld.not-allowed"
    assert code(BONUS, "H", held, ("double_pinochle", "QS JD QS JD")) is None
    assert total(BONUS, ("double_pinochle", "QS JD QS JD")) == 300
    aces = "AS AH AD AC AS AH AD AC"
    assert total(BONUS, ("double_aces", aces)) == 1000
    grand = ("grand_pinochle", "KS QS JD")
    assert code(BONUS, "H", hand("KS QS JD"), grand) is None
    assert total(BONUS, grand) == 60


def test_flush_with_extra_king_and_queen_variant() -> None:
    held = hand("AH TH KH QH JH KH QH")
    extra = ("flush_extra_marriage", "AH TH KH QH JH KH QH")
    assert code(R, "H", held, extra) == "meld.not-allowed"
    assert code(BONUS, "H", held, extra) is None
    assert total(BONUS, extra) == 230
    assert total(BONUS, ("flush_extra_king", "AH TH KH QH JH KH")) == 190


def test_largest_meld_is_information_from_the_hand() -> None:
    held = [
        "AH",
        "TH",
        "KH",
        "QH",
        "JH",
        "KH",
        "QH",
        "9H",
        "QS",
        "QS",
        "JD",
        "JD",
        "AS",
        "AC",
        "AD",
        "AH",
    ]
    value, parts = largest_meld(R, held, "H")
    assert value == 150 + 40 + 10 + 100 + 80
    assert "pinochle x2 80" in parts
    assert largest_meld(BONUS, held, "H")[0] == 150 + 40 + 10 + 100 + 300
    found = available_melds(R, held, "H")
    assert check_melds(R, "H", held, found) is None
    # with spades trump the same cards hold much less
    assert largest_meld(R, held, "S")[0] == 2 * 20 + 100 + 2 * 40  # marriages in H, aces, pinochles


def test_dix_counts_only_when_declared() -> None:
    held = hand("9S AS")
    assert largest_meld(R, held, "S")[0] == 10
    assert total(R) == 0


def test_burying_a_scored_meld_card_is_found_on_multisets() -> None:
    held = [
        "AH",
        "TH",
        "KH",
        "QH",
        "JH",
        "KH",
        "QH",
        "QS",
        "QS",
        "JD",
        "9C",
        "9C",
        "JC",
        "JC",
        "9D",
        "9D",
        "TD",
        "TD",
    ]
    flush = ScoredMeld("flush", tuple(["AH", "TH", "KH", "QH", "JH"]), 150)
    royal = ScoredMeld("royal_marriage", ("KH", "QH"), 40)
    pinochle = ScoredMeld("pinochle", ("QS", "JD"), 40)
    scored = [flush, royal, pinochle]
    assert lost_meld_card(R, held, ["9C", "9D", "TD"], scored) is None
    assert lost_meld_card(R, held, ["KH", "9D", "TD"], scored) == "KH"  # both K♥ are in melds
    assert lost_meld_card(R, held, ["QS", "9D", "TD"], scored) is None  # the second Q♠ is spare
    assert lost_meld_card(R, held, ["JD", "9D", "TD"], scored) == "JD"
    assert lost_meld_card(R, held, ["KH", "9D", "TD"], [flush, pinochle]) is None
