"""The hand-worked pinochle fixtures, replayed and checked against values worked out by hand
from docs/pinochle.md (meld table and payment table); the declarer's counters are recounted
here from the replayed tricks with this file's own card-point table."""

from __future__ import annotations

import json

import pytest

from records.io import loads
from records.pinochle import PinochleRecord
from replay.check import check_record
from replay.report import RecordReport
from tests.conftest import FIXTURES

VALID = FIXTURES / "pinochle" / "valid"
CLASSIC = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0}

WORKED = {  # file: (meld, chips per seat, trump, outcome); hand-worked in make_valid.py
    "double-pinochle-spades-made": (150 + 10 + 100 + 2 * 40, [-6, 18, -6, -6], "S", "made"),
    "flush-and-royal-marriage-hearts": (150 + 40 + 10 + 20 + 80, [-3, -3, 9, -3], "H", "made"),
    "declarer-concedes-spades": (40 + 20 + 10, [10, 10, 10, -30], "S", "single_bete"),
    "plays-and-fails-double-bete": (150, [30, -90, 30, 30], "D", "double_bete"),
    "meld-card-buried-loses": (150 + 10 + 40, [6, 6, -18, 6], "C", "double_bete"),
    "all-pass-void": (None, [0, 0, 0, 0], None, "void"),
}


def replay(name: str) -> tuple[PinochleRecord, RecordReport]:
    record = loads((VALID / f"{name}.json").read_text())
    assert isinstance(record, PinochleRecord)
    return record, check_record(record, audit=True)


@pytest.mark.parametrize("name", sorted(WORKED))
def test_hand_worked_values(name: str) -> None:
    meld, chips, trump, outcome = WORKED[name]
    record, report = replay(name)
    assert report.problems == []
    hand = report.hands[0]
    claims = record.hands[0].claims
    assert claims is not None
    assert claims.meld == meld
    assert hand.scores == chips == claims.chips
    assert sum(chips) == 0
    assert hand.trump == trump
    assert f"outcome: {outcome}" in hand.derivation


@pytest.mark.parametrize(
    "name",
    [
        "double-pinochle-spades-made",
        "flush-and-royal-marriage-hearts",
        "plays-and-fails-double-bete",
    ],
)
def test_counters_recounted_from_the_tricks(name: str) -> None:
    record, report = replay(name)
    hand, claims = report.hands[0], record.hands[0].claims
    assert claims is not None and claims.declarer is not None
    assert len(hand.tricks) == 15
    bury = [a for a in record.hands[0].actions if a.type == "bury"][-1]  # the last one stands
    won = [c for t in hand.tricks if t.winner == claims.declarer for _, c in t.plays]
    lost = [c for t in hand.tricks if t.winner != claims.declarer for _, c in t.plays]
    last = 10 if hand.tricks[-1].winner == claims.declarer else 0
    mine = sum(CLASSIC[c[0]] for c in won + list(bury.cards)) + last
    theirs = sum(CLASSIC[c[0]] for c in lost) + 10 - last
    assert claims.counters == mine
    assert mine + theirs == 250
    assert (claims.meld or 0) + mine >= (claims.contract or 0) or claims.made is False


def test_the_largest_meld_is_a_note_never_the_score() -> None:
    record, report = replay("plays-and-fails-double-bete")
    note = next(n for n in report.hands[0].notes if n.startswith("largest meld"))
    assert ": 210 (" in note  # flush 150 + marriage 20 + pinochle 40, held but not declared
    assert record.hands[0].claims is not None and record.hands[0].claims.meld == 150


def test_plays_and_fails_cannot_reach_the_contract() -> None:
    record, _ = replay("plays-and-fails-double-bete")
    claims = record.hands[0].claims
    assert claims is not None and claims.meld is not None and claims.contract is not None
    assert claims.meld + 250 < claims.contract


def test_revised_trump_and_burial_the_last_stands() -> None:
    _, report = replay("flush-and-royal-marriage-hearts")
    calls = [c for _, c in report.hands[0].calls]
    assert "trump diamonds" in calls and "trump hearts" in calls
    assert any(
        line.startswith("counters buried 9C TD 9D: 10") for line in report.hands[0].derivation
    )


def test_a_buried_meld_card_is_a_scored_loss_not_a_problem() -> None:
    _, report = replay("meld-card-buried-loses")
    assert report.problems == []
    assert len(report.hands[0].tricks) == 0  # the record stops after the first lead
    assert any("JD" in n for n in report.hands[0].notes)


def test_generated_sittings_audit_clean_through_the_command(tricklog) -> None:  # type: ignore[no-untyped-def]
    for preset in ("default", "three", "hoyle", "brooklyn", "pre1945", "bonus"):
        made = tricklog("generate", "pinochle", "--preset", preset, "-n", "5", "--seed", "3")
        assert made.code == 0
        run = tricklog("audit", "-", "--format", "json", stdin=made.out.encode())
        assert run.code == 0, run.out
        assert len(json.loads(run.out)["records"]) == 5
