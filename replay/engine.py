"""The interface every game's rules engine offers, the same for every game.

An engine is a state machine over plain values (OpenSpiel's shape): start a hand from its rules
and its deal, ask whether an action is legal (the answer says why not), apply it, know when the
hand is over, settle it, describe an action. Engines import no pydantic, no I/O: actions are
plain values with a ``type`` (the record's event kind) and the fields that kind has, and rules
are the plain dataclasses of ``records.rules``.

Each engine module builds one ``Engine`` value from its functions; ``replay.registry`` finds it
by game id. The driver (``replay.driver``) and the generators use nothing else.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Generic, NamedTuple, Protocol, TypeVar

from msgspec import Struct

from records.cards import Deck
from records.problems import Violation
from records.tricks import PlayDuty, Trick

__all__ = [
    "Action",
    "ActionKind",
    "DealFault",
    "Engine",
    "RulesFault",
    "Settlement",
    "Violation",
    "kind",
]

State = TypeVar("State")
Rules = TypeVar("Rules")
Table = TypeVar("Table")


class Action(Protocol):
    """Any action: its kind is its ``type`` (``bid``, ``play``, ...); the engine of the game
    knows the fields of each kind. Record events satisfy this protocol as they are."""

    @property
    def type(self) -> str: ...


class ActionKind(NamedTuple, Generic[State]):
    """How an engine handles one kind of action."""

    check: Callable[[State, Any], Violation | None]
    """Whether the action is legal now, without changing anything: None, or why not."""
    apply: Callable[[State, Any], Trick | None]
    """Apply a checked action; return the trick it completed, if any."""
    describe: Callable[[Any, Any], str | None]
    """``describe(table, action)``: what the player said, in a scorer's words (None for a
    play)."""
    step: Callable[[State, Any], Violation | None]
    """Check the action and, if it is legal, apply it (``check`` then ``apply``)."""
    run: Callable[[State, Sequence[Any], int], tuple[int, Violation | None]] | None = None
    """``run(state, actions, at)``: step through ``actions[at:]`` while they are of this kind
    and legal; (position reached, violation or None). The play's kind has one: a record's plays
    come in long runs, and the shared play loop (``records.tricks.play_cards``) takes a whole
    run in one call. Without it the driver steps one action at a time."""
    duty: Callable[[State], PlayDuty | None] | None = None
    """``duty(state)``: the duty of the seat to play now, as the rule that judges its card
    decides it (``records.tricks.CardPlay.owed``), or None where no card can be played now. The
    play's kind has one; the driver asks it only for a consumer that shows the play."""


class DealFault(Struct, frozen=True):
    """What is wrong with a deal, located inside the deal (``("hands", 2, 5)``)."""

    code: str
    message: str
    path: tuple[str | int, ...] = ()
    seat: int | None = None
    expected: Any = None
    actual: Any = None


class RulesFault(Struct, frozen=True):
    """A rules block no hand can be played under: the parameter at fault and why."""

    parameter: str
    violation: Violation


class Settlement(Protocol):
    """A settled hand: what each seat won (+) or lost (-), or None if it is not scored."""

    @property
    def scores(self) -> Sequence[int] | None: ...

    def amounts(self) -> Sequence[tuple[str, Sequence[Any]]]:
        """Every other amount the settlement computed that can grow from hand to hand (a pot,
        shares, a kitty), by name (per seat where there is one per seat): the driver holds each
        to the record format's integer limit, as it does the scores and the running totals."""
        ...


def no_rules_fault(rules: object) -> RulesFault | None:
    """``rules_fault`` of a game whose every rules block the format accepts can be played."""
    return None


class Engine(Struct, Generic[Rules, Table, State], frozen=True):
    """A game's rules: pure functions of a hand's state, gathered in one value."""

    game: str
    deck: Deck
    seats_parameter: str
    """The rules parameter that sets the number of seats (``num_players``, ``table_size``)."""
    rules_fault: Callable[[Rules], RulesFault | None]
    """Why no hand can be played under these rules (values the format allows but the game
    cannot use together), or None."""
    table: Callable[[Rules], Table]
    """What follows from the rules (schedule, seat ring, follow duties), worked out once per
    record; every other function takes it. It has ``seats``, the number of seats."""
    deal_faults: Callable[[Table, int, int, Any], Sequence[DealFault]]
    """``deal_faults(table, number, dealer, deal)``: the shape and the cards of a recorded deal
    (a multiset of the deck, see ``replay.deal``); empty when the hand can start."""
    start: Callable[[Table, int, int, Any], State]
    """``start(table, number, dealer, deal)``: the hand after a deal without faults."""
    kinds: Mapping[str, ActionKind[State]]
    """Every action kind the game has, by its ``type``."""
    to_move: Callable[[State], int | None]
    """Whose turn it is, or None when anyone may act (or nobody)."""
    is_over: Callable[[State], bool]
    """Whether the hand has ended (played out, claimed, conceded, abandoned)."""
    trick_number: Callable[[State, Any], int | None]
    """The trick an action falls in, for placing a problem with it (None outside the play)."""
    finish: Callable[[State], bool]
    """Called when the recorded actions run out: close what the record need not show (a round
    nobody else joined, tricks a lone player takes unplayed) and say whether the hand is over."""
    unfinished: Callable[[State], str]
    """Why a hand whose actions stopped early is not over, in a player's words."""
    legal_actions: Callable[[State], list[Any]]
    """Every legal action now (bids up to a bound where they are open-ended), for generators
    and random play-outs."""
    settle: Callable[[State, Any], Any]
    """``settle(state, carried)``: the result of a finished hand; ``carried`` is what the table
    carries into it from the hand before (Bestia's pot), None in games without. A
    ``Settlement``, or a ``Violation`` when the rules cannot settle it."""
    undealt: Callable[[Table, int, Any], int] | None = None
    """``undealt(table, number, deal)``: the cards a deal without faults leaves undealt (the
    stock; a card turned up from it not counted), for a page to say; None for a game that deals
    every card (pinochle: the widow is dealt)."""

    def check(self, state: State, action: Action) -> Violation | None:
        kind = self.kinds.get(action.type)
        if kind is None:
            return Violation("action.unknown", f"{action.type!r} is not an action of {self.game}")
        return kind.check(state, action)

    def apply(self, state: State, action: Action) -> Trick | None:
        return self.kinds[action.type].apply(state, action)

    def describe(self, table: Table, action: Action) -> str | None:
        return self.kinds[action.type].describe(table, action)


def kind(
    check: Callable[[State, Any], Violation | None],
    apply: Callable[[State, Any], Trick | None],
    describe: Callable[[Any, Any], str | None] | None = None,
    run: Callable[[State, Sequence[Any], int], tuple[int, Violation | None]] | None = None,
    step: Callable[[State, Any], Violation | None] | None = None,
    duty: Callable[[State], PlayDuty | None] | None = None,
) -> ActionKind[State]:
    """An action kind; its ``step`` is ``check`` then ``apply`` unless the engine has one
    function that checks and, told to, commits (then ``check`` is that function without
    committing, and the rule still lives in one place)."""

    def checked(state: State, action: Any) -> Violation | None:
        violation = check(state, action)
        if violation is None:
            apply(state, action)
        return violation

    return ActionKind(check, apply, describe or no_description, step or checked, run, duty)


def no_description(table: object, action: object) -> None:
    """``describe`` of actions that are not calls (plays)."""
    return None
