"""Bestia's pot ledger: invitos, shares by tricks, bestias and what is carried (RULES.md §3.6).

Pure integer arithmetic on one hand; ``replay.engines.bestia`` decides who played and who took
which tricks. Every amount is an integer in the smallest unit, and every settlement keeps the
ledger invariant::

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
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from records.problems import Violation
from records.rules.bestia import BestiaRules


@dataclass(frozen=True, slots=True)
class Settlement:
    """The money of one hand, per seat, with the arithmetic that produced it."""

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
    steps: tuple[str, ...]
    """The pot arithmetic, one step per line, in a scorer's words."""


def unsupported(rules: BestiaRules) -> Violation | None:
    """A rule value the engine refuses to apply rather than guess at."""
    if rules.bestia_amount == "previous_pot":
        return Violation(
            "rules.unsupported",
            "bestia_amount = previous_pot is not supported (which pot R-CAFFE means is unclear)",
            actual="previous_pot",
        )
    if rules.bestia_amount == "fixed" and rules.bestia_fixed is None:
        return Violation("rules.unsupported", "bestia_amount = fixed needs bestia_fixed")
    return None


def invitos(rules: BestiaRules, dealer: int, playing: Sequence[int]) -> tuple[int, ...]:
    n = rules.num_players
    if rules.invito_payers == "all_seated":
        payers = set(range(n))
    elif rules.invito_payers == "players_only":
        payers = set(playing)
    else:
        payers = {dealer}
    return tuple(rules.invito if seat in payers else 0 for seat in range(n))


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
    zero = (0,) * n
    paid = invitos(rules, dealer, playing)
    pot = starting_pot + sum(paid)
    steps = [f"starting pot {starting_pot}", _invito_step(paid, starting_pot, pot)]
    if not playing or (len(playing) == 1 and rules.single_player == "carry_pot"):
        return _unplayed(
            rules, (starting_pot, tuple(tricks)), paid, pot, steps, all_pass=not playing
        )
    bestias = tuple(
        bestia_amount(rules, pot) if seat in playing and tricks[seat] == 0 else 0
        for seat in range(n)
    )
    divided = pot
    if rules.bestia_destination == "current_pot" and any(bestias):
        divided = pot + sum(bestias)
        steps.append(f"bestias {_seats(bestias)} join this pot (current_pot): {divided}")
    shares = divide(rules, divided, playing, tricks, steps)
    if isinstance(shares, Violation):
        return shares
    remainder = divided - sum(shares)
    carried = remainder
    if remainder:
        steps.append(f"remainder {divided} - {sum(shares)} = {remainder} carried (floor_carry)")
    if rules.bestia_destination == "next_pot" and any(bestias):
        carried += sum(bestias)
        steps.append(f"bestias {_seats(bestias)} go to the next pot")
    steps.append(f"carried to the next hand: {carried}")
    nets = tuple(shares[s] - paid[s] - bestias[s] for s in range(n))
    return Settlement(
        starting_pot, tuple(tricks), paid, pot, shares, zero, bestias, carried, nets, tuple(steps)
    )


def divide(
    rules: BestiaRules, pot: int, playing: Sequence[int], tricks: Sequence[int], steps: list[str]
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
    n = rules.num_players
    shares = tuple(pot * tricks[seat] // h if seat in playing else 0 for seat in range(n))
    for seat in playing:
        steps.append(
            f"seat {seat} took {tricks[seat]} of {h} trick(s): floor({pot} x "
            f"{tricks[seat]} / {h}) = {shares[seat]}"
        )
    return shares


def _unplayed(
    rules: BestiaRules,
    start: tuple[int, tuple[int, ...]],
    paid: tuple[int, ...],
    pot: int,
    steps: list[str],
    *,
    all_pass: bool,
) -> Settlement:
    """Nobody plays, or a lone player under ``carry_pot``: no shares, no bestia."""
    starting_pot, tricks = start
    n = rules.num_players
    zero = (0,) * n
    refunds = paid if all_pass and rules.all_pass == "refund_and_carry" else zero
    carried = pot - sum(refunds)
    if all_pass:
        steps.append(f"nobody plays: invitos refunded {sum(refunds)} ({rules.all_pass})")
    else:
        steps.append("one seat plays: the pot is carried (single_player = carry_pot)")
    steps.append(f"carried to the next hand: {carried}")
    nets = tuple(refunds[s] - paid[s] for s in range(n))
    return Settlement(
        starting_pot, tricks, paid, pot, zero, refunds, zero, carried, nets, tuple(steps)
    )


def _invito_step(paid: Sequence[int], starting_pot: int, pot: int) -> str:
    payers = [seat for seat, amount in enumerate(paid) if amount]
    if not payers:
        return f"no invito paid: pot {pot}"
    return (
        f"+ invito {paid[payers[0]]} x {len(payers)} seat(s) {payers} = {sum(paid)}: "
        f"pot {starting_pot} + {sum(paid)} = {pot}"
    )


def _seats(amounts: Sequence[int]) -> str:
    return ", ".join(f"seat {s} pays {a}" for s, a in enumerate(amounts) if a)
