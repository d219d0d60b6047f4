"""Bestia's referee: how its records are laid out, the pot a sitting carries, and its claims.

The rules live in ``replay.engines.bestia`` (in words: docs/bestia.md); the walk through a record in
``replay.driver``. A record is a sitting of consecutive hands (the deal passes to the right,
anticlockwise) whose money crosses hands through the pot, so the referee keeps what each hand
carries forward (``PotLedger``). A hand is settled from its recorded starting pot when the record
states one (so a hand that is right on its own is not blamed for its neighbour) and audit reports
``pot.carry-mismatch`` where that starting pot is not what the previous hand carried. Running
balances start at 0 with the sitting, whatever its first hand's number, and are the sum of the
hands' nets; after a hand that cannot be settled they are unknown, never resynchronised from the
claims.

One root, not a cascade (``replay.claims.Chain``): a starting pot is consistent when it is what
the previous hand carried, as recomputed or as that hand claims; a claimed balance when it is
the previous balance plus the hand's net, each as recomputed or as claimed (the net from the
hand's claimed invito, share, refund and bestia). A hand that states no starting pot is settled
from what the previous hand carried as recomputed, unless the previous hand claims to carry a
different pot and this hand's own claims follow that one (or the recomputed pot is unknown):
then from the claimed pot, and a note says so. A wrong ``carried`` claim that the sitting
carried on is reported once.

Every claim is compared with a recomputed value (``replay.claims``); a claim the record does not
state is missing, one that replay could not compute (a stopped hand, an unknown pot) is
unchecked. The derivation a person reads to settle a dispute is written only when asked for.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from records.problems import Violation
from records.rules.bestia import BestiaRules
from replay.claims import Chain
from replay.engines import bestia as engine
from replay.engines.bestia import Settlement, State, Table
from replay.referee import Ledger, Referee, claimed_before, rules_of
from replay.steps import Claim, HandSettled

__all__ = ["REFEREE", "BestiaReferee", "PotLedger"]


class PotLedger(Ledger):
    """The pot a sitting carries from one hand into the next; None once it is unknown."""

    __slots__ = ("carry",)

    def __init__(self, opening: int) -> None:
        self.carry: int | None = opening

    def carried(self) -> int | None:
        return self.carry

    def settled(self, settlement: Settlement) -> None:
        self.carry = settlement.carried

    def lost(self) -> None:
        self.carry = None


class _Pointers:
    """The JSON Pointers of one hand's claims, built once per hand index."""

    __slots__ = (
        "balances",
        "bestias",
        "carried",
        "invitos",
        "pot",
        "refunds",
        "shares",
        "start",
        "tricks",
    )

    def __init__(self, index: int) -> None:
        at = f"/hands/{index}/claims"
        self.start, self.invitos, self.pot = f"{at}/starting_pot", f"{at}/invitos", f"{at}/pot"
        self.tricks, self.shares, self.refunds = f"{at}/tricks", f"{at}/shares", f"{at}/refunds"
        self.bestias, self.balances = f"{at}/bestias", f"{at}/balances"
        self.carried = f"{at}/carried"


_POINTERS: list[_Pointers] = []


def _pointers(index: int) -> _Pointers:
    while len(_POINTERS) <= index:
        _POINTERS.append(_Pointers(len(_POINTERS)))
    return _POINTERS[index]


class BestiaReferee(Referee[BestiaRules, Table, State]):
    engine = engine.ENGINE
    sequence = "consecutive"
    rotation = "to the right (anticlockwise)"

    def rules(self, record: Any) -> BestiaRules:
        return rules_of(record.rules, BestiaRules)

    def totals_start(self, record: Any) -> bool:
        return True  # a sitting's balances start at 0 whatever its first hand's number

    def ledger(self, record: Any, table: Table) -> PotLedger:
        return PotLedger(record.opening_pot)

    def settle(
        self, state: State, ledger: Ledger, record: Any, index: int, notes: list[str]
    ) -> Any:
        """Settle from the recorded starting pot when the record states one, else from what
        the previous hand carried (see the module); None (and a note) when nothing is known."""
        claims = record.hands[index].claims
        start = claims.starting_pot if claims is not None else None
        if start is not None:
            return engine.settle(state, start)
        carry = ledger.carried()
        claimed = claimed_before(record, index, _carried)
        if claimed is None or claimed == carry:
            if carry is None:
                notes.append("the starting pot is unknown: the hand cannot be settled")
                return None
            return engine.settle(state, carry)
        from_claim = engine.settle(state, claimed)
        if carry is not None:
            settled = engine.settle(state, carry)
            if isinstance(from_claim, Violation) or (
                not isinstance(settled, Violation)
                and _agreement(claims, from_claim) <= _agreement(claims, settled)
            ):
                return settled
        notes.append(
            f"settled from the pot the previous hand claims to carry, {claimed}"
            + (f" (recomputed: {carry})" if carry is not None else "")
            + ": this hand's claims follow it"
        )
        return from_claim

    def audit_notes(self, result: HandSettled) -> Callable[[], list[str]]:
        state: State = result.state

        def notes() -> list[str]:
            playing = ", ".join(map(str, state.playing)) or "nobody"
            return [f"tricks: {', '.join(map(str, state.tricks_won))}; playing: {playing}"]

        return notes

    def hand_claims(
        self, record: Any, index: int, hand: Any, result: HandSettled, ledger: Ledger
    ) -> list[Claim]:
        claims = hand.claims
        if claims is None:
            return []
        carry = ledger.carried()
        at = _pointers(index)
        number = hand.number
        source = "the previous hand carried" if index else "the sitting opened with"

        def carry_mismatch(recorded: Any, computed: Any) -> str:
            return f"hand {number} starts with a pot of {recorded}, but {source} {computed}"

        s: Settlement | None = result.settlement
        return [
            Claim(
                "starting_pot",
                at.start,
                claims.starting_pot,
                carry,
                False,
                "pot.carry-mismatch",
                carry_mismatch,
                show_missing=True,
                follows=_START,
            ),
            Claim("invito", at.invitos, claims.invitos, list(s.invitos) if s else None),
            Claim("tricks", at.tricks, claims.tricks, list(s.tricks) if s else None),
            Claim("share", at.shares, claims.shares, list(s.shares) if s else None),
            Claim("refund", at.refunds, claims.refunds, list(s.refunds) if s else None),
            Claim("bestia", at.bestias, claims.bestias, list(s.bestias) if s else None),
            Claim("balance", at.balances, claims.balances, result.totals, follows=_BALANCE),
            Claim("pot", at.pot, claims.pot, s.pot if s else None, False),
            Claim("carried", at.carried, claims.carried, s.carried if s else None, False),
        ]

    def explainer(
        self, record: Any, result: HandSettled, ledger: Ledger
    ) -> Callable[[], list[str]] | None:
        settlement: Settlement | None = result.settlement
        if settlement is None:
            return None
        totals = result.totals
        players = record.players

        def explain() -> list[str]:
            return _derivation(players, settlement, totals)

        return explain

    def stopped_notes(self, record: Any, hand: Any, violation: Violation) -> list[str]:
        if violation.code != "declare.out-of-turn":
            return []
        return _declaration_orders(self.rules(record), hand)

    def record_claims(
        self, record: Any, totals: list[int] | None, winners: list[int] | None, ledger: Ledger
    ) -> list[Claim]:
        """Money conserved by the claims themselves, then final balances and pot."""
        claims = record.claims
        if claims is None:
            return []
        found = []
        balances, carried, opening = claims.balances, claims.carried, record.opening_pot
        if balances is not None and None not in balances and carried is not None:
            total = sum(balances)

            def not_conserved(recorded: Any, computed: Any) -> str:
                return (
                    f"the claimed balances add up to {total:+d} and {carried} is left in the "
                    f"pot, but the sitting opened with {opening}: what the players paid does "
                    "not equal what they received plus what is left in the pot"
                )

            found.append(
                Claim(
                    "ledger",
                    "/claims",
                    total + carried,
                    opening,
                    False,
                    "ledger.not-conserved",
                    not_conserved,
                    listed=False,
                )
            )
        found.append(Claim("balance", "/claims/balances", balances, totals, follows=_FINAL))
        known = ledger.carried() if totals is not None else None
        found.append(Claim("carried", "/claims/carried", carried, known, False, follows=_LEFT))
        return found


def _carried(claims: Any) -> Any:
    return claims.carried


_MONEY = ("invitos", "shares", "refunds", "bestias")
"""The per-seat money claims of a hand."""
_START = Chain("carried", (), "the pot the previous hand carried")
"""A hand starts with the pot the hand before carried."""
_BALANCE = Chain(
    "balance",
    (("invito", -1), ("share", 1), ("refund", 1), ("bestia", -1)),
    "the previous balance",
    "this hand's net",
)
"""A balance is the previous balance plus the hand's net: share and refund less invito and
bestia."""
_FINAL = Chain("balance", (), "the last hand's balance")
_LEFT = Chain("carried", (), "what the last hand carried")


def _agreement(claims: Any, settled: Settlement) -> int:
    """How many of a hand's money claims ``settled`` agrees with."""
    if claims is None:
        return 0
    agreed = int(claims.pot == settled.pot) + int(claims.carried == settled.carried)
    for name in _MONEY:
        recorded = getattr(claims, name)
        if recorded is not None:
            computed = getattr(settled, name)
            agreed += sum(1 for r, c in zip(recorded, computed, strict=False) if r == c)
    return agreed


def _derivation(players: Any, s: Settlement, totals: list[int] | None) -> list[str]:
    """Per seat invito, share, refund, bestia, net and balance; then the pot step by step."""
    names = {p.seat: p.name for p in players}
    lines = []
    for seat in range(len(s.nets)):
        balance = f"{totals[seat]:+d}" if totals is not None else "unknown"
        lines.append(
            f"seat {seat} ({names.get(seat, '?')}): {s.tricks[seat]} trick(s); invito "
            f"-{s.invitos[seat]}, share +{s.shares[seat]}, refund +{s.refunds[seat]}, bestia "
            f"-{s.bestias[seat]} = net {s.nets[seat]:+d}; balance {balance}"
        )
    lines.extend(f"pot: {step}" for step in s.steps())
    return lines


def _declaration_orders(rules: BestiaRules, hand: Any) -> list[str]:
    """Which ``declaration_start`` the recorded first round fits (RULES.md Q-BES-1)."""
    said = [a.seat for a in hand.actions if a.type in ("pass", "join")]
    fits = []
    for start in ("right_of_eldest", "right_of_dealer"):
        order = engine.declaration_order(
            dataclasses.replace(rules, declaration_start=start), hand.dealer
        )
        if said[: len(order)] == list(order[: len(said)]):
            fits.append(start)
    if not fits:
        return ["the first round fits neither declaration_start"]
    return [f"the first round fits declaration_start = {' or '.join(fits)}"]


REFEREE = BestiaReferee()
