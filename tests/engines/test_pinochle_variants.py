"""Every value docs/pinochle.md names for a pinochle rule parameter is played, none refused.

The table below is docs/pinochle.md's variants table written out again (with the companions a value
needs: ``dealer_right`` sits out a seat at a table of four, ``dealer_and_second_left`` at a
table of five, a minimum bid of 250 needs a payment bracket for it). For each value a sitting
is generated under it, replayed and audited: it must replay clean, every claim matching, and
no problem may say the value is not supported.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from records.pinochle import PinochleRules
from replay.check import check_record
from replay.generators.pinochle import generate

SCARNE = {250: 2, 300: 3, 350: 5, 400: 7, 450: 10, 500: 13, 550: 17, 600: 21}
"""A payment table with a bracket below 300 (R-SCARNE's scale, for ``min_bid = 250``)."""


class With(dict[str, Any]):
    """A value with the companions it needs (``With(sitout_rule=..., table_size=4)``)."""


VALUES: dict[str, list[Any]] = {
    "table_size": [3, 4, 5],
    "sitout_rule": [
        "dealer",
        With(sitout_rule="dealer_right", table_size=4),
        With(sitout_rule="dealer_and_second_left", table_size=5),
    ],
    "deal_pattern": ["3-W3-3-3-3-3", "4-W3-4-4-3"],
    "min_bid": [300, With(min_bid=250, payment_table=SCARNE)],
    "bid_step_rule": ["multiple_of_10", "exactly_plus_10"],
    "no_bid_rule": ["redeal", "eldest_forced", "last_forced"],
    "forbidden_bid_endings": [(), (40, 90)],
    "card_points": [
        "classic",
        "alt_a",
        "alt_b",
        With(card_points="simplified", last_trick_bonus=1),
    ],
    "last_trick_bonus": [10, 0],
    "meld_values": ["classic"],
    "dix_class": ["A", "special"],
    "double_meld_values": ["additive", "bonus"],
    "flush_extra_marriage": [False, True],
    "grand_pinochle_60": [False, True],
    "round_house_bonus": [False, True],
    "bury_restrictions": ["meld_only", "no_trump", "no_trump_no_aces", "announce_trump"],
    "first_lead": ["any", "trump"],
    "head_rule": ["none", "trump_led", "always"],
    "must_overtrump": [False, True],
    "meld_requires_trick": [False, True],
    "allow_declarer_concede": [True, False],
    "allow_opponent_concede": [True, False],
    "throw_in_at_min_without_widow": [False, True],
    "payment_table": [{300: 3, 350: 5, 400: 10, 450: 15, 500: 20, 550: 25, 600: 30}, SCARNE],
    "trump_multiplier": [{"S": 2}, {"S": 2, "H": 3}],
    "bete_rule": ["hoyle", "symmetric", "scarne_spades"],
    "kitty": [False, True],
    "kitty_threshold": [350, 300],
    "dealer_order": ["rotation", "as_recorded", (2, 0, 3, 3, 1, 0)],
}

CASES = [
    pytest.param(dict(value) if isinstance(value, With) else {name: value}, id=f"{name}={value}")
    for name, values in VALUES.items()
    for value in values
]


@pytest.mark.parametrize("overrides", CASES)
def test_every_named_value_is_played(overrides: dict[str, Any]) -> None:
    record = generate(random.Random(repr(overrides)), preset="default", hands=6, **overrides)
    report = check_record(record, audit=True)
    assert [p.code for p in report.problems] == []
    assert all(h.status.value == "complete" for h in report.hands)
    assert all(c.status.value == "match" for h in report.hands for c in h.claims)


def test_the_table_names_every_parameter() -> None:
    """A parameter added to the rules block must be added here, with its values."""
    fields = set(PinochleRules.__dataclass_fields__) - {"preset"}
    assert fields == set(VALUES)
