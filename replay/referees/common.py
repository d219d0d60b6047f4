"""What every referee does the same way: seat checks, illegal actions as problems, and the
comparison of recorded claims with recomputed values."""

from __future__ import annotations

from collections.abc import Sequence

from records.base import Player
from records.problems import Kind, Problem, Violation, pointer
from replay.report import ClaimCheck, ClaimStatus, compare


def players_problem(players: Sequence[Player], seats: int, rule: str) -> Problem | None:
    """A problem if ``players`` do not occupy seats ``0..seats-1`` once each."""
    taken = sorted(p.seat for p in players)
    if taken == list(range(seats)):
        return None
    return Problem(
        "record.players",
        Kind.MALFORMED,
        f"players must sit in seats 0..{seats - 1} once each ({rule} = {seats})",
        "/players",
        expected=list(range(seats)),
        actual=taken,
    )


def illegal(
    violation: Violation, at: str, hand: int, trick: int | None, seat: int | None
) -> Problem:
    """An engine's refusal of an action, placed in the record."""
    return Problem(
        violation.code,
        Kind.ILLEGAL,
        violation.message,
        at,
        hand=hand,
        trick=trick,
        seat=seat,
        expected=violation.expected,
        actual=violation.actual,
    )


def compare_claim(
    name: str,
    at: str,
    seat: int | None,
    recorded: object,
    computed: object,
    hand: int | None,
    out: tuple[list[ClaimCheck], list[Problem]],
) -> None:
    """Record one claim check; a mismatch is an ``<name>.mismatch`` problem."""
    checks, problems = out
    if recorded is None:
        return
    check = compare(name, seat, recorded, computed)
    checks.append(check)
    if check.status is ClaimStatus.MISMATCH:
        whose = f" for seat {seat}" if seat is not None else ""
        problems.append(
            Problem(
                f"{name}.mismatch",
                Kind.INCONSISTENT,
                f"recorded {name} {recorded}{whose}, recomputed {computed}",
                at,
                hand=hand,
                seat=seat,
                expected=computed,
                actual=recorded,
            )
        )


def compare_row(
    name: str,
    at: str,
    recorded: Sequence[int | None] | None,
    computed: Sequence[int] | None,
    hand: int | None,
    out: tuple[list[ClaimCheck], list[Problem]],
) -> None:
    """Compare a per-seat list of claims; a claim replay could not compute is unchecked."""
    if recorded is None:
        return
    if computed is not None and len(recorded) != len(computed):
        out[1].append(
            Problem(
                "claim.seat-count",
                Kind.MALFORMED,
                f"the claimed {name} list has {len(recorded)} entries for {len(computed)} seats",
                at,
                hand=hand,
                expected=len(computed),
                actual=len(recorded),
            )
        )
        return
    for seat, value in enumerate(recorded):
        value_computed = computed[seat] if computed is not None else None
        compare_claim(name, f"{at}/{seat}", seat, value, value_computed, hand, out)


def sequence_problem(
    seats: int,
    index: int,
    hand: tuple[int, int],
    previous: tuple[int, int] | None,
    *,
    last: int | None = None,
) -> Problem | None:
    """A problem with a hand's place in the game: its ``(number, dealer)`` against the previous
    in-sequence hand's, when numbers must rise (up to ``last``) and the deal passes one seat
    in the direction of play from hand to hand (seat numbers grow in that direction)."""
    number, dealer = hand
    at = pointer("hands", index)
    behind = previous is not None and number <= previous[0]
    if behind or (last is not None and number > last):
        expected = f"above {previous[0]}" if previous is not None else f"1..{last}"
        return Problem(
            "hand.number",
            Kind.ILLEGAL,
            f"hand number {number} is out of sequence (expected {expected})",
            at + "/number",
            hand=number,
            expected=expected,
            actual=number,
        )
    if dealer >= seats:
        return Problem(
            "deal.dealer-seat",
            Kind.MALFORMED,
            f"dealer seat {dealer} does not exist at a table of {seats}",
            at + "/dealer",
            hand=number,
            actual=dealer,
        )
    if previous is not None and dealer != (previous[1] + number - previous[0]) % seats:
        should = (previous[1] + number - previous[0]) % seats
        return Problem(
            "deal.dealer-rotation",
            Kind.ILLEGAL,
            f"seat {dealer} deals hand {number}, but the deal passes one seat on in the "
            f"direction of play and seat {should} should",
            at + "/dealer",
            hand=number,
            seat=dealer,
            expected=should,
            actual=dealer,
        )
    return None
