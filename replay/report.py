"""What checking a record produces: the library's report, a reducer over the replay steps.

``RecordReport.to_dict()`` is exactly what ``tricklog ... --format json`` prints for a record.
Recorded and recomputed values stay apart: a ``ClaimCheck`` holds both, and a claim replay could
not compute is ``unchecked``; nothing computed is ever written back as recorded. A hand's
derivation, calls and notes are worked out only when someone reads them.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import Any

from msgspec import Struct, field

from records.games import GAME_IDS, format_of
from records.identity import record_hash
from records.problems import Problem
from records.tricks import Trick
from replay.steps import (
    ClaimCheck,
    ClaimStatus,
    HandSettled,
    HandStatus,
    ProblemFound,
    RecordSettled,
    RecordStarted,
    Step,
    compare,
)

__all__ = [
    "ClaimCheck",
    "ClaimStatus",
    "HandReport",
    "HandStatus",
    "RecordReport",
    "compare",
    "report",
]


class HandReport:
    """One hand as replayed: the facts, the computation and the claims compared; a view of the
    hand's ``HandSettled`` step."""

    __slots__ = ("_derivation", "_notes", "step")

    def __init__(self, step: HandSettled) -> None:
        self.step = step
        self._derivation: list[str] | None = None
        self._notes: list[str] | None = None

    @property
    def index(self) -> int:
        """Position in the record's ``hands`` array, from 0."""
        return self.step.index

    @property
    def number(self) -> int:
        return self.step.number

    @property
    def dealer(self) -> int:
        return self.step.dealer

    @property
    def status(self) -> HandStatus:
        return self.step.status

    @property
    def trump(self) -> str | None:
        """Trump suit letter as it was in play, or None."""
        return self.step.trump

    @property
    def deal(self) -> list[list[str] | None]:
        """Each seat's cards as recorded; None for a seat whose cards the record does not know
        (one seat's view)."""
        return [None if cards is None else list(cards) for cards in self.step.deal]

    @property
    def calls(self) -> list[tuple[int, str]]:
        """(seat, what was said) in order: bids, auction calls, declarations."""
        return self.step.calls() if self.step.calls is not None else []

    @property
    def tricks(self) -> list[Trick]:
        return list(self.step.tricks)

    @property
    def taken(self) -> list[int] | None:
        """Tricks taken per seat, including tricks conceded by a claim; None when not finished
        (and in games whose report does not list them)."""
        return self.step.taken

    @property
    def scores(self) -> list[int] | None:
        """Points (or money) per seat for this hand, as recomputed."""
        return self.step.scores

    @property
    def totals(self) -> list[int] | None:
        """Running totals per seat after this hand, as recomputed; None when unknown."""
        return self.step.totals

    @property
    def derivation(self) -> list[str]:
        """How the scores came about, one line per step, in a scorer's words."""
        if self._derivation is None:
            self._derivation = self.step.derivation()
        return self._derivation

    @property
    def claims(self) -> list[ClaimCheck]:
        return self.step.checks or []

    @property
    def notes(self) -> list[str]:
        """Information that is not a problem (e.g. the largest meld a hand held)."""
        if self._notes is None:
            step = self.step
            extra = step.audit_notes() if step.audit_notes is not None else []
            self._notes = [*step.notes, *extra, *step.claim_notes]
        return self._notes

    def __repr__(self) -> str:
        return (
            f"HandReport(index={self.index}, number={self.number}, dealer={self.dealer}, "
            f"status={self.status.value!r}, trump={self.trump!r}, taken={self.taken!r}, "
            f"scores={self.scores!r}, totals={self.totals!r})"
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "number": self.number,
            "dealer": self.dealer,
            "status": self.status.value,
            "trump": self.trump,
            "calls": [{"seat": s, "call": c} for s, c in self.calls],
            "tricks": [
                {
                    "number": t.number,
                    "leader": t.leader,
                    "plays": [{"seat": s, "card": c} for s, c in t.plays],
                    "winner": t.winner,
                }
                for t in self.step.tricks
            ],
            "taken": self.taken,
            "scores": self.scores,
            "totals": self.totals,
            "derivation": self.derivation,
            "claims": [c.to_dict() for c in self.claims],
            "notes": self.notes,
        }


class RecordReport(Struct):
    """Everything found about one record."""

    source: str
    """``file`` or ``file:line``."""
    record_id: str | None = None
    game: str | None = None
    players: list[str] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    hands: list[HandReport] = field(default_factory=list)
    totals: list[int] | None = None
    winners: list[int] | None = None
    claims: list[ClaimCheck] = field(default_factory=list)
    """Claims about the whole record (final totals, winners)."""
    record: Any = None
    """The record checked, as decoded (None for one that does not parse): for ``hash``."""

    @property
    def valid(self) -> bool:
        return not self.problems

    def __repr__(self) -> str:
        """The record's place, verdict and problems, the totals and winners; its hands and
        claims counted (each ``HandReport`` has a short repr of its own)."""
        return (
            f"RecordReport(source={self.source!r}, record_id={self.record_id!r}, "
            f"game={self.game!r}, valid={self.valid}, problems={self.problems!r}, "
            f"hands=<{len(self.hands)} HandReport>, totals={self.totals!r}, "
            f"winners={self.winners!r}, claims=<{len(self.claims)} ClaimCheck>)"
        )

    @property
    def hash(self) -> str | None:
        """The hash of the record's facts (``records.identity``), worked out when asked;
        None for a record that does not parse."""
        if self.record is None:
            return None
        return record_hash(self.record)

    def to_dict(self, *, detail: bool = True) -> dict[str, Any]:
        out: dict[str, Any] = {
            "source": self.source,
            "id": self.record_id,
            "game": self.game,
            "hash": self.hash,
            "valid": self.valid,
            "problems": [p.to_dict() for p in self.problems],
        }
        if detail:
            out["players"] = self.players
            out["hands"] = [h.to_dict() for h in self.hands]
            out["totals"] = self.totals
            out["winners"] = self.winners
            out["claims"] = [c.to_dict() for c in self.claims]
        return _exact(out) if self.game in GAME_IDS and format_of(self.game).fractions else out


def _exact(value: Any) -> Any:
    """``value`` with every exact fraction (Bestia's ``pot_rounding = exact``) written as the
    record format writes money: a whole amount as an integer, any other as
    ``{"numerator": n, "denominator": d}``, so that a report is plain JSON data."""
    if isinstance(value, Fraction):
        if value.denominator == 1:
            return value.numerator
        return {"numerator": value.numerator, "denominator": value.denominator}
    if isinstance(value, dict):
        return {key: _exact(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_exact(item) for item in value]
    return value


def report(steps: Iterable[Step], source: str = "<record>") -> RecordReport:
    """Reduce a record's steps to its report."""
    out = RecordReport(source=source)
    problems = out.problems
    hands = out.hands
    for step in steps:
        if type(step) is HandSettled:
            hands.append(HandReport(step))
        elif type(step) is ProblemFound:
            problems.append(step.problem)
        elif type(step) is RecordStarted:
            out.record_id, out.game, out.players = step.record_id, step.game, step.players
        elif type(step) is RecordSettled:
            out.totals, out.winners = step.totals, step.winners
            out.claims = step.checks or []
    return out
