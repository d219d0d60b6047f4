"""Audit of a Bestia sitting: the claims of each hand and of the sitting against the replay, and
the derivation a person reads to settle a dispute.

Every claim is compared with a recomputed value; a claim the record does not state is missing,
one that replay could not compute (a stopped hand, an unknown pot) is unchecked.
"""

from __future__ import annotations

from collections.abc import Sequence

from records.bestia import BestiaRecord, Hand
from records.problems import Kind, Problem, pointer
from replay.engines.bestia_pot import Settlement
from replay.referees.common import compare_claim, compare_row
from replay.report import ClaimCheck, ClaimStatus, HandReport, RecordReport, compare


def derivation(record: BestiaRecord, s: Settlement, totals: Sequence[int] | None) -> list[str]:
    """Per seat invito, share, refund, bestia, net and balance; then the pot step by step."""
    names = {p.seat: p.name for p in record.players}
    lines = []
    for seat in range(record.rules.num_players):
        balance = f"{totals[seat]:+d}" if totals is not None else "unknown"
        lines.append(
            f"seat {seat} ({names.get(seat, '?')}): {s.tricks[seat]} trick(s); invito -{s.invitos[seat]}, share "
            f"+{s.shares[seat]}, refund +{s.refunds[seat]}, bestia -{s.bestias[seat]} = net "
            f"{s.nets[seat]:+d}; balance {balance}"
        )
    lines.extend(f"pot: {step}" for step in s.steps)
    return lines


def audit_hand(
    hand: Hand,
    index: int,
    out: HandReport,
    settled: Settlement | None,
    carry: int | None,
    problems: list[Problem],
) -> None:
    """Compare the hand's claims; ``carry`` is what the previous hand carried (or None)."""
    claims = hand.claims
    if claims is None:
        return
    at = pointer("hands", index, "claims")
    number = hand.number
    source = "the previous hand carried" if index else "the sitting opened with"
    _check_start(claims.starting_pot, (carry, source), at, number, (out.claims, problems))
    s = settled
    sink = (out.claims, problems)
    for name, field, recorded, computed in (
        ("invito", "invitos", claims.invitos, s.invitos if s else None),
        ("tricks", "tricks", claims.tricks, s.tricks if s else None),
        ("share", "shares", claims.shares, s.shares if s else None),
        ("refund", "refunds", claims.refunds, s.refunds if s else None),
        ("bestia", "bestias", claims.bestias, s.bestias if s else None),
        ("balance", "balances", claims.balances, out.totals),
    ):
        compare_row(name, f"{at}/{field}", recorded, computed, number, (out.claims, problems))
    for name, field, value, computed_value in (
        ("pot", "pot", claims.pot, s.pot if s else None),
        ("carried", "carried", claims.carried, s.carried if s else None),
    ):
        compare_claim(name, f"{at}/{field}", None, value, computed_value, number, sink)


def _check_start(
    recorded: int | None,
    before: tuple[int | None, str],
    at: str,
    number: int,
    out: tuple[list[ClaimCheck], list[Problem]],
) -> None:
    """The ledger between two hands: the starting pot is what the previous hand carried
    (``before`` = that amount and how to say where it comes from)."""
    carry, source = before
    start = compare("starting_pot", None, recorded, carry)
    out[0].append(start)
    if start.status is ClaimStatus.MISMATCH:
        out[1].append(
            Problem(
                "pot.carry-mismatch",
                Kind.INCONSISTENT,
                f"hand {number} starts with a pot of {recorded}, but {source} {carry}",
                f"{at}/starting_pot",
                hand=number,
                expected=carry,
                actual=recorded,
            )
        )


def audit_sitting(record: BestiaRecord, report: RecordReport, carry: int | None) -> None:
    """The sitting's claims: money conserved, then final balances and pot against replay."""
    claims = record.claims
    if claims is None:
        return
    balances = claims.balances
    if (
        balances is not None
        and None not in balances
        and claims.carried is not None
        and sum(b for b in balances if b is not None) + claims.carried != record.opening_pot
    ):
        total = sum(b for b in balances if b is not None)
        report.problems.append(
            Problem(
                "ledger.not-conserved",
                Kind.INCONSISTENT,
                f"the claimed balances add up to {total:+d} and {claims.carried} is left in the "
                f"pot, but the sitting opened with {record.opening_pot}: what the players paid "
                "does not equal what they received plus what is left in the pot",
                "/claims",
                expected=record.opening_pot,
                actual=total + claims.carried,
            )
        )
    sink = (report.claims, report.problems)
    compare_row("balance", "/claims/balances", balances, report.totals, None, sink)
    known = carry if report.totals is not None else None
    compare_claim("carried", "/claims/carried", None, claims.carried, known, None, sink)
