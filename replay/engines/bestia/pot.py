"""Bestia's pot ledger: invitos, shares by tricks, bestias and what is carried (RULES.md §3.6;
docs/bestia.md).

Pure integer arithmetic on one hand; the rest of ``replay.engines.bestia`` decides who played and
who took which tricks. Every amount is an integer in the smallest unit, and every settlement
keeps the ledger invariant::

    starting pot + everything the seats paid == everything they received + what is carried

Readings (RULES.md §3.6, §5):

* the pot of a hand is its starting pot plus the invitos paid, also for an all-pass hand whose
  invitos are refunded;
* a seat that took ``t`` of the ``h`` tricks receives ``floor(pot * t / h)`` under
  ``floor_carry`` (so three tricks win the whole pot, as R-SISAL says) and the remainder joins
  the next starting pot; under ``exact`` a pot that does not divide is an error (R-PERUGIA's
  dealer funds a pot divisible by three);
* the bestia is the pot of the hand (R-LEO), capped by ``bestia_cap``; k bestias put k x pot into
  the next pot, or into the pot being divided under ``current_pot``;
* ``bestia_amount = previous_pot`` (R-CAFFE) is not supported: which pot it means is unclear.

A settlement holds the amounts only; the arithmetic in a scorer's words (``Settlement.steps``)
is written when someone reads it, since an audit that agrees never does.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from records.problems import Violation
from records.rules.bestia import BestiaRules

__all__ = ["Settlement", "bestia_amount", "divide", "invitos", "settle", "unsupported"]


@dataclass(frozen=True, slots=True)
class Settlement:
    """The money of one hand, per seat; ``steps()`` gives the arithmetic that produced it."""

    rules: BestiaRules
    playing: tuple[int, ...]
    """The playing set, in the order its shares are worked out."""
    starting_pot: int
    tricks: tuple[int, ...]
    """Tricks taken per seat (a lone player holds them all, played or not)."""
    invitos: tuple[int, ...]
    pot: int
    """Starting pot plus invitos."""
    shares: tuple[int, ...]
    refunds: tuple[int, ...]
    bestias: tuple[int, ...]
    carried: int
    """Into the next hand's starting pot."""
    nets: tuple[int, ...]
    """Received minus paid, per seat."""

    @property
    def scores(self) -> tuple[int, ...]:
        """The nets: what the hand is worth to each seat (``replay.engine.Settlement``)."""
        return self.nets

    def steps(self) -> tuple[str, ...]:
        """The pot arithmetic, one step per line, in a scorer's words."""
        rules, playing, bestias = self.rules, self.playing, self.bestias
        start, pot = self.starting_pot, self.pot
        steps = [f"starting pot {start}", _invito_step(self.invitos, start, pot)]
        if _unplayed(rules, playing):
            if not playing:
                steps.append(
                    f"nobody plays: invitos refunded {sum(self.refunds)} ({rules.all_pass})"
                )
            else:
                steps.append("one seat plays: the pot is carried (single_player = carry_pot)")
            steps.append(f"carried to the next hand: {self.carried}")
            return tuple(steps)
        divided = pot
        if rules.bestia_destination == "current_pot" and any(bestias):
            divided = pot + sum(bestias)
            steps.append(f"bestias {_seats(bestias)} join this pot (current_pot): {divided}")
        h, tricks, shares = rules.hand_size, self.tricks, self.shares
        steps.extend(
            f"seat {seat} took {tricks[seat]} of {h} trick(s): floor({divided} x "
            f"{tricks[seat]} / {h}) = {shares[seat]}"
            for seat in playing
        )
        remainder = divided - sum(shares)
        if remainder:
            steps.append(f"remainder {divided} - {sum(shares)} = {remainder} carried (floor_carry)")
        if rules.bestia_destination == "next_pot" and any(bestias):
            steps.append(f"bestias {_seats(bestias)} go to the next pot")
        steps.append(f"carried to the next hand: {self.carried}")
        return tuple(steps)


def unsupported(rules: BestiaRules) -> Violation | None:
    """A rule value the engine refuses to apply rather than guess at."""
    if rules.bestia_amount == "previous_pot":
        return Violation(
            "rules.unsupported",
            "bestia_amount = previous_pot is not supported (which pot it means is unclear)",
            actual="previous_pot",
        )
    if rules.bestia_amount == "fixed" and rules.bestia_fixed is None:
        return Violation("rules.unsupported", "bestia_amount = fixed needs bestia_fixed")
    return None


def invitos(rules: BestiaRules, dealer: int, playing: Sequence[int]) -> tuple[int, ...]:
    n, invito = rules.num_players, rules.invito
    if rules.invito_payers == "all_seated":
        return (invito,) * n
    if rules.invito_payers == "players_only":
        return tuple(invito if seat in playing else 0 for seat in range(n))
    return tuple(invito if seat == dealer else 0 for seat in range(n))


def bestia_amount(rules: BestiaRules, pot: int) -> int:
    amount = (rules.bestia_fixed or 0) if rules.bestia_amount == "fixed" else pot
    return amount if rules.bestia_cap is None else min(amount, rules.bestia_cap)


def settle(
    rules: BestiaRules,
    dealer: int,
    starting_pot: int,
    playing: Sequence[int],
    tricks: Sequence[int],
) -> Settlement | Violation:
    """Settle a finished hand; ``tricks`` per seat (the lone player holds them all)."""
    n = rules.num_players
    playing, tricks = tuple(playing), tuple(tricks)
    paid = invitos(rules, dealer, playing)
    pot = starting_pot + sum(paid)
    zero = (0,) * n
    if _unplayed(rules, playing):
        refunds = paid if not playing and rules.all_pass == "refund_and_carry" else zero
        nets = tuple([refund - invito for refund, invito in zip(refunds, paid, strict=True)])
        carried = pot - sum(refunds)
        return Settlement(
            rules, playing, starting_pot, tricks, paid, pot, zero, refunds, zero, carried, nets
        )
    bestias = zero
    if 0 in tricks:
        amount = bestia_amount(rules, pot)
        bestias = tuple([amount if t == 0 and s in playing else 0 for s, t in enumerate(tricks)])
    divided = pot
    if rules.bestia_destination == "current_pot":
        divided = pot + sum(bestias)
    shares = divide(rules, divided, playing, tricks)
    if isinstance(shares, Violation):
        return shares
    carried = divided - sum(shares)
    if rules.bestia_destination == "next_pot":
        carried += sum(bestias)
    nets = tuple(
        [won - paid_ - lost for won, paid_, lost in zip(shares, paid, bestias, strict=True)]
    )
    return Settlement(
        rules, playing, starting_pot, tricks, paid, pot, shares, zero, bestias, carried, nets
    )


def divide(
    rules: BestiaRules, pot: int, playing: Sequence[int], tricks: Sequence[int]
) -> tuple[int, ...] | Violation:
    """Each playing seat's winnings: ``floor(pot x tricks / hand_size)``."""
    h = rules.hand_size
    if rules.pot_rounding == "exact" and pot % h:
        return Violation(
            "pot.indivisible",
            f"the pot {pot} cannot be divided exactly into {h} shares (pot_rounding = exact)",
            expected=f"a multiple of {h}",
            actual=pot,
        )
    return tuple([pot * t // h if s in playing else 0 for s, t in enumerate(tricks)])


def _unplayed(rules: BestiaRules, playing: Sequence[int]) -> bool:
    """Nobody plays, or a lone player under ``carry_pot``: no shares, no bestia."""
    return not playing or (len(playing) == 1 and rules.single_player == "carry_pot")


def _invito_step(paid: Sequence[int], starting_pot: int, pot: int) -> str:
    payers = [seat for seat, amount in enumerate(paid) if amount]
    if not payers:
        return f"no invito paid: pot {pot}"
    return (
        f"+ invito {paid[payers[0]]} x {len(payers)} seat(s) ({', '.join(map(str, payers))}) "
        f"= {sum(paid)}: "
        f"pot {starting_pot} + {sum(paid)} = {pot}"
    )


def _seats(amounts: Sequence[int]) -> str:
    return ", ".join(f"seat {s} pays {a}" for s, a in enumerate(amounts) if a)
