"""The claim comparison: a consumer of the replay steps that sets each recorded claim beside its
recomputed value and turns every disagreement into an ``inconsistent`` problem.

Recorded and recomputed values stay apart: a ``ClaimCheck`` holds both. A claim replay could not
recompute (a stopped hand, a partial game) is ``unchecked``; nothing computed is ever written
back as recorded.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from records.problems import Kind, Problem
from replay.steps import (
    Claim,
    ClaimCheck,
    ClaimStatus,
    HandSettled,
    ProblemFound,
    RecordSettled,
    Step,
    compare,
)

__all__ = ["ClaimCheck", "ClaimStatus", "compare", "compare_claims", "compare_rows"]


def compare_rows(
    claims: Iterable[Claim], hand: int | None, *, checks: bool = True
) -> tuple[list[ClaimCheck], list[Problem], list[str]]:
    """(checks, problems, notes) of a hand's or a record's claims.

    A per-seat claim is compared seat by seat; an entry the record leaves null is skipped. With
    ``checks`` false only the problems are wanted, and claims that agree as a whole are passed
    over without a check per seat (the audit's hot path).
    """
    found: list[ClaimCheck] = []
    problems: list[Problem] = []
    notes: list[str] = []
    for claim in claims:
        recorded, computed = claim.recorded, claim.computed
        if recorded is None:
            if claim.show_missing and checks:
                found.append(compare(claim.name, None, None, computed))
            continue
        if not checks and recorded == computed:
            continue
        if not claim.per_seat:
            _one(claim, None, claim.pointer, recorded, computed, hand, (found, problems, notes))
            continue
        if computed is not None and len(recorded) != len(computed):
            problems.append(_seat_count(claim, hand, len(recorded), len(computed)))
            continue
        for seat, value in enumerate(recorded):
            if value is not None:
                at = f"{claim.pointer}/{seat}"
                share = computed[seat] if computed is not None else None
                _one(claim, seat, at, value, share, hand, (found, problems, notes))
    return found, problems, notes


def _one(
    claim: Claim,
    seat: int | None,
    at: str,
    recorded: Any,
    computed: Any,
    hand: int | None,
    out: tuple[list[ClaimCheck], list[Problem], list[str]],
) -> None:
    check = compare(claim.name, seat, recorded, computed)
    if claim.listed:
        out[0].append(check)
    if check.status is not ClaimStatus.MISMATCH:
        return
    if claim.message is not None:
        message = claim.message(recorded, computed)
    else:
        whose = f" for seat {seat}" if seat is not None else ""
        message = f"recorded {claim.name} {recorded}{whose}, recomputed {computed}"
    out[1].append(
        Problem(
            claim.code or f"{claim.name}.mismatch",
            Kind.INCONSISTENT,
            message,
            at,
            hand=hand,
            seat=seat,
            expected=computed,
            actual=recorded,
        )
    )
    if claim.hint is not None:
        note = claim.hint(recorded)
        if note is not None:
            out[2].append(note)


def _seat_count(claim: Claim, hand: int | None, recorded: int, seats: int) -> Problem:
    return Problem(
        "claim.seat-count",
        Kind.MALFORMED,
        f"the claimed {claim.name} list has {recorded} entries for {seats} seats",
        claim.pointer,
        hand=hand,
        expected=seats,
        actual=recorded,
    )


def compare_claims(steps: Iterable[Step], *, checks: bool = True) -> Iterator[Step]:
    """The steps with every claim compared: a settled hand or record gets its ``checks`` (and
    notes), and each disagreement follows it as a ``ProblemFound``."""
    for step in steps:
        if isinstance(step, HandSettled | RecordSettled) and step.claims:
            hand = step.number if isinstance(step, HandSettled) else None
            found, problems, notes = compare_rows(step.claims, hand, checks=checks)
            step.checks = found
            if isinstance(step, HandSettled):
                step.claim_notes = notes
            yield step
            for problem in problems:
                yield ProblemFound(problem)
        else:
            yield step
