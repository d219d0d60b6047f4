"""Auction Pinochle records from one seat's view (docs/partial.md, "Auction Pinochle: a seat's
view"): what public information decides is checked, what it does not is never a problem."""

from __future__ import annotations

import json
import random
from typing import Any

import orjson

from records.parse import dumps
from replay.check import check_bytes
from replay.generators.pinochle import generate
from replay.report import ClaimStatus, RecordReport
from tests.conftest import FIXTURES

VIEW = FIXTURES / "pinochle" / "valid" / "seat-view-of-seat-1-default-sitting.json"
HIDDEN_DECLARER = 3  # hand 4 of the fixture: seat 3 declares, seat 1 defends beside seat 2
SEAT_2_LEADS = 10  # hand 4's action: seat 2's first play


def _view() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(VIEW.read_bytes())
    return data


def _audit(data: dict[str, Any]) -> RecordReport:
    return check_bytes(orjson.dumps(data), audit=True)


def test_the_fixture_checks_every_claim_and_notes_what_it_cannot() -> None:
    report = _audit(_view())
    assert report.problems == []
    assert [hand.status.value for hand in report.hands] == ["complete"] * 4
    for hand in report.hands:
        assert hand.claims and all(c.status is ClaimStatus.MATCH for c in hand.claims)
        assert hand.notes[0].startswith("a seat's view: the cards of seats ")
    assert "seat 3's melds and burial are checked against" in report.hands[3].notes[0]
    assert "melds and burial" not in report.hands[1].notes[0]  # seat 1 declares: known


def test_a_card_of_the_hidden_declarer_is_nobody_else_s() -> None:
    # KC: one copy is seat 1's, the other was in the widow seat 3 took (and melded); QS: one is
    # seat 1's, the other seat 3 melded from his own hand. Seat 2 can hold neither.
    for card, where in (
        ("KC", "it was dealt to seat 1; it was in the widow, which seat 3 took; seat 3 melded it"),
        ("QS", "it was dealt to seat 1; seat 3 melded it"),
    ):
        data = _view()
        play = data["hands"][3]["actions"][SEAT_2_LEADS]
        assert play["seat"] == 2
        play["card"] = card
        [problem] = _audit(data).problems
        assert (problem.code, problem.pointer) == ("play.card-not-held", "/hands/3/actions/10")
        assert problem.message == f"{card} is not in the player's hand: {where}"


def test_the_hidden_declarer_may_play_the_cards_he_melded() -> None:
    # a card only the declarer can hold is his to play: the fixture's seat 3 plays the QD he
    # melded in the first trick of hand 4, and the hand audits clean
    hand = _view()["hands"][3]
    first = next(a for a in hand["actions"] if a["type"] == "play")
    assert (first["seat"], first["card"]) == (HIDDEN_DECLARER, "QD")
    melded = [
        c for a in hand["actions"] if a["type"] == "meld" for m in a["melds"] for c in m["cards"]
    ]
    assert "QD" in melded and hand["deal"]["hands"][HIDDEN_DECLARER] is None


def test_a_burial_of_cards_the_hidden_declarer_cannot_hold_is_found() -> None:
    data = _view()
    bury = next(a for a in data["hands"][3]["actions"] if a["type"] == "bury")
    bury["cards"] = ["AC", "AC", "JH"]  # both aces of clubs are seat 1's
    [problem] = _audit(data).problems
    assert problem.code == "bury.cards-not-held"
    assert "a seat's view" in problem.message


def _seen(seed: int, preset: str, seat: int) -> dict[str, Any]:
    data = orjson.loads(dumps(generate(random.Random(seed), preset=preset, hands=4)))
    return _seen_of(data, seat)


def test_a_buried_meld_card_not_known_to_be_lost_leaves_the_hand_unsettled() -> None:
    # hand 1: seat 0 buries a card of a scored meld and the record stops at the first lead, as
    # it may; in seat 1's view the other copy may be seat 0's, so the loss is not known
    full = _audit(orjson.loads(dumps(generate(random.Random(13), preset="bonus", hands=4))))
    outcome = next(c for c in full.hands[0].claims if c.name == "outcome")
    assert full.problems == [] and outcome.recorded == "double_bete"
    report = _audit(_seen(13, "bonus", 1))
    assert report.problems == []
    hand = report.hands[0]
    assert hand.status.value == "stopped"
    assert any(note.endswith("the hand is not settled") for note in hand.notes)
    status = {(c.name, c.seat): c for c in hand.claims}
    for known in ("declarer", "contract"):
        assert status[known, None].status is ClaimStatus.MATCH
    assert all(status["tricks", s].status is ClaimStatus.MATCH for s in range(4))
    assert all(status["melds", s].status is ClaimStatus.MATCH for s in range(4))
    for unknown in (("outcome", None), ("chips", 0), ("chips", 3)):
        check = status[unknown]
        assert check.status is ClaimStatus.UNCHECKED
        assert check.reason is not None and "seat 0's burial takes a card" in check.reason
    assert all(c.status is not ClaimStatus.MISMATCH for h in report.hands for c in h.claims)


def test_a_higher_card_after_following_low_under_a_duty_to_head_is_found() -> None:
    # pre1945 heads always: in hand 2 seat 2 follows clubs with QC under a QC winning the trick,
    # which shows it held no higher club; swapped with its later KC, the view finds the KC
    data: dict[str, Any] = orjson.loads(
        dumps(generate(random.Random(0), preset="pre1945", hands=4))
    )
    actions = data["hands"][1]["actions"]
    actions[20]["card"], actions[38]["card"] = actions[38]["card"], actions[20]["card"]
    full = _audit(data).problems
    assert [(p.code, p.pointer) for p in full] == [("play.must-head", "/hands/1/actions/20")]
    seen = _audit(_seen_of(data, 0)).problems
    assert [(p.code, p.pointer) for p in seen] == [("play.must-head", "/hands/1/actions/38")]
    assert seen[0].message == (
        "seat 2 plays KC in trick 11, but played QC in trick 5 where it had to beat the trick "
        "if it could: it held no C above QC then"
    )


def _seen_of(data: dict[str, Any], seat: int) -> dict[str, Any]:
    seen: dict[str, Any] = json.loads(json.dumps(data))
    for hand in seen["hands"]:
        cards = hand["deal"]["hands"]
        hand["deal"]["hands"] = [c if s == seat or not c else None for s, c in enumerate(cards)]
    return seen
