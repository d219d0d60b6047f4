"""The replay driver: one walk of any record through its game's engine, as a stream of steps.

Everything every game does the same way lives here once: the players' seats, the order of the
hands and the dealer's rotation, the deal check, replaying each action (checked, then applied),
stopping a hand at its first problem (no cascade of follow-on errors; the next hand goes on),
finding a hand whose actions stop early, settling it, and the running totals. The game's
referee (``replay.referee.Referee``) says how its records are laid out and what they claim; its
engine (``replay.engine.Engine``) knows the rules.

Checking a record depends on nothing but that record, so archives can be checked in any order,
on any number of cores or machines.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Generator, Iterator, Sequence
from fractions import Fraction
from typing import Any, Final

from records.limits import MAX_INT
from records.problems import Kind, Problem, Violation, pointer
from records.tricks import CardPlay, Trick
from replay.engine import DealFault, Engine
from replay.referee import Ledger, Referee, players_problem
from replay.steps import (
    ActionApplied,
    HandSettled,
    HandStarted,
    HandStatus,
    ProblemFound,
    RecordSettled,
    RecordStarted,
    Step,
    TrickCompleted,
)

# Enum members read once: on Python 3.11 ``HandStatus.COMPLETE`` costs five global lookups.
COMPLETE: Final = HandStatus.COMPLETE
ABANDONED: Final = HandStatus.ABANDONED
STOPPED: Final = HandStatus.STOPPED
IN_PROGRESS: Final = HandStatus.IN_PROGRESS

__all__ = ["replay"]


def replay(
    record: Any,
    referee: Referee[Any, Any, Any],
    *,
    actions: bool | Container[int] = False,
    choices: bool = False,
) -> Iterator[Step]:
    """Walk ``record`` (a decoded record of ``referee``'s game) and yield its steps.

    With ``actions``, every applied action and completed trick is a step of its own (for
    consumers that show the play); without, hands come whole. ``actions`` may also be the
    indexes of the hands to show so (a page of some hands of a long record): the others come
    whole.
    With ``choices`` too, each play's step carries the duty it was played under
    (``ActionApplied.duty``: decided by the rule that judges the card, before the card is
    played, with the cards the seat could play, which costs a check of every card held).
    """
    every = actions is True
    some = None if isinstance(actions, bool) else actions
    seated = sorted(record.players, key=_seat)
    yield RecordStarted(record.game, record.id, [p.name for p in seated])
    rules = referee.rules(record)
    setup = _setup_problem(record, rules, referee)
    if setup is not None:
        yield ProblemFound(setup)
        yield RecordSettled(None, None)
        return
    sitting = _Sitting(record, referee, referee.engine.table(rules), rules)
    for index, hand in enumerate(record.hands):
        yield HandStarted(index, hand.number, hand.dealer, hand.deal.hands)
        fault = sitting.order.check(index, hand.number, hand.dealer)
        if fault is not None:  # the hand cannot be placed in the game: report it once, skip it
            yield ProblemFound(fault)
            sitting.skip(hand.number)
            skipped = HandSettled(index, hand.number, hand.dealer, STOPPED)
            sitting.settle(index, hand, skipped, None)  # its claims, all unchecked
            yield skipped
            continue
        sitting.begin(hand.number)
        listing = every or (some is not None and index in some)
        result, state = yield from _hand(
            record, referee, sitting.table, index, hand, sitting.ledger, listing, choices
        )
        beyond = sitting.settle(index, hand, result, state)
        if beyond is not None:  # what would follow is beyond what any output could carry
            yield ProblemFound(beyond)
            yield result
            yield sitting.stop()
            return
        yield result
    yield sitting.end()


class _Sitting:
    """What runs from hand to hand: the order of the hands, the running totals, the ledger."""

    def __init__(
        self, record: Any, referee: Referee[Any, Any, Any], table: Any, rules: Any
    ) -> None:
        self.record, self.referee, self.table = record, referee, table
        seats: int = table.seats
        self.ledger = referee.ledger(record, table)
        self.totals: list[int] | None = [0] * seats if referee.totals_start(record) else None
        dealers = getattr(rules, "dealer_order", "rotation")  # a game may not state it
        self.order = _Order(referee, seats, referee.last_hand(table), dealers)
        self.numbers: list[int] = []
        self.scored = False

    def skip(self, number: int) -> None:
        """A hand out of order: it is left out, and what runs through it is unknown after."""
        self.numbers.append(number)
        self.ledger.lost()
        self.totals = None

    def begin(self, number: int) -> None:
        """A hand in order is about to be replayed."""
        self.numbers.append(number)
        if self.order.gap:  # the record leaves hands out: their scores, so the totals, unknown
            self.totals = None
            self.ledger.lost()

    def settle(self, index: int, hand: Any, result: HandSettled, state: Any) -> Problem | None:
        """Take a replayed hand into the totals and the ledger; attach its claims. A problem
        when an amount it computes is beyond the integers a record can state: the hand is then
        stopped, and the record is to be checked no further."""
        referee, ledger = self.referee, self.ledger
        totals: list[Any] | None = self.totals  # whole numbers, or Bestia's exact fractions
        status = result.status
        beyond: Problem | None = None
        if status is COMPLETE:
            self.scored = True
            scores: list[Any] = result.scores  # type: ignore[assignment]
            if totals is not None:
                if len(scores) != len(totals):
                    raise ValueError("a hand's scores and the running totals differ in length")
                try:
                    totals = [totals[seat] + scores[seat] for seat in range(len(totals))]
                except TypeError:  # a seat's score unknown (a bid not logged): its total too
                    totals = _unknown_sum(totals, scores)
            amounts = (("score for the hand", scores), ("running total", totals or ()))
            beyond = _beyond(index, hand.number, (*amounts, *result.settlement.amounts()))
            if beyond is not None:
                result.status, result.scores, result.settlement = STOPPED, None, None
                totals = None
        elif status is STOPPED or status is IN_PROGRESS:
            totals = None
        self.totals = result.totals = totals
        result.claims = referee.hand_claims(self.record, index, hand, result, state, ledger)
        if result.settlement is not None:
            ledger.settled(result.settlement)
            result.explain = referee.explainer(self.record, result, state, ledger)
            held = ledger.amounts()  # most games' ledgers hold nothing that grows
            beyond = _beyond(index, hand.number, held) if held else None
            if beyond is not None:
                self.totals = None
                ledger.lost()
        else:
            ledger.lost()
        return beyond

    def end(self) -> RecordSettled:
        referee, totals = self.referee, self.totals
        winners = referee.ledger_winners(self.table, self.numbers, self.scored, totals, self.ledger)
        claims = referee.record_claims(self.record, totals, winners, self.ledger)
        return RecordSettled(totals, winners, claims)

    def stop(self) -> RecordSettled:
        """The end of a record checked no further than a hand: its own claims (final totals,
        winners) are about hands never replayed, so nothing is compared with them."""
        claims = self.referee.record_claims(self.record, None, None, self.ledger)
        for claim in claims:
            claim.computed, claim.follows = None, None
        return RecordSettled(None, None, claims)


def _seat(player: Any) -> int:
    return int(player.seat)


def _beyond(
    index: int, number: int, amounts: Sequence[tuple[str, Sequence[Any]]]
) -> Problem | None:
    """``limit.computed-value`` for the first of ``amounts`` (name, values: one per seat, or
    one) beyond the record format's integer limit, or None.

    A record states no integer beyond ±(2^53 - 1) (``records.limits.MAX_INT``), so no claim
    could agree with such an amount, and outputs need not carry one: a sitting whose pot
    doubles hand after hand would otherwise reach numbers of thousands of digits that no
    output can write. The record stops at the hand that first computes one.
    """
    try:  # every amount a whole number within the limit (every hand): the sum of their sizes
        # bounds each (a sum beyond the limit is judged amount by amount below; ``min`` and
        # ``max`` cost twice what ``sum`` does a call)
        bound = 0
        for _, values in amounts:
            bound += sum(map(abs, values))
        if type(bound) is int and bound <= MAX_INT:
            return None
    except TypeError:  # some values unknown (None): judged one by one below
        pass
    for name, values in amounts:
        try:
            if not values or (
                type(sum(values)) is int and min(values) >= -MAX_INT and max(values) <= MAX_INT
            ):
                continue  # integers within the limit (the loops in C: this runs every hand)
        except TypeError:  # some values unknown (None): the known ones are judged below
            pass
        for seat, value in enumerate(values):
            if value is None or _fits(value):
                continue
            what = f"seat {seat}'s {name}" if len(values) > 1 else f"the {name}"
            return Problem(
                "limit.computed-value",
                Kind.MALFORMED,
                f"in hand {number}, {what} comes to {_size(value)}, beyond the integers a record "
                f"can state (±{MAX_INT:,}, 2^53 - 1): no claim could agree with it, and the "
                "record is checked no further",
                f"/hands/{index}",
                hand=number,
                seat=seat if len(values) > 1 else None,
            )
    return None


def _unknown_sum(totals: Sequence[Any], scores: Sequence[Any]) -> list[Any]:
    """Running totals plus a hand's scores where some are unknown (None): a seat's total is
    unknown from the hand its score was, and the other seats' totals go on."""
    return [None if t is None or s is None else t + s for t, s in zip(totals, scores, strict=True)]


def _fits(value: Any) -> bool:
    """Whether an amount (an integer, or Bestia's exact fraction) is one a record can state."""
    if isinstance(value, int):
        return -MAX_INT <= value <= MAX_INT
    if isinstance(value, Fraction):
        return -MAX_INT <= value.numerator <= MAX_INT and value.denominator <= MAX_INT
    return True


def _size(value: Any) -> str:
    """An amount beyond the limit in words: its digits, when it has too many to show."""
    whole = value.numerator if isinstance(value, Fraction) else value
    digits = int(abs(whole).bit_length() * 0.30103) + 1
    if digits > 30 or (isinstance(value, Fraction) and value.denominator > MAX_INT):
        kind = "a fraction" if isinstance(value, Fraction) else "an integer"
        return f"{'minus ' if value < 0 else ''}{kind} of about {digits:,} digits"
    return f"{value:,}" if isinstance(value, int) else str(value)


def _setup_problem(record: Any, rules: Any, referee: Referee[Any, Any, Any]) -> Problem | None:
    """Seats and rules that no hand can be played under."""
    engine = referee.engine
    fault = engine.rules_fault(rules)
    seats = engine.table(rules).seats if fault is None else getattr(rules, engine.seats_parameter)
    misfit = players_problem(record.players, seats, engine.seats_parameter)
    if misfit is not None:
        return misfit
    if fault is None:
        return None
    v = fault.violation
    at = f"/rules/{fault.parameter}"
    return Problem(v.code, Kind.MALFORMED, v.message, at, expected=v.expected, actual=v.actual)


def _hand(
    record: Any,
    referee: Referee[Any, Any, Any],
    table: Any,
    index: int,
    hand: Any,
    ledger: Ledger,
    listing: bool,
    choices: bool = False,
) -> Generator[Step, None, tuple[HandSettled, Any]]:
    """Replay one hand, the one walk every consumer shares: its problems (at most the first
    of its deal, its actions or its end, since a hand stops there), and, with ``listing``,
    each applied action and finished trick as a step of its own. Returns the hand's
    ``HandSettled`` and the engine's state at its end (None after a faulty deal), which stays
    with the driver and the game's referee.

    Without ``listing`` the play's kind takes a whole run of cards in one call
    (``ActionKind.run``). With it, each action is stepped and described as a value of its
    moment, never the live state: every engine's state has a ``phase`` (an enum whose value
    names it), its finished ``tricks``, and, once the play of the cards has begun, ``play``
    (``records.tricks.CardPlay``), from which the trick in progress and a seat's choice are
    read."""
    result, state, problems = _deal(referee, table, index, hand)
    if state is None:
        for problem in problems:
            yield ProblemFound(problem)
        return result, state
    engine = referee.engine
    kinds, to_move = engine.kinds, engine.to_move
    tricks = state.tricks
    recorded = hand.actions
    position, end = 0, len(recorded)
    while position < end:
        action = recorded[position]
        kind = kinds[action.type]
        if not listing:
            if kind.run is not None:
                reached, violation = kind.run(state, recorded, position)
                if violation is None and reached > position:
                    position = reached
                    continue
                position = reached
                action = recorded[position]
                if violation is None:  # a run that could not start: step it to learn why
                    violation = kind.step(state, action)
            else:
                violation = kind.step(state, action)
            if violation is not None:
                yield ProblemFound(
                    _stopped(
                        record, referee, table, index, hand, result, state, position, violation
                    )
                )
                return result, state
            position += 1
            continue
        before = len(tricks)
        duty = kind.duty(state) if choices and kind.duty is not None else None
        violation = kind.step(state, action)
        if violation is not None:
            yield ProblemFound(
                _stopped(record, referee, table, index, hand, result, state, position, violation)
            )
            return result, state
        done = len(tricks) > before
        if done:
            current: Trick | None = tricks[-1]
        else:
            play: CardPlay | None = state.play
            current = None if play is None else play.trick
        # strict=False: a trick's seats and cards grow together (and strict costs a check each)
        trick = () if current is None else tuple(zip(current.seats, current.cards, strict=False))
        yield ActionApplied(
            index,
            position,
            action,
            getattr(action, "seat", None),
            kind.describe(table, action),
            state.phase._value_,  # the enum's value: ``.value`` is a property, five times slower
            trick,
            to_move(state),
            duty,
        )
        if done:
            yield TrickCompleted(index, tricks[-1])
        position += 1
    for problem in _end(record, referee, table, index, hand, ledger, result, state):
        yield ProblemFound(problem)
    return result, state


def _deal(
    referee: Referee[Any, Any, Any], table: Any, index: int, hand: Any
) -> tuple[HandSettled, Any, list[Problem]]:
    """Check the deal and start the hand: (its result so far; the engine's state, None if
    the deal is at fault; the deal's problems)."""
    engine = referee.engine
    number, dealer, deal = hand.number, hand.dealer, hand.deal
    result = HandSettled(index, number, dealer, STOPPED, deal=deal.hands)
    faults = engine.deal_faults(table, number, dealer, deal)
    if faults:
        return result, None, [_deal_problem(fault, index, number) for fault in faults]
    state = engine.start(table, number, dealer, deal)
    result.started = True
    result.size = getattr(state, "size", None)
    result.tricks = state.tricks
    return result, state, []


def _close(engine: Engine[Any, Any, Any], table: Any, result: HandSettled, state: Any) -> None:
    """What a hand's end shows of its state, as values: the trump, the declarer, the trick
    left on the table (cards of a trick not finished: a hand stopped or claimed in it)."""
    result.trump = state.trump
    result.declarer_seat = getattr(state, "declarer", None)
    play: CardPlay | None = getattr(state, "play", None)
    if play is not None and play.placed:
        result.open_trick = play.trick


def _stopped(
    record: Any,
    referee: Referee[Any, Any, Any],
    table: Any,
    index: int,
    hand: Any,
    result: HandSettled,
    state: Any,
    position: int,
    violation: Violation,
) -> Problem:
    """A hand stopped by an illegal action: its problem; what the hand got to is kept."""
    action = hand.actions[position]
    result.notes.extend(referee.hand_notes(state, record, index))
    result.notes.extend(referee.stopped_notes(record, hand, violation))
    _close(referee.engine, table, result, state)
    result.calls = _calls(referee.engine, table, hand.actions[:position])
    return _illegal(violation, state, referee.engine, action, index, position, hand.number)


def _end(
    record: Any,
    referee: Referee[Any, Any, Any],
    table: Any,
    index: int,
    hand: Any,
    ledger: Ledger,
    result: HandSettled,
    state: Any,
) -> list[Problem]:
    """The recorded actions have run out: finish the hand and settle it. The last hand of a
    record in progress is not finished by the record's end: it is over only where its play
    says so (a round whose actions a finished record may leave unshown may still be under
    way)."""
    engine = referee.engine
    result.calls = _calls(engine, table, hand.actions)
    result.notes.extend(referee.hand_notes(state, record, index))
    standing = record.in_progress and index == len(record.hands) - 1
    if not (engine.is_over(state) if standing else engine.finish(state)):
        _close(engine, table, result, state)
        if standing:  # play stands here
            result.status = IN_PROGRESS
            result.notes.append(f"in progress: {engine.unfinished(state)}")
            return []
        return [
            Problem(
                "hand.incomplete",
                Kind.ILLEGAL,
                engine.unfinished(state),
                f"/hands/{index}/actions",
                hand=hand.number,
                seat=engine.to_move(state),
            )
        ]
    _close(engine, table, result, state)
    settlement = referee.settle(state, ledger, record, index, result.notes)
    if settlement is None:
        return []
    if isinstance(settlement, Violation):
        return [_problem(settlement, f"/hands/{index}", hand.number, None, None)]
    scores = settlement.scores
    result.settlement = settlement
    if scores is None:
        result.status = ABANDONED
        return []
    result.status = COMPLETE
    result.scores = list(scores)
    result.taken = referee.taken(state)
    result.audit_notes = referee.audit_notes(result, state)
    return []


def _calls(
    engine: Engine[Any, Any, Any], table: Any, applied: Sequence[Any]
) -> Callable[[], list[tuple[int, str]]]:
    """(seat, what was said) of the ``applied`` actions that are calls, when asked."""

    def calls() -> list[tuple[int, str]]:
        kinds = engine.kinds
        said = ((a, kinds[a.type].describe(table, a)) for a in applied)
        return [(a.seat, text) for a, text in said if text is not None]

    return calls


def _illegal(
    violation: Violation,
    state: Any,
    engine: Any,
    action: Any,
    index: int,
    position: int,
    number: int,
) -> Problem:
    """An engine's refusal of an action, placed in the record."""
    at = f"/hands/{index}/actions/{position if violation.action is None else violation.action}"
    if violation.path:
        at += pointer(*violation.path)
    trick = engine.trick_number(state, action)
    return _problem(violation, at, number, trick, getattr(action, "seat", None))


def _problem(
    violation: Violation, at: str, number: int, trick: int | None, seat: int | None
) -> Problem:
    return Problem(
        violation.code,
        Kind.ILLEGAL,
        violation.message,
        at,
        hand=number,
        trick=trick,
        seat=seat,
        expected=violation.expected,
        actual=violation.actual,
    )


def _deal_problem(fault: DealFault, index: int, number: int) -> Problem:
    return Problem(
        fault.code,
        Kind.ILLEGAL,
        fault.message,
        f"/hands/{index}/deal" + pointer(*fault.path),
        hand=number,
        seat=fault.seat,
        expected=fault.expected,
        actual=fault.actual,
    )


class _Order:
    """The order of the hands: their numbers and their dealers.

    Under ``rising`` numbers rise (gaps allowed, up to the schedule's last deal) and each
    hand's number is judged against the last hand whose number was in order. Under
    ``consecutive`` (a sitting whose money carries) the i-th hand must be the first hand's
    number plus i, so one misnumbered hand is reported once, not again as the cause of its
    successor's "wrong" number. A hand out of order is not replayed.

    The dealers follow the rules' ``dealer_order``. Under ``rotation`` the deal passes one seat
    on per hand, in the direction of play (seat numbers grow in that direction), each hand's
    dealer judged against the last hand in order. The first dealer out of turn is a problem,
    and the dealers after it are not judged against the rotation: a record whose program picks
    its dealers by a rule of its own is one problem, not one a hand (a rules value states such
    an order: a list of dealers, or ``as_recorded``). Under a list, each hand's dealer is the
    list's, by hand number; under ``as_recorded``, any seat. A hand whose dealer is wrong is
    not replayed, as a hand out of order is not (its number or its dealer may be the fault;
    the actions that follow the dealer cannot tell).
    """

    def __init__(
        self, referee: Referee[Any, Any, Any], seats: int, last: int | None, dealers: Any
    ) -> None:
        self.seats = seats
        self.last = last
        self.consecutive = referee.sequence == "consecutive"
        self.rotation = referee.rotation
        self.dealers: tuple[int, ...] | None = None if isinstance(dealers, str) else dealers
        self.judged = dealers == "rotation"
        """Whether the dealers are still judged against the rotation."""
        self.previous: tuple[int, int] | None = None
        """(number, dealer) of the last hand whose number was in order (``rising``)."""
        self.first: int | None = None
        self.anchor: tuple[int, int] | None = None
        """(index, dealer) of the last hand in order (``consecutive``)."""
        self.gap = False
        self.before: tuple[int, int] | None = None
        """(number, dealer) of the hand in order before this one."""

    def check(self, index: int, number: int, dealer: int) -> Problem | None:
        """The problem with this hand's place in the game (and it is not replayed), or None
        (and it is in order)."""
        if self.consecutive:
            problem = self._consecutive(index, number, dealer)
        else:
            problem = self._rising(index, number, dealer)
        if problem is None:
            problem = self._dealt(index, number, dealer)
        if problem is None:  # in order: the next hand is judged against this one
            if self.consecutive:
                self.anchor = (index, dealer)
            else:
                self.gap = self.previous is not None and number != self.previous[0] + 1
                self.previous = (number, dealer)
        return problem

    def _rising(self, index: int, number: int, dealer: int) -> Problem | None:
        previous = self.previous
        if previous is not None and number <= previous[0]:
            message = f"hand number {number} is out of sequence: hand {previous[0]} came before it"
            return _number(index, number, f"above {previous[0]}", message)
        if self.last is not None and number > self.last:
            message = f"hand number {number} is beyond the last hand the rules' schedule deals"
            return _number(index, number, f"1..{self.last}", message)
        if dealer >= self.seats:
            return _dealer_seat(index, number, dealer, self.seats)
        self.before = previous
        return None

    def _consecutive(self, index: int, number: int, dealer: int) -> Problem | None:
        if self.first is None:
            self.first = number - index
        expected = self.first + index
        if number != expected:
            message = f"hand {number} where hand {expected} should be: a sitting's hands are "
            return _number(index, number, expected, message + "consecutive")
        if dealer >= self.seats:
            return _dealer_seat(index, number, dealer, self.seats)
        anchor = self.anchor  # as (number, dealer): a hand's place in a sitting is its index
        self.before = None if anchor is None else (number - index + anchor[0], anchor[1])
        return None

    def _dealt(self, index: int, number: int, dealer: int) -> Problem | None:
        """The dealer of a hand in order, judged by the rules' ``dealer_order``."""
        if self.dealers is not None:
            listed = self.dealers[number - 1] if number <= len(self.dealers) else None
            if dealer == listed:
                return None
            said = "names no dealer" if listed is None else f"says seat {listed}"
            return self._wrong_dealer(
                index, number, dealer, listed, f"the rules' dealer list {said} for that hand"
            )
        before = self.before
        if not self.judged or before is None:
            return None
        should = (before[1] + number - before[0]) % self.seats
        if dealer == should:
            return None
        self.judged = False
        return self._wrong_dealer(
            index,
            number,
            dealer,
            should,
            f"the deal passes {self.rotation} and seat {should} should; the dealers after it "
            "are not judged against the rotation",
        )

    @staticmethod
    def _wrong_dealer(
        index: int, number: int, dealer: int, should: int | None, why: str
    ) -> Problem:
        return Problem(
            "deal.dealer-rotation",
            Kind.ILLEGAL,
            f"seat {dealer} deals hand {number}, but {why}",
            f"/hands/{index}/dealer",
            hand=number,
            seat=dealer,
            expected=should,
            actual=dealer,
        )


def _number(index: int, number: int, expected: object, message: str) -> Problem:
    return Problem(
        "hand.number",
        Kind.ILLEGAL,
        message,
        f"/hands/{index}/number",
        hand=number,
        expected=expected,
        actual=number,
    )


def _dealer_seat(index: int, number: int, dealer: int, seats: int) -> Problem:
    return Problem(
        "deal.dealer-seat",
        Kind.MALFORMED,
        f"dealer seat {dealer} does not exist at a table of {seats}",
        f"/hands/{index}/dealer",
        hand=number,
        actual=dealer,
    )
