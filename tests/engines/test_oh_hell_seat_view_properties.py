"""Property tests of Oh Hell records from one seat's view (every other hand ``null``,
docs/partial.md, "A seat's view"), over random legal games of every preset, some with teams:

* hiding every seat's hand but one never turns a valid record invalid, whether the record is
  read by the models or by the structs of an audit; trick winners and every claim (tricks,
  scores, totals, winners) are checked as in the full record;
* the text notation writes such a record and reads it back unchanged;
* in a mutated record (two cards of one hidden seat swapped between tricks: a revoke where it
  showed out of a suit it held), every problem the view finds is found in the full record too,
  or the full record stopped that hand earlier, at an illegal action at or before it (after
  the first illegal action a hand stops: the full record sees a revoke where it happened, the
  view only once the seat plays the suit it showed out of).
"""

from __future__ import annotations

import random
from typing import Any

import orjson
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from records.rules.oh_hell import PRESETS
from replay.generators.oh_hell import generate
from tests.engines.partial import (
    assert_all_explained,
    assert_checked_as_full,
    assert_read_back,
    audit,
)

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
TEAMS = {4: ((0, 2), (1, 3)), 6: ((0, 3), (1, 4), (2, 5))}


def _game(seed: int, preset: str, players: int, teams: bool, hands: int | None) -> dict[str, Any]:
    overrides: dict[str, Any] = {"hands": hands}
    if teams and players in TEAMS:
        overrides["teams"] = TEAMS[players]
    if preset == "ohhellweb":
        overrides["decks"] = 2 if players > 5 else 1
    record = generate(random.Random(seed), players=players, preset=preset, **overrides)
    data: dict[str, Any] = orjson.loads(orjson.dumps(record.model_dump(mode="json")))
    return data


def _view(data: dict[str, Any], seat: int) -> dict[str, Any]:
    """``data`` as ``seat`` saw it: every other hand ``null``, and no stock."""
    seen: dict[str, Any] = orjson.loads(orjson.dumps(data))
    for hand in seen["hands"]:
        deal = hand["deal"]
        deal["hands"] = [cards if s == seat else None for s, cards in enumerate(deal["hands"])]
        deal["stock"] = None
    return seen


@SETTINGS
@given(
    seed=st.integers(0, 2**32 - 1),
    preset=st.sampled_from(sorted(PRESETS)),
    players=st.integers(3, 7),
    teams=st.booleans(),
    hands=st.sampled_from([None, 4]),
    seat=st.integers(0, 6),
)
def test_a_seat_s_view_of_a_valid_game_is_valid_and_checks_every_claim(
    seed: int, preset: str, players: int, teams: bool, hands: int | None, seat: int
) -> None:
    data = _game(seed, preset, players, teams, hands)
    full = audit(data)
    assert full.problems == []
    seen = _view(data, seat % players)
    assert_checked_as_full(audit(seen), full)
    assert_read_back(seen)


@SETTINGS
@given(
    seed=st.integers(0, 2**32 - 1),
    preset=st.sampled_from(sorted(PRESETS)),
    players=st.integers(3, 7),
    teams=st.booleans(),
    seat=st.integers(0, 6),
    pick=st.randoms(use_true_random=False),
)
def test_every_problem_of_a_seat_s_view_is_a_problem_of_the_full_record(
    seed: int, preset: str, players: int, teams: bool, seat: int, pick: random.Random
) -> None:
    data = _game(seed, preset, players, teams, None)
    keep = seat % players
    swaps = [
        (index, first, second)
        for index, hand in enumerate(data["hands"])
        for first, a in enumerate(hand["actions"])
        for second, b in enumerate(hand["actions"])
        if first < second
        and a["type"] == b["type"] == "play"
        and a["seat"] == b["seat"] != keep
        and a["card"] != b["card"]
    ]
    if not swaps:
        return
    index, first, second = pick.choice(swaps)
    actions = data["hands"][index]["actions"]
    actions[first]["card"], actions[second]["card"] = (
        actions[second]["card"],
        actions[first]["card"],
    )
    full = audit(data).problems
    assert_all_explained(audit(_view(data, keep)).problems, full)
