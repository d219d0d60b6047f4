"""Referee for Auction Pinochle records: checks the deal, replays every action through the
engine, settles each hand in chips and compares the result with what the record claims.

The rules live in ``replay.engines.pinochle*``; this module only knows how a record is laid out,
where each problem points and how a table would want a disputed hand explained.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from records.pinochle import (
    Bid,
    Bury,
    Concede,
    Hand,
    Meld,
    NameTrump,
    Pass,
    PinochleRecord,
    Play,
    TakeWidow,
)
from records.problems import Kind, Problem, Violation, pointer
from replay.deal import card_problems
from replay.engines import pinochle as engine
from replay.engines import pinochle_declare as declare
from replay.engines import pinochle_scoring as scoring
from replay.referees import pinochle_audit as audit
from replay.referees.common import illegal, players_problem, sequence_problem
from replay.referees.pinochle_audit import audit_hand, audit_sitting
from replay.report import HandReport, HandStatus, RecordReport


def referee(record: PinochleRecord, report: RecordReport, *, audit: bool) -> None:
    """Fill ``report`` with what replaying ``record`` finds."""
    rules = record.rules
    n = rules.table_size
    report.players = [p.name for p in sorted(record.players, key=lambda p: p.seat)]
    setup = _setup_problem(record)
    if setup is not None:
        report.problems.append(setup)
        return
    first = record.hands[0].number == 1
    totals: list[int] | None = [0] * n if first else None
    kitty: int | None = 0 if first else None
    previous: Hand | None = None
    for index, hand in enumerate(record.hands):
        before = (previous.number, previous.dealer) if previous is not None else None
        sequence = sequence_problem(n, index, (hand.number, hand.dealer), before)
        if sequence:  # the hand cannot be placed in the sitting: report it once and skip it
            report.problems.append(sequence)
            report.hands.append(HandReport(index=index, number=hand.number, dealer=hand.dealer))
            totals = kitty = None
            continue
        previous = hand
        out, settled = _replay_hand(record, index, hand, report.problems, explain=audit)
        if settled is not None and totals is not None and kitty is not None:
            totals = [t + c for t, c in zip(totals, settled.chips, strict=True)]
            kitty += settled.kitty
        elif settled is None:
            totals = kitty = None
        out.totals = totals
        if audit and kitty is not None and rules.kitty:
            out.derivation.append(f"kitty balance after the hand: {kitty}")
        if audit:
            audit_hand(rules, hand, index, out, settled, report.problems)
        report.hands.append(out)
    report.totals = totals
    if audit and record.claims is not None:
        audit_sitting(record, totals, kitty, report)


def _setup_problem(record: PinochleRecord) -> Problem | None:
    """Seats and rules that no hand can be played under."""
    seating = players_problem(record.players, record.rules.table_size, "table_size")
    if seating is not None:
        return seating
    bad = engine.rules_problem(record.rules)
    if bad is not None:
        field = {"rules.sitout-rule": "sitout_rule"}.get(bad.code, "payment_table")
        return Problem(bad.code, Kind.MALFORMED, bad.message, f"/rules/{field}", actual=bad.actual)
    return None


Shape = tuple[str, str, tuple[str | int, ...], int | None, int, int]


def _deal_shape(record: PinochleRecord, hand: Hand) -> Shape | None:
    """(code, message, path, seat, expected, actual) of a deal of the wrong shape, or None."""
    deal, n = hand.deal, record.rules.table_size
    if len(deal.hands) != n:
        message = f"the deal has {len(deal.hands)} hand(s) for a table of {n}"
        return ("deal.seat-count", message, ("hands",), None, n, len(deal.hands))
    active = engine.active_seats(record.rules, hand.dealer)
    for seat, cards in enumerate(deal.hands):
        playing = seat in active
        expected = engine.HAND_SIZE if playing else 0
        if len(cards) != expected:
            code = "deal.hand-size" if playing else "deal.sitout-cards"
            why = f"each player gets {expected}" if playing else "the seat sits out this hand"
            message = f"seat {seat} was dealt {len(cards)} card(s); {why}"
            return (code, message, ("hands", seat), seat, expected, len(cards))
    if len(deal.widow) != engine.WIDOW_SIZE:
        message = f"the widow holds {len(deal.widow)} card(s)"
        return ("deal.widow-size", message, ("widow",), None, engine.WIDOW_SIZE, len(deal.widow))
    return None


def _deal_problems(record: PinochleRecord, index: int, hand: Hand) -> list[Problem]:
    """The deal must be 15 cards to each player, none to a seat sitting out, 3 to the widow,
    and together exactly the double deck (a multiset partition)."""
    at = ("hands", index, "deal")
    shape = _deal_shape(record, hand)
    if shape is not None:
        code, message, path, seat, expected, actual = shape
        where = pointer(*at, *path)
        return [
            Problem(
                code,
                Kind.ILLEGAL,
                message,
                where,
                hand=hand.number,
                seat=seat,
                expected=expected,
                actual=actual,
            )
        ]
    groups: list[tuple[tuple[str | int, ...], Sequence[str]]] = [
        ((*at, "hands", seat), cards) for seat, cards in enumerate(hand.deal.hands)
    ]
    groups.append(((*at, "widow"), hand.deal.widow))
    return card_problems(engine.DECK, groups, hand=hand.number, complete=True)


def _replay_hand(
    record: PinochleRecord, index: int, hand: Hand, problems: list[Problem], *, explain: bool
) -> tuple[HandReport, scoring.Settlement | None]:
    out = HandReport(index=index, number=hand.number, dealer=hand.dealer)
    out.deal = hand.deal.hands
    found = _deal_problems(record, index, hand)
    if found:
        problems.extend(found)
        return out, None
    state = engine.new_hand(record.rules, hand.dealer, hand.deal.hands, hand.deal.widow)
    stopped = _run(state, hand, index, out)
    if stopped is not None:
        problems.append(stopped)
        out.tricks = list(state.tricks)
        return out, None
    out.tricks = list(state.tricks)
    out.trump = state.trump
    if not engine.is_settled(state):
        problems.append(
            Problem(
                "hand.incomplete",
                Kind.ILLEGAL,
                f"the actions stop before the hand ends ({state.phase.value}, "
                f"seat {state.turn} to act)",
                pointer("hands", index, "actions"),
                hand=hand.number,
                seat=state.turn,
            )
        )
        return out, None
    settled = scoring.settle(state)
    out.status = HandStatus.COMPLETE
    out.scores = list(settled.chips)
    if explain:
        out.derivation = audit.derivation(state, settled)
        out.notes = audit.notes(state)
    return out, settled


def _run(state: engine.State, hand: Hand, index: int, out: HandReport) -> Problem | None:
    """Replay the actions of a hand; the first illegal one as a problem (the hand stops)."""
    last_bury: int | None = None
    for number, action in enumerate(hand.actions):
        at = f"/hands/{index}/actions/{number}"  # ints need no escaping; this is the hot path
        trick = state.trick_number if state.phase is engine.Phase.PLAY else None
        where, violation = step(state, action, at, last_bury, index, out)
        if violation is not None:
            return illegal(violation, where, hand.number, trick, action.seat)
        if isinstance(action, Bury):
            last_bury = number
    return None


def step(
    state: engine.State,
    action: Any,
    at: str,
    last_bury: int | None,
    index: int,
    out: HandReport,
) -> tuple[str, Violation | None]:
    """Check and apply one action; (pointer of the problem, violation or None)."""
    if isinstance(action, Play):
        return _play(state, action, at, last_bury, index)
    if isinstance(action, Meld):
        return _meld(state, action, at, out)
    violation, apply, text = _declaration(state, action)
    if violation is None:
        apply()
        out.calls.append((action.seat, text))
    return at, violation


def _declaration(
    state: engine.State, action: Bid | Pass | TakeWidow | NameTrump | Bury | Concede
) -> tuple[Violation | None, Callable[[], None], str]:
    """(violation, how to apply the action, what the seat said) for a call or declaration."""
    seat = action.seat
    if isinstance(action, Bid | Pass):
        bid = action.points if isinstance(action, Bid) else None
        said = "pass" if bid is None else f"bid {bid}"
        return engine.check_call(state, seat, bid), lambda: engine.apply_call(state, bid), said
    if isinstance(action, TakeWidow):
        shown = "takes the widow " + audit.pretty(action.cards)
        check = declare.check_take_widow(state, seat, action.cards)
        return check, lambda: declare.apply_take_widow(state), shown
    if isinstance(action, NameTrump):
        suit = action.suit
        named = f"trump {scoring.SUIT_NAMES[suit]}"
        return (
            declare.check_trump(state, seat, suit),
            lambda: declare.apply_trump(state, suit),
            named,
        )
    if isinstance(action, Bury):
        cards, announced = action.cards, action.announced
        buried = "buries " + audit.pretty(cards) + (" (trump announced)" if announced else "")
        check = declare.check_bury(state, seat, cards)
        return check, lambda: declare.apply_bury(state, cards, announced), buried
    return engine.check_concede(state, seat), lambda: engine.apply_concede(state, seat), "concedes"


def _meld(
    state: engine.State, action: Meld, at: str, out: HandReport
) -> tuple[str, Violation | None]:
    declared = [(m.meld, list(m.cards)) for m in action.melds]
    found = declare.check_melds(state, action.seat, declared)
    if found is not None:
        sub, violation = found
        return (at if sub is None else f"{at}/melds/{sub}"), violation
    declare.apply_melds(state, declared)
    text = "; ".join(f"{m.kind} {audit.pretty(m.cards)} = {m.value}" for m in state.melds)
    out.calls.append((action.seat, f"melds {text or 'nothing'}"))
    return at, None


def _play(
    state: engine.State, action: Play, at: str, last_bury: int | None, index: int
) -> tuple[str, Violation | None]:
    if state.phase is engine.Phase.DECLARE:
        ready = engine.check_ready(state, action.seat)
        if ready is not None:
            return at, ready
        barred = declare.check_burial_restrictions(state)
        if barred is not None:
            return pointer("hands", index, "actions", last_bury or 0), barred
    v = engine.check_play(state, action.seat, action.card)
    if v is None:
        engine.apply_play(state, action.card)
    return at, v
