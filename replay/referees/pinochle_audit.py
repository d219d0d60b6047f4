"""Audit of an Auction Pinochle hand: the derivation a table would accept for a disputed
hand, notes that are information only, and the recorded claims compared with the replay.

Part of the Pinochle referee (``replay.referees.pinochle``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from records.pinochle import Hand, PinochleRecord, PinochleRules
from records.problems import Problem, pointer
from replay.engines import pinochle as engine
from replay.engines import pinochle_melds as melds
from replay.engines import pinochle_scoring as scoring
from replay.referees.common import compare_claim, compare_row
from replay.report import HandReport, RecordReport


def pretty(cards: Sequence[str]) -> str:
    return " ".join(engine.DECK.pretty(c) for c in engine.DECK.sorted(cards))


def notes(state: engine.State) -> list[str]:
    notes: list[str] = []
    if state.declarer is None:
        notes.append("everybody passed: the hand is void and the deal passes on")
    if state.trump is not None and state.hand18:
        value, parts = melds.largest_meld(state.rules, state.hand18, state.trump)
        notes.append(
            f"largest meld the declarer's 18 cards held with {state.trump} trump: "
            f"{value} ({', '.join(parts) or 'none'}); information only, not scored"
        )
    if state.lost_card is not None:
        notes.append(
            f"the declarer buried {state.lost_card}, a card of a scored meld: "
            "the hand is lost (RULES.md §1.5)"
        )
    return notes


def derivation(state: engine.State, settled: scoring.Settlement) -> list[str]:
    lines: list[str] = []
    if state.declarer is not None:
        lines.append(f"declarer seat {state.declarer}, contract {state.contract}")
    for meld in state.melds:
        lines.append(f"meld {meld.kind}: {pretty(meld.cards)} = {meld.value}")
    if state.declarer is not None:
        lines.append(f"meld total: {settled.meld}")
    found = settled.counters
    if found is not None:
        won = [t.number for t in state.tricks if t.winner == state.declarer]
        last = state.tricks[-1]
        lines += [
            f"counters in the declarer's tricks {won}: {found.in_tricks}",
            f"counters buried {pretty(state.buried or [])}: {found.buried}",
            f"last trick ({last.number}): "
            + ", ".join(f"seat {seat} {engine.DECK.pretty(card)}" for seat, card in last.plays)
            + f"; won by seat {last.winner}: {found.last_trick} to the declarer",
            f"declarer {found.total} + opponents {found.opponents} = "
            f"{found.total + found.opponents} card points",
            f"count: meld {settled.meld} + counters {found.total} = {settled.count} against "
            f"the contract {state.contract}",
        ]
    lines.append(f"outcome: {settled.outcome.value}")
    for p in settled.payments:
        payer = "kitty" if p.payer is None else f"seat {p.payer}"
        payee = "the kitty" if p.payee is None else f"seat {p.payee}"
        lines.append(f"{payer} pays {payee} {p.chips} ({p.rule})")
    chips = ", ".join(f"seat {s} {c:+d}" for s, c in enumerate(settled.chips))
    lines.append(f"chips: {chips}, kitty {settled.kitty:+d}")
    return lines


def audit_hand(
    rules: PinochleRules,
    hand: Hand,
    index: int,
    out: HandReport,
    settled: scoring.Settlement | None,
    problems: list[Problem],
) -> None:
    claims = hand.claims
    if claims is None:
        return
    at = pointer("hands", index, "claims")
    both = (out.claims, problems)
    found = None if settled is None else settled.counters
    declarer = None if settled is None else settled.declarer
    contract = None if settled is None else settled.contract
    scalars: list[tuple[str, Any, Any]] = [
        ("declarer", claims.declarer, declarer),
        ("contract", claims.contract, contract),
        ("meld", claims.meld, None if settled is None else settled.meld),
        ("counters", claims.counters, None if found is None else found.total),
        ("made", claims.made, None if settled is None else settled.made),
        ("kitty", claims.kitty, None if settled is None else settled.kitty),
    ]
    for name, recorded, computed in scalars:
        compare_claim(name, f"{at}/{name}", None, recorded, computed, hand.number, both)
    additive = rules.double_meld_values == "additive"
    if settled is not None and additive and claims.meld not in (None, settled.meld):
        bonus = melds.bonus_reading(rules, settled.melds)
        if claims.meld == bonus:
            out.notes.append(
                f"the claimed meld {bonus} is what the bonus table gives these melds "
                "(double_meld_values = bonus); the rules block says additive"
            )
    for name, key, row, values in (
        ("chips", "chips", claims.chips, out.scores),
        ("total", "totals", claims.totals, out.totals),
    ):
        compare_row(name, f"{at}/{key}", row, values, hand.number, both)


def audit_sitting(
    record: PinochleRecord, totals: list[int] | None, kitty: int | None, report: RecordReport
) -> None:
    claims = record.claims
    assert claims is not None
    both = (report.claims, report.problems)
    compare_row("total", "/claims/totals", claims.totals, totals, None, both)
    compare_claim("kitty", "/claims/kitty", None, claims.kitty, kitty, None, both)
