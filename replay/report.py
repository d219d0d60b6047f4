"""What checking a record produces: the library's report, which the CLI only renders.

``RecordReport.to_dict()`` is exactly what ``tricklog ... --format json`` prints for a record.
Recorded and recomputed values stay apart: a ``ClaimCheck`` holds both, and a missing claim has
``recorded = None`` and status ``missing``; nothing computed is ever written back as recorded.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from records.problems import Problem
from replay.tricks import Trick


class ClaimStatus(StrEnum):
    MATCH = "match"
    MISMATCH = "mismatch"
    MISSING = "missing"
    """The record does not state this value."""
    UNCHECKED = "unchecked"
    """The record states it, but replay could not compute it (stopped hand, partial game)."""


@dataclass(frozen=True, slots=True)
class ClaimCheck:
    """A recorded value beside the recomputed one."""

    name: str
    seat: int | None
    recorded: Any
    computed: Any
    status: ClaimStatus

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "seat": self.seat,
            "recorded": self.recorded,
            "computed": self.computed,
            "status": self.status.value,
        }


def compare(name: str, seat: int | None, recorded: Any, computed: Any) -> ClaimCheck:
    if recorded is None:
        status = ClaimStatus.MISSING
    elif computed is None:
        status = ClaimStatus.UNCHECKED
    else:
        status = ClaimStatus.MATCH if recorded == computed else ClaimStatus.MISMATCH
    return ClaimCheck(name, seat, recorded, computed, status)


class HandStatus(StrEnum):
    COMPLETE = "complete"
    """Played to the end (or to an agreed claim) and scored."""
    ABANDONED = "abandoned"
    """Stopped by an ``abandon`` event; not scored."""
    STOPPED = "stopped"
    """Replay stopped at a problem; not scored."""


@dataclass(slots=True)
class HandReport:
    """One hand as replayed: the facts, the computation and the claims compared."""

    index: int
    """Position in the record's ``hands`` array, from 0."""
    number: int
    dealer: int
    status: HandStatus = HandStatus.STOPPED
    trump: str | None = None
    """Trump suit letter as it was in play, or None."""
    deal: list[list[str]] = field(default_factory=list)
    """Each seat's cards as recorded (``show`` fans them in suit order)."""
    calls: list[tuple[int, str]] = field(default_factory=list)
    """(seat, what was said) in order: bids, auction calls, declarations."""
    tricks: list[Trick] = field(default_factory=list)
    taken: list[int] | None = None
    """Tricks taken per seat, including tricks conceded by a claim; None when not finished."""
    scores: list[int] | None = None
    """Points (or money) per seat for this hand, as recomputed."""
    totals: list[int] | None = None
    """Running totals per seat after this hand, as recomputed; None when unknown."""
    derivation: list[str] = field(default_factory=list)
    """How the scores came about, one line per step, in a scorer's words."""
    claims: list[ClaimCheck] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    """Information that is not a problem (e.g. the largest meld a hand held)."""

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
                for t in self.tricks
            ],
            "taken": self.taken,
            "scores": self.scores,
            "totals": self.totals,
            "derivation": self.derivation,
            "claims": [c.to_dict() for c in self.claims],
            "notes": self.notes,
        }


@dataclass(slots=True)
class RecordReport:
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

    @property
    def valid(self) -> bool:
        return not self.problems

    def to_dict(self, *, detail: bool = True) -> dict[str, Any]:
        out: dict[str, Any] = {
            "source": self.source,
            "id": self.record_id,
            "game": self.game,
            "valid": self.valid,
            "problems": [p.to_dict() for p in self.problems],
        }
        if detail:
            out["players"] = self.players
            out["hands"] = [h.to_dict() for h in self.hands]
            out["totals"] = self.totals
            out["winners"] = self.winners
            out["claims"] = [c.to_dict() for c in self.claims]
        return out
