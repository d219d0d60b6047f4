"""``replay.infer``: the rules a record's play fits, read back from generated archives."""

from __future__ import annotations

import random
from typing import Any

import pytest

from records.oh_hell import preset as oh_hell_rules
from records.parse import parse
from replay.infer import candidate_values, infer
from replay.registry import GAMES
from tests.conftest import FIXTURES


def _generated(game: str, preset: str, seed: int, **options: Any) -> Any:
    return GAMES[game].generate(random.Random(f"{preset}:{seed}"), preset=preset, **options)


@pytest.mark.parametrize(("game", "preset"), [(g, p) for g in GAMES for p in GAMES[g].presets])
def test_generated_archives_name_their_preset(game: str, preset: str) -> None:
    for seed in range(2):
        found = infer(_generated(game, preset, seed))
        assert found.stated.consistent, found.stated.problem
        assert preset in found.fitting
        for candidate in found.presets:  # every other preset fits or is contradicted somewhere
            assert candidate.consistent or candidate.problem is not None


def test_oh_hell_presets_are_told_apart() -> None:
    """Oh Hell presets differ in who bids first or in the schedule: a whole game of each names
    exactly its own preset."""
    for preset in GAMES["oh_hell"].presets:
        assert infer(_generated("oh_hell", preset, 0)).fitting == [preset]


def test_an_archive_whose_rules_were_changed_fits_no_preset() -> None:
    record = _generated(
        "oh_hell", "default", 0, hand_sizes="descending", first_bidder="dealer_left"
    )
    found = infer(record)
    assert found.stated.consistent and found.fitting == []
    for candidate in found.presets:
        assert candidate.problem is not None and candidate.problem.hand is not None
    default = next(c for c in found.presets if c.preset == "default")
    assert default.problem is not None
    assert (default.problem.hand, default.problem.code) == (1, "deal.hand-size")
    decided = found.decided()
    # 13 deals from 13 down to 1 are the first half of down_and_up too: both stay open.
    assert (
        decided["hand_sizes"][0] == "descending" and "ascending_to_max" not in decided["hand_sizes"]
    )
    assert decided["first_bidder"] == ["dealer_left"]


def test_a_changed_scoring_value_is_found_from_the_claims() -> None:
    """Records whose claims were scored with nil worth 5: the stated 10 is contradicted at the
    first nil made, and 5 is the value the claims fit."""
    record = _generated("oh_hell", "default", 3, nil_score=5)
    stated = record.rules
    told = record.model_copy(update={"rules": oh_hell_rules("default", stated.num_players)})
    found = infer(told)
    assert found.stated.problem is not None and found.stated.problem.code == "score.mismatch"
    assert 5 in [c.value for c in found.changes if c.parameter == "nil_score" and c.consistent]


def test_values_come_from_the_rules_models() -> None:
    assert set(candidate_values("oh_hell", "hook")) == {False, True}
    assert {"dealer", "dealer_left"} <= set(candidate_values("oh_hell", "first_bidder"))
    assert set(candidate_values("pinochle", "sitout_rule")) >= {"dealer", "dealer_right"}
    assert 10 in candidate_values("oh_hell", "made_bonus")  # an integer: the presets' values


def test_the_record_is_not_changed() -> None:
    record = _generated("pinochle", "hoyle", 0, hands=2)
    before = record.model_dump()
    infer(record)
    assert record.model_dump() == before


def test_no_known_rules_fit_is_told_from_a_rules_question() -> None:
    """A revoke stops every candidate at its hand or before: no rules tricklog knows fit (it
    cannot tell a broken rule from one it does not know, and does not say which)."""
    path = next(FIXTURES.glob("oh_hell/invalid/play.revoke--*.json"))
    record = parse(path.read_bytes())
    found = infer(record)
    assert found.stated.problem is not None and found.stated.problem.code == "play.revoke"
    assert found.fitting == [] and found.no_known_rules_fit
    assert found.nearest is not None and found.nearest.preset == "default"
    assert not infer(_generated("oh_hell", "hoyle", 0)).no_known_rules_fit
    changed = _generated("oh_hell", "default", 3, nil_score=5)
    stated = changed.rules
    told = changed.model_copy(update={"rules": oh_hell_rules("default", stated.num_players)})
    assert not infer(told).no_known_rules_fit  # nil_score = 5 gets past it


def test_a_value_no_alternative_was_tried_for_is_not_decided() -> None:
    """``made_bonus`` is 10 in every preset, so no other value is tried: the play decided
    nothing about it, and it is listed as untried, not as decided."""
    found = infer(_generated("oh_hell", "default", 1, hands=1))
    assert "made_bonus" in found.untried() and "decks" in found.untried()
    assert "first_bidder" not in found.untried()
    assert found.to_dict()["untried"] == found.untried()
