"""The steps of a replay: what the driver (``replay.driver``) yields as it walks a record.

One traversal feeds every consumer: the verdict, the claim comparison, the JSON
report, the derivation, and the converters, summaries and views to come are all reducers over
these steps. A consumer that knows no game's rules can still follow any game.

Each step is a value as of its moment in the replay: nothing in it changes as the replay goes
on, so a consumer may keep the steps (``list(...)``) and read them in any order. An action's
step says what the action did in small values (the trick so far, the phase after it, whose
turn it is, for a play the duty it was played under); no step holds the engine's live state. A
hand's ``HandSettled`` holds values as of the hand's end: its finished tricks (the play's own
list of them, which nothing changes once the hand has ended) and the engine's settlement (kept
out of its repr with the claims and the callables that explain the hand).

The steps, like the other values made on an audit's path (problems, the engines' states and
settlements, reports), are msgspec Structs rather than dataclasses: a class costs about a
twentieth of a dataclass's to define (a one-record audit defines dozens as it starts) and an
instance about a third to make (every hand makes several), frozen or not. The steps that are
whole when made are frozen; a hand's and a record's end are completed by the driver and the
claim comparison, and are not.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from enum import StrEnum
from typing import Any, NamedTuple, Protocol

from msgspec import Struct, field

from records.problems import Problem
from records.tricks import PlayDuty, Trick

__all__ = [
    "ActionApplied",
    "Basis",
    "Chain",
    "Claim",
    "ClaimCheck",
    "ClaimStatus",
    "HandSettled",
    "HandStarted",
    "HandStatus",
    "ProblemFound",
    "RecordSettled",
    "RecordStarted",
    "Step",
    "TrickCompleted",
    "compare",
]


class HandStatus(StrEnum):
    COMPLETE = "complete"
    """Played to the end (or to an agreed claim or concession) and settled."""
    ABANDONED = "abandoned"
    """Stopped by an ``abandon`` event; not scored."""
    STOPPED = "stopped"
    """Replay stopped at a problem (or could not settle the hand); not scored."""
    IN_PROGRESS = "in_progress"
    """The last hand of a record in progress (``in_progress``), whose actions stop where play
    stands; every action so far checked, not scored."""


class ClaimStatus(StrEnum):
    MATCH = "match"
    MISMATCH = "mismatch"
    MISSING = "missing"
    """The record does not state this value."""
    UNCHECKED = "unchecked"
    """The record states it, but replay could not compute it (stopped hand, partial game, a
    value the record did not log)."""


class ClaimCheck(NamedTuple):
    """A recorded value beside the recomputed one (a tuple: audits make thousands)."""

    name: str
    seat: int | None
    recorded: Any
    computed: Any
    status: ClaimStatus
    reason: str | None = None
    """Why an ``unchecked`` value could not be computed, where the referee knows a reason the
    record gives (a bid not logged); None otherwise."""

    def to_dict(self) -> dict[str, Any]:
        out = {
            "name": self.name,
            "seat": self.seat,
            "recorded": self.recorded,
            "computed": self.computed,
            "status": self.status.value,
        }
        if self.reason is not None:
            out["reason"] = self.reason
        return out


def compare(name: str, seat: int | None, recorded: Any, computed: Any) -> ClaimCheck:
    if recorded is None:
        status = ClaimStatus.MISSING
    elif computed is None:
        status = ClaimStatus.UNCHECKED
    else:
        status = ClaimStatus.MATCH if recorded == computed else ClaimStatus.MISMATCH
    return ClaimCheck(name, seat, recorded, computed, status)


class Basis(Protocol):
    """What the record's own numbers allow a claimed value to be, besides the recomputation."""

    @property
    def chained(self) -> bool:
        """Whether the previous value is this claim's value in the hand before (so that what it
        should have been, where it was reported, is a base too)."""
        ...

    def candidates(self, seat: int | None, corrected: Any = None) -> list[Any]:
        """The values that follow, for ``seat`` (None: a claim about the whole table), the
        first the one a scorer would write; empty when nothing is known to judge by.
        ``corrected``: what the previous value should have been, where it was reported."""
        ...

    def describe(self, seat: int | None, corrected: Any = None) -> str:
        """What the value was compared with, in a scorer's words (``from the previous total 41
        and this hand's score 12``)."""
        ...


class Chain(NamedTuple):
    """How a running claim follows from the claims beside it, said once per game (a constant):
    its value is the ``previous`` claim of the hand before (or, for a claim about the record,
    of the last hand) plus this hand's ``change``, the sum of its claims named there with their
    signs. The claim comparison works out the values (``Follows``) only for a claim that differs
    from its recomputation: as recorded, from the claims (a change claim the hand leaves out
    counts as recomputed); as recomputed, from the steps (the previous hand's running totals, or
    without a change this claim's own recomputation, the pot or total carried on). A chain with
    no ``change`` carries a value on unchanged."""

    previous: str
    change: tuple[tuple[str, int], ...] = ()
    previous_words: str = "the previous total"
    change_words: str = "this hand's score"


class Claim(Struct):
    """A value the record claims beside the value replay computed, not yet compared.

    ``per_seat`` claims are lists indexed by seat (entries may be None: not claimed);
    ``computed`` is None where replay could not compute the value.
    """

    name: str
    pointer: str
    recorded: Any
    computed: Any
    per_seat: bool = True
    code: str | None = None
    """The problem code of a mismatch; ``<name>.mismatch`` when None."""
    message: Callable[[Any, Any], str] | None = None
    """``message(recorded, computed)`` of a mismatch, when the default words do not fit."""
    hint: Callable[[Any], str | None] | None = None
    """``hint(recorded)``: a note for a mismatch that a known variant would explain."""
    listed: bool = True
    """False for a check of the claims against each other, shown only when it fails."""
    show_missing: bool = False
    """List the claim as ``missing`` when the record does not make it (a scalar claim)."""
    follows: Basis | Chain | None = None
    """For a running value (a total, a balance, a pot carried on): what it follows from, the
    claims beside it (``Chain``) or values worked out (``Basis``).
    A value that follows from the record's own numbers is no problem even where it differs from
    the recomputation: that difference is reported once, where it starts."""
    unit: str = "seat"
    """What a per-seat claim's entries are indexed by, in a problem's words: ``team`` for a
    claim per side of a partnership game (entry 0 the side of seat 0, entry 1 that of seat 1),
    whose problems then name the team and no seat."""
    reasons: Mapping[int | None, str] | None = None
    """Why the value of a seat (None: of a scalar claim) could not be computed, where the
    record says so (a bid it did not log): the reason of its ``unchecked`` check."""


class RecordStarted(Struct, frozen=True):
    """A record's replay begins."""

    game: str
    record_id: str
    players: list[str]
    """Player names by seat."""


class HandStarted(Struct, frozen=True):
    """A hand's replay begins, with its deal as recorded."""

    index: int
    """Position in the record's ``hands`` array, from 0."""
    number: int
    dealer: int
    deal: Sequence[Sequence[str]]
    """Each seat's cards as recorded."""


class ActionApplied(Struct, frozen=True):
    """An action the rules accepted, and what it did: values as of that action, which the
    replay never changes after (the driver makes one per action only when asked,
    ``replay.driver.replay(actions=True)``)."""

    hand: int
    """The hand's index."""
    index: int
    """The action's position in the hand's ``actions``."""
    action: Any
    """The action as the record has it."""
    seat: int | None
    """The seat that acted (None for an action of the table, e.g. an abandonment)."""
    said: str | None
    """What the player said, in a scorer's words (bids, declarations); None for a play."""
    phase: str
    """The hand's phase after the action, as its engine names it (``bid``, ``play``, ``over``,
    ...)."""
    trick: tuple[tuple[int, str], ...]
    """(seat, card) of the trick in progress after the action, in the order played; after the
    card that completes a trick, that whole trick (a ``TrickCompleted`` step follows); ``()``
    when no card of a trick is on the table."""
    to_move: int | None
    """The seat whose turn it is after the action; None when anyone may act, or nobody."""
    duty: PlayDuty | None = None
    """For a card played, when the driver was asked for choices: the duty it was played
    under, as the engine decided it just before (``records.tricks.PlayDuty``: follow suit, void
    and free, trump, head the trick..., with the cards the seat could play); None
    otherwise."""


class TrickCompleted(Struct, frozen=True):
    """A trick's last card was played: the finished trick (never changed after)."""

    hand: int
    """The hand's index."""
    trick: Trick


class ProblemFound(Struct, frozen=True):
    """A problem of the record; after an illegal action, the hand stops there."""

    problem: Problem


class HandSettled(Struct):
    """A hand's end: settled, abandoned, or stopped at a problem. It holds values, never the
    engine's live state, which stays with the driver and the game's referee."""

    index: int
    number: int
    dealer: int
    status: HandStatus
    trump: str | None = None
    deal: Sequence[Sequence[str]] = ()
    tricks: list[Trick] = field(default_factory=list)
    taken: list[int] | None = None
    """Tricks taken per seat, where the game reports them; None when not finished."""
    scores: list[int] | None = None
    """Points (or chips, or money) per seat for this hand, as recomputed."""
    totals: list[int] | None = None
    """Running totals per seat after this hand, as recomputed; None when unknown."""
    started: bool = False
    """Whether the deal was without faults, so that the hand was started."""
    size: int | None = None
    """Cards dealt to each seat, where the game's deals differ in size (Oh Hell); None
    elsewhere and when the deal was at fault."""
    declarer_seat: int | None = None
    """The seat that won the auction, where the game has one and it was won (the score
    sheet's ``declarer`` is the settlement's: a hand stopped has none)."""
    open_trick: Trick | None = None
    """The cards of a trick left on the table at the hand's end (stopped, or claimed, in the
    middle of a trick), as a value; None when no trick was begun and not finished."""
    settlement: Any = None
    """The engine's settlement, when the hand was settled."""
    claims: list[Claim] = field(default_factory=list)
    """The hand's claims beside the recomputed values, not yet compared."""
    explain: Callable[[], list[str]] | None = None
    """How the scores came about, in a scorer's words, built when a consumer asks."""
    notes: list[str] = field(default_factory=list)
    """Information that is not a problem (e.g. the largest meld a hand held)."""
    audit_notes: Callable[[], list[str]] | None = None
    """Further notes worth the cost only when a person reads the hand."""
    calls: Callable[[], list[tuple[int, str]]] | None = None
    """(seat, what was said) of the actions applied: bids, auction calls, declarations."""
    checks: list[ClaimCheck] | None = None
    """The claims as compared (``replay.claims.compare_claims``); None before."""
    claim_notes: list[str] = field(default_factory=list)
    """Notes the comparison added (a variant that would explain a mismatch)."""

    def derivation(self) -> list[str]:
        return self.explain() if self.explain is not None else []

    def __repr__(self) -> str:
        return _shown(self, ("settlement", "claims", "explain", "audit_notes", "calls"))


class RecordSettled(Struct):
    """The record's end: the final totals and the winners, as recomputed."""

    totals: list[int] | None
    winners: list[int] | None
    claims: list[Claim] = field(default_factory=list)
    """The record's own claims (final totals, winners), not yet compared."""
    checks: list[ClaimCheck] | None = None

    def __repr__(self) -> str:
        return _shown(self, ("claims",))


def _shown(step: Struct, hidden: tuple[str, ...]) -> str:
    """A step's repr without ``hidden`` fields: the engine's settlement, the claims not yet
    compared and the callables that explain a hand, which would run to pages."""
    fields = (name for name in step.__struct_fields__ if name not in hidden)
    return f"{type(step).__name__}({', '.join(f'{n}={getattr(step, n)!r}' for n in fields)})"


Step = (
    RecordStarted
    | HandStarted
    | ActionApplied
    | TrickCompleted
    | ProblemFound
    | HandSettled
    | RecordSettled
)
