"""Partnership Pinochle passes whose cards were not logged (``"cards": null``, docs/partial.md):
the pass's turn is still checked; the bidding team's two hands after it are known only as
their team's cards, and their melds and plays are judged on what the table can see (a card of
the team not played yet and not shown in the partner's melds, a suit a seat showed out of or
showed a card of in its melds); under ``automatic`` melds what depends on their melds is
unchecked with a reason."""

from __future__ import annotations

import json
from typing import Any

import records.formats.text as notation
from records.parse import dumps, parse
from replay.check import check_bytes
from replay.report import ClaimStatus, RecordReport
from tests.conftest import FIXTURES

BASE = FIXTURES / "partnership_pinochle/valid/default-bid-set.json"
"""Seat 0 bids (the dealer stuck), trump S; seat 2 passes (action 5), seat 0 passes back (6);
seat 0 melds both 9S (7), seat 2 KD QD (9); the first lead is action 11."""
NOTE = (
    "a pass was not logged: the cards of seats 0 and 2 after it are known only as their team's, "
    "so their melds and plays are checked only against their team's cards less those played and "
    "those the partner showed in melds, and the suits they showed out of; whether they could "
    "follow suit, had to trump or head the trick is not judged"
)


def _data() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(BASE.read_text())
    for action in data["hands"][0]["actions"]:
        if action["type"] == "pass_cards":
            action["cards"] = None
    return data


def _audit(data: dict[str, Any]) -> RecordReport:
    return check_bytes(json.dumps(data).encode(), audit=True)


def _problems(data: dict[str, Any]) -> list[tuple[str, str, str]]:
    return [(p.code, p.pointer, p.message) for p in _audit(data).problems]


def test_a_hand_whose_passes_were_not_logged_audits_clean_every_claim_checked() -> None:
    report = _audit(_data())
    assert report.problems == []
    hand = report.hands[0]
    assert hand.notes[0] == NOTE
    assert all(c.status is ClaimStatus.MATCH for c in hand.claims)
    assert (2, "passes cards to seat 0 (not logged)") in hand.calls
    assert "seat 2 passes cards (not logged)" in hand.derivation


def test_the_notation_writes_a_pass_not_logged_as_a_question_mark() -> None:
    record = parse(json.dumps(_data()).encode())
    assert not isinstance(record, list)
    text = notation.dumps(record)
    assert "pass_cards 2 ?\n" in text
    [read] = notation.loads(text)
    assert read.problems == () and dumps(read.record) == dumps(record)


def test_the_turn_of_a_pass_not_logged_is_still_checked() -> None:
    data = _data()
    data["hands"][0]["actions"][5]["seat"] = 1
    assert [p[:2] for p in _problems(data)] == [("pass_cards.wrong-seat", "/hands/0/actions/5")]


def test_a_card_passed_back_after_a_pass_not_logged_must_be_the_team_s() -> None:
    data = _data()
    data["hands"][0]["actions"][6]["cards"] = ["9H", "JC", "QC", "KC"]  # KC: seats 1 and 3
    assert _problems(data) == [
        (
            "pass_cards.cards-not-held",
            "/hands/0/actions/6",
            "seat 0's cards are not known, and those it may hold do not include all of 9H JC QC KC",
        )
    ]


def test_a_meld_is_judged_against_the_team_s_cards_less_the_partner_s_melds() -> None:
    data = _data()
    melds = data["hands"][0]["actions"][9]["melds"]
    melds.append({"meld": "dix", "cards": ["9S"]})  # seat 0 showed both 9S
    assert _problems(data) == [
        (
            "meld.cards-not-held",
            "/hands/0/actions/9/melds/1",
            "seat 2 cannot hold 9S: its cards are not known, and these are not among those it may "
            "hold (nobody else is seen to hold them: dealt, passed or shown in melds)",
        )
    ]


def test_a_card_the_partner_showed_in_melds_is_not_held() -> None:
    data = _data()
    data["hands"][0]["actions"][13]["card"] = "9S"
    assert _problems(data) == [
        (
            "play.card-not-held",
            "/hands/0/actions/13",
            "9S is not in the player's hand: seat 0 melded it",
        )
    ]


def test_a_seat_that_showed_a_card_of_the_suit_led_revokes_when_it_plays_another() -> None:
    data = _data()
    actions = data["hands"][0]["actions"]
    actions[37]["card"], actions[39]["card"] = actions[39]["card"], actions[37]["card"]
    expected = (
        "play.revoke",
        "/hands/0/actions/37",
        "seat 2 plays QC when D is led, but showed KD in its melds and has not played it: it "
        "holds D",
    )
    assert _problems(data) == [expected]
    full = json.loads(BASE.read_text())
    full["hands"][0]["actions"] = actions[:5] + full["hands"][0]["actions"][5:7] + actions[7:]
    assert [p[:2] for p in _problems(full)] == [expected[:2]]  # the full record finds it too


def test_a_defender_s_play_is_checked_as_ever() -> None:
    data = _data()
    data["hands"][0]["actions"][12]["card"] = "TH"  # seat 1 holds spades
    assert [p[:2] for p in _problems(data)] == [("play.card-not-held", "/hands/0/actions/12")]


def test_under_automatic_melds_what_the_hidden_melds_decide_is_unchecked_with_a_reason() -> None:
    data: dict[str, Any] = json.loads(
        (FIXTURES / "partnership_pinochle/valid/online-automatic-meld-two-hands.json").read_text()
    )
    hand = data["hands"][0]
    for action in hand["actions"]:
        if action["type"] == "pass_cards":
            action["cards"] = None
    bidder = hand["claims"]["declarer"]
    report = _audit(data)
    assert report.problems == []
    checks = {(c.name, c.seat): c for c in report.hands[0].claims}
    for seat in (bidder, (bidder + 2) % 4):
        mine = checks["player_meld", seat]
        assert mine.status is ClaimStatus.UNCHECKED
        assert mine.reason == (
            f"a pass was not logged, so seat {seat}'s melds (worked out from its hand) are unknown"
        )
    for seat in ((bidder + 1) % 4, (bidder + 3) % 4):
        assert checks["player_meld", seat].status is ClaimStatus.MATCH
    assert checks["team_meld", 1 - bidder % 2].status is ClaimStatus.MATCH
    assert checks["team_meld", bidder % 2].status is ClaimStatus.UNCHECKED
    assert (
        report.hands[0]
        .notes[0]
        .endswith(
            "their melds are worked out from hands not known (meld_declared = automatic): unknown, "
            "and so is what depends on them"
        )
    )
