"""Referee for Oh Hell records: checks the deal, replays every action through the engine,
recomputes tricks, scores and totals, and compares them with what the record claims.

The rules themselves live in ``replay.engines.oh_hell``; this module only knows how a record is
laid out and where each problem points.
"""

from __future__ import annotations

from collections.abc import Sequence

from records.oh_hell import Abandon, Action, Hand, OhHellRecord
from records.problems import Kind, Problem, Violation, pointer
from replay.deal import card_problems
from replay.engines import oh_hell as engine
from replay.referees.common import (
    compare_claim,
    compare_row,
    illegal,
    players_problem,
    sequence_problem,
)
from replay.report import HandReport, HandStatus, RecordReport


def referee(record: OhHellRecord, report: RecordReport, *, audit: bool) -> None:
    """Fill ``report`` with what replaying ``record`` finds."""
    rules = record.rules
    n = rules.num_players
    report.players = [p.name for p in sorted(record.players, key=lambda p: p.seat)]
    misfit = players_problem(record.players, n, "num_players")
    if misfit is not None:
        report.problems.append(misfit)
        return
    plan = engine.schedule(rules)
    totals: list[int] | None = [0] * n if record.hands[0].number == 1 else None
    previous: Hand | None = None  # the last hand whose number and dealer are in sequence
    for index, hand in enumerate(record.hands):
        last = len(plan) if plan is not None else 1
        before = (previous.number, previous.dealer) if previous is not None else None
        sequence = sequence_problem(n, index, (hand.number, hand.dealer), before, last=last)
        if sequence:  # the hand cannot be placed in the game: report it once and skip it
            report.problems.append(sequence)
            report.hands.append(HandReport(index=index, number=hand.number, dealer=hand.dealer))
            totals = None
            continue
        if previous is not None and hand.number != previous.number + 1:
            totals = None  # the record leaves hands out: their scores, so the totals, are unknown
        previous = hand
        hand_report = _replay_hand(record, index, hand, plan, report.problems, explain=audit)
        if hand_report.scores is not None and totals is not None:
            totals = [t + s for t, s in zip(totals, hand_report.scores, strict=True)]
        elif hand_report.status is HandStatus.STOPPED:
            totals = None
        hand_report.totals = totals
        if audit:
            _audit_hand(hand, index, hand_report, report.problems)
        report.hands.append(hand_report)
    whole_game = plan is None or [h.number for h in record.hands] == list(range(1, len(plan) + 1))
    scored = any(h.status is HandStatus.COMPLETE for h in report.hands)
    report.totals = totals
    # A winner only of a whole game with at least one scored hand (all abandoned: no winner).
    report.winners = engine.winners(totals) if whole_game and scored and totals else None
    if audit:
        _audit_game(record, report)


def _deal_problems(
    record: OhHellRecord, index: int, hand: Hand, plan: Sequence[int] | None
) -> tuple[int, str | None, list[Problem]]:
    """(cards per seat, trump suit, problems) of a hand's deal."""
    rules = record.rules
    n = rules.num_players
    deal = hand.deal
    at = ("hands", index, "deal")
    num = hand.number

    def problem(code: str, message: str, path: tuple[str | int, ...], **kw: object) -> Problem:
        return Problem(code, Kind.ILLEGAL, message, pointer(*at, *path), hand=num, **kw)  # type: ignore[arg-type]

    if len(deal.hands) != n:
        return (
            0,
            None,
            [
                problem(
                    "deal.seat-count",
                    f"the deal has {len(deal.hands)} hand(s) for {n} players",
                    ("hands",),
                    expected=n,
                    actual=len(deal.hands),
                )
            ],
        )
    size = plan[num - 1] if plan is not None else len(deal.hands[0])
    top = engine.max_hand_size(rules)
    for seat, cards in enumerate(deal.hands):
        if len(cards) != size or not 1 <= size <= top:
            expect = size if plan is not None else f"the same count, 1..{top}"
            return (
                0,
                None,
                [
                    problem(
                        "deal.hand-size",
                        f"seat {seat} was dealt {len(cards)} card(s); deal {num} gives {expect}",
                        ("hands", seat),
                        seat=seat,
                        expected=expect,
                        actual=len(cards),
                    )
                ],
            )
    groups: list[tuple[tuple[str | int, ...], Sequence[str]]] = [
        ((*at, "hands", seat), cards) for seat, cards in enumerate(deal.hands)
    ]
    source = engine.trump_source(rules, num, size)
    if deal.turned_up is not None and source != "dealer":
        groups.append(((*at,), [deal.turned_up]))
    if deal.stock is not None:
        groups.append(((*at, "stock"), deal.stock))
    problems = card_problems(engine.DECK, groups, hand=num, complete=deal.stock is not None)
    problems = [
        p if p.pointer != pointer(*at, 0) else _retarget(p, pointer(*at, "turned_up"))
        for p in problems
    ]
    if problems:
        return size, None, problems
    if source == "none" and deal.turned_up is not None:
        problems.append(
            problem(
                "deal.trump-card",
                f"deal {num} is played without trump, but "
                f"{deal.turned_up} is recorded as turned up",
                ("turned_up",),
                expected=None,
                actual=deal.turned_up,
            )
        )
    elif source != "none" and deal.turned_up is None:
        problems.append(
            problem(
                "deal.trump-card",
                f"deal {num} must have a turned-up trump card "
                f"(no_trump_rule = {rules.no_trump_rule})",
                ("turned_up",),
            )
        )
    elif source == "dealer" and deal.turned_up not in deal.hands[hand.dealer]:
        problems.append(
            problem(
                "deal.trump-card",
                f"the turned-up {deal.turned_up} must be one "
                "of the dealer's own cards when the stock is empty",
                ("turned_up",),
                seat=hand.dealer,
                actual=deal.turned_up,
            )
        )
    trump = deal.turned_up[-1] if deal.turned_up is not None and source != "none" else None
    return size, trump, problems


def _retarget(problem: Problem, new_pointer: str) -> Problem:
    return Problem(
        problem.code,
        problem.kind,
        problem.message,
        new_pointer,
        problem.hand,
        problem.trick,
        problem.seat,
        problem.expected,
        problem.actual,
    )


def _replay_hand(
    record: OhHellRecord,
    index: int,
    hand: Hand,
    plan: Sequence[int] | None,
    problems: list[Problem],
    *,
    explain: bool,
) -> HandReport:
    rules = record.rules
    out = HandReport(index=index, number=hand.number, dealer=hand.dealer)
    out.deal = hand.deal.hands
    size, trump, deal_problems = _deal_problems(record, index, hand, plan)
    if deal_problems:
        problems.extend(deal_problems)
        return out
    out.trump = trump
    state = engine.new_hand(rules, hand.dealer, size, [list(c) for c in hand.deal.hands], trump)
    for number, action in enumerate(hand.actions):
        violation = _apply(state, action, out)
        if violation is not None:
            trick = state.trick_number if state.phase is engine.Phase.PLAY else None
            seat = action.seat if not isinstance(action, Abandon) else None
            at = pointer("hands", index, "actions", number)
            problems.append(illegal(violation, at, hand.number, trick, seat))
            out.tricks = list(state.tricks)
            return out
    out.tricks = list(state.tricks)
    if state.phase is engine.Phase.ABANDONED:
        out.status = HandStatus.ABANDONED
        return out
    if not engine.is_over(state):
        problems.append(_incomplete(state, index, hand.number))
        return out
    bids = [b if b is not None else 0 for b in state.bids]
    scored = engine.score_hand(rules, size, bids, state.tricks_won)
    out.status = HandStatus.COMPLETE
    out.taken = list(state.tricks_won)
    out.scores = [s.points for s in scored]
    if explain:
        out.derivation = [_explain(s, record) for s in scored]
    return out


def _apply(state: engine.State, action: Action, out: HandReport) -> Violation | None:
    """Check one action and, if legal, apply it. Plays come first: they are most actions."""
    violation: Violation | None
    if action.type == "play":
        violation = engine.check_play(state, action.seat, action.card)
        if violation is None:
            engine.apply_play(state, action.card)
    elif action.type == "bid":
        violation = engine.check_bid(state, action.seat, action.tricks)
        if violation is None:
            engine.apply_bid(state, action.tricks)
            out.calls.append((action.seat, "nil" if action.tricks == 0 else f"bid {action.tricks}"))
    elif action.type == "claim":
        violation = engine.check_claim(state, action.remaining)
        if violation is None:
            engine.apply_claim(state, action.remaining)
    else:
        engine.abandon(state)
        violation = None
    return violation


def _incomplete(state: engine.State, index: int, number: int) -> Problem:
    if state.phase is engine.Phase.BID:
        missing = f"seat {state.turn} has not bid"
    else:
        missing = (
            f"trick {state.trick_number} of {state.size} is unfinished; seat {state.turn} to play"
        )
    return Problem(
        "hand.incomplete",
        Kind.ILLEGAL,
        f"the actions stop before the hand ends: {missing}",
        pointer("hands", index, "actions"),
        hand=number,
        seat=state.turn,
    )


def _explain(score: engine.SeatScore, record: OhHellRecord) -> str:
    name = next((p.name for p in record.players if p.seat == score.seat), "?")
    steps = " + ".join(f"{rule} {points:+d}" for rule, points in score.parts)
    return (
        f"seat {score.seat} ({name}): bid {score.bid}, took {score.tricks}: {steps} "
        f"= {score.points}"
    )


def _audit_hand(hand: Hand, index: int, out: HandReport, problems: list[Problem]) -> None:
    claims = hand.claims
    if claims is None:
        return
    at = pointer("hands", index, "claims")
    for name, field, recorded, computed in (
        ("tricks", "tricks", claims.tricks, out.taken),
        ("score", "scores", claims.scores, out.scores),
        ("total", "totals", claims.totals, out.totals),
    ):
        compare_row(name, f"{at}/{field}", recorded, computed, hand.number, (out.claims, problems))


def _audit_game(record: OhHellRecord, report: RecordReport) -> None:
    claims = record.claims
    if claims is None:
        return
    out = (report.claims, report.problems)
    compare_row("total", "/claims/totals", claims.totals, report.totals, None, out)
    if claims.winners is not None:
        recorded = sorted(claims.winners)
        compare_claim("result", "/claims/winners", None, recorded, report.winners, None, out)
