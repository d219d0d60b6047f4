"""An Oh Hell record from one seat's view (docs/partial.md, "A seat's view"): the other seats'
hands are ``null`` and their cards are known only as they are played. Each check that public
information allows is made, through the one trick core; what cannot be known is never
reported."""

from __future__ import annotations

import random
from typing import Any

import orjson
import pytest

import records.formats.text as notation
from records.formats.openspiel.writer import records_text
from records.parse import dumps, parse
from replay.check import check_bytes
from replay.generators.oh_hell import generate
from replay.report import ClaimStatus, RecordReport

SEAT_0 = ["AC", "2D", "3H"]
HANDS = [SEAT_0, ["KC", "5D", "7S"], ["QC", "6D", "8H"]]
TURNED = "9S"
PLAYS = [  # seat 1 leads (the dealer's left); trump spades
    (1, "KC"), (2, "QC"), (0, "AC"),  # trick 1: seat 0
    (0, "2D"), (1, "5D"), (2, "6D"),  # trick 2: seat 2
    (2, "8H"), (0, "3H"), (1, "7S"),  # trick 3: seat 1 trumps
]  # fmt: skip


def _record(
    hands: list[Any] | None = None,
    plays: list[tuple[int, str]] | None = None,
    *,
    view: bool = True,
    **rules: Any,
) -> dict[str, Any]:
    """A deal of three cards to three seats (dealer 0, bids 1 1 1), as seat 0 saw it unless
    ``view`` is off, with its claims."""
    base = generate(random.Random(1), players=3, hand_sizes=(3,), **rules)
    data: dict[str, Any] = orjson.loads(orjson.dumps(base.model_dump(mode="json")))
    dealt = [list(cards) for cards in (hands or HANDS)]
    hand = data["hands"][0]
    hand["deal"] = {
        "hands": [dealt[0], None, None] if view else dealt,
        "turned_up": TURNED,
    }
    bids = [{"type": "bid", "seat": s, "tricks": 1} for s in range(3)]
    moves = [{"type": "play", "seat": s, "card": c} for s, c in (plays or PLAYS)]
    hand["actions"] = bids + moves
    hand["claims"] = {"tricks": [1, 1, 1], "scores": [11, 11, 11], "totals": [11, 11, 11]}
    data["claims"] = {"totals": [11, 11, 11], "winners": [0, 1, 2]}
    return data


def _audit(data: dict[str, Any]) -> RecordReport:
    return check_bytes(orjson.dumps(data), audit=True)


def _problems(data: dict[str, Any]) -> list[tuple[str, str]]:
    return [(p.code, p.pointer) for p in _audit(data).problems]


def _swap(plays: list[tuple[int, str]], at: int, card: str) -> list[tuple[int, str]]:
    out = list(plays)
    out[at] = (out[at][0], card)
    return out


# --- a clean view ----------------------------------------------------------------------------


def test_a_seat_s_view_of_a_clean_deal_audits_clean_with_every_claim_checked() -> None:
    report = _audit(_record())
    assert report.problems == []
    [hand] = report.hands
    assert [t.winner for t in hand.tricks] == [0, 2, 1]
    assert all(c.status is ClaimStatus.MATCH for c in hand.claims), hand.claims
    assert hand.deal == [SEAT_0, None, None]
    [note] = [n for n in hand.notes if n.startswith("a seat's view")]
    assert "the cards of seats 1 and 2 are not known" in note


def test_the_stock_may_be_unknown_or_given() -> None:
    data = _record()
    data["hands"][0]["deal"]["stock"] = None
    assert _problems(data) == []
    seen = {c for cards in HANDS for c in cards} | {TURNED}
    data["hands"][0]["deal"]["stock"] = [
        r + s for s in "CDHS" for r in "23456789TJQKA" if r + s not in seen
    ]
    assert _problems(data) == []


def test_every_seat_hidden_is_allowed_where_the_schedule_fixes_the_size() -> None:
    data = _record()
    data["hands"][0]["deal"]["hands"] = [None, None, None]
    assert _problems(data) == []


# --- the known hands -------------------------------------------------------------------------


def test_a_known_hand_of_the_wrong_size_is_a_problem() -> None:
    data = _record(hands=[["AC", "2D"], *HANDS[1:]])
    assert _problems(data) == [("deal.hand-size", "/hands/0/deal/hands/0")]


def test_a_known_hand_holding_the_turned_card_is_a_duplicate() -> None:
    data = _record(hands=[["AC", "2D", TURNED], *HANDS[1:]])
    assert [c for c, _ in _problems(data)] == ["deal.duplicate-card"]


def test_a_known_card_also_in_the_stock_is_a_duplicate() -> None:
    data = _record()
    data["hands"][0]["deal"]["stock"] = ["AC"]
    assert [c for c, _ in _problems(data)] == ["deal.duplicate-card"]


# --- the cards a hidden seat plays -----------------------------------------------------------


def test_a_hidden_seat_may_not_play_a_card_dealt_to_the_known_seat() -> None:
    report = _audit(_record(plays=_swap(PLAYS, 0, "AC")))
    [problem] = report.problems
    assert (problem.code, problem.pointer) == ("play.card-not-held", "/hands/0/actions/3")
    assert "dealt to seat 0" in problem.message


def test_no_card_is_played_more_often_than_the_deck_holds_it() -> None:
    report = _audit(_record(plays=_swap(PLAYS, 1, "KC")))  # seat 2 plays seat 1's KC again
    [problem] = report.problems
    assert (problem.code, problem.pointer) == ("play.card-not-held", "/hands/0/actions/4")
    assert "played once already" in problem.message


def test_a_hidden_seat_may_not_play_the_card_turned_up() -> None:
    report = _audit(_record(plays=_swap(PLAYS, 1, TURNED)))
    [problem] = report.problems
    assert problem.code == "play.card-not-held" and "turned up" in problem.message


def test_a_seat_that_showed_out_and_plays_the_suit_later_has_revoked() -> None:
    # seat 2 shows out of clubs in trick 1 (6D on KC), then plays QC to trick 2
    plays = _swap(_swap(PLAYS, 1, "6D"), 5, "QC")
    report = _audit(_record(plays=plays))
    [problem] = report.problems
    assert (problem.code, problem.pointer) == ("play.revoke", "/hands/0/actions/8")
    assert problem.message == (
        "seat 2 plays QC in trick 2, but showed out of C in trick 1 (played 6D when C was led): "
        "it held C then"
    )
    # the full record finds the same revoke, where it happened
    full = _audit(_record(plays=plays, view=False))
    assert [(p.code, p.pointer) for p in full.problems] == [("play.revoke", "/hands/0/actions/4")]


def test_a_lead_of_a_suit_shown_out_of_is_a_revoke_too() -> None:
    # seat 2 shows out of clubs in trick 1 (6D on KC), wins trick 2 and leads QC
    plays = [(1, "KC"), (2, "6D"), (0, "AC"), (0, "3H"), (1, "5D"), (2, "8H")]
    plays += [(2, "QC"), (0, "2D"), (1, "7S")]
    report = _audit(_record(plays=plays))
    assert [(p.code, p.pointer) for p in report.problems] == [("play.revoke", "/hands/0/actions/9")]
    assert "in trick 3, but showed out of C in trick 1" in report.problems[0].message
    full = _audit(_record(plays=plays, view=False))
    assert [(p.code, p.pointer) for p in full.problems] == [("play.revoke", "/hands/0/actions/4")]


def test_a_hidden_seat_s_duty_to_trump_is_never_judged() -> None:
    # seat 1 holds KC 5C 7S: on the 2D lead it discards 5C though it could trump
    hands = [SEAT_0, ["KC", "5C", "7S"], ["QC", "6D", "8H"]]
    plays = [(1, "KC"), (2, "QC"), (0, "AC"), (0, "2D"), (1, "5C"), (2, "6D")]
    plays += [(2, "8H"), (0, "3H"), (1, "7S")]
    view = _record(hands, plays, must_trump_when_void=True)
    view["hands"][0]["claims"] = view["claims"] = None
    assert _problems(view) == []
    full = _record(hands, plays, view=False, must_trump_when_void=True)
    assert [c for c, _ in _problems(full)] == ["play.must-trump"]


def test_the_known_seat_s_own_plays_get_every_check() -> None:
    # seat 0 holds AC but discards 2D on the club lead
    plays = [(1, "KC"), (2, "QC"), (0, "2D")]
    assert _problems(_record(plays=plays)) == [("play.revoke", "/hands/0/actions/5")]
    plays = [(1, "KC"), (2, "QC"), (0, "KS")]
    assert _problems(_record(plays=plays)) == [("play.card-not-held", "/hands/0/actions/5")]


def test_trick_winners_and_claims_follow_from_the_plays() -> None:
    data = _record()
    data["hands"][0]["claims"]["tricks"] = [2, 0, 1]
    assert [c for c, _ in _problems(data)] == ["tricks.mismatch", "tricks.mismatch"]


# --- the formats -----------------------------------------------------------------------------


def test_the_text_notation_writes_a_hidden_hand_as_a_question_mark_and_reads_it_back() -> None:
    record = parse(orjson.dumps(_record()))
    text = notation.dumps(record)
    assert "deal 1 ?\ndeal 2 ?\n" in text
    [read] = notation.loads(text)
    assert read.problems == () and dumps(read.record) == dumps(record)


def test_openspiel_refuses_a_seat_s_view_with_a_loss() -> None:
    record = parse(orjson.dumps(_record()))
    written = list(records_text([record]))
    [loss] = [w for w in written if not isinstance(w, bytes) and w.pointer == "/hands/0"]
    assert "one seat's view" in loss.why


@pytest.mark.parametrize("stock", [None, ["2C"]])
def test_the_model_takes_null_hands_and_a_null_stock(stock: Any) -> None:
    data = _record()
    data["hands"][0]["deal"]["stock"] = stock
    record = parse(orjson.dumps(data))
    assert record.hands[0].deal.hands[1] is None  # type: ignore[union-attr]
