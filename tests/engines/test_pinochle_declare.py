"""Known-value tests of the declarer's steps between the auction and the first lead (docs/pinochle.md),
concessions, and what the audit says about a hand; the engine is driven
through its interface (``ENGINE.check``, ``ENGINE.apply``, ``legal_actions``)."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

from records.io import loads
from records.pinochle import DEFAULT_RULES, PinochleRules
from replay.check import check_record
from replay.engines import pinochle as engine
from tests.conftest import FIXTURES

R = DEFAULT_RULES
ENGINE = engine.ENGINE
VALID = FIXTURES / "pinochle" / "valid"
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


def step(state: engine.State, action: Any) -> str | None:
    """Check, and apply if legal; the violation code or None."""
    found = ENGINE.check(state, action)
    if found is None:
        ENGINE.apply(state, action)
    return None if found is None else found.code


def code(state: engine.State, action: Any) -> str | None:
    """The violation code of an action, or None if it is legal (nothing is applied)."""
    found = ENGINE.check(state, action)
    return None if found is None else found.code


def auction(rules: PinochleRules = R, hand18: list[str] = EIGHTEEN) -> engine.State:
    """Seat 1 holds ``hand18`` less its last three cards, the widow (dealer 0 sits out)."""
    hands = [[], hand18[:15], ["KC"] * 15, ["QC"] * 15]
    return engine.new_hand(rules, 0, hands, hand18[15:])


def declaring(
    rules: PinochleRules = R,
    hand18: list[str] = EIGHTEEN,
    *,
    contract: int = 300,
    phase: str = "declare",
    trump: str | None = None,
    buried: list[str] | None = None,
) -> engine.State:
    """Seat 1 wins the auction at ``contract`` and takes the widow; then trump and burial as
    given; ``phase`` stops earlier (``auction``, ``widow``) or goes on to the first lead
    (``play``)."""
    state = auction(rules, hand18)
    if phase == "auction":
        return state
    for action in (engine.Bid(seat=1, points=contract), engine.Pass(seat=2), engine.Pass(seat=3)):
        assert step(state, action) is None
    if phase == "widow":
        return state
    assert step(state, engine.TakeWidow(seat=1, cards=hand18[15:])) is None
    if phase == "play":
        trump, buried = trump or "S", buried or ["9D", "9D", "9C"]
    if trump is not None:
        assert step(state, engine.NameTrump(seat=1, suit=trump)) is None
    if buried is not None:
        assert step(state, engine.Bury(seat=1, cards=buried)) is None
    if phase == "play":
        assert step(state, engine.Play(seat=1, card="AS")) is None
    assert state.phase.value == phase
    return state


def test_the_widow_shown_must_be_the_widow_as_a_multiset() -> None:
    state = declaring(hand18=[*EIGHTEEN[:15], "9D", "AH", "9D"], phase="widow")
    assert state.widow == ["9D", "AH", "9D"]
    assert ENGINE.check(state, engine.TakeWidow(seat=1, cards=["9D", "9D", "AH"])) is None
    assert code(state, engine.TakeWidow(seat=1, cards=["9D", "AH", "AH"])) == "widow.cards"
    assert code(state, engine.TakeWidow(seat=2, cards=["9D", "9D", "AH"])) == "widow.not-declarer"


def test_a_new_trump_suit_voids_the_melds_the_same_suit_keeps_them() -> None:
    state = declaring()
    flush = engine.MeldDeclaration(meld="flush", cards=["AS", "TS", "KS", "QS", "JS"])
    for action in (
        engine.NameTrump(seat=1, suit="S"),
        engine.Meld(seat=1, melds=[flush]),
        engine.NameTrump(seat=1, suit="S"),
    ):
        assert step(state, action) is None
    assert [m.kind for m in state.melds] == ["flush"]
    assert step(state, engine.NameTrump(seat=1, suit="H")) is None
    assert state.melds == ()


def test_a_wrong_meld_points_at_itself_inside_the_event() -> None:
    state = declaring(trump="S")
    dix = engine.MeldDeclaration(meld="dix", cards=["9S"])
    pinochle = engine.MeldDeclaration(meld="pinochle", cards=["QS", "JD"])
    found = ENGINE.check(state, engine.Meld(seat=1, melds=[dix, pinochle, pinochle]))
    assert found is not None and (found.code, found.path) == ("meld.reused-card", ("melds", 2))
    early = ENGINE.check(declaring(), engine.Meld(seat=1, melds=[dix]))
    assert early is not None and (early.code, early.path) == ("meld.before-trump", ())


def bury_code(
    rules: PinochleRules,
    cards: str,
    *,
    announced: bool = False,
    hand18: list[str] = EIGHTEEN,
) -> str | None:
    """The problem with leading after burying ``cards`` with spades trump: the restrictions
    are checked on the final burial at the first lead, and point at that burial."""
    state = declaring(rules, hand18, trump="S")
    assert step(state, engine.Bury(seat=1, cards=cards.split(), announced=announced)) is None
    kept = list(hand18)
    for card in cards.split():
        kept.remove(card)
    assert state.applied == 6  # bid, pass, pass, widow, trump, bury
    found = ENGINE.check(state, engine.Play(seat=1, card=kept[0]))
    if found is None:
        return None
    assert found.action == 5  # the burial, not the lead
    return found.code


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
    offered = engine.legal_actions(declaring(no_aces, forced, trump="S"))
    burials = [a.cards for a in offered if a.type == "bury"]
    assert ["9S", "JC", "QH"] in burials and ["AD", "JC", "QH"] in burials
    assert all(sum(c[-1] != "S" and c[0] != "A" for c in b) == 2 for b in burials)


def test_burying_needs_three_held_cards_from_the_declarer() -> None:
    state = declaring()
    assert code(state, engine.Bury(seat=1, cards=["9D", "9D"])) == "bury.wrong-count"
    assert code(state, engine.Bury(seat=1, cards=["9D", "9D", "9D"])) == "bury.cards-not-held"
    assert code(state, engine.Bury(seat=2, cards=["9D", "9D", "9C"])) == "bury.not-declarer"
    assert ENGINE.check(state, engine.Bury(seat=1, cards=["9D", "9D", "9C"])) is None


def concede(rules: PinochleRules, seat: int, **fields: Any) -> str | None:
    found = ENGINE.check(declaring(rules, **fields), engine.Concede(seat=seat))
    return None if found is None else found.code


def test_concessions() -> None:
    assert concede(R, 1) is None  # the declarer before the lead: single bete
    assert concede(R, 2) == "concede.too-early"  # trump not named, nothing buried
    assert concede(R, 2, trump="S", buried=["9D", "9D", "9C"]) is None
    assert concede(R, 0) == "concede.sitting-out"
    strict = dataclasses.replace(R, allow_declarer_concede=False, allow_opponent_concede=False)
    assert concede(strict, 1) == "concede.not-allowed"
    assert concede(strict, 1, phase="play") is None  # after the lead: played, lost
    assert concede(strict, 3, phase="play") == "concede.not-allowed"
    assert concede(R, 1, phase="auction") == "concede.out-of-phase"
    throw_in = dataclasses.replace(strict, throw_in_at_min_without_widow=True)
    assert concede(throw_in, 1, phase="widow") is None
    assert concede(throw_in, 1, phase="widow", contract=310) == "concede.not-allowed"


def test_the_derivation_names_every_payment_and_its_rule() -> None:
    record = loads((VALID / "plays-and-fails-double-bete.json").read_text())
    lines = check_record(record, audit=True).hands[0].derivation
    payments = [line for line in lines if " pays " in line]
    assert payments == [
        f"seat 1 pays seat {s} 30 (contract lost: payment_table 450-490: 15, "
        "x 2 (played and lost, bete_rule hoyle))"
        for s in (0, 2, 3)
    ]
    assert any(line.startswith("meld flush: AD TD KD QD JD = 150") for line in lines)
    assert any(line.startswith("last trick (15): ") for line in lines)
    assert any("against the contract 450" in line for line in lines)


def test_a_meld_claim_kept_under_the_bonus_table_is_flagged() -> None:
    data = json.loads((VALID / "double-pinochle-spades-made.json").read_text())
    data["hands"][0]["claims"]["meld"] = 150 + 10 + 100 + 300  # double pinochle as 300
    report = check_record(loads(json.dumps(data)), audit=True)
    assert [p.code for p in report.problems] == ["meld.mismatch"]
    assert any("bonus table" in n for n in report.hands[0].notes)
