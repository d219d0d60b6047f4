"""What a game adds to the driver: how its records are laid out, the ledger a sitting carries
from hand to hand, and its table of claims.

A game's referee (``replay/referees/<game>.py``) subclasses ``Referee``: it turns the record's
rules block into the engine's rules, says how hands follow one another, settles a finished
hand's money where the game carries some from hand to hand, and lists its claims (name,
pointer, recorded, computed) for the claim comparison. It replays nothing itself: the driver
(``replay.driver``) walks every game's records through the engine the same way.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Sequence
from typing import Any, Generic, Literal, TypeVar

from records.problems import Kind, Problem, Violation
from replay.engine import Engine
from replay.steps import Claim, HandSettled

__all__ = [
    "Ledger",
    "Referee",
    "claimed_before",
    "last_claimed",
    "leaders",
    "players_problem",
    "rules_of",
]

R = TypeVar("R")
T = TypeVar("T")
S = TypeVar("S")


class Ledger:
    """What a sitting carries from one hand to the next besides the running totals (a pot, a
    kitty). The base carries nothing."""

    def carried(self) -> Any:
        """What the table carries into the next hand (``Engine.settle``'s ``carried``)."""
        return None

    def settled(self, settlement: Any) -> None:
        """A hand was settled: move its money through the ledger."""

    def lost(self) -> None:
        """A hand could not be settled (or was left out): what the ledger holds is unknown."""

    def amounts(self) -> Sequence[tuple[str, Sequence[Any]]]:
        """What the ledger holds that grows from hand to hand (a kitty's balance), by name, for
        the record format's integer limit (``Settlement.amounts``)."""
        return ()


class Referee(Generic[R, T, S]):
    """The record-facing half of a game; subclass it per game."""

    engine: Engine[R, T, S]
    sequence: Literal["rising", "consecutive"] = "rising"
    """``rising``: hand numbers rise, gaps allowed (a game's deals, some left out);
    ``consecutive``: a sitting's hands follow one another without gaps (money carries)."""
    rotation: str = "one seat on in the direction of play"
    """How the deal passes, in the words of a dealer-rotation problem."""
    reports_taken: bool = False
    """Whether the hand report lists tricks taken per seat."""
    calls_title: str = "Calls"
    """What a page heads a hand's calls with (``Bids``, ``Declarations``)."""

    def rules(self, record: Any) -> R:
        """The engine's rules from the record's rules block."""
        return record.rules  # type: ignore[no-any-return]

    def last_hand(self, table: T) -> int | None:
        """The highest hand number the rules allow (a game's schedule), or None."""
        return None

    def totals_start(self, record: Any) -> bool:
        """Whether running totals start at zero with the record's first hand: a game's totals
        do when it starts at hand 1."""
        return bool(record.hands[0].number == 1)

    def ledger(self, record: Any, table: T) -> Ledger:
        return Ledger()

    def settle(self, state: S, ledger: Ledger, record: Any, index: int, notes: list[str]) -> Any:
        """The settlement of the finished hand ``index`` of ``record``, a ``Violation``, or
        None when it cannot be settled (say why in ``notes``)."""
        return self.engine.settle(state, ledger.carried())

    def taken(self, state: S) -> list[int] | None:
        """Tricks taken per seat, for games whose report lists them."""
        return None

    def hand_claims(
        self,
        record: Any,
        index: int,
        hand: Any,
        result: HandSettled,
        state: S | None,
        ledger: Ledger,
    ) -> list[Claim]:
        """The hand's claims beside the recomputed values (before ``ledger`` takes the hand);
        ``state`` is the engine's at the hand's end, None when the deal was at fault. A running
        value names what it follows from (``Claim.follows``, ``replay.claims.Chain``)."""
        return []

    def explainer(
        self, record: Any, result: HandSettled, state: S, ledger: Ledger
    ) -> Callable[[], list[str]] | None:
        """How to explain a settled hand's scores, capturing what it needs now."""
        return None

    def audit_notes(self, result: HandSettled, state: S) -> Callable[[], list[str]] | None:
        """Notes worth their cost only when a person reads the hand."""
        return None

    def hand_notes(self, state: S, record: Any, index: int) -> list[str]:
        """What a hand leaves unjudged whatever its end (settled, stopped by an illegal action,
        or cut short): the values its record did not log, a seat's view. Added to the hand's
        notes before it is settled, or where it stops."""
        return []

    def stopped_notes(self, record: Any, hand: Any, violation: Violation) -> list[str]:
        """Notes for a hand stopped by an illegal action (which rules the log would fit)."""
        return []

    def record_claims(
        self, record: Any, totals: list[int] | None, winners: list[int] | None, ledger: Ledger
    ) -> list[Claim]:
        """The record's own claims (final totals, winners)."""
        return []

    def winners(
        self, table: T, numbers: Sequence[int], scored: bool, totals: list[int] | None
    ) -> list[int] | None:
        """The winning seats, where the game has winners and the record is a whole game."""
        return None

    def ledger_winners(
        self,
        table: T,
        numbers: Sequence[int],
        scored: bool,
        totals: list[int] | None,
        ledger: Ledger,
    ) -> list[int] | None:
        """The winning seats, where they depend on what the sitting carried from hand to hand
        besides the totals (a game that ends in the hand a side reaches a target, won by the
        side that bid when both reach it); ``winners`` unless a game says otherwise."""
        return self.winners(table, numbers, scored, totals)


def leaders(totals: Sequence[Any]) -> list[int]:
    """Every seat with the highest total: the winners of a sitting (pinochle's chips, Bestia's
    money), which ends whenever the table rises; ties share the win, as in Oh Hell."""
    best = max(totals)
    return [seat for seat, total in enumerate(totals) if total == best]


def players_problem(players: Sequence[Any], seats: int, rule: str) -> Problem | None:
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


def rules_of(block: Any, kind: type[R]) -> R:
    """The rules dataclass ``kind`` from a record's rules block: the block itself when the
    record is a model, else built from the decoded block's fields (same names)."""
    if isinstance(block, kind):
        return block
    convert = getattr(block, "to_dataclass", None)
    if convert is not None:  # a block decoded by records.structs
        try:  # an archive's records mostly share their rules: each block is converted once
            rules: R = _converted(block)
        except TypeError:  # unhashable (an explicit list of hand sizes): converted every time
            rules = convert()
        return rules
    names = [f.name for f in dataclasses.fields(kind)]  # type: ignore[arg-type]
    return kind(**{name: getattr(block, name) for name in names})


@functools.lru_cache(maxsize=64)
def _converted(block: Any) -> Any:
    """A decoded rules block's dataclass; equal blocks (frozen structs) share one, which is
    frozen too."""
    return block.to_dataclass()


def claimed_before(record: Any, index: int, read: Callable[[Any], Any]) -> Any:
    """What the hand just before hand ``index`` claims (``read(claims)``); None for the first
    hand, where the record leaves the hand before out, and where that hand claims nothing."""
    if index == 0:
        return None
    hands = record.hands
    previous = hands[index - 1]
    if previous.number != hands[index].number - 1 or previous.claims is None:
        return None
    return read(previous.claims)


def last_claimed(record: Any, read: Callable[[Any], Any]) -> Any:
    """What the record's last hand claims (``read(claims)``), None where it claims nothing."""
    claims = record.hands[-1].claims
    return None if claims is None else read(claims)
