"""The driver: one walk of any record, as steps; what every game's replay shares.

Driven through Oh Hell records (the other games' walks are covered with their engines); the
order rules are driven directly with a stand-in referee.
"""

from __future__ import annotations

import dataclasses
import itertools
import random
from typing import Any

import pytest

from records.oh_hell import Abandon, Claim, Hand, OhHellRecord
from records.tricks import Duty
from replay.check import check, steps
from replay.driver import _Order
from replay.generators.oh_hell import generate
from replay.referee import Referee
from replay.registry import GAMES
from replay.steps import (
    ActionApplied,
    ClaimStatus,
    HandSettled,
    HandStarted,
    HandStatus,
    ProblemFound,
    RecordSettled,
    RecordStarted,
    TrickCompleted,
)


def _game(seed: int = 1, hands: int | None = 5) -> OhHellRecord:
    return generate(random.Random(seed), players=4, hands=hands, game_id=f"g{seed}")


def _replace_hand(record: OhHellRecord, index: int, hand: Hand) -> OhHellRecord:
    hands = list(record.hands)
    hands[index] = hand
    return record.model_copy(update={"hands": hands})


def test_steps_come_in_order_with_every_action_and_trick() -> None:
    record = _game()
    found = list(steps(record))
    assert isinstance(found[0], RecordStarted) and found[0].players[0] == "Anna"
    assert isinstance(found[-1], RecordSettled) and found[-1].totals is not None
    hands = [s for s in found if isinstance(s, HandSettled)]
    assert [h.number for h in hands] == [1, 2, 3, 4, 5]
    assert all(h.status is HandStatus.COMPLETE for h in hands)
    applied = [s for s in found if isinstance(s, ActionApplied)]
    assert len(applied) == sum(len(h.actions) for h in record.hands)
    assert [a.said for a in applied if a.action.type == "bid"][:1] in (["nil"], ["bid 1"])
    assert all(a.said is None for a in applied if a.action.type == "play")
    tricks = [s for s in found if isinstance(s, TrickCompleted)]
    assert [t.trick.number for t in tricks if t.hand == 4] == [1, 2, 3, 4, 5]
    starts = [s.index for s in found if isinstance(s, HandStarted)]
    assert starts == [0, 1, 2, 3, 4]
    assert not any(isinstance(s, ProblemFound) for s in found)


@pytest.mark.parametrize("game", ["oh_hell", "pinochle", "bestia"])
def test_every_card_played_carries_the_duty_it_was_played_under(game: str) -> None:
    """A card's step says what bound that seat there, as the engine decided it just before the
    card: the seat and place in the trick, the suit led, and the cards allowed, this one among
    them; a card that followed under a duty to follow is of the suit led."""
    record = GAMES[game].generate(random.Random(3))
    duties: dict[str, int] = {}
    for step in steps(record, choices=True):
        if not isinstance(step, ActionApplied):
            continue
        if step.action.type != "play":
            assert step.duty is None
            continue
        duty, card = step.duty, step.action.card
        assert duty is not None and duty.seat == step.action.seat and card in duty.allowed
        assert (duty.led is None) == (duty.place == 0)
        if duty.duty in (Duty.FOLLOW, Duty.HEAD):
            assert card[-1] == duty.led
        if duty.duty in (Duty.TRUMP, Duty.OVERTRUMP):
            assert card[-1] == duty.trump
        duties[duty.duty.value] = duties.get(duty.duty.value, 0) + 1
    assert {"lead", "follow"} <= set(duties), duties


def test_a_hand_stops_at_its_first_problem_and_the_next_hand_goes_on() -> None:
    record = _game(seed=2)
    hand = record.hands[2]
    plays = [i for i, a in enumerate(hand.actions) if a.type == "play"]
    actions = list(hand.actions)
    first, second = actions[plays[0]], actions[plays[1]]
    actions[plays[0]], actions[plays[1]] = second, first  # the second seat plays first
    report = check(_replace_hand(record, 2, hand.model_copy(update={"actions": actions})))
    assert [p.code for p in report.problems] == ["play.out-of-turn"]
    problem = report.problems[0]
    assert problem.pointer == f"/hands/2/actions/{plays[0]}" and problem.trick == 1
    statuses = [h.status for h in report.hands]
    assert statuses == [HandStatus.COMPLETE] * 2 + [HandStatus.STOPPED] + [HandStatus.COMPLETE] * 2
    assert report.hands[1].totals is not None
    assert report.hands[3].totals is None  # unknown after a hand that was not scored
    assert report.hands[3].scores is not None
    assert report.totals is None and report.winners is None


def test_actions_that_stop_early_make_an_incomplete_hand() -> None:
    record = _game(seed=3)
    hand = record.hands[3]
    cut = hand.model_copy(update={"actions": hand.actions[:-2]})
    report = check(_replace_hand(record, 3, cut), audit=False)
    [problem] = report.problems
    assert problem.code == "hand.incomplete" and problem.pointer == "/hands/3/actions"
    assert problem.seat is not None and "unfinished" in problem.message


def test_a_record_in_progress_lets_only_its_last_hand_stop_where_play_stands() -> None:
    record = _game(seed=3).model_copy(update={"in_progress": True, "claims": None})
    last = record.hands[-1]
    cut = last.model_copy(update={"actions": last.actions[:-2]})  # claims left as recorded
    report = check(_replace_hand(record, len(record.hands) - 1, cut))
    assert report.valid, report.problems
    hand = report.hands[-1]
    assert hand.status is HandStatus.IN_PROGRESS and hand.scores is None
    assert [n for n in hand.notes if n.startswith("in progress: ")], hand.notes
    scores = {c.status for c in hand.claims if c.name in ("tricks", "score", "total")}
    assert scores == {ClaimStatus.UNCHECKED}, hand.claims  # stated, not known until it ends
    assert report.totals is None  # the game's totals wait for the hand
    middle = record.hands[2].model_copy(update={"actions": record.hands[2].actions[:-2]})
    report = check(_replace_hand(record, 2, middle), audit=False)  # the mark covers the last
    assert [(p.code, p.pointer) for p in report.problems] == [
        ("hand.incomplete", "/hands/2/actions")
    ]
    illegal = cut.model_copy(update={"actions": [*cut.actions[:-1], cut.actions[-2]]})
    report = check(_replace_hand(record, len(record.hands) - 1, illegal), audit=False)
    assert [p.code for p in report.problems] != [] and not report.valid  # still refereed


def test_a_claim_ends_the_run_of_plays_and_the_hand() -> None:
    record = _game(seed=4)
    hand = record.hands[4]  # five cards each: claim after the first trick
    actions = list(hand.actions[: 4 + 4])
    report_before = check(record)
    taken = report_before.hands[4].tricks[0].winner
    remaining = [0, 0, 0, 0]
    remaining[taken] = 4
    actions.append(Claim(type="claim", seat=taken, remaining=remaining))
    claimed = hand.model_copy(update={"actions": actions, "claims": None})
    report = check(_replace_hand(record, 4, claimed), audit=False)
    assert report.valid, report.problems
    assert report.hands[4].taken is not None and report.hands[4].taken[taken] == 5
    assert len(report.hands[4].tricks) == 1


def test_an_abandoned_hand_keeps_the_totals_going() -> None:
    record = _game(seed=5)
    hand = record.hands[1]
    abandoned = hand.model_copy(update={"actions": [Abandon(type="abandon")], "claims": None})
    report = check(_replace_hand(record, 1, abandoned), audit=False)
    assert report.valid
    assert report.hands[1].status is HandStatus.ABANDONED and report.hands[1].scores is None
    assert report.hands[2].totals is not None


def test_a_gap_in_the_deals_leaves_the_totals_unknown() -> None:
    record = _game(seed=6)
    hands = [record.hands[0], *record.hands[2:]]
    report = check(record.model_copy(update={"hands": hands, "claims": None}), audit=False)
    assert report.valid
    assert report.hands[0].totals is not None and report.hands[1].totals is None


class _Stand(Referee[Any, Any, Any]):
    def __init__(self, sequence: str) -> None:
        self.sequence = sequence  # type: ignore[assignment]


ROT, NUM, SEAT = "deal.dealer-rotation", "hand.number", "deal.dealer-seat"


@pytest.mark.parametrize(
    ("sequence", "dealers", "hands", "codes"),
    [
        # rising: a number is judged against the last hand in order, gaps allowed up to the
        # last deal; a dealer against the hand before, and only the first out of turn is told
        (
            "rising",
            "rotation",
            [(1, 0), (2, 1), (4, 3), (3, 2), (5, 0)],
            [None, None, None, NUM, None],
        ),
        ("rising", "rotation", [(1, 0), (2, 1), (3, 3), (4, 0)], [None, None, ROT, None]),
        ("rising", "rotation", [(1, 0), (2, 2), (3, 0), (4, 1)], [None, ROT, None, None]),
        ("rising", "rotation", [(1, 0), (2, 1), (2, 2), (3, 2)], [None, None, NUM, None]),
        # a number typo that breaks the rotation: the hand is left out, the real one is in order
        ("rising", "rotation", [(1, 2), (2, 3), (4, 0), (4, 1)], [None, None, ROT, None]),
        ("rising", "rotation", [(1, 0), (7, 2)], [None, NUM]),
        ("rising", "rotation", [(1, 9)], [SEAT]),
        # a harness's own order: one problem under the rotation, none when stated
        ("rising", "rotation", [(1, 0), (2, 3), (3, 2), (4, 1)], [None, ROT, None, None]),
        ("rising", (0, 3, 2, 1), [(1, 0), (2, 3), (3, 2), (4, 1)], [None, None, None, None]),
        ("rising", (0, 3, 2, 1), [(1, 0), (2, 3), (3, 3), (4, 1)], [None, None, ROT, None]),
        ("rising", (0, 3), [(1, 0), (2, 3), (3, 2)], [None, None, ROT]),
        ("rising", "as_recorded", [(1, 2), (2, 2), (3, 0)], [None, None, None]),
        ("rising", "as_recorded", [(1, 2), (2, 4)], [None, SEAT]),
        # consecutive: the i-th hand is the first's number plus i, whatever came between
        ("consecutive", "rotation", [(3, 1), (5, 2), (5, 3)], [None, NUM, None]),
        ("consecutive", "rotation", [(1, 0), (2, 0), (3, 1)], [None, ROT, None]),
        ("consecutive", "rotation", [(1, 0), (2, 1), (3, 3), (4, 0)], [None, None, ROT, None]),
        ("consecutive", "rotation", [(1, 9), (2, 1), (3, 2)], [SEAT, None, None]),
    ],
)
def test_order_of_the_hands(
    sequence: str, dealers: Any, hands: list[tuple[int, int]], codes: list[str | None]
) -> None:
    order = _Order(_Stand(sequence), seats=4, last=5, dealers=dealers)
    found = [order.check(i, number, dealer) for i, (number, dealer) in enumerate(hands)]
    assert [p.code if p is not None else None for p in found] == codes


@pytest.mark.parametrize(
    ("hands", "message", "expected"),
    [
        ([(1, 0), (1, 1)], "hand number 1 is out of sequence: hand 1 came before it", "above 1"),
        (
            [(1, 0), (6, 1)],
            "hand number 6 is beyond the last hand the rules' schedule deals",
            "1..5",
        ),
    ],
)
def test_a_misnumbered_hand_says_why_once(
    hands: list[tuple[int, int]], message: str, expected: str
) -> None:
    """The message does not repeat what ``expected`` and ``actual`` say (they are printed after
    it), nor contradict them."""
    order = _Order(_Stand("rising"), seats=4, last=5, dealers="rotation")
    found = [order.check(i, number, dealer) for i, (number, dealer) in enumerate(hands)][-1]
    assert found is not None
    assert (found.message, found.expected, found.actual) == (message, expected, hands[-1][0])
    assert "expected" not in found.message


def _harness_dealers(sizes: list[int], first: int, seats: int) -> tuple[int, ...]:
    """A tournament harness's order: the dealer moves one seat against the play while the
    hands grow, and one seat with it while they shrink."""
    dealers = [first]
    for before, size in itertools.pairwise(sizes):
        dealers.append((dealers[-1] + (-1 if size > before else 1)) % seats)
    return tuple(dealers)


def test_a_harness_dealer_order_stated_audits_clean_and_is_one_problem_unstated() -> None:
    """A game whose dealers follow a harness's own order audits clean when its rules list
    them; under the rotation it is one problem: the hand of the first dealer out of turn is
    not replayed (its claims unchecked), and every hand after it is, its claims compared."""
    sizes = [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1]
    dealers = _harness_dealers(sizes, 2, 4)
    record = generate(
        random.Random(5), preset="default", players=4, hand_sizes=tuple(sizes), dealer_order=dealers
    )
    assert [hand.dealer for hand in record.hands] == list(dealers)
    assert check(record, audit=True).valid
    rotation = record.model_copy(
        update={"rules": dataclasses.replace(record.rules, dealer_order="rotation")}
    )
    report = check(rotation, audit=True)
    assert [(p.code, p.hand) for p in report.problems] == [("deal.dealer-rotation", 2)]
    assert [hand.status for hand in report.hands] == ["complete", "stopped"] + ["complete"] * 9
    assert {c.status for c in report.hands[1].claims} == {"unchecked"}
    after = {(c.name, c.status) for h in report.hands[2:] for c in h.claims}
    assert {status for name, status in after if name != "total"} == {"match"}
    assert {status for name, status in after if name == "total"} == {"unchecked"}  # not known
    told = rotation.model_copy(
        update={"rules": dataclasses.replace(record.rules, dealer_order="as_recorded")}
    )
    assert check(told, audit=True).valid


def test_a_hand_skipped_for_its_number_lists_its_claims_unchecked() -> None:
    record = _game(seed=3)
    record = _replace_hand(record, 1, record.hands[1].model_copy(update={"number": 1}))
    report = check(record, audit=True)
    assert [p.code for p in report.problems] == ["hand.number"]
    skipped = report.hands[1]
    assert skipped.claims, "the hand's claims are listed"
    assert {c.status for c in skipped.claims} == {"unchecked"}
