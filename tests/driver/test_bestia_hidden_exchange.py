"""A Bestia exchange or blind draw whose cards were not logged (docs/partial.md, "Bestia: an
exchange not logged"): ``discards`` and ``drawn`` are ``null``. The number of cards changed is
known, so the stock's places are: the cards drawn are read from the stock where the record
shows it, and the seat's hand is otherwise known only in part. Its plays are judged on what the
record shows (a card it cannot hold, a suit it showed out of, a duty that the cards it surely
holds decide); what cannot be known is never reported, and the hand's notes say so."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import orjson

import records.formats.text as notation
from records.parse import dumps, parse
from replay.check import check_bytes
from replay.report import ClaimStatus, RecordReport

FIXTURE = (
    Path(__file__).parents[2]
    / "fixtures/bestia/valid/sitting-bestia-carried-blind-draw-ace-lead-all-pass-lone-player.json"
)


def _hand(number: int) -> dict[str, Any]:
    """Hand ``number`` of the hand-worked sitting, alone in a record (its own claims kept)."""
    data: dict[str, Any] = json.loads(FIXTURE.read_text())
    data["hands"] = [data["hands"][number - 1]]
    data["hands"][0]["number"] = 1
    del data["claims"]
    data["opening_pot"] = data["hands"][0]["claims"]["starting_pot"]
    balances = data["hands"][0]["claims"]
    del balances["balances"]
    return data


def _audit(data: dict[str, Any]) -> RecordReport:
    return check_bytes(orjson.dumps(data), audit=True)


def _problems(data: dict[str, Any]) -> list[tuple[str, str]]:
    return [(p.code, p.pointer) for p in _audit(data).problems]


def _plays(data: dict[str, Any]) -> list[dict[str, Any]]:
    return [a for a in data["hands"][0]["actions"] if a["type"] == "play"]


def _join(data: dict[str, Any], seat: int) -> dict[str, Any]:
    return next(a for a in data["hands"][0]["actions"] if a["type"] == "join" and a["seat"] == seat)


# Hand 1 of the sitting: seat 2 (Nc Jb 6s) changes 6s for 2d, the stock's top; it plays Nc to
# trick 1, trumps trick 2 with 2d (void in clubs) and leads Jb to trick 3.


def test_an_exchange_not_logged_audits_clean_with_every_claim_checked() -> None:
    data = _hand(1)
    join = _join(data, 2)
    join["discards"] = join["drawn"] = None
    report = _audit(data)
    assert report.problems == []
    [hand] = report.hands
    assert all(c.status is ClaimStatus.MATCH for c in hand.claims), hand.claims
    assert "cards not logged: seat 2's exchange (1 card changed)" in hand.notes
    [part] = [n for n in hand.notes if "not all known" in n]
    assert part.startswith("seat 2's cards are not all known, so each of its plays")


def test_the_cards_drawn_are_read_from_the_stock_and_bind_the_seat() -> None:
    """Hand 2: seat 1 (Kd 7b 2b) changes two cards face down; the stock shows it drew Ab 3s,
    so it surely holds the trump 3s, and Kd to the spade lead of trick 1 is a revoke."""
    data = _hand(2)
    join = _join(data, 1)
    join["discards"] = join["drawn"] = None
    report = _audit(data)
    assert report.problems == []
    [hand] = report.hands
    assert any(n.startswith("seat 1's cards are not all known") for n in hand.notes)
    plays = _plays(data)
    plays[2]["card"], plays[5]["card"] = "Kd", "3s"
    problems = _audit(data).problems
    assert [(p.code, p.pointer) for p in problems] == [("play.revoke", "/hands/0/actions/7")]
    assert problems[0].message.endswith("it is known to hold 3s")
    data = _hand(4)  # the lone player changes one card of three: known in part, plays out
    _join(data, 0)["discards"] = None
    assert _audit(data).problems == []


def test_the_cards_drawn_must_still_be_the_top_of_the_stock() -> None:
    data = _hand(2)
    join = _join(data, 1)
    join["discards"] = None
    join["drawn"] = ["3s", "Ab"]  # the stock shows Ab 3s
    assert _problems(data) == [("draw.not-top-of-stock", "/hands/0/actions/2")]


def test_the_number_changed_is_checked_against_the_cards_logged() -> None:
    data = _hand(2)
    join = _join(data, 1)
    join["discards"] = None
    join["drawn"] = ["Ab"]  # two asked for
    assert _problems(data) == [("exchange.count-mismatch", "/hands/0/actions/2")]
    join["exchange"] = 4
    assert _problems(data) == [("exchange.too-many", "/hands/0/actions/2")]


def test_a_blind_draw_not_logged_takes_the_hand_size_from_the_stock() -> None:
    """Hand 2: seat 0 draws Jc Kc 7s blind; not logged, they are read from the stock."""
    data = _hand(2)
    blind = next(a for a in data["hands"][0]["actions"] if a["type"] == "blind_draw")
    blind["drawn"] = None
    report = _audit(data)
    assert report.problems == []
    [hand] = report.hands
    assert "cards not logged: seat 0's blind draw" in hand.notes
    why = "seat 0's cards are known all the same: the cards it drew are read from the stock"
    assert any(n.startswith(why) for n in hand.notes)
    # a card it cannot have drawn: the stock shows what it drew
    _plays(data)[1]["card"] = "Nb"
    assert _problems(data) == [("play.card-not-held", "/hands/0/actions/6")]


def test_a_discard_the_seat_kept_no_more_of_is_not_held() -> None:
    """Seat 2 changes one card face down: it kept two of Nc Jb 6s. Having played Nc and Jb it
    has none of them left, so 6s is not held (the full record: 6s was discarded)."""
    data = _hand(1)
    join = _join(data, 2)
    join["discards"] = join["drawn"] = None
    plays = _plays(data)
    plays[4]["card"], plays[6]["card"] = "Jb", "2d"  # trick 2: Jb; trick 3: 2d led
    plays[7]["card"], plays[8]["card"] = "2s", "5d"
    problems = _audit(data).problems
    # Jb when clubs were led: void in clubs (its cards: 2d and one of Jb 6s), holding the
    # trump 2d that it drew: it had to trump
    assert [(p.code, p.pointer) for p in problems] == [("play.must-trump", "/hands/0/actions/8")]
    assert "2d" in problems[0].message


def test_a_kept_card_too_many_is_not_held() -> None:
    """Seat 2 changes one of Nc Jb 6s face down, and the stock does not show what it drew: it
    holds two of them and a card nobody has seen. It plays Nc, Jb, then 6s: a third."""
    data = _hand(1)
    data["hands"][0]["deal"]["stock"] = []
    join = _join(data, 2)
    join["discards"] = join["drawn"] = None
    actions = data["hands"][0]["actions"]
    moves = [(1, "Ac"), (2, "Nc"), (0, "Kc"), (1, "3c"), (2, "Jb"), (0, "2s")]
    moves += [(1, "5d"), (2, "6s"), (0, "4b")]
    actions[4:] = [{"type": "play", "seat": seat, "card": card} for seat, card in moves]
    problems = _audit(data).problems
    assert [(p.code, p.pointer) for p in problems] == [
        ("play.card-not-held", "/hands/0/actions/11")
    ]
    assert "kept 2 of its dealt cards Nc Jb 6s" in problems[0].message


def test_a_revoke_the_kept_cards_show() -> None:
    """Seat 2, dealt Nc Kc 6s, changes one card face down: it kept two of them, so one at
    least is a club, and playing 2d to a club lead is a revoke whichever it changed."""
    data = _hand(1)
    hand = data["hands"][0]
    hand["deal"]["hands"][2] = ["Nc", "Jc", "6s"]
    hand["deal"]["hands"][3] = ["2b", "4s", "Jb"]
    join = _join(data, 2)
    join["discards"], join["drawn"] = None, None
    plays = _plays(data)
    plays[1]["card"] = "2d"  # trick 1: Ac led; seat 2 trumps
    plays[4]["card"] = "Nc"
    problems = _audit(data).problems
    assert [(p.code, p.pointer) for p in problems] == [("play.revoke", "/hands/0/actions/5")]
    assert "one at least is" in problems[0].message


def test_nothing_is_reported_that_the_cards_shown_do_not_decide() -> None:
    """Seat 2 changes two of Nc Jb 6s face down and the stock is not shown that far: it may
    hold any card nobody has seen, so a card off the led suit is never a revoke."""
    data = _hand(1)
    hand = data["hands"][0]
    hand["deal"]["stock"] = []
    join = _join(data, 2)
    join.update(exchange=1, discards=None, drawn=None)
    report = _audit(data)
    assert report.problems == []
    # a card that is someone else's is still not held
    _plays(data)[4]["card"] = "Ac"  # seat 1's, played in trick 1
    assert _problems(data) == [("play.card-not-held", "/hands/0/actions/8")]


def test_the_notation_writes_cards_not_logged_as_a_question_mark() -> None:
    data = _hand(2)
    join = _join(data, 1)
    join["discards"] = join["drawn"] = None
    next(a for a in data["hands"][0]["actions"] if a["type"] == "blind_draw")["drawn"] = None
    record = parse(orjson.dumps(data))
    text = notation.dumps(record)
    assert "join 1 exchange 2 discard ? draw ?" in text
    assert "blind 0 ?" in text
    [read] = notation.loads(text)
    assert read.problems == () and dumps(read.record) == dumps(record)
