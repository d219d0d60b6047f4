"""``tricklog.Table``: spelling, refusals, undo, stated deals, the end of a game (issue 23)."""

from __future__ import annotations

import random

import pytest

import tricklog
from replay.registry import GAMES


def _played(game: str, seed: int, spelled: bool) -> tuple[tricklog.Table, list[str]]:
    table = tricklog.Table(game, seed=seed, hands=2)
    rng = random.Random(seed)
    said = []
    while not table.is_over:
        move = rng.choice(table.legal())
        said.append(str(move))
        table.apply(str(move) if spelled else move)
    return table, said


@pytest.mark.parametrize("game", list(GAMES))
def test_the_spelled_form_applies_the_same_action(game: str) -> None:
    by_move, said = _played(game, 11, spelled=False)
    by_text, _ = _played(game, 11, spelled=True)
    assert tricklog.dumps(by_text.record()) == tricklog.dumps(by_move.record())
    assert any(" " not in text for text in said) or game == "oh_hell"  # "pass" and the like
    report = tricklog.check(by_text.record())
    assert report.valid, report.problems


def test_an_illegal_card_is_refused_with_the_audits_problem_and_nothing_changes() -> None:
    table = tricklog.Table("oh_hell", rules="ohhellweb", players=["A", "B", "C"], seed=3, hands=1)
    while table.phase == "bid":
        table.apply(table.legal()[0])
    seat = table.to_move
    assert seat is not None
    before = tricklog.dumps(table.record())
    card = table.deal.hands[(seat + 1) % 3][0]
    with pytest.raises(tricklog.IllegalActionError) as caught:
        table.apply(f"play {card}")
    problem = caught.value.problem
    assert (problem.code, problem.pointer, problem.seat) == (
        "play.card-not-held",
        "/hands/0/actions/3",
        seat,
    )
    assert problem == table.why_not(f"play {card}")
    assert tricklog.dumps(table.record()) == before
    assert not table.is_legal(f"play {card}")


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("bod 1", "record.text"),
        ("bid x", "record.text"),
        ("bid 1 2", "record.text"),
        ("", "record.text"),
    ],
)
def test_words_that_spell_no_action_are_unreadable(text: str, code: str) -> None:
    table = tricklog.Table("oh_hell", seed=1)
    with pytest.raises(tricklog.UnreadableActionError) as caught:
        table.apply(text)
    assert caught.value.problem.code == code
    assert caught.value.problem.pointer == "/hands/0/actions/0"
    assert table.why_not(text) == caught.value.problem


def test_values_the_format_does_not_allow_are_unreadable() -> None:
    table = tricklog.Table("oh_hell", seed=1)
    with pytest.raises(tricklog.UnreadableActionError) as caught:
        table.apply({"type": "play", "seat": 0, "card": "ZZ"})
    assert caught.value.problem.code == "record.schema"
    assert isinstance(caught.value, ValueError)


def test_undo_goes_back_across_a_hand_and_keeps_the_next_deal() -> None:
    table = tricklog.Table("oh_hell", seed=5)  # hand 1 deals one card a seat
    with pytest.raises(IndexError):
        table.undo()
    while table.hand_number == 1:
        table.apply(table.legal()[0])
    second = table.deal
    assert table.results and table.totals == table.results[0].totals
    undone = table.undo()
    assert (table.hand_number, table.phase, table.results) == (1, "play", [])
    assert table.legal() == [tricklog.Move(undone.text, undone.action)]
    table.apply(undone)
    assert table.hand_number == 2 and table.deal == second


def test_a_game_over_lists_nothing_and_refuses_everything() -> None:
    table = tricklog.Table("oh_hell", rules="openspiel", players=["A", "B", "C"], seed=2)
    while not table.is_over:
        table.apply(table.legal()[-1])
    assert (table.legal(), table.phase, table.to_move) == ([], "over", None)
    problem = table.why_not("play 0:2C")
    assert problem is not None and problem.pointer.startswith("/hands/0/actions/")
    with pytest.raises(tricklog.IllegalActionError):
        table.apply("play 0:2C")
    record = table.record()
    assert record.claims is not None and record.claims.winners
    table.undo()
    assert not table.is_over and len(table.legal()) == 1


def test_a_stated_deal_the_rules_refuse_carries_the_audits_problem() -> None:
    deal = {"hands": [["AS"], ["AS"], ["KS"]], "turned_up": "9H"}
    with pytest.raises(tricklog.IllegalActionError) as caught:
        tricklog.Table("oh_hell", players=["A", "B", "C"], dealer=0, deal=deal)
    assert caught.value.problem.code == "deal.duplicate-card"
    assert caught.value.problem.pointer.startswith("/hands/0/deal")
    table = tricklog.Table("oh_hell", players=["A", "B", "C"], seed=1)
    table.apply(table.legal()[0])
    with pytest.raises(tricklog.TableError):
        table.deal_hand({"hands": [["AS"], ["KS"], ["QS"]], "turned_up": "9H"})


def test_a_seats_view_is_played_and_audits_clean() -> None:
    view = {"hands": [None, ["AS"], None], "turned_up": "9H"}
    table = tricklog.Table("oh_hell", players=["A", "B", "C"], dealer=0, deal=view)
    for text in ("bid 1", "bid 0", "bid 1", "play AS", "play 2S", "play 3S"):
        table.apply(text)
    assert table.hand_number == 2 and table.results[0].taken == [0, 1, 0]
    table.deal_hand({"hands": [["2C", "3C"], None, None], "turned_up": "9H"})
    record = table.record()
    assert record.hands[0].deal.hands[0] is None
    report = tricklog.check(record)  # hand 2 is being played: the record says so
    assert record.in_progress and report.valid, report.problems
    assert [h.status.value for h in report.hands] == ["complete", "in_progress"]


def test_the_table_reports_the_trick_and_the_tricks_taken() -> None:
    table = tricklog.Table("bestia", seed=4, hands=1)
    while table.phase != "play" or not table.trick:
        table.apply(table.legal()[0])
    assert len(table.trick) == 1 and table.trick[0][0] == table.record().hands[0].actions[-1].seat
    assert sum(table.taken) == len(table.tricks) == 0
    while len(table.trick) != 0:
        table.apply(table.legal()[0])
    assert sum(table.taken) == len(table.tricks) == 1


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ({"game": "bridge"}, "unknown game"),
        ({"game": "oh_hell", "rules": "nope"}, "unknown preset"),
        ({"game": "partnership_pinochle", "players": ["A", "B", "C"]}, "players"),
    ],
)
def test_a_table_that_cannot_be_set_up_says_why(args: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        tricklog.Table(**args)  # type: ignore[arg-type]
