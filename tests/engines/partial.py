"""What the property tests of partial records share (docs/partial.md): the audit of a record
as data, what a partial record's audit must keep of the full record's, whether a problem found
in a record with values hidden is one the full record finds too, and a hand's auction replaced
by its result."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any

import orjson
from hypothesis import assume

import records.formats.text as notation
from records.parse import dumps, parse
from records.problems import Problem
from replay.check import check_bytes
from replay.report import ClaimStatus, RecordReport

KEPT = (ClaimStatus.MATCH, ClaimStatus.UNCHECKED)
"""What a claim that matched in the full record may be in a partial one."""

_ACTION = re.compile(r"^/hands/(\d+)/actions/(\d+)")
_HAND = re.compile(r"^/hands/(\d+)/")


def explained_by(problem: Problem, full: list[Problem]) -> bool:
    """Whether the full record finds ``problem`` too (the same code at the same place), or
    stopped that hand earlier: at an illegal action at or before it (for a claim of a hand,
    anywhere in that hand; for a claim of the record, in any hand)."""
    if any((p.code, p.pointer) == (problem.code, problem.pointer) for p in full):
        return True
    illegal = [p for p in full if p.kind.value == "illegal" and _ACTION.match(p.pointer)]
    at = _ACTION.match(problem.pointer)
    if at is not None:  # an action: the full hand stopped at or before it
        hand, position = int(at[1]), int(at[2])
        return any(
            (m := _ACTION.match(p.pointer)) is not None
            and int(m[1]) == hand
            and int(m[2]) <= position
            for p in illegal
        )
    of_hand = _HAND.match(problem.pointer)
    if of_hand is not None:  # a claim of a hand: the full hand stopped
        return any(p.pointer.startswith(f"/hands/{of_hand[1]}/") for p in illegal)
    return bool(illegal)  # a claim of the game: some hand stopped


def assert_all_explained(found: list[Problem], full: list[Problem]) -> None:
    """Every problem ``found`` in a partial record is ``explained_by`` the full record's."""
    for problem in found:
        assert explained_by(problem, full), (problem, full)


def audit(data: dict[str, Any]) -> RecordReport:
    """The audit of a record given as JSON data."""
    return check_bytes(orjson.dumps(data), audit=True)


def winners(report: RecordReport) -> list[list[int]]:
    """The winner of each trick, hand by hand."""
    return [[t.winner for t in hand.tricks] for hand in report.hands]


def assert_checked_as_full(partial: RecordReport, full: RecordReport) -> None:
    """The partial record is valid and checked as the full one: no problem, the same trick
    winners, every claim of a hand matched, and the record's claims as in the full record."""
    assert partial.problems == []
    assert winners(partial) == winners(full)
    for hand in partial.hands:
        assert all(c.status is ClaimStatus.MATCH for c in hand.claims), hand.claims
    assert [c.status for c in partial.claims] == [c.status for c in full.claims]


def assert_valid_and_kept(partial: RecordReport, full: RecordReport) -> None:
    """The partial record is valid, with the same trick winners, and every claim that matched
    in the full record matches or is unchecked in the partial (``assert_kept``)."""
    assert partial.problems == []
    assert winners(partial) == winners(full)
    assert_kept(partial, full)


def assert_kept(partial: RecordReport, full: RecordReport) -> None:
    """Every claim that matched in the full record matches or is unchecked in the partial."""
    for hand, before in zip(partial.hands, full.hands, strict=True):
        assert hand.status is before.status
        for check, was in zip(hand.claims, before.claims, strict=True):
            assert (check.name, check.seat) == (was.name, was.seat)
            if was.status is ClaimStatus.MATCH:
                assert check.status in KEPT, check
    for check, was in zip(partial.claims, full.claims, strict=True):
        if was.status is ClaimStatus.MATCH:
            assert check.status in KEPT, check


def assert_read_back(data: dict[str, Any]) -> None:
    """The models read the record, and the text notation writes it and reads it back
    unchanged."""
    record = parse(orjson.dumps(data))
    assert not isinstance(record, list)
    [read] = notation.loads(notation.dumps(record))
    assert read.problems == ()
    assert dumps(read.record) == dumps(record)


def result_only(hand: dict[str, Any]) -> bool:
    """Replace a pinochle hand's bids and passes by its result, as the claims give it (a void
    hand, with no declarer, keeps its passes): whether it did."""
    claims = hand["claims"]
    if claims.get("declarer") is None:
        return False
    won = {"type": "auction_won", "seat": claims["declarer"], "contract": claims["contract"]}
    hand["actions"] = [won, *(a for a in hand["actions"] if a["type"] not in ("bid", "pass"))]
    return True


def in_some_hands(
    data: dict[str, Any], seed: int, share: float, change: Callable[[dict[str, Any]], bool]
) -> set[int]:
    """Apply ``change`` in place to each hand of ``data`` picked with chance ``share`` (by a
    ``random.Random(seed)``): the indices of the hands it changed (it says whether it did)."""
    rng = random.Random(seed)
    picked = {i for i, hand in enumerate(data["hands"]) if rng.random() < share}
    return {i for i in picked if change(data["hands"][i])}


def assert_kept_when_changed(
    data: dict[str, Any], seed: int, share: float, change: Callable[[dict[str, Any]], bool]
) -> tuple[RecordReport, set[int]]:
    """``change`` made to some hands of a valid record (``in_some_hands``; an example where it
    changes none is rejected) leaves it valid, every claim that matched kept
    (``assert_valid_and_kept``): the audit of the changed record, and the hands changed."""
    full = audit(data)
    assert full.problems == []
    changed = in_some_hands(data, seed, share, change)
    assume(changed)
    partial = audit(data)

    assert_valid_and_kept(partial, full)
    return partial, changed


def assert_results_in_place_of_the_calls_kept(
    data: dict[str, Any], seed: int, share: float
) -> None:
    """Replacing the calls of some hands of a valid pinochle record by their result
    (``result_only`` in ``in_some_hands``; an example with none is rejected) leaves it valid,
    every claim that matched kept (``assert_valid_and_kept``), each hand replaced saying so in
    its first note and showing no bid or pass; the models and the notation read it."""
    partial, replaced = assert_kept_when_changed(data, seed, share, result_only)
    for index in replaced:
        hand = partial.hands[index]
        assert hand.notes[0].startswith("the auction was logged as its result only")
        assert not any(text.startswith("bid ") or text == "pass" for _, text in hand.calls)
    assert_read_back(data)  # the models read it too
