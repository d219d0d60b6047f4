"""A Bestia record from one seat's view (docs/partial.md, "Bestia: a seat's view"): the other
seats' hands and the stock are ``null``, and so are the cards of the other seats' exchanges and
blind draws. Each check that public information allows is made, through the one trick core;
what cannot be known is never reported, and the hand's notes say so."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import orjson

import records.formats.text as notation
from fixtures.bestia.seat_view import seat_view
from records.parse import dumps, parse
from replay.check import check_bytes
from replay.report import ClaimStatus, RecordReport

FIXTURES = Path(__file__).parents[2] / "fixtures/bestia/valid"
SITTING = FIXTURES / "sitting-bestia-carried-blind-draw-ace-lead-all-pass-lone-player.json"


def _view(seat: int, path: Path = SITTING) -> dict[str, Any]:
    """The hand-worked sitting as ``seat`` saw it."""
    return seat_view(json.loads(path.read_text()), seat)


def _audit(data: dict[str, Any]) -> RecordReport:
    return check_bytes(orjson.dumps(data), audit=True)


def _problems(data: dict[str, Any]) -> list[tuple[str, str]]:
    return [(p.code, p.pointer) for p in _audit(data).problems]


def _actions(data: dict[str, Any], hand: int) -> list[dict[str, Any]]:
    actions: list[dict[str, Any]] = data["hands"][hand]["actions"]
    return actions


def test_each_seat_s_view_audits_clean_with_every_claim_checked() -> None:
    full = _audit(json.loads(SITTING.read_text()))
    for seat in range(4):
        report = _audit(_view(seat))
        assert report.problems == [], seat
        assert [[t.winner for t in h.tricks] for h in report.hands] == [
            [t.winner for t in h.tricks] for h in full.hands
        ]
        for hand in report.hands:
            assert all(c.status is ClaimStatus.MATCH for c in hand.claims), hand.claims
        assert all(c.status is ClaimStatus.MATCH for c in report.claims)
    first = _audit(_view(1)).hands[0]
    assert first.deal == [None, ["Ac", "3c", "5d"], None, None]
    assert "a seat's view: the hands of seats 0, 2 and 3 and the stock are not known" in first.notes
    assert "cards not logged: seat 2's exchange (1 card changed)" in first.notes
    [part] = [n for n in first.notes if "not all known" in n]
    assert part.startswith("the cards of seats 0 and 2 are not all known")  # seat 3 sits out


def test_the_known_hands_are_checked_as_ever() -> None:
    data = _view(1)
    data["hands"][0]["deal"]["hands"][1] = ["Ac", "3c"]
    assert _problems(data)[0] == ("deal.hand-size", "/hands/0/deal/hands/1")
    data = _view(1)
    data["hands"][0]["deal"]["hands"][1] = ["Ac", "3c", "7d"]  # the card turned up
    assert _problems(data)[0][0] == "deal.duplicate-card"


def test_a_hidden_seat_cannot_play_a_card_the_record_shows_elsewhere() -> None:
    data = _view(1)
    _actions(data, 0)[5]["card"] = "5d"  # seat 2 plays the viewer's card to trick 1
    [problem] = _audit(data).problems
    assert (problem.code, problem.pointer) == ("play.card-not-held", "/hands/0/actions/5")
    assert problem.message == "5d is not in the player's hand: it was dealt to seat 1"
    data = _view(1)
    _actions(data, 0)[5]["card"] = "7d"  # the card turned up, never drawn
    [problem] = _audit(data).problems
    assert problem.message == "7d is not in the player's hand: it is the card turned up"


def test_the_viewer_s_own_draw_is_checked_against_the_cards_seen_elsewhere() -> None:
    """Hand 2 as seat 1 saw it: it changed 7b 2b for Ab 3s from a stock it does not know."""
    data = _view(1)
    report = _audit(data)
    notes = report.hands[1].notes
    assert any(n.startswith("the cards drawn that the record gives are checked") for n in notes)
    join = next(a for a in _actions(data, 1) if a["type"] == "join" and a["seat"] == 1)
    join["drawn"] = ["Ab", "5s"]  # the card turned up
    [problem] = _audit(data).problems
    assert (problem.code, problem.pointer) == ("draw.not-top-of-stock", "/hands/1/actions/2")
    assert "(5s: it is the card turned up)" in problem.message
    join["drawn"] = ["Ab", "Kd"]  # its own card
    assert "(Kd: it was dealt to seat 1)" in _audit(data).problems[0].message


def test_a_hidden_seat_s_discards_given_must_be_cards_nobody_has_seen() -> None:
    data = _view(1)
    join = _actions(data, 0)[0]  # seat 2 changes one card
    join["discards"] = ["3c"]  # the viewer's
    [problem] = _audit(data).problems
    assert (problem.code, problem.pointer) == ("exchange.discard-not-held", "/hands/0/actions/0")
    assert (
        problem.message == "seat 2 discards 3c, which it cannot hold (3c: it was dealt to seat 1)"
    )


def test_the_stock_s_size_is_checked_though_its_cards_are_not_known() -> None:
    data = _view(1)
    join = _actions(data, 0)[0]  # seat 2 changes one card
    join["exchange"] = 4
    assert _problems(data) == [("exchange.too-many", "/hands/0/actions/0")]
    # ten players leave 9 cards in the stock: a fourth seat changing 3 finds none
    path = Path(__file__).parents[2] / "fixtures/bestia/invalid"
    short = path / "exchange.stock-short--ten-players-empty-the-stock.json"
    data = json.loads(short.read_text())
    data["hands"][0]["deal"]["hands"] = [None] * 9 + [data["hands"][0]["deal"]["hands"][9]]
    data["hands"][0]["deal"]["stock"] = None
    for action in _actions(data, 0):
        action["discards"] = action["drawn"] = None
    assert _problems(data)[0][0] == "exchange.stock-short"


def test_a_view_that_knows_the_stock_reads_a_hidden_blind_draw_from_it() -> None:
    """Hand 2 as seat 2 saw it, the stock known: seat 0's blind draw (Jc Kc 7s) is read from
    it, so seat 0's cards are known and a trump it does not play to a spade lead is a revoke."""
    data = _view(2)
    data["hands"][1]["deal"]["stock"] = ["Ab", "3s", "Jc", "Kc", "7s", "Nb"]
    assert _audit(data).problems == []
    _actions(data, 1)[6]["card"], _actions(data, 1)[9]["card"] = "Jc", "7s"
    [problem, *_] = _audit(data).problems
    assert (problem.code, problem.pointer) == ("play.revoke", "/hands/1/actions/6")


def test_the_notation_writes_a_seat_s_view() -> None:
    record = parse(orjson.dumps(_view(1)))
    text = notation.dumps(record)
    assert "deal 0 ?" in text and "deal stock ?" in text
    [read] = notation.loads(text)
    assert read.problems == () and dumps(read.record) == dumps(record)
