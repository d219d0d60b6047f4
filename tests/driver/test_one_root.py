"""One root, not a cascade: a wrong claim that a record carries on is reported once.

A running value (a total, a balance, the pot a hand starts with) is a problem only where it
does not follow from the previous value and the hand's change, each as the record claims it or
as replay recomputed it (``replay.claims.Follows``). Known values worked by hand on the shipped
fixtures for the three games, then properties over generated games: one wrong claim, carried on
by the source or not, gives exactly one problem.
"""

from __future__ import annotations

import random
from typing import Any

import orjson
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from replay.check import check_bytes
from replay.generators import bestia as bestia_generator
from replay.generators import oh_hell as oh_hell_generator
from replay.generators import pinochle as pinochle_generator
from replay.report import ClaimStatus, RecordReport
from tests.conftest import FIXTURES

OH_HELL = FIXTURES / "oh_hell" / "valid" / "default-4p-complete-game.json"
PINOCHLE = FIXTURES / "pinochle" / "valid" / "generated-default-sitting.json"
BESTIA = (
    FIXTURES
    / "bestia"
    / "valid"
    / "sitting-bestia-carried-blind-draw-ace-lead-all-pass-lone-player.json"
)
SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _load(path: Any) -> dict[str, Any]:
    data: dict[str, Any] = orjson.loads(path.read_bytes())
    return data


def _check(data: dict[str, Any]) -> RecordReport:
    return check_bytes(orjson.dumps(data), audit=True)


def _problems(report: RecordReport) -> list[tuple[str, str]]:
    return [(p.code, p.pointer) for p in report.problems]


def _carry(data: dict[str, Any], first: int, seat: int, delta: int, name: str = "totals") -> None:
    """Add ``delta`` to ``seat``'s running ``name`` from hand index ``first`` on, and to the
    record's final claim, as a source that carried a wrong number on would."""
    for hand in data["hands"][first:]:
        hand["claims"][name][seat] += delta
    data["claims"][name][seat] += delta


# --- Oh Hell ---------------------------------------------------------------------------------


def test_oh_hell_a_wrong_score_carried_into_every_later_total_is_one_problem() -> None:
    data = _load(OH_HELL)
    data["hands"][2]["claims"]["scores"][1] = 15  # recomputed 13
    _carry(data, 2, 1, +2)
    report = _check(data)
    assert _problems(report) == [("score.mismatch", "/hands/2/claims/scores/1")]
    assert (report.problems[0].expected, report.problems[0].actual) == (13, 15)
    # The claims stay honest: the later totals differ from the recomputation and say so.
    last = report.hands[-1]
    [total] = [c for c in last.claims if c.name == "total" and c.seat == 1]
    assert (total.recorded, total.computed, total.status) == (38, 36, ClaimStatus.MISMATCH)
    assert any("follows from the previous total" in note for note in last.notes)
    [final] = [c for c in report.claims if c.name == "total" and c.seat == 1]
    assert final.status is ClaimStatus.MISMATCH and final.recorded == 38


def test_oh_hell_an_addition_error_carried_on_is_reported_where_it_starts() -> None:
    data = _load(OH_HELL)
    _carry(data, 3, 0, +5)  # hand 4 adds 0 to 10 and writes 15; the rest follows from 15
    report = _check(data)
    assert _problems(report) == [("total.mismatch", "/hands/3/claims/totals/0")]
    problem = report.problems[0]
    assert problem.message == (
        "recorded total 15 for seat 0 does not follow from the previous total 10 and this "
        "hand's score 0; recomputed 10"
    )
    assert (problem.expected, problem.actual, problem.hand, problem.seat) == (10, 15, 4, 0)


def test_oh_hell_a_one_off_slip_in_a_total_is_one_problem() -> None:
    data = _load(OH_HELL)
    data["hands"][3]["claims"]["totals"][0] += 5  # the next total goes on from the right 10
    assert _problems(_check(data)) == [("total.mismatch", "/hands/3/claims/totals/0")]


def test_oh_hell_a_wrong_score_whose_total_is_right_is_one_problem() -> None:
    data = _load(OH_HELL)
    data["hands"][2]["claims"]["scores"][1] = 3  # a slip of the pen: the total carries 13
    assert _problems(_check(data)) == [("score.mismatch", "/hands/2/claims/scores/1")]


def test_oh_hell_a_total_that_does_not_follow_names_both_readings() -> None:
    data = _load(OH_HELL)
    data["hands"][2]["claims"]["scores"][1] = 15  # wrong score, carried on ...
    _carry(data, 2, 1, +2)
    data["hands"][5]["claims"]["totals"][1] += 1  # ... and a slip in a later total
    report = _check(data)
    assert _problems(report) == [
        ("score.mismatch", "/hands/2/claims/scores/1"),
        ("total.mismatch", "/hands/5/claims/totals/1"),
    ]
    previous = data["hands"][4]["claims"]["totals"][1]
    score = data["hands"][5]["claims"]["scores"][1]
    message = report.problems[1].message
    assert f"from the previous total {previous} (recomputed: {previous - 2})" in message
    assert f"and this hand's score {score}" in message


def test_oh_hell_winners_that_follow_from_the_claimed_totals_are_no_second_problem() -> None:
    data = _load(OH_HELL)  # seat 1 wins with 36 over seat 2's 33
    data["hands"][12]["claims"]["scores"][2] += 5
    _carry(data, 12, 2, +5)  # so the record's own totals give seat 2 the game
    data["claims"]["winners"] = [2]
    assert _problems(_check(data)) == [("score.mismatch", "/hands/12/claims/scores/2")]
    data["claims"]["winners"] = [3]  # follows from nothing
    problems = _check(data).problems
    assert [p.code for p in problems] == ["score.mismatch", "result.mismatch"]
    assert "does not follow from the claimed final totals" in problems[1].message


def test_oh_hell_totals_after_a_stopped_hand_are_still_checked_against_the_record() -> None:
    data = _load(OH_HELL)
    data["hands"][1]["actions"][4]["seat"] = 3  # out of turn: hand 2 stops, totals unknown
    assert _problems(_check(data)) == [("play.out-of-turn", "/hands/1/actions/4")]
    data["hands"][6]["claims"]["totals"][2] += 1  # the record's own arithmetic is wrong here
    report = _check(data)
    assert _problems(report) == [
        ("play.out-of-turn", "/hands/1/actions/4"),
        ("total.mismatch", "/hands/6/claims/totals/2"),
    ]
    [total] = [c for c in report.hands[6].claims if c.name == "total" and c.seat == 2]
    assert total.status is ClaimStatus.UNCHECKED  # nothing recomputed to compare with
    assert "recomputed" not in report.problems[1].message


# --- pinochle --------------------------------------------------------------------------------


def test_pinochle_wrong_chips_carried_on_are_one_problem() -> None:
    data = _load(PINOCHLE)
    data["hands"][0]["claims"]["chips"][1] = -50  # recomputed -60
    _carry(data, 0, 1, +10)
    report = _check(data)
    assert _problems(report) == [("chips.mismatch", "/hands/0/claims/chips/1")]


def test_pinochle_a_total_that_does_not_follow_says_from_what() -> None:
    data = _load(PINOCHLE)
    _carry(data, 2, 3, -1)
    [problem] = _check(data).problems
    assert problem.pointer == "/hands/2/claims/totals/3"
    assert problem.message == (
        "recorded total 39 for seat 3 does not follow from the previous total 20 and this "
        "hand's chips 20; recomputed 40"
    )


def test_pinochle_the_kitty_follows_from_the_hands_claimed_payments() -> None:
    data = _load(PINOCHLE)
    for hand in data["hands"]:
        hand["claims"]["kitty"] = 0
    data["claims"]["kitty"] = 0
    assert _problems(_check(data)) == []
    data["hands"][1]["claims"]["kitty"] = 5  # the void hand paid nothing into the kitty
    data["claims"]["kitty"] = 5  # and the sitting's kitty follows the hands' claims
    assert _problems(_check(data)) == [("kitty.mismatch", "/hands/1/claims/kitty")]
    data["claims"]["kitty"] = 7  # follows from nothing
    assert _problems(_check(data))[-1] == ("kitty.mismatch", "/claims/kitty")


# --- Bestia ----------------------------------------------------------------------------------


def _bestia_carries_80_not_81(data: dict[str, Any]) -> None:
    """Hand 2 claims to carry 80 (recomputed 81) and the sitting goes on from 80: hand 3 (all
    pass) starts from 80 and carries it; hand 4 starts from 80 and seat 0 takes the 120."""
    data["hands"][1]["claims"]["carried"] = 80
    data["hands"][2]["claims"].update(starting_pot=80, pot=120, carried=80)
    fourth = data["hands"][3]["claims"]
    fourth.update(starting_pot=80, pot=120, shares=[120, 0, 0, 0], balances=[-31, 50, 10, -30])
    del data["claims"]  # a scorer who lost a unit: the final claims could not add up


def test_bestia_a_wrong_carried_pot_the_sitting_goes_on_from_is_one_problem() -> None:
    data = _load(BESTIA)
    _bestia_carries_80_not_81(data)
    report = _check(data)
    assert _problems(report) == [("carried.mismatch", "/hands/1/claims/carried")]
    [start] = [c for c in report.hands[2].claims if c.name == "starting_pot"]
    assert (start.recorded, start.computed, start.status) == (80, 81, ClaimStatus.MISMATCH)


def test_bestia_without_starting_pots_a_hand_is_settled_from_the_pot_its_claims_follow() -> None:
    data = _load(BESTIA)
    _bestia_carries_80_not_81(data)
    for hand in data["hands"]:
        del hand["claims"]["starting_pot"]
    report = _check(data)
    assert _problems(report) == [("carried.mismatch", "/hands/1/claims/carried")]
    assert report.hands[2].notes[0] == (
        "settled from the pot the previous hand claims to carry, 80 (recomputed: 81): this "
        "hand's claims follow it"
    )
    # A hand whose claims follow the recomputed pot is settled from that one.
    data = _load(BESTIA)
    data["hands"][1]["claims"]["carried"] = 80
    for hand in data["hands"]:
        del hand["claims"]["starting_pot"]
    assert _problems(_check(data)) == [("carried.mismatch", "/hands/1/claims/carried")]


def test_bestia_a_balance_follows_from_the_previous_balance_and_the_claimed_net() -> None:
    data = _load(BESTIA)
    second = data["hands"][1]["claims"]
    second["shares"] = [0, 55, 26, 0]  # recomputed 54 and 27; the net still adds up
    second["balances"] = [-141, 61, 19, -20]
    data["hands"][2]["claims"]["balances"] = [-141, 61, 19, -20]
    data["hands"][3]["claims"]["balances"] = [-30, 51, 9, -30]
    data["claims"]["balances"] = [-30, 51, 9, -30]
    report = _check(data)
    assert _problems(report) == [
        ("share.mismatch", "/hands/1/claims/shares/1"),
        ("share.mismatch", "/hands/1/claims/shares/2"),
    ]
    data["hands"][3]["claims"]["balances"][1] = 52  # follows from nothing
    problem = _check(data).problems[2]
    assert problem.pointer == "/hands/3/claims/balances/1"
    assert problem.message == (
        "recorded balance 52 for seat 1 does not follow from the previous balance 61 "
        "(recomputed: 60) and this hand's net -10; recomputed 50"
    )


# --- properties over generated games ---------------------------------------------------------


def _generated(module: Any, seed: int, **options: Any) -> dict[str, Any]:
    record = module.generate(random.Random(seed), **options)
    data: dict[str, Any] = orjson.loads(orjson.dumps(record.model_dump(mode="json")))
    return data


@SETTINGS
@given(
    data=st.data(),
    seed=st.integers(0, 2**32 - 1),
    delta=st.integers(-30, 30).filter(bool),
    carried=st.booleans(),
)
def test_pinochle_one_wrong_chips_claim_is_one_problem(
    data: st.DataObject, seed: int, delta: int, carried: bool
) -> None:
    record = _generated(pinochle_generator, seed)
    i = data.draw(st.integers(0, len(record["hands"]) - 1), label="hand")
    chips = record["hands"][i]["claims"]["chips"]
    seat = data.draw(st.integers(0, len(chips) - 1), label="seat")
    chips[seat] += delta
    if carried:
        _carry(record, i, seat, delta)
    report = _check(record)
    assert _problems(report) == [("chips.mismatch", f"/hands/{i}/claims/chips/{seat}")]


@SETTINGS
@given(
    data=st.data(),
    seed=st.integers(0, 2**32 - 1),
    players=st.integers(3, 8),
    delta=st.integers(1, 30),
)
def test_bestia_one_wrong_share_carried_into_the_balances_is_one_problem(
    data: st.DataObject, seed: int, players: int, delta: int
) -> None:
    record = _generated(bestia_generator, seed, players=players)
    del record["claims"]  # the final claims would no longer conserve the money
    played = [  # an abandoned hand is void: its share does not reach the balances
        n for n, hand in enumerate(record["hands"]) if hand["actions"][-1]["type"] != "abandon"
    ]
    if not played:
        return
    i = data.draw(st.sampled_from(played), label="hand")
    seat = data.draw(st.integers(0, players - 1), label="seat")
    record["hands"][i]["claims"]["shares"][seat] += delta
    for hand in record["hands"][i:]:
        hand["claims"]["balances"][seat] += delta
    report = _check(record)
    assert _problems(report) == [("share.mismatch", f"/hands/{i}/claims/shares/{seat}")]


@SETTINGS
@given(data=st.data(), seed=st.integers(0, 2**32 - 1), delta=st.integers(-30, 30).filter(bool))
def test_oh_hell_one_wrong_score_in_a_generated_game_is_one_problem(
    data: st.DataObject, seed: int, delta: int
) -> None:
    record = _generated(oh_hell_generator, seed, players=data.draw(st.integers(3, 7)))
    i = data.draw(st.integers(0, len(record["hands"]) - 1), label="hand")
    seat = data.draw(st.integers(0, len(record["players"]) - 1), label="seat")
    record["hands"][i]["claims"]["scores"][seat] += delta
    _carry(record, i, seat, delta)
    report = _check(record)
    assert _problems(report) == [("score.mismatch", f"/hands/{i}/claims/scores/{seat}")]
