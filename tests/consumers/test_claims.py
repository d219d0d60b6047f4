"""The claim comparison, a consumer of the replay: recorded beside recomputed, never mixed."""

from __future__ import annotations

from replay.claims import compare_rows
from replay.steps import Claim, ClaimStatus


def _statuses(claims: list[Claim], *, checks: bool = True) -> list[tuple[int | None, str]]:
    found, _, _ = compare_rows(claims, hand=3, checks=checks)
    return [(c.seat, c.status.value) for c in found]


def test_per_seat_claims_are_compared_seat_by_seat_and_null_entries_skipped() -> None:
    claim = Claim("score", "/hands/2/claims/scores", [10, None, 12], [10, 11, 13])
    found, problems, notes = compare_rows([claim], hand=3)
    assert [(c.seat, c.recorded, c.computed, c.status) for c in found] == [
        (0, 10, 10, ClaimStatus.MATCH),
        (2, 12, 13, ClaimStatus.MISMATCH),
    ]
    [problem] = problems
    assert problem.code == "score.mismatch" and problem.pointer == "/hands/2/claims/scores/2"
    assert (problem.hand, problem.seat, problem.expected, problem.actual) == (3, 2, 13, 12)
    assert problem.message == "recorded score 12 for seat 2, recomputed 13"
    assert problem.kind.value == "inconsistent" and notes == []


def test_a_claim_replay_could_not_compute_is_unchecked_and_no_claim_is_not_listed() -> None:
    assert _statuses([Claim("total", "/t", [5, 6], None)]) == [(0, "unchecked"), (1, "unchecked")]
    assert _statuses([Claim("total", "/t", None, [5, 6])]) == []
    assert _statuses([Claim("kitty", "/k", 4, None, per_seat=False)]) == [(None, "unchecked")]


def test_a_missing_ledger_claim_can_be_listed_as_missing() -> None:
    claim = Claim("starting_pot", "/p", None, 30, per_seat=False, show_missing=True)
    assert _statuses([claim]) == [(None, "missing")]


def test_a_list_of_the_wrong_length_is_a_malformed_claim() -> None:
    _, problems, _ = compare_rows([Claim("tricks", "/x", [1, 2], [1, 2, 0])], hand=1)
    [problem] = problems
    assert problem.code == "claim.seat-count" and problem.kind.value == "malformed"
    assert (problem.expected, problem.actual) == (3, 2)


def test_own_code_message_hint_and_unlisted_checks() -> None:
    carry = Claim(
        "starting_pot",
        "/hands/1/claims/starting_pot",
        20,
        25,
        per_seat=False,
        code="pot.carry-mismatch",
        message=lambda recorded, computed: f"starts with {recorded}, carried {computed}",
        hint=lambda recorded: f"{recorded} fits another reading",
    )
    ledger = Claim("ledger", "/claims", 99, 100, per_seat=False, code="x.y", listed=False)
    found, problems, notes = compare_rows([carry, ledger], hand=None)
    assert [c.name for c in found] == ["starting_pot"]
    assert [(p.code, p.message) for p in problems] == [
        ("pot.carry-mismatch", "starts with 20, carried 25"),
        ("x.y", "recorded ledger 99, recomputed 100"),
    ]
    assert notes == ["20 fits another reading"]


def test_without_checks_agreeing_claims_are_passed_over_but_every_problem_is_found() -> None:
    claims = [
        Claim("score", "/s", [1, 2], [1, 2]),
        Claim("total", "/t", [1, 9], [1, 2]),
    ]
    found, problems, _ = compare_rows(claims, hand=1, checks=False)
    assert [(c.name, c.seat) for c in found] == [("total", 0), ("total", 1)]
    assert [p.pointer for p in problems] == ["/t/1"]
    assert compare_rows(claims, hand=1)[1] == problems
