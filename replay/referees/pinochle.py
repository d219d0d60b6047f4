"""Auction Pinochle's referee: how its records are laid out, the kitty a sitting carries from
hand to hand, what the records claim, and how a table would want a disputed hand explained.

The rules live in ``replay.engines.pinochle`` (in words: docs/pinochle.md); the walk through a
record in ``replay.driver``. A sitting's hands follow one another with the deal passing on; chips
and the kitty's balance are known from hand 1 until a hand cannot be settled. The largest meld the
declarer held is information only, worked out when a person reads the hand.

A claimed running total is a problem only where it does not follow from the previous total and
the hand's chips (``replay.claims.Chain``): chips claimed wrong and carried on are reported
once. The claimed final totals follow from the last hand's claimed totals, the claimed kitty
from the hands' claimed kitty payments.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from records.rules.pinochle import PinochleRules
from replay.claims import Chain, Follows
from replay.engines.pinochle import DECK, ENGINE, State, Table, melds
from replay.engines.pinochle.scoring import Settlement
from replay.engines.pinochle.state import pretty
from replay.referee import Ledger, Referee, rules_of
from replay.steps import Claim, HandSettled


class Kitty(Ledger):
    """The kitty's balance (RULES.md §1.9), None once a hand could not be settled."""

    def __init__(self, balance: int | None) -> None:
        self.balance = balance

    def settled(self, settlement: Any) -> None:
        if self.balance is not None:
            self.balance += settlement.kitty

    def lost(self) -> None:
        self.balance = None


class PinochleReferee(Referee[PinochleRules, Table, State]):
    engine = ENGINE

    def rules(self, record: Any) -> PinochleRules:
        return rules_of(record.rules, PinochleRules)

    def ledger(self, record: Any, table: Table) -> Kitty:
        return Kitty(0 if self.totals_start(record) else None)

    def hand_claims(
        self, record: Any, index: int, hand: Any, result: HandSettled, ledger: Ledger
    ) -> list[Claim]:
        claims = hand.claims
        if claims is None:
            return []
        settled: Settlement | None = result.settlement
        computed = _computed(settled)
        hint = None if settled is None else _bonus_hint(result.state.rules, settled)
        recorded = (
            claims.declarer,
            claims.contract,
            claims.meld,
            claims.counters,
            claims.made,
            claims.kitty,
        )
        at = _pointers(index)
        rows = [  # a claim the record does not make has nothing to be compared with
            Claim(name, pointer, value, computed[k], per_seat=False, hint=hint if k == 2 else None)
            for k, (name, pointer) in enumerate(at[:6])
            if (value := recorded[k]) is not None
        ]
        rows.append(Claim("chips", at[6][1], claims.chips, result.scores))
        rows.append(Claim("total", at[7][1], claims.totals, result.totals, follows=_TOTAL))
        return rows

    def explainer(
        self, record: Any, result: HandSettled, ledger: Ledger
    ) -> Callable[[], list[str]] | None:
        state, settled = result.state, result.settlement
        assert isinstance(ledger, Kitty)
        kitty = ledger.balance if state.rules.kitty else None

        def explain() -> list[str]:
            lines = derivation(state, settled)
            if kitty is not None:
                lines.append(f"kitty balance after the hand: {kitty}")
            return lines

        return explain

    def audit_notes(self, result: HandSettled) -> Callable[[], list[str]] | None:
        state = result.state
        return lambda: notes(state)

    def record_claims(
        self, record: Any, totals: list[int] | None, winners: list[int] | None, ledger: Ledger
    ) -> list[Claim]:
        claims = record.claims
        if claims is None:
            return []
        assert isinstance(ledger, Kitty)
        paid = _claimed_kitty(record) if self.totals_start(record) else None
        kitty = Follows(
            (paid, ledger.balance),
            previous_words="the kitty payments the hands claim, in all,",
            chained=False,
        )
        return [
            Claim("total", "/claims/totals", claims.totals, totals, follows=_FINAL),
            Claim(
                "kitty",
                "/claims/kitty",
                claims.kitty,
                ledger.balance,
                per_seat=False,
                follows=kitty,
            ),
        ]


_TOTAL = Chain("total", (("chips", 1),), change_words="this hand's chips")
"""A running total is the previous total plus the hand's chips."""
_FINAL = Chain("total", (), "the last hand's total")
"""The final totals are the last hand's running totals."""


def _claimed_kitty(record: Any) -> int | None:
    """The kitty's balance by the hands' own claims, where every hand claims its payment."""
    balance = 0
    for hand in record.hands:
        paid = hand.claims.kitty if hand.claims is not None else None
        if paid is None:
            return None
        balance += paid
    return balance


def _computed(settled: Settlement | None) -> tuple[Any, ...]:
    """The recomputed declarer, contract, meld, counters, made and kitty (None: not known)."""
    if settled is None:
        return (None,) * 6
    found = settled.counters
    counters = None if found is None else found.total
    return (settled.declarer, settled.contract, settled.meld, counters, settled.made, settled.kitty)


@functools.lru_cache(maxsize=256)
def _pointers(index: int) -> tuple[tuple[str, str], ...]:
    """(name, pointer) of hand ``index``'s claims, in the order they are compared."""
    at = f"/hands/{index}/claims"
    scalars = ("declarer", "contract", "meld", "counters", "made", "kitty")
    return (
        *((k, f"{at}/{k}") for k in scalars),
        ("chips", f"{at}/chips"),
        ("total", f"{at}/totals"),
    )


def _bonus_hint(rules: PinochleRules, settled: Settlement) -> Callable[[Any], str | None] | None:
    """RULES.md Q-PIN-4: a meld claim that the bonus table would give, under additive rules."""
    if rules.double_meld_values != "additive":
        return None

    def hint(recorded: Any) -> str | None:
        bonus = melds.bonus_reading(rules, settled.melds)
        if recorded != bonus:
            return None
        return (
            f"the claimed meld {bonus} is what the bonus table gives these melds "
            "(double_meld_values = bonus); the rules block says additive"
        )

    return hint


def notes(state: State) -> list[str]:
    """Information that is not a problem: a void hand, the largest meld the declarer held, a
    buried meld card."""
    found: list[str] = []
    if state.declarer is None:
        found.append("everybody passed: the hand is void and the deal passes on")
    if state.trump is not None and state.hand18:
        value, parts = melds.largest_meld(state.rules, state.hand18, state.trump)
        found.append(
            f"largest meld the declarer's 18 cards held with {state.trump} trump: "
            f"{value} ({', '.join(parts) or 'none'}); information only, not scored"
        )
    if state.lost_card is not None:
        found.append(
            f"the declarer buried {state.lost_card}, a card of a scored meld: "
            "the hand is lost (a card of a scored meld may not be buried)"
        )
    return found


def derivation(state: State, settled: Settlement) -> list[str]:
    """How the chips came about, one line per step, in a scorer's words."""
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
            f"counters in the declarer's tricks ({', '.join(map(str, won)) or 'none'}): "
            f"{found.in_tricks}",
            f"counters buried {pretty(state.buried or [])}: {found.buried}",
            f"last trick ({last.number}): "
            + ", ".join(f"seat {seat} {DECK.pretty(card)}" for seat, card in last.plays)
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


REFEREE = PinochleReferee()
