"""Property tests of Bestia records whose exchanges and blind draws were not logged (``discards``
and ``drawn`` null, docs/partial.md, "Bestia: an exchange not logged"), over random legal
sittings of every preset (and of the rules that change how a play is judged):

* hiding the cards of any exchanges and blind draws, and the stock beyond the cards the record
  still gives, never turns a valid record invalid: trick winners and every claim are checked as
  in the full record, and the text notation writes and reads such a record unchanged;
* in a mutated record (two cards of one seat swapped between tricks, or a card it played
  replaced by one it discarded), every problem found where the cards are hidden is found in the
  full record too, or the full record stopped that hand earlier, at an illegal action at or
  before it.
"""

from __future__ import annotations

import random
from typing import Any

import orjson
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from records.rules.bestia import PRESETS
from replay.generators.bestia import generate
from tests.engines.partial import (
    assert_all_explained,
    assert_checked_as_full,
    assert_read_back,
    audit,
)

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


VARIANTS: list[dict[str, Any]] = [
    {},
    {"must_beat_in_suit": True},
    {"must_overtrump": True},
    {"top_trump_lead": "every_lead"},
    {"blind_eligibility": "any_active"},
    {"trump_card_drawable": True},
    {"first_leader": "first_to_declare_play"},
]
"""Rules besides the presets' that change what a hidden seat's play is judged by."""
variants = st.sampled_from(VARIANTS)
SITTING = {
    "seed": st.integers(0, 2**32 - 1),
    "preset": st.sampled_from(sorted(PRESETS)),
    "players": st.integers(3, 10),
    "variant": variants,
}
"""A random legal sitting of a preset (``_game``), under one of the ``VARIANTS``."""


def _game(
    seed: int, preset: str, players: int, variant: dict[str, Any] | None = None
) -> dict[str, Any]:
    record = generate(random.Random(seed), players=players, preset=preset, **(variant or {}))
    data: dict[str, Any] = orjson.loads(orjson.dumps(record.model_dump(mode="json")))
    return data


def hide_cards(data: dict[str, Any], pick: random.Random) -> dict[str, Any]:
    """``data`` with the cards of some exchanges and blind draws not logged, and each hand's
    stock cut after the last cards drawn that the record still gives."""
    hidden: dict[str, Any] = orjson.loads(orjson.dumps(data))
    for hand in hidden["hands"]:
        used = shown = 0
        for action in hand["actions"]:
            if action["type"] not in ("join", "blind_draw"):
                continue
            drawn = action["drawn"]
            used += len(drawn)
            if action["type"] == "join" and pick.random() < 0.6:
                action["discards"] = None
            if pick.random() < 0.5:
                action["drawn"] = None
            elif drawn:
                shown = used
        if pick.random() < 0.5:
            hand["deal"]["stock"] = hand["deal"]["stock"][:shown]
    return hidden


@SETTINGS
@given(**SITTING, pick=st.randoms(use_true_random=False))
def test_cards_not_logged_never_make_a_valid_sitting_invalid(
    seed: int, preset: str, players: int, variant: dict[str, Any], pick: random.Random
) -> None:
    data = _game(seed, preset, players, variant)
    full = audit(data)
    assert full.problems == []
    hidden = hide_cards(data, pick)
    assert_checked_as_full(audit(hidden), full)
    assert_read_back(hidden)


def mutate(data: dict[str, Any], pick: random.Random) -> bool:
    """Change one hand in place: two cards of one seat swapped between tricks, or a card it
    played replaced by one it discarded. False where the sitting has no such plays."""
    plays = [
        (index, position, action)
        for index, hand in enumerate(data["hands"])
        for position, action in enumerate(hand["actions"])
        if action["type"] == "play"
    ]
    discards = {
        (index, action["seat"]): action["discards"]
        for index, hand in enumerate(data["hands"])
        for action in hand["actions"]
        if action["type"] == "join" and action["discards"]
    }
    if pick.random() < 0.5:
        swaps = [
            (a, b)
            for a in plays
            for b in plays
            if a[0] == b[0] and a[1] < b[1] and a[2]["seat"] == b[2]["seat"]
        ]
        if not swaps:
            return False
        (_, _, first), (_, _, second) = pick.choice(swaps)
        first["card"], second["card"] = second["card"], first["card"]
        return True
    replaced = [
        (p, discards[p[0], p[2]["seat"]]) for p in plays if (p[0], p[2]["seat"]) in discards
    ]
    if not replaced:
        return False
    (_, _, action), cards = pick.choice(replaced)
    action["card"] = pick.choice(cards)
    return True


@SETTINGS
@given(**SITTING, pick=st.randoms(use_true_random=False))
def test_every_problem_with_cards_not_logged_is_a_problem_of_the_full_record(
    seed: int, preset: str, players: int, variant: dict[str, Any], pick: random.Random
) -> None:
    data = _game(seed, preset, players, variant)
    if not mutate(data, pick):
        return
    full = audit(data).problems
    assert_all_explained(audit(hide_cards(data, pick)).problems, full)
