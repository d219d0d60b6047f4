"""Referee for Bestia records: checks each hand's deal and actions through the engine, settles
its pot, and follows the ledger across the sitting.

Money crosses hands, so the referee keeps what each hand carries forward. A hand is settled from
its recorded starting pot when the record states one (so a hand that is right on its own is not
blamed for its neighbour) and audit reports ``pot.carry-mismatch`` where that starting pot is not
what the previous hand carried. Running balances are the sum of the hands' nets; after a hand that
cannot be settled they are unknown, never resynchronised from the claims.

The rules live in ``replay.engines.bestia`` and ``replay.engines.bestia_pot``; the comparison of
claims in ``replay.referees.bestia_audit``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from records.bestia import BestiaRecord, BlindDraw, Hand, Join, Pass, Play
from records.problems import Kind, Problem, Violation, pointer
from replay.deal import card_problems
from replay.engines import bestia as engine
from replay.engines import bestia_pot as pot
from replay.referees import bestia_audit as audit_
from replay.referees.common import illegal, players_problem
from replay.report import HandReport, HandStatus, RecordReport


def referee(record: BestiaRecord, report: RecordReport, *, audit: bool) -> None:
    """Fill ``report`` with what replaying ``record`` finds."""
    rules = record.rules
    report.players = [p.name for p in sorted(record.players, key=lambda p: p.seat)]
    setup = _setup_problems(record)
    if setup:
        report.problems.extend(setup)
        return
    carry: int | None = record.opening_pot
    totals: list[int] | None = [0] * rules.num_players
    # The number and dealer each hand should have, from the first hand on: one wrong hand is
    # reported once, not again as the cause of its successor's "wrong" rotation.
    expected: tuple[int, int | None] | None = None
    for index, hand in enumerate(record.hands):
        sequence = _sequence_problems(record, index, hand, expected)
        expected = _next_expected(record, hand, expected)
        if sequence:
            report.problems.extend(sequence)
            carry = totals = None
            continue
        recorded = hand.claims.starting_pot if hand.claims is not None else None
        start = recorded if recorded is not None else carry
        out, settled = _replay_hand(record, index, hand, start, report.problems)
        if settled is not None and totals is not None:
            totals = [t + s for t, s in zip(totals, settled.nets, strict=True)]
        else:
            totals = None
        out.totals = totals
        if audit and settled is not None:
            out.derivation = audit_.derivation(record, settled, totals)
        if audit:
            audit_.audit_hand(hand, index, out, settled, carry, report.problems)
        carry = settled.carried if settled is not None else None
        report.hands.append(out)
    report.totals = totals
    if audit:
        audit_.audit_sitting(record, report, carry)


def _next_expected(
    record: BestiaRecord, hand: Hand, expected: tuple[int, int | None] | None
) -> tuple[int, int | None]:
    """(number, dealer) of the hand after ``hand``; the dealer is None while unknown."""
    n = record.rules.num_players
    number = expected[0] if expected is not None else hand.number
    dealer = expected[1] if expected is not None else None
    if dealer is None and hand.dealer < n:
        dealer = hand.dealer
    return number + 1, None if dealer is None else engine.Ring(n).after(dealer)


def _setup_problems(record: BestiaRecord) -> list[Problem]:
    rules = record.rules
    n = rules.num_players
    seated = players_problem(record.players, n, "num_players")
    if seated is not None:
        return [seated]
    if engine.stock_size(rules) < 0:
        return [
            Problem(
                "rules.deck-too-small",
                Kind.MALFORMED,
                f"{n} hands of {rules.hand_size} and a turned-up card need more than 40 cards",
                "/rules/hand_size",
                expected=f"at most {(len(engine.DECK.cards) - 1) // n}",
                actual=rules.hand_size,
            )
        ]
    refused = pot.unsupported(rules)
    if refused is not None:
        return [
            Problem(
                refused.code,
                Kind.MALFORMED,
                refused.message,
                "/rules/bestia_amount",
                actual=refused.actual,
            )
        ]
    return []


def _sequence_problems(
    record: BestiaRecord, index: int, hand: Hand, expected: tuple[int, int | None] | None
) -> list[Problem]:
    """Problems with a hand's number and dealer; ``expected`` (number, dealer) from the hands
    before it, None for the first hand."""
    n = record.rules.num_players
    where = pointer("hands", index)
    if expected is not None and hand.number != expected[0]:
        return [
            Problem(
                "hand.number",
                Kind.ILLEGAL,
                f"hand {hand.number} where hand {expected[0]} should be: a sitting's hands are "
                "consecutive",
                where + "/number",
                hand=hand.number,
                expected=expected[0],
                actual=hand.number,
            )
        ]
    if hand.dealer >= n:
        return [
            Problem(
                "deal.dealer-seat",
                Kind.MALFORMED,
                f"dealer seat {hand.dealer} does not exist with {n} players",
                where + "/dealer",
                hand=hand.number,
                actual=hand.dealer,
            )
        ]
    if expected is not None and expected[1] is not None and hand.dealer != expected[1]:
        return [_rotation_problem(where, hand, expected[1])]
    return []


def _rotation_problem(where: str, hand: Hand, dealer: int) -> Problem:
    return Problem(
        "deal.dealer-rotation",
        Kind.ILLEGAL,
        f"seat {hand.dealer} deals hand {hand.number}, but the deal passes to the right "
        f"(anticlockwise) and seat {dealer} should",
        where + "/dealer",
        hand=hand.number,
        seat=hand.dealer,
        expected=dealer,
        actual=hand.dealer,
    )


def _deal_shape(record: BestiaRecord, hand: Hand) -> tuple[str, str, str, int, int] | None:
    """(code, message, path below the deal, expected, actual) if the deal has the wrong shape."""
    rules = record.rules
    n = rules.num_players
    deal = hand.deal
    if len(deal.hands) != n:
        message = f"the deal has {len(deal.hands)} hand(s) for {n} players"
        return "deal.seat-count", message, "/hands", n, len(deal.hands)
    for seat, cards in enumerate(deal.hands):
        if len(cards) != rules.hand_size:
            message = f"seat {seat} was dealt {len(cards)} card(s), not {rules.hand_size}"
            return "deal.hand-size", message, f"/hands/{seat}", rules.hand_size, len(cards)
    size = engine.stock_size(rules)
    if len(deal.stock) > size:
        message = f"the stock holds {size} card(s) after the deal; the record lists more"
        return "deal.stock-size", message, "/stock", size, len(deal.stock)
    return None


def _deal_problems(record: BestiaRecord, index: int, hand: Hand) -> list[Problem]:
    deal = hand.deal
    at = ("hands", index, "deal")
    shape = _deal_shape(record, hand)
    if shape is not None:
        code, message, path, expected, actual = shape
        where = pointer(*at) + path
        return [
            Problem(
                code,
                Kind.ILLEGAL,
                message,
                where,
                hand=hand.number,
                expected=expected,
                actual=actual,
            )
        ]
    size = engine.stock_size(record.rules)
    groups: list[tuple[tuple[str | int, ...], Sequence[str]]] = [
        ((*at, "hands", seat), cards) for seat, cards in enumerate(deal.hands)
    ]
    groups.append(((*at, "turned_up"), [deal.turned_up]))
    groups.append(((*at, "stock"), deal.stock))
    found = card_problems(engine.DECK, groups, hand=hand.number, complete=len(deal.stock) == size)
    turned = pointer(*at, "turned_up", 0)
    return [
        dataclasses.replace(p, pointer=pointer(*at, "turned_up")) if p.pointer == turned else p
        for p in found
    ]


def _replay_hand(
    record: BestiaRecord, index: int, hand: Hand, start: int | None, problems: list[Problem]
) -> tuple[HandReport, pot.Settlement | None]:
    """Replay one hand; its settlement, or None if it stopped or its starting pot is unknown."""
    out = HandReport(index=index, number=hand.number, dealer=hand.dealer)
    out.deal = hand.deal.hands
    found = _deal_problems(record, index, hand)
    if found:
        problems.extend(found)
        return out, None
    out.trump = hand.deal.turned_up[-1]
    state = engine.new_hand(
        record.rules, hand.dealer, hand.deal.hands, hand.deal.turned_up, hand.deal.stock
    )
    for number, action in enumerate(hand.actions):
        if isinstance(action, Play) and state.phase is engine.Phase.BLIND:
            engine.start_play(state)  # declining a blind draw is not recorded: the lead ends it
        trick = state.trick_number if state.phase is engine.Phase.PLAY else None
        violation = _act(state, action, out.calls)
        if violation is not None:
            at = pointer("hands", index, "actions", number)
            problems.append(illegal(violation, at, hand.number, trick, action.seat))
            if violation.code == "declare.out-of-turn":
                out.notes.extend(_declaration_orders(record, hand))
            out.tricks = list(state.tricks)
            return out, None
    out.tricks = list(state.tricks)
    if state.phase is engine.Phase.BLIND:
        engine.start_play(state)
    if not engine.finish_unplayed(state):
        problems.append(_incomplete(state, index, hand.number))
        return out, None
    if start is None:
        out.notes.append("the starting pot is unknown: the hand cannot be settled")
        return out, None
    settled = pot.settle(record.rules, hand.dealer, start, state.playing, state.tricks_won)
    if isinstance(settled, Violation):
        problems.append(illegal(settled, pointer("hands", index), hand.number, None, None))
        return out, None
    out.status = HandStatus.COMPLETE
    out.scores = list(settled.nets)
    out.notes.append(f"tricks: {list(state.tricks_won)}; playing: {list(state.playing)}")
    return out, settled


def _declaration_orders(record: BestiaRecord, hand: Hand) -> list[str]:
    """Which ``declaration_start`` the recorded first round fits (RULES.md Q-BES-1)."""
    said = [a.seat for a in hand.actions if isinstance(a, Pass | Join)]
    fits = []
    for start in ("right_of_eldest", "right_of_dealer"):
        rules = dataclasses.replace(record.rules, declaration_start=start)
        order = engine.declaration_order(rules, hand.dealer)
        if said[: len(order)] == list(order[: len(said)]):
            fits.append(start)
    if not fits:
        return ["the first round fits neither declaration_start"]
    return [f"the first round fits declaration_start = {' or '.join(fits)}"]


def _act(
    state: engine.State, action: Pass | Join | BlindDraw | Play, calls: list[tuple[int, str]]
) -> Violation | None:
    """Check one recorded action and apply it if legal; note what was said in ``calls``."""
    violation: Violation | None
    if isinstance(action, Pass):
        violation = engine.check_declare(state, action.seat, None)
        if violation is None:
            engine.apply_declare(state, None)
            calls.append((action.seat, "pass"))
        return violation
    if isinstance(action, Join):
        violation = engine.check_declare(state, action.seat, action.exchange)
        if violation is not None:
            return violation
        engine.apply_declare(state, action.exchange)
        violation = engine.check_exchange(state, action.discards, action.drawn)
        if violation is None:
            engine.apply_exchange(state, action.discards, action.drawn)
            calls.append((action.seat, _join_text(action)))
        return violation
    if isinstance(action, BlindDraw):
        violation = engine.check_blind(state, action.seat, action.drawn)
        if violation is None:
            engine.apply_blind(state, action.seat, action.drawn)
            calls.append((action.seat, "blind draw: " + " ".join(action.drawn)))
        return violation
    violation = engine.check_play(state, action.seat, action.card)
    if violation is None:
        engine.apply_play(state, action.card)
    return violation


def _join_text(action: Join) -> str:
    if not action.exchange:
        return "play, keeps the hand"
    return (
        f"play, changes {action.exchange}: {' '.join(action.discards)} for {' '.join(action.drawn)}"
    )


def _incomplete(state: engine.State, index: int, number: int) -> Problem:
    if state.phase in (engine.Phase.DECLARE, engine.Phase.EXCHANGE):
        missing = f"seat {state.turn} has not declared"
    else:
        missing = (
            f"trick {state.trick_number} of {state.rules.hand_size} is unfinished; "
            f"seat {state.turn} to play"
        )
    return Problem(
        "hand.incomplete",
        Kind.ILLEGAL,
        f"the actions stop before the hand ends: {missing}",
        pointer("hands", index, "actions"),
        hand=number,
        seat=state.turn,
    )
