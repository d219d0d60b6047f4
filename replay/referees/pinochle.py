"""Referee for Auction Pinochle records: checks the deal, replays every action through the
engine, settles each hand in chips and compares the result with what the record claims.

The rules live in ``replay.engines.pinochle*``; this module only knows how a record is laid out,
where each problem points and how a table would want a disputed hand explained.
"""

from __future__ import annotations

from collections.abc import Sequence
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
from replay.referees.common import illegal, players_problem
from replay.referees.pinochle_audit import audit_hand, audit_sitting
from replay.report import HandReport, HandStatus, RecordReport


def referee(record: PinochleRecord, report: RecordReport, *, audit: bool) -> None:
    """Fill ``report`` with what replaying ``record`` finds."""
    rules = record.rules
    n = rules.table_size
    report.players = [p.name for p in sorted(record.players, key=lambda p: p.seat)]
    seating = players_problem(record.players, n, "table_size")
    if seating is not None:
        report.problems.append(seating)
        return
    bad_rules = engine.rules_problem(rules)
    if bad_rules is not None:
        report.problems.append(
            Problem(
                bad_rules.code, Kind.MALFORMED, bad_rules.message, "/rules", actual=bad_rules.actual
            )
        )
        return
    first = record.hands[0].number == 1
    totals: list[int] | None = [0] * n if first else None
    kitty: int | None = 0 if first else None
    previous: Hand | None = None
    for index, hand in enumerate(record.hands):
        sequence = _sequence_problems(n, index, hand, previous)
        report.problems.extend(sequence)
        if sequence:
            totals = kitty = None
            if any(p.code == "hand.number" for p in sequence):
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
            audit_hand(hand, index, out, settled, report.problems)
        report.hands.append(out)
    report.totals = totals
    if audit and record.claims is not None:
        audit_sitting(record, totals, kitty, report)


def _sequence_problems(n: int, index: int, hand: Hand, previous: Hand | None) -> list[Problem]:
    at = pointer("hands", index)
    if previous is not None and hand.number <= previous.number:
        return [
            Problem(
                "hand.number",
                Kind.ILLEGAL,
                f"hand number {hand.number} does not follow {previous.number}",
                at + "/number",
                hand=hand.number,
                expected=f"above {previous.number}",
                actual=hand.number,
            )
        ]
    if hand.dealer >= n:
        return [
            Problem(
                "deal.dealer-seat",
                Kind.MALFORMED,
                f"dealer seat {hand.dealer} does not exist at a table of {n}",
                at + "/dealer",
                hand=hand.number,
                actual=hand.dealer,
            )
        ]
    if previous is not None:
        expected = (previous.dealer + hand.number - previous.number) % n
        if hand.dealer != expected:
            return [
                Problem(
                    "deal.dealer-rotation",
                    Kind.ILLEGAL,
                    f"seat {hand.dealer} deals hand {hand.number}, but the deal passes "
                    f"clockwise and seat {expected} should",
                    at + "/dealer",
                    hand=hand.number,
                    seat=hand.dealer,
                    expected=expected,
                    actual=hand.dealer,
                )
            ]
    return []


def _deal_problems(record: PinochleRecord, index: int, hand: Hand) -> list[Problem]:
    rules = record.rules
    deal = hand.deal
    at = ("hands", index, "deal")
    active = engine.active_seats(rules, hand.dealer)

    def problem(code: str, message: str, path: tuple[str | int, ...], **kw: Any) -> Problem:
        return Problem(code, Kind.ILLEGAL, message, pointer(*at, *path), hand=hand.number, **kw)

    n = rules.table_size
    if len(deal.hands) != n:
        return [
            problem(
                "deal.seat-count",
                f"the deal has {len(deal.hands)} hand(s) for a table of {n}",
                ("hands",),
                expected=n,
                actual=len(deal.hands),
            )
        ]
    for seat, cards in enumerate(deal.hands):
        if seat not in active and cards:
            return [
                problem(
                    "deal.sitout-cards",
                    f"seat {seat} sits out this hand but was dealt {len(cards)} card(s)",
                    ("hands", seat),
                    seat=seat,
                    expected=0,
                    actual=len(cards),
                )
            ]
        if seat in active and len(cards) != engine.HAND_SIZE:
            return [
                problem(
                    "deal.hand-size",
                    f"seat {seat} was dealt {len(cards)} card(s); "
                    f"each player gets {engine.HAND_SIZE}",
                    ("hands", seat),
                    seat=seat,
                    expected=engine.HAND_SIZE,
                    actual=len(cards),
                )
            ]
    if len(deal.widow) != engine.WIDOW_SIZE:
        return [
            problem(
                "deal.widow-size",
                f"the widow holds {len(deal.widow)} card(s)",
                ("widow",),
                expected=engine.WIDOW_SIZE,
                actual=len(deal.widow),
            )
        ]
    groups: list[tuple[tuple[str | int, ...], Sequence[str]]] = [
        ((*at, "hands", seat), cards) for seat, cards in enumerate(deal.hands)
    ]
    groups.append(((*at, "widow"), deal.widow))
    return card_problems(engine.DECK, groups, hand=hand.number, complete=True)


def _replay_hand(
    record: PinochleRecord, index: int, hand: Hand, problems: list[Problem], *, explain: bool
) -> tuple[HandReport, scoring.Settlement | None]:
    out = HandReport(index=index, number=hand.number, dealer=hand.dealer)
    out.deal = [engine.DECK.sorted(c) for c in hand.deal.hands] + [
        engine.DECK.sorted(hand.deal.widow)
    ]
    found = _deal_problems(record, index, hand)
    if found:
        problems.extend(found)
        return out, None
    state = engine.new_hand(record.rules, hand.dealer, hand.deal.hands, hand.deal.widow)
    last_bury: int | None = None
    for number, action in enumerate(hand.actions):
        at = pointer("hands", index, "actions", number)
        trick = state.trick_number if state.phase is engine.Phase.PLAY else None
        where, violation = step(state, action, at, last_bury, index, out)
        if isinstance(action, Bury) and violation is None:
            last_bury = number
        if violation is not None:
            problems.append(illegal(violation, where, hand.number, trick, action.seat))
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


def step(
    state: engine.State,
    action: Any,
    at: str,
    last_bury: int | None,
    index: int,
    out: HandReport,
) -> tuple[str, Violation | None]:
    """Check and apply one action; (pointer of the problem, violation or None)."""
    seat = action.seat
    if isinstance(action, Bid | Pass):
        bid = action.points if isinstance(action, Bid) else None
        v = engine.check_call(state, seat, bid)
        if v is None:
            engine.apply_call(state, bid)
            out.calls.append((seat, "pass" if bid is None else f"bid {bid}"))
        return at, v
    if isinstance(action, TakeWidow):
        v = declare.check_take_widow(state, seat, action.cards)
        if v is None:
            declare.apply_take_widow(state)
            out.calls.append((seat, "takes the widow " + audit.pretty(state.widow)))
        return at, v
    if isinstance(action, NameTrump):
        v = declare.check_trump(state, seat, action.suit)
        if v is None:
            declare.apply_trump(state, action.suit)
            out.calls.append((seat, f"trump {scoring.SUIT_NAMES[action.suit]}"))
        return at, v
    if isinstance(action, Meld):
        declared = [(m.meld, list(m.cards)) for m in action.melds]
        found = declare.check_melds(state, seat, declared)
        if found is not None:
            sub, v = found
            return (at if sub is None else f"{at}/melds/{sub}"), v
        declare.apply_melds(state, declared)
        text = "; ".join(f"{m.kind} {audit.pretty(m.cards)}" for m in state.melds) or "nothing"
        out.calls.append((seat, f"melds {text}"))
        return at, None
    if isinstance(action, Bury):
        v = declare.check_bury(state, seat, action.cards)
        if v is None:
            declare.apply_bury(state, action.cards, action.announced)
            out.calls.append((seat, f"buries {len(action.cards)} card(s)"))
        return at, v
    if isinstance(action, Concede):
        v = engine.check_concede(state, seat)
        if v is None:
            engine.apply_concede(state, seat)
            out.calls.append((seat, "concedes"))
        return at, v
    return _play(state, action, at, last_bury, index)


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
