"""The claim comparison: a consumer of the replay steps that sets each recorded claim beside its
recomputed value and turns every disagreement into an ``inconsistent`` problem.

Recorded and recomputed values stay apart: a ``ClaimCheck`` holds both. A claim replay could not
recompute (a stopped hand, a partial game, a value the record did not log) is ``unchecked``,
with the reason where the referee knows it (``Claim.reasons``: a bid not logged); nothing
computed is ever written back as recorded.

One root, not a cascade. A running value (a total, a balance, the pot a hand starts with) is
the previous value plus this hand's change. When a record gets one hand's score wrong and
carries it on, every later total differs from the recomputation, but only the score is wrong.
So a running value is a problem only where it does not follow from the previous value and this
hand's change, each as the record states it or as replay recomputed it; the problem's message
names what it was compared with. A referee says once per game which claims a running claim
follows from (``Chain``); the values are worked out (``Follows``) only for a claim that differs
from its recomputation, so a record that agrees pays nothing for it. Where a previous value was itself reported,
the value it should have had (the problem's ``expected``) is a base too, so a slip in one total
that the next total does not repeat is one problem, not two. The ``ClaimCheck`` keeps comparing
the recorded value with the recomputed one, honestly: a total that follows from the record's
own numbers but not from the recomputation is listed as a ``mismatch``, and a note says why it
is no problem.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, Final, NamedTuple

from records.problems import Kind, Problem
from replay.steps import (
    Basis,
    Chain,
    Claim,
    ClaimCheck,
    ClaimStatus,
    HandSettled,
    HandStatus,
    ProblemFound,
    RecordSettled,
    Step,
    compare,
)

__all__ = [
    "Basis",
    "Chain",
    "ClaimCheck",
    "ClaimStatus",
    "Corrections",
    "Follows",
    "OneOf",
    "compare",
    "compare_claims",
    "compare_rows",
]

ABANDONED: Final = HandStatus.ABANDONED
MATCH: Final = ClaimStatus.MATCH
UNCHECKED: Final = ClaimStatus.UNCHECKED

Corrections = dict[str, dict[int | None, Any]]
"""Claim name -> seat (None: a scalar claim) -> the value a reported running value should have
had: what the next hand's value may follow on from."""


def _at(values: Any, seat: int | None) -> Any:
    """``values[seat]`` of a per-seat list (None where unknown), or the scalar itself."""
    if seat is None:
        return values
    if values is None or not 0 <= seat < len(values):
        return None
    return values[seat]


def _words(words: str, recorded: Any, computed: Any, corrected: Any = None) -> str:
    """A base of a running value as recorded, as recomputed and as it should have been."""
    if recorded is None:
        shown, others = computed, []
        if corrected is not None and corrected != computed:
            others.append(f"by the record's own numbers: {corrected}")
        return f"{words} {shown} (recomputed; the record does not state it{_list(others)})"
    others = []
    if computed is not None and computed != recorded:
        others.append(f"recomputed: {computed}")
    if corrected is not None and corrected not in (recorded, computed):
        others.append(f"by the record's own numbers: {corrected}")
    return f"{words} {recorded}" + (f" ({'; '.join(others)})" if others else "")


def _list(parts: list[str]) -> str:
    return "".join(f"; {part}" for part in parts)


class Follows(NamedTuple):
    """A running value is the previous value plus this hand's change, worked out.

    ``previous`` and ``change`` are (as recorded, as recomputed): per-seat lists for a per-seat
    claim, scalars for a scalar one, None where unknown. ``change`` None means the value is
    carried on unchanged (the final totals of a game, a pot carried into the next hand).
    """

    previous: tuple[Any, Any]
    change: tuple[Any, Any] | None = None
    previous_words: str = "the previous total"
    change_words: str = "this hand's score"
    chained: bool = True

    def candidates(self, seat: int | None, corrected: Any = None) -> list[Any]:
        recorded, computed = _at(self.previous[0], seat), _at(self.previous[1], seat)
        bases = [v for v in (recorded, corrected, computed) if v is not None]
        if self.change is None:
            return bases
        steps = [v for v in (_at(self.change[0], seat), _at(self.change[1], seat)) if v is not None]
        return [b + c for b in bases for c in steps]

    def describe(self, seat: int | None, corrected: Any = None) -> str:
        previous = self.previous
        text = "from " + _words(
            self.previous_words, _at(previous[0], seat), _at(previous[1], seat), corrected
        )
        if self.change is not None:
            change = _words(self.change_words, _at(self.change[0], seat), _at(self.change[1], seat))
            text += " and " + change
        return text


class OneOf(NamedTuple):
    """A value that may equal any of ``values`` (worked out from other claims of the record)."""

    values: Sequence[Any]
    words: str
    """``from the claimed final totals 10, 22, 31``."""
    chained: bool = False

    def candidates(self, seat: int | None, corrected: Any = None) -> list[Any]:
        return list(self.values)

    def describe(self, seat: int | None, corrected: Any = None) -> str:
        return self.words


def compare_rows(
    claims: Iterable[Claim],
    hand: int | None,
    *,
    checks: bool = True,
    before: Mapping[str, Mapping[int | None, Any]] | None = None,
    after: Corrections | None = None,
    previous: HandSettled | None = None,
    abandoned: bool = False,
) -> tuple[list[ClaimCheck], list[Problem], list[str]]:
    """(checks, problems, notes) of a hand's or a record's claims.

    A per-seat claim is compared seat by seat; an entry the record leaves null is skipped. With
    ``checks`` false only the problems are wanted, and claims that agree as a whole are passed
    over without a check per seat (the audit's hot path). ``before`` holds the corrections of
    the hand before (``Corrections``); this hand's are added to ``after``. ``previous`` is the
    settled hand just before (or, for the record's claims, the last hand), whose claims and
    totals a ``Chain`` follows on from; ``abandoned``: this hand adds nothing to a running value.
    """
    found: list[ClaimCheck] = []
    problems: list[Problem] = []
    notes: list[str] = []
    claims = claims if isinstance(claims, list) else list(claims)
    out = (found, problems, notes, before, after, previous, claims, abandoned)
    for claim in claims:
        recorded, computed = claim.recorded, claim.computed
        if recorded is None:
            if claim.show_missing and checks:
                found.append(compare(claim.name, None, None, computed))
            continue
        if recorded == computed:  # every value it states matches: nothing to work out
            if checks and claim.listed:
                _matches(claim, recorded, computed, found)
            continue
        if not claim.per_seat:
            _one(claim, None, claim.pointer, recorded, computed, hand, out)
            continue
        if computed is not None and len(recorded) != len(computed):
            problems.append(_seat_count(claim, hand, len(recorded), len(computed)))
            continue
        for seat, value in enumerate(recorded):
            if value is not None:
                share = computed[seat] if computed is not None else None
                _one(claim, seat, None, value, share, hand, out)
    return found, problems, notes


def _matches(claim: Claim, recorded: Any, computed: Any, found: list[ClaimCheck]) -> None:
    """The checks of a claim equal to its recomputation, as ``_one`` lists them: a scalar
    claim once, a per-seat claim for each seat it states (which cannot be None, since the
    recomputed value equals it)."""
    name = claim.name
    if not claim.per_seat:
        found.append(ClaimCheck(name, None, recorded, computed, MATCH))
        return
    found.extend(
        [
            ClaimCheck(name, seat, value, share, MATCH)
            for seat, (value, share) in enumerate(zip(recorded, computed, strict=True))
            if value is not None
        ]
    )


_Out = tuple[
    list[ClaimCheck],
    list[Problem],
    list[str],
    Mapping[str, Mapping[int | None, Any]] | None,
    Corrections | None,
    HandSettled | None,
    list[Claim],
    bool,
]
"""What comparing claims fills in (checks, problems, notes; the corrections before and after)
and what a ``Chain`` is worked out from (the hand before, this hand's claims, abandoned)."""


def _one(
    claim: Claim,
    seat: int | None,
    at: str | None,
    recorded: Any,
    computed: Any,
    hand: int | None,
    out: _Out,
) -> None:
    """Compare one value of a claim (``seat``'s, or the scalar's); ``at`` is its pointer,
    worked out from the claim's and the seat only for a problem when None."""
    check = compare(claim.name, seat, recorded, computed)
    status = check.status
    if status is UNCHECKED and claim.reasons is not None:
        check = check._replace(reason=claim.reasons.get(seat))
    if claim.listed:
        out[0].append(check)
    if status is ClaimStatus.MATCH:
        return
    basis = claim.follows
    expected = computed
    if basis is not None:
        if isinstance(basis, Chain):
            basis = _resolve(basis, claim, out)
        corrected = None
        before, after = out[3], out[4]
        if basis.chained and before is not None:
            corrected = before.get(claim.name, {}).get(seat)
        candidates = basis.candidates(seat, corrected)
        if recorded in candidates:
            if status is ClaimStatus.MISMATCH:
                out[2].append(_follows_note(claim, seat, recorded, computed, basis, corrected))
            return
        if not candidates and status is not ClaimStatus.MISMATCH:
            return  # nothing to judge it by: unchecked
        expected = candidates[0] if candidates else computed
        if after is not None:
            after.setdefault(claim.name, {})[seat] = expected
        if claim.message is not None and all(c == computed for c in candidates):
            message = claim.message(recorded, computed)  # the record's numbers add nothing
        else:
            message = _not_following(claim, seat, recorded, computed, basis, corrected)
    elif status is not ClaimStatus.MISMATCH:
        return
    elif claim.message is not None:
        message = claim.message(recorded, computed)
    else:
        message = f"{_subject(claim, seat, _said(recorded))}, recomputed {_said(computed)}"
    if at is None:
        at = f"{claim.pointer}/{seat}"
    out[1].append(
        Problem(
            claim.code or f"{claim.name}.mismatch",
            Kind.INCONSISTENT,
            message,
            at,
            hand=hand,
            seat=seat if claim.unit == "seat" else None,
            expected=expected,
            actual=recorded,
        )
    )
    if claim.hint is not None:
        note = claim.hint(recorded)
        if note is not None:
            out[2].append(note)


def _resolve(chain: Chain, claim: Claim, out: _Out) -> Follows:
    """The values a running claim follows from (``Chain``), worked out for a mismatch."""
    previous, claims, abandoned = out[5], out[6], out[7]
    recorded_before = None
    if previous is not None:
        named = _named(previous.claims, chain.previous)
        recorded_before = None if named is None else named.recorded
    chained = chain.previous == claim.name
    if not chain.change:
        words = chain.previous_words
        return Follows((recorded_before, claim.computed), None, words, chained=chained)
    seats = len(claim.recorded) if claim.per_seat else 1
    terms = [(_named(claims, name), sign) for name, sign in chain.change]
    recorded = _change(terms, seats, abandoned, as_recorded=True)
    computed = _change(terms, seats, abandoned, as_recorded=False)
    computed_before: list[Any] | None = previous.totals if previous is not None else None
    if computed_before is None and claim.computed is not None:  # this value less the change
        computed_before = [
            None if c is None else total - c
            for total, c in zip(claim.computed, computed, strict=False)
        ]
    return Follows(
        (recorded_before, computed_before),
        (recorded, computed),
        chain.previous_words,
        chain.change_words,
        chained,
    )


def _named(claims: list[Claim], name: str) -> Claim | None:
    return next((c for c in claims if c.name == name), None)


def _change(
    terms: list[tuple[Claim | None, int]], seats: int, abandoned: bool, *, as_recorded: bool
) -> list[Any]:
    """Per seat, the sum of the change claims with their signs: as the hand claims them (a
    claim it leaves out as recomputed) or as recomputed; None where a term is unknown."""
    if abandoned:
        return [0] * seats
    found: list[Any] = []  # whole numbers, or Bestia's exact fractions; None where unknown
    for seat in range(seats):
        total: Any = 0
        for term, sign in terms:
            value = None
            if term is not None:
                value = _at(term.recorded, seat) if as_recorded else None
                if value is None:
                    value = _at(term.computed, seat)
            if value is None or total is None:
                total = None
                break
            total += sign * value
        found.append(total)
    return found


def _subject(claim: Claim, seat: int | None, recorded: Any) -> str:
    whose = f" for {claim.unit} {seat}" if seat is not None else ""
    return f"recorded {claim.name} {recorded}{whose}"


def _not_following(
    claim: Claim, seat: int | None, recorded: Any, computed: Any, basis: Basis, corrected: Any
) -> str:
    subject = _subject(claim, seat, _said(recorded))
    text = f"{subject} does not follow {basis.describe(seat, corrected)}"
    return text if computed is None else f"{text}; recomputed {_said(computed)}"


def _follows_note(
    claim: Claim, seat: int | None, recorded: Any, computed: Any, basis: Basis, corrected: Any
) -> str:
    return (
        f"{_subject(claim, seat, _said(recorded))} differs from the recomputed {_said(computed)} "
        "but follows "
        f"{basis.describe(seat, corrected)}: the difference is reported where it starts"
    )


def _seat_count(claim: Claim, hand: int | None, recorded: int, seats: int) -> Problem:
    return Problem(
        "claim.seat-count",
        Kind.MALFORMED,
        f"the claimed {claim.name} list has {recorded} entries for {seats} {claim.unit}s",
        claim.pointer,
        hand=hand,
        expected=seats,
        actual=recorded,
    )


def compare_claims(steps: Iterable[Step], *, checks: bool = True) -> Iterator[Step]:
    """The steps with every claim compared: a settled hand or record gets its ``checks`` (and
    notes), and each disagreement follows it as a ``ProblemFound``. A hand's claims are
    compared knowing the hand before (its claims and totals, and what its reported running
    values should have been, ``Corrections``), where it is the hand just before."""
    last: HandSettled | None = None
    corrections: Corrections | None = None
    for step in steps:
        kind = type(step)
        if kind is HandSettled:
            hand: HandSettled = step  # type: ignore[assignment]
            adjacent = (
                last is not None and last.index == hand.index - 1 and last.number == hand.number - 1
            )
            previous = last if adjacent else None
            before = corrections if adjacent else None
            last, corrections = hand, None
            claims = hand.claims
            if claims and not checks and _agree(claims):  # nothing to list and nothing wrong
                hand.checks, hand.claim_notes = [], []
                yield hand
                continue
            if claims:
                after: Corrections = {}
                found, problems, notes = compare_rows(
                    hand.claims,
                    hand.number,
                    checks=checks,
                    before=before,
                    after=after,
                    previous=previous,
                    abandoned=hand.status is ABANDONED,
                )
                hand.checks, hand.claim_notes = found, notes
                corrections = after or None
                yield hand
                for problem in problems:
                    yield ProblemFound(problem)
                continue
        elif kind is RecordSettled and step.claims:  # type: ignore[union-attr]
            settled: RecordSettled = step  # type: ignore[assignment]
            found, problems, _ = compare_rows(
                settled.claims, None, checks=checks, before=corrections, previous=last
            )
            settled.checks = found
            yield settled
            for problem in problems:
                yield ProblemFound(problem)
            continue
        yield step


def _agree(claims: list[Claim]) -> bool:
    """Whether every claim the record makes equals its recomputation (or it makes none)."""
    for claim in claims:
        recorded = claim.recorded
        if recorded is not None and recorded != claim.computed:
            return False
    return True


def _said(value: Any) -> str:
    """A claimed or recomputed value as JSON writes it (``true``, ``[0, 2]``), not as Python
    would (``True``)."""
    if isinstance(value, bool) or value is None:
        return "true" if value is True else "false" if value is False else "null"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_said(v) for v in value) + "]"
    if isinstance(value, dict):  # a claimed object, such as a meld with its points
        return json.dumps(value)
    return str(value)
