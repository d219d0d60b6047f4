"""Partnership Pinochle from one seat's view (docs/partial.md): the other hands null, the passes
the seat did not see without their cards. The known hand and the public events are checked as
ever; each hidden seat's plays against the cards nobody else is seen to hold and the cards it is
known to hold (passed to it, shown in melds)."""

from __future__ import annotations

import json
from typing import Any

import records.formats.text as notation
from records.parse import dumps, parse
from replay.check import check_bytes
from replay.report import ClaimStatus, RecordReport
from tests.conftest import FIXTURES

BASE = FIXTURES / "partnership_pinochle/valid/default-bid-set.json"
"""Seat 0 bids, trump S; seat 2 passes JS 9S 9S AD (action 5), seat 0 passes back 9H JC QC KD
(6); seat 0 was dealt both KD. Seat 1 leads the third trick (action 19)."""


def _view(seat: int = 0) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(BASE.read_text())
    deal = data["hands"][0]["deal"]
    deal["hands"] = [cards if s == seat else None for s, cards in enumerate(deal["hands"])]
    return data


def _problems(data: dict[str, Any]) -> list[tuple[str, str, str]]:
    return [(p.code, p.pointer, p.message) for p in _audit(data).problems]


def _audit(data: dict[str, Any]) -> RecordReport:
    return check_bytes(json.dumps(data).encode(), audit=True)


def test_the_bidder_s_view_audits_clean_every_claim_checked() -> None:
    report = _audit(_view())
    assert report.problems == []
    hand = report.hands[0]
    assert hand.notes[0].startswith("a seat's view: the cards of seats 1, 2 and 3 are not known")
    assert all(c.status is ClaimStatus.MATCH for c in hand.claims)
    record = parse(json.dumps(_view()).encode())
    assert not isinstance(record, list)
    text = notation.dumps(record)
    assert "deal 1 ?\n" in text
    [read] = notation.loads(text)
    assert read.problems == () and dumps(read.record) == dumps(record)


def test_the_known_hand_is_checked_as_ever() -> None:
    data = _view()
    data["hands"][0]["deal"]["hands"][0].pop()
    assert [p[0] for p in _problems(data)] == ["deal.hand-size"]


def test_a_card_passed_to_a_hidden_seat_is_that_seat_s_alone() -> None:
    data = _view()
    data["hands"][0]["actions"][19]["card"] = "KD"  # seat 0 kept one KD and passed the other
    assert _problems(data) == [
        (
            "play.card-not-held",
            "/hands/0/actions/19",
            "KD is not in the player's hand: it was dealt to seat 0; seat 2 melded it; it was "
            "passed to seat 2",
        )
    ]


def test_a_hidden_seat_passes_only_cards_nobody_else_is_seen_to_hold() -> None:
    data = _view()
    data["hands"][0]["actions"][5]["cards"] = ["JS", "9S", "9S", "KD"]  # both KD are seat 0's
    assert [p[:2] for p in _problems(data)] == [("pass_cards.cards-not-held", "/hands/0/actions/5")]
