"""The audit's shortcuts reach what the long way reaches: a claim equal to its recomputation is
listed exactly as comparing it seat by seat lists it, and pausing the cycle collector for one
record leaves it as it was found."""

from __future__ import annotations

import gc
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from replay.check import check_bytes
from replay.claims import compare_rows
from replay.steps import Claim, ClaimCheck, compare

VALID = Path(__file__).parents[2] / "fixtures/oh_hell/valid/slam-small-nil-5-3p.json"
VALUES = st.one_of(st.none(), st.integers(-3, 3))


def _seat_by_seat(claim: Claim) -> list[ClaimCheck]:
    """The checks of a claim, compared one seat at a time without any shortcut."""
    if not claim.per_seat:
        return [compare(claim.name, None, claim.recorded, claim.computed)]
    computed: Any = claim.computed
    return [
        compare(claim.name, seat, value, None if computed is None else computed[seat])
        for seat, value in enumerate(claim.recorded)
        if value is not None
    ]


@settings(max_examples=60, deadline=None)
@given(st.lists(VALUES, min_size=1, max_size=5), st.booleans())
def test_an_agreeing_per_seat_claim_lists_every_stated_seat_as_a_match(
    values: list[int | None], listed: bool
) -> None:
    claim = Claim("score", "/hands/0/claims/scores", values, list(values), listed=listed)
    found, problems, notes = compare_rows([claim], hand=1)
    assert found == (_seat_by_seat(claim) if listed else [])
    assert problems == [] and notes == []


@settings(max_examples=60, deadline=None)
@given(st.lists(VALUES, min_size=1, max_size=5), st.lists(VALUES, min_size=1, max_size=5))
def test_a_claim_that_may_disagree_is_listed_as_seat_by_seat(
    recorded: list[int | None], computed: list[int | None]
) -> None:
    claim = Claim("tricks", "/hands/0/claims/tricks", recorded, computed)
    found, problems, _ = compare_rows([claim], hand=1)
    if len(recorded) == len(computed):
        assert found == _seat_by_seat(claim)
        wrong = [c.seat for c in found if c.status.value == "mismatch"]
        assert [p.pointer for p in problems] == [f"/hands/0/claims/tricks/{s}" for s in wrong]


def test_an_agreeing_scalar_claim_is_one_match() -> None:
    claim = Claim("trump", "/hands/0/claims/trump", "H", "H", per_seat=False)
    found, problems, _ = compare_rows([claim], hand=1)
    assert found == _seat_by_seat(claim) and problems == []
    assert compare_rows([claim], hand=1, checks=False) == ([], [], [])


def test_checking_a_record_leaves_the_cycle_collector_as_it_was() -> None:
    malformed = b'{"game": "oh_hell"}'  # the models explain it, inside the pause too
    for data in (VALID.read_bytes(), malformed):
        assert gc.isenabled()
        check_bytes(data)
        assert gc.isenabled()
        gc.disable()
        try:
            check_bytes(data)
            assert not gc.isenabled()
        finally:
            gc.enable()


FIXTURES = sorted((Path(__file__).parents[2] / "fixtures").rglob("*.json"))


def _verdict(report: Any) -> tuple[bool, list[Any], list[Any]]:
    hands = [(h.status, h.scores, h.totals, h.notes) for h in report.hands]
    return report.valid, list(report.problems), hands


def test_the_verdict_path_reports_what_the_detailed_audit_reports() -> None:
    """``audit -q`` compares claims without listing those that agree (``detail=False``), and
    passes over a hand whose every claim agrees at once: for every shipped fixture, valid or
    broken, its verdict, problems and hands are the detailed audit's."""
    compared = 0
    for path in FIXTURES:
        data = path.read_bytes()
        detailed = check_bytes(data, detail=True, source=path.name)
        if not hasattr(detailed, "hands"):
            continue
        quick = check_bytes(data, detail=False, source=path.name)
        assert _verdict(quick) == _verdict(detailed), path
        compared += 1
    assert compared > 200
