"""The claim comparison, a consumer of the replay: recorded beside recomputed, never mixed."""

from __future__ import annotations

import msgspec.structs

from replay.claims import Corrections, Follows, OneOf, compare_claims, compare_rows
from replay.steps import Claim, ClaimStatus, HandSettled, HandStatus, ProblemFound


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


# --- one root, not a cascade -------------------------------------------------------------------


def _total(recorded: list[int], computed: list[int] | None, follows: Follows) -> Claim:
    return Claim("total", "/hands/4/claims/totals", recorded, computed, follows=follows)


def test_a_total_that_follows_from_the_records_numbers_is_listed_honestly_but_no_problem() -> None:
    # Previous totals 41 and 30 (recomputed 39 and 30), this hand's scores 12 and 5.
    follows = Follows(([41, 30], [39, 30]), ([12, 5], [12, 5]))
    found, problems, notes = compare_rows([_total([53, 35], [51, 35], follows)], hand=5)
    assert [(c.seat, c.recorded, c.computed, c.status) for c in found] == [
        (0, 53, 51, ClaimStatus.MISMATCH),
        (1, 35, 35, ClaimStatus.MATCH),
    ]
    assert problems == []
    assert notes == [
        "recorded total 53 for seat 0 differs from the recomputed 51 but follows from the "
        "previous total 41 (recomputed: 39) and this hand's score 12: the difference is "
        "reported where it starts"
    ]


def test_a_total_that_follows_from_nothing_says_what_it_was_compared_with() -> None:
    follows = Follows(([41], [39]), ([12], [10]))
    _, problems, _ = compare_rows([_total([60], [49], follows)], hand=5)
    [problem] = problems
    assert problem.code == "total.mismatch" and problem.pointer == "/hands/4/claims/totals/0"
    assert problem.message == (
        "recorded total 60 for seat 0 does not follow from the previous total 41 "
        "(recomputed: 39) and this hand's score 12 (recomputed: 10); recomputed 49"
    )
    assert (problem.expected, problem.actual) == (53, 60)  # previous total + score, as claimed


def test_each_reading_of_the_previous_value_and_the_change_is_a_base() -> None:
    follows = Follows(([41], [39]), ([12], [10]))
    assert sorted(follows.candidates(0)) == [49, 51, 51, 53]
    assert follows.candidates(0, corrected=45) == [53, 51, 57, 55, 51, 49]
    assert Follows((None, None), ([1], [1])).candidates(0) == []  # nothing to judge by
    carried = Follows((80, 81), previous_words="the pot the previous hand carried")
    assert carried.candidates(None) == [80, 81]


def test_an_unchecked_value_is_still_judged_by_the_records_own_numbers() -> None:
    follows = Follows(([41], None), ([12], None))
    found, problems, _ = compare_rows([_total([53], None, follows)], hand=5)
    assert [c.status for c in found] == [ClaimStatus.UNCHECKED] and problems == []
    found, problems, _ = compare_rows([_total([54], None, follows)], hand=5)
    assert [c.status for c in found] == [ClaimStatus.UNCHECKED]
    assert [p.message for p in problems] == [
        "recorded total 54 for seat 0 does not follow from the previous total 41 and this "
        "hand's score 12"
    ]
    nothing = Follows((None, None), ([12], None))
    assert compare_rows([_total([54], None, nothing)], hand=5)[1] == []


def test_what_a_reported_total_should_have_been_carries_to_the_next_hand() -> None:
    # Hand 5 writes 60 where 53 follows; hand 6 goes on from 53 (+4 = 57): one problem.
    fifth = _total([60], [51], Follows(([41], [39]), ([12], [12])))
    sixth = Claim(
        "total", "/hands/5/claims/totals", [57], [55], follows=Follows(([60], [51]), ([4], [4]))
    )
    after: Corrections = {}
    assert len(compare_rows([fifth], hand=5, after=after)[1]) == 1
    assert after == {"total": {0: 53}}
    assert compare_rows([sixth], hand=6)[1] != []  # without the correction: a second problem
    assert compare_rows([sixth], hand=6, before=after)[1] == []
    steps = [
        HandSettled(4, 5, 0, HandStatus.COMPLETE, claims=[fifth]),
        HandSettled(5, 6, 1, HandStatus.COMPLETE, claims=[sixth]),
    ]
    found = [s for s in compare_claims(steps) if isinstance(s, ProblemFound)]
    assert [p.problem.pointer for p in found] == ["/hands/4/claims/totals/0"]


def test_winners_may_follow_from_the_claimed_totals() -> None:
    follows = OneOf([[2]], "from the claimed final totals 10, 22, 31 (winners [2])")
    claim = Claim("result", "/claims/winners", [2], [1], per_seat=False, follows=follows)
    found, problems, notes = compare_rows([claim], hand=None)
    assert [c.status for c in found] == [ClaimStatus.MISMATCH] and problems == []
    assert notes and "follows from the claimed final totals" in notes[0]
    wrong = msgspec.structs.replace(claim, recorded=[0])
    [problem] = compare_rows([wrong], hand=None)[1]
    assert problem.message == (
        "recorded result [0] does not follow from the claimed final totals 10, 22, 31 "
        "(winners [2]); recomputed [1]"
    )
