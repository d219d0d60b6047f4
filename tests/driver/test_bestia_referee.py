"""The Bestia referee on hand-worked sittings: the ledger across hands and the audit trail."""

from __future__ import annotations

import copy
import re
from typing import Any

import orjson

from records.bestia import BestiaRecord
from records.io import parse
from replay.check import check_record
from replay.report import ClaimStatus, RecordReport
from tests.conftest import FIXTURES

VALID = FIXTURES / "bestia" / "valid"
SITTING = VALID / "sitting-bestia-carried-blind-draw-ace-lead-all-pass-lone-player.json"


def _load() -> dict[str, Any]:
    data: dict[str, Any] = orjson.loads(SITTING.read_bytes())
    return data


def _check(data: dict[str, Any]) -> RecordReport:
    record = parse(orjson.dumps(data))
    assert isinstance(record, BestiaRecord), record
    return check_record(record, audit=True)


def test_hand_worked_sitting_balances_and_calls() -> None:
    report = _check(_load())
    assert report.problems == []
    assert [h.scores for h in report.hands] == [
        [-50, 16, 3, -10],
        [-91, 44, 17, -10],
        [0, 0, 0, 0],
        [111, -10, -10, -10],
    ]
    assert report.totals == [-30, 50, 10, -30]
    second = report.hands[1]
    assert (0, "blind draw: Jc Kc 7s") in second.calls
    assert (1, "play, changes 2: 7b 2b for Ab 3s") in second.calls
    assert second.derivation[0] == (
        "seat 0 (Anna): 0 tricks; invito -10, share 0, refund 0, bestia -81 = net -91; balance -141"
    )
    assert "pot: + invito 10 x 4 seats (0, 1, 2, 3) = 40: pot 41 + 40 = 81" in second.derivation
    assert "pot: carried to the next hand: 81" in second.derivation


def test_ledger_break_between_two_hands_that_are_each_right() -> None:
    data = _load()
    # Hand 3 (everyone passes) claims to start from 80 instead of the 81 hand 2 carried, and
    # is consistent with that: pot 120, refunds, 80 carried. Hand 4 then starts from 80 too.
    third = data["hands"][2]["claims"]
    third.update(starting_pot=80, pot=120, carried=80)
    fourth = data["hands"][3]["claims"]
    fourth.update(starting_pot=80, pot=120, shares=[120, 0, 0, 0], balances=[-31, 50, 10, -30])
    data["claims"] = {"balances": [-31, 50, 10, -30], "carried": 0}
    report = _check(data)
    codes = [(p.code, p.pointer) for p in report.problems]
    assert codes == [
        ("pot.carry-mismatch", "/hands/2/claims/starting_pot"),
        ("ledger.not-conserved", "/claims"),
    ]
    assert report.problems[0].expected == 81
    assert report.problems[0].actual == 80


def test_a_stopped_hand_leaves_later_claims_unchecked_not_wrong() -> None:
    data = _load()
    data["hands"][0]["actions"][5]["card"] = "Jb"  # seat 2 must follow clubs with Nc
    report = _check(data)
    assert [p.code for p in report.problems] == ["play.revoke"]
    statuses = {c.name: c.status for c in report.hands[1].claims if c.seat in (None, 0)}
    assert statuses["starting_pot"] is ClaimStatus.UNCHECKED
    assert statuses["balance"] is ClaimStatus.UNCHECKED
    assert statuses["share"] is ClaimStatus.MATCH  # hand 2 is settled from its own start


def test_missing_claims_are_reported_missing_never_filled_in() -> None:
    data = copy.deepcopy(_load())
    data["hands"][0]["claims"] = {"tricks": [0, 2, 1, None]}
    report = _check(data)
    assert report.problems == []
    checks = report.hands[0].claims
    assert [c.status for c in checks if c.name == "starting_pot"] == [ClaimStatus.MISSING]
    tricks = [(c.seat, c.status) for c in checks if c.name == "tricks"]
    assert tricks == [(0, ClaimStatus.MATCH), (1, ClaimStatus.MATCH), (2, ClaimStatus.MATCH)]
    assert not any(c.name == "share" for c in checks)


def test_generated_sittings_audit_clean_through_the_command(tricklog) -> None:  # type: ignore[no-untyped-def]
    for players in (3, 6, 10):
        made = tricklog("generate", "bestia", "--seed", "7", "--players", str(players), "-n", "10")
        assert made.code == 0, made.err
        run = tricklog("audit", "-", "--format", "json", stdin=made.out.encode())
        assert run.code == 0, run.out
        records = orjson.loads(run.out)["records"]
        assert len(records) == 10
        assert all(r["valid"] and len(r["hands"]) == players for r in records)


def test_out_of_turn_declaration_says_which_order_the_log_fits() -> None:
    data = _load()
    data["rules"]["declaration_start"] = "right_of_dealer"  # the log follows the literal text
    report = _check(data)
    assert [(p.code, p.pointer) for p in report.problems] == [
        ("declare.out-of-turn", f"/hands/{i}/actions/0") for i in range(4)
    ]
    for hand in report.hands:
        assert hand.notes == ["the first round fits declaration_start = right_of_eldest"]


def test_a_blind_draw_from_a_seat_beyond_the_table_is_a_problem_not_a_crash() -> None:
    data = _load()
    blind = data["hands"][1]["actions"][4]
    assert blind["type"] == "blind_draw"
    blind["seat"] = 7  # a seat the schema allows (0..9), but not at a table of four
    report = _check(data)
    assert [(p.code, p.pointer, p.seat) for p in report.problems] == [
        ("blind.not-eligible", "/hands/1/actions/4", 7)
    ]
    assert report.problems[0].message == "seat 7 draws blind, but the table has seats 0..3"
    assert [h.status.value for h in report.hands] == ["complete", "stopped", "complete", "complete"]


def test_a_derivation_gives_no_sign_to_nothing() -> None:
    # "bestia -0" and "share +0" read as amounts paid and won; nothing is 0
    lines = [
        line
        for path in sorted((FIXTURES / "bestia" / "valid").glob("*.json"))
        for hand in _check(orjson.loads(path.read_bytes())).hands
        for line in hand.derivation
    ]
    assert any("bestia 0" in line and "share +" in line for line in lines)
    assert any("net 0;" in line for line in lines)
    signed_zeros = [line for line in lines if re.search(r"(?<![\w/])[+-]0(?![\d/])", line)]
    assert signed_zeros == []
