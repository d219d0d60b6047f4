"""Known-value tests of the declarer's steps between the auction and the first lead (RULES.md
§1.4, §1.5, §5), concessions, and what the audit says about a hand."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

from records.io import loads
from records.pinochle import DEFAULT_RULES, PinochleRules
from replay.check import check_record
from replay.engines import pinochle as engine
from replay.engines import pinochle_declare as declare

R = DEFAULT_RULES
VALID = Path(__file__).resolve().parent.parent / "fixtures" / "pinochle" / "valid"
EIGHTEEN = [
    "AS",
    "TS",
    "KS",
    "QS",
    "JS",
    "9S",
    "KH",
    "QH",
    "AH",
    "AH",
    "AD",
    "AD",
    "JC",
    "9C",
    "QD",
    "JD",
    "9D",
    "9D",
]


def declaring(
    rules: PinochleRules = R, hand18: list[str] = EIGHTEEN, **fields: Any
) -> engine.State:
    """Seat 1 has won the auction at 300 and taken the widow (dealer 0 sits out)."""
    values: dict[str, Any] = {
        "phase": engine.Phase.DECLARE,
        "declarer": 1,
        "contract": 300,
        "widow": [],
    }
    values.update(fields)
    return engine.State(
        rules=rules,
        dealer=0,
        active=(1, 2, 3),
        hands=[[], list(hand18), [], []],
        turn=1,
        hand18=list(hand18),
        **values,
    )


def test_the_widow_shown_must_be_the_widow_as_a_multiset() -> None:
    state = declaring(phase=engine.Phase.WIDOW, widow=["9D", "AH", "9D"])
    assert declare.check_take_widow(state, 1, ["9D", "9D", "AH"]) is None
    assert declare.check_take_widow(state, 1, ["9D", "AH", "AH"]).code == "widow.cards"  # type: ignore[union-attr]
    assert declare.check_take_widow(state, 2, ["9D", "9D", "AH"]).code == "widow.not-declarer"  # type: ignore[union-attr]


def test_a_new_trump_suit_voids_the_melds_the_same_suit_keeps_them() -> None:
    state = declaring()
    declare.apply_trump(state, "S")
    declare.apply_melds(state, [("flush", ["AS", "TS", "KS", "QS", "JS"])])
    declare.apply_trump(state, "S")
    assert [m.kind for m in state.melds] == ["flush"]
    declare.apply_trump(state, "H")
    assert state.melds == ()


def bury_code(
    rules: PinochleRules, cards: str, *, announced: bool = False, **kw: Any
) -> str | None:
    state = declaring(rules, trump="S", **kw)
    declare.apply_bury(state, cards.split(), announced)
    found = declare.check_burial_restrictions(state)
    return None if found is None else found.code


def test_burial_restrictions() -> None:
    assert bury_code(R, "TS AH 9C") is None  # meld_only: trumps and aces may go
    no_trump = dataclasses.replace(R, bury_restrictions="no_trump")
    assert bury_code(no_trump, "TS 9C JC") == "bury.trump"
    assert bury_code(no_trump, "AH 9C JC") is None
    no_aces = dataclasses.replace(R, bury_restrictions="no_trump_no_aces")
    assert bury_code(no_aces, "AH 9C JC") == "bury.ace"
    announce = dataclasses.replace(R, bury_restrictions="announce_trump")
    assert bury_code(announce, "TS 9C JC") == "bury.unannounced-trump"
    assert bury_code(announce, "TS 9C JC", announced=True) is None


def test_barred_cards_may_be_buried_when_the_hand_is_forced() -> None:
    # 12 spades and 4 red aces are barred under no_trump_no_aces; only QH and JC are free
    forced = [
        "AS",
        "AS",
        "TS",
        "TS",
        "KS",
        "KS",
        "QS",
        "QS",
        "JS",
        "JS",
        "9S",
        "9S",
        "AH",
        "AH",
        "AD",
        "AD",
        "QH",
        "JC",
    ]
    no_aces = dataclasses.replace(R, bury_restrictions="no_trump_no_aces")
    assert bury_code(no_aces, "QH JC 9S", hand18=forced) is None
    assert bury_code(no_aces, "QH 9S 9S", hand18=forced) == "bury.trump"


def test_burying_needs_three_held_cards_from_the_declarer() -> None:
    state = declaring()
    assert declare.check_bury(state, 1, ["9D", "9D"]).code == "bury.wrong-count"  # type: ignore[union-attr]
    assert declare.check_bury(state, 1, ["9D", "9D", "9D"]).code == "bury.cards-not-held"  # type: ignore[union-attr]
    assert declare.check_bury(state, 2, ["9D", "9D", "9C"]).code == "bury.not-declarer"  # type: ignore[union-attr]
    assert declare.check_bury(state, 1, ["9D", "9D", "9C"]) is None


def concede(rules: PinochleRules, seat: int, **fields: Any) -> str | None:
    found = engine.check_concede(declaring(rules, **fields), seat)
    return None if found is None else found.code


def test_concessions() -> None:
    assert concede(R, 1) is None  # the declarer before the lead: single bete
    assert concede(R, 2) == "concede.too-early"  # trump not named, nothing buried
    assert concede(R, 2, trump="S", buried=["9D", "9D", "9C"]) is None
    assert concede(R, 0) == "concede.sitting-out"
    strict = dataclasses.replace(R, allow_declarer_concede=False, allow_opponent_concede=False)
    assert concede(strict, 1) == "concede.not-allowed"
    assert concede(strict, 1, phase=engine.Phase.PLAY) is None  # after the lead: played, lost
    assert concede(strict, 3, phase=engine.Phase.PLAY) == "concede.not-allowed"
    assert concede(R, 1, phase=engine.Phase.AUCTION) == "concede.out-of-phase"
    throw_in = dataclasses.replace(strict, throw_in_at_min_without_widow=True)
    assert concede(throw_in, 1, phase=engine.Phase.WIDOW) is None
    assert concede(throw_in, 1, phase=engine.Phase.WIDOW, contract=310) == "concede.not-allowed"


def test_the_derivation_names_every_payment_and_its_rule() -> None:
    record = loads((VALID / "plays-and-fails-double-bete.json").read_text())
    lines = check_record(record, audit=True).hands[0].derivation
    payments = [line for line in lines if " pays " in line]
    assert payments == [
        f"seat 1 pays seat {s} 30 (contract lost: payment_table 450-490: 15, "
        "x 2 (played and lost, bete_rule hoyle))"
        for s in (0, 2, 3)
    ]
    assert any(line.startswith("meld flush: A♦ 10♦ K♦ Q♦ J♦ = 150") for line in lines)
    assert any(line.startswith("last trick (15): ") for line in lines)
    assert any("against the contract 450" in line for line in lines)


def test_a_meld_claim_kept_under_the_bonus_table_is_flagged() -> None:
    data = json.loads((VALID / "double-pinochle-spades-made.json").read_text())
    data["hands"][0]["claims"]["meld"] = 150 + 10 + 100 + 300  # double pinochle as 300
    report = check_record(loads(json.dumps(data)), audit=True)
    assert [p.code for p in report.problems] == ["meld.mismatch"]
    assert any("bonus table" in n for n in report.hands[0].notes)
