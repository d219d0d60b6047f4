"""Bestia's recorded events that change little or nothing on the table: the decline of a blind
draw, a claim of the remaining tricks, an abandoned hand; and the claims of each seat's net money
and of who played. Known values worked by hand (fixtures/bestia/make_valid.py, sittings 4-5),
then mutations that must give exactly the problem they name.
"""

from __future__ import annotations

import copy
import dataclasses
from fractions import Fraction
from typing import Any

import orjson

from records.bestia import PRESETS, BestiaRecord
from records.io import parse
from replay.check import check_record
from replay.engines import bestia as engine
from replay.report import ClaimStatus, HandStatus, RecordReport
from tests.conftest import FIXTURES

VALID = FIXTURES / "bestia" / "valid"
EVENTS = VALID / "previous-pot-bestia-decline-claim-abandon.json"
EXACT = VALID / "exact-shares-carried-as-fractions.json"


def _load(path: Any) -> dict[str, Any]:
    data: dict[str, Any] = orjson.loads(path.read_bytes())
    return data


def _check(data: dict[str, Any]) -> RecordReport:
    record = parse(orjson.dumps(data))
    assert isinstance(record, BestiaRecord), record
    return check_record(record, audit=True)


def _statuses(report: RecordReport, hand: int, name: str) -> list[ClaimStatus]:
    return [c.status for c in report.hands[hand].claims if c.name == name]


def test_claim_and_abandon_settle_as_worked_by_hand() -> None:
    report = _check(_load(EVENTS))
    assert report.problems == []
    first, second = report.hands
    # Hand 1: one trick played, two claimed; bestia = the previous pot, the starting pot 5.
    assert first.status is HandStatus.COMPLETE
    assert len(first.tricks) == 1
    assert first.scores == [-15, 20, 5, -10]
    assert (3, "declines the blind draw") in first.calls
    # Hand 2: abandoned, void: not scored, the 5 goes on, the balances do not move.
    assert second.status is HandStatus.ABANDONED
    assert second.scores is None
    assert report.totals == [-15, 20, 5, -10]
    carried = next(c for c in second.claims if c.name == "carried")
    assert (carried.computed, carried.status) == (5, ClaimStatus.MATCH)
    for name in ("played", "net", "refund"):
        assert set(_statuses(report, 1, name)) == {ClaimStatus.MATCH}, name
    assert "the hand is abandoned: invitos refunded 40" in " ".join(second.derivation)


def test_exact_shares_and_nets_match_as_fractions() -> None:
    report = _check(_load(EXACT))
    assert report.problems == []
    first = report.hands[0]
    nets = {c.seat: c.computed for c in first.claims if c.name == "net"}
    assert nets == {0: -50, 1: Fraction(50, 3), 2: Fraction(10, 3), 3: -10}
    shares = [c for c in first.claims if c.name == "share"]
    assert [c.computed for c in shares] == [0, Fraction(80, 3), Fraction(40, 3), 0]
    assert {c.status for c in shares} == {ClaimStatus.MATCH}
    assert report.totals == [-140, 60, 20, -20]  # the thirds add up to whole units again


def test_a_wrong_fraction_is_a_share_mismatch_not_a_crash() -> None:
    data = _load(EXACT)
    data["hands"][0]["claims"]["shares"][1] = {"numerator": 79, "denominator": 3}
    report = _check(data)
    assert [(p.code, p.pointer, p.seat) for p in report.problems] == [
        ("share.mismatch", "/hands/0/claims/shares/1", 1)
    ]
    assert "79/3" in report.problems[0].message


def test_one_fraction_under_floor_carry_is_one_problem() -> None:
    data = _load(VALID / "sitting-bestia-carried-blind-draw-ace-lead-all-pass-lone-player.json")
    data["hands"][1]["claims"]["carried"] = {"numerator": 162, "denominator": 2}  # 81 as 162/2
    report = _check(data)
    assert [(p.code, p.pointer) for p in report.problems] == [
        ("money.fraction", "/hands/1/claims/carried")
    ]
    assert report.problems[0].message == (
        "recorded carried 162/2 is a fraction, but pot_rounding = floor_carry pays whole units; "
        "recomputed 81"
    )


def test_a_decline_makes_an_earlier_seats_blind_draw_out_of_turn() -> None:
    # Three seats, dealer 0, declaring 2, 0, 1 (right_of_eldest); seats 2 and 0 pass.
    rules = dataclasses.replace(PRESETS["default"], num_players=3)
    deck = list(engine.DECK.cards)
    hands = [deck[0:3], deck[3:6], deck[6:9]]
    state = engine.new_hand(rules, 0, hands, deck[9], deck[10:])
    for action in (
        engine.Pass(seat=2),
        engine.Pass(seat=0),
        engine.Join(seat=1, exchange=0, discards=[], drawn=[]),
    ):
        assert engine.ENGINE.check(state, action) is None
        engine.ENGINE.apply(state, action)
    before = copy.deepcopy((state.hands, state.drawn, state.decisions))
    decline = engine.DeclineBlind(seat=0)
    assert engine.ENGINE.check(state, decline) is None
    engine.ENGINE.apply(state, decline)
    assert (state.hands, state.drawn, state.decisions) == before  # nothing on the table moved
    late = engine.ENGINE.check(state, engine.BlindDraw(seat=2, drawn=deck[10:13]))
    assert late is not None and late.code == "blind.out-of-turn"
    again = engine.ENGINE.check(state, engine.DeclineBlind(seat=1))
    assert again is not None and again.code == "blind.not-eligible"


def test_a_claim_before_the_first_lead_closes_the_blind_round() -> None:
    rules = dataclasses.replace(PRESETS["default"], num_players=3)
    deck = list(engine.DECK.cards)
    state = engine.new_hand(rules, 0, [deck[0:3], deck[3:6], deck[6:9]], deck[9], deck[10:])
    for action in (
        engine.Join(seat=2, exchange=0, discards=[], drawn=[]),
        engine.Pass(seat=0),
        engine.Join(seat=1, exchange=0, discards=[], drawn=[]),
    ):
        engine.ENGINE.apply(state, action)
    wrong = engine.ENGINE.check(state, engine.Claim(seat=1, remaining=[1, 1, 1]))
    assert wrong is not None and wrong.code == "claim.not-playing"
    assert wrong.path == ("remaining", 0)
    claim = engine.Claim(seat=1, remaining=[0, 1, 2])
    assert engine.ENGINE.check(state, claim) is None
    engine.ENGINE.apply(state, claim)
    assert engine.is_over(state)
    settled = engine.settle(state, 0)
    assert isinstance(settled, engine.Settlement)
    # Pot 30: seat 2 floor(60/3) = 20, seat 1 10; seat 0 passed and loses its invito.
    assert settled.shares == (0, 10, 20)
    assert settled.nets == (-10, 0, 10)
    assert settled.played == (False, True, True)
    late = engine.ENGINE.check(state, engine.Abandon())
    assert late is not None and late.code == "abandon.after-hand-end"
