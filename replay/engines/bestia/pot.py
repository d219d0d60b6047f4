"""Bestia's pot ledger: invitos, shares by tricks, bestias and what is carried (docs/bestia.md)
.

Exact arithmetic on one hand; the rest of ``replay.engines.bestia`` decides who played and who
took which tricks. Every amount is an integer in the smallest unit, or under ``exact`` a
``Fraction`` of it (an integer wherever it divides), never a float. Every settlement keeps the
ledger invariant::

    starting pot + everything the seats paid == everything they received + what is carried

Readings (docs/bestia.md):

* the pot of a hand is its starting pot plus the invitos paid, also for an all-pass hand whose
  invitos are refunded;
* a seat that took ``t`` of the ``h`` tricks receives ``floor(pot * t / h)`` under
  ``floor_carry`` (so three tricks win the whole pot, as R-SISAL says) and the remainder joins
  the next starting pot; under ``exact`` it receives exactly ``pot * t / h``, a fraction when
  ``h`` does not divide ``pot * t`` (docs/bestia.md), and nothing is carried for rounding;
* the bestia is the pot of the hand (R-LEO), capped by ``bestia_cap``; k bestias put k x pot into
  the next pot, or into the pot being divided under ``current_pot``;
* ``bestia_amount = previous_pot`` (R-CAFFE, "the entire amount of the previous pot") is read as
  the pot the previous hand left on the table: this hand's starting pot, before its invitos.
  ``pot`` already names the pot being played for, so the previous pot is the one before it;
* an abandoned hand is void (``void``): every invito paid is given back, nobody wins a share or
  pays a bestia, and the starting pot is carried unchanged. Its ``scores`` are None, so the
  running balances go on unchanged; a claim ends a hand as played, settled on the tricks it
  gives.

A settlement holds the amounts only; the arithmetic in a scorer's words (``Settlement.steps``)
is written when someone reads it, since an audit that agrees never does.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from fractions import Fraction

from msgspec import Struct

from records.problems import Violation
from records.rules.bestia import BestiaRules
from records.words import number_of

__all__ = [
    "Money",
    "Settlement",
    "bestia_amount",
    "divide",
    "invitos",
    "settle",
    "unsupported",
    "void",
]

Money = int | Fraction
"""An amount: an integer in the smallest unit, or under ``exact`` a fraction of it."""


class Settlement(Struct, frozen=True):
    """The money of one hand, per seat; ``steps()`` gives the arithmetic that produced it.
    Made once by ``settle`` or ``void``."""

    rules: BestiaRules
    playing: tuple[int, ...]
    """The playing set, in the order its shares are worked out."""
    starting_pot: Money
    tricks: tuple[int, ...]
    """Tricks taken per seat (a lone player holds them all, played or not)."""
    invitos: tuple[int, ...]
    pot: Money
    """Starting pot plus invitos."""
    shares: tuple[Money, ...]
    refunds: tuple[int, ...]
    bestias: tuple[Money, ...]
    carried: Money
    """Into the next hand's starting pot."""
    nets: tuple[Money, ...]
    """Received minus paid, per seat."""
    played: tuple[bool, ...] = ()
    """Per seat, whether it played (declared play or drew blind)."""
    abandoned: bool = False
    """The hand was abandoned: void, not scored (``void``)."""

    @property
    def scores(self) -> tuple[Money, ...] | None:
        """The nets: what the hand is worth to each seat (``replay.engine.Settlement``); None
        for an abandoned hand, which is not scored."""
        return None if self.abandoned else self.nets

    def amounts(self) -> tuple[tuple[str, tuple[Money, ...]], ...]:
        """The money besides the nets: the pot, what each seat won and paid as a bestia, and
        what is carried (bestias of the whole pot make it grow from hand to hand)."""
        return (
            ("pot", (self.pot,)),
            ("share", self.shares),
            ("bestia", self.bestias),
            ("pot carried to the next hand", (self.carried,)),
        )

    def steps(self) -> tuple[str, ...]:
        """The pot arithmetic, one step per line, in a scorer's words."""
        rules, playing, bestias = self.rules, self.playing, self.bestias
        start, pot = self.starting_pot, self.pot
        steps = [f"starting pot {start}", _invito_step(self.invitos, start, pot)]
        if self.abandoned:
            steps.append(f"the hand is abandoned: invitos refunded {sum(self.refunds)}")
            steps.append(f"carried to the next hand: {self.carried}")
            return tuple(steps)
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
        floor = "floor({}) = {}" if rules.pot_rounding == "floor_carry" else "{} = {}"
        steps.extend(
            f"seat {seat} took {tricks[seat]} of {number_of(h, 'trick')}: "
            + floor.format(f"{divided} x {tricks[seat]} / {h}", shares[seat])
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
    """A rules block the engine cannot apply rather than guess at: a fixed bestia without its
    amount. Every value of every parameter of docs/bestia.md is applied."""
    if rules.bestia_amount == "fixed" and rules.bestia_fixed is None:
        return Violation("rules.unsupported", "bestia_amount = fixed needs bestia_fixed")
    return None


def invitos(rules: BestiaRules, dealer: int, playing: Sequence[int]) -> tuple[int, ...]:
    n, invito = rules.num_players, rules.invito
    if rules.invito_payers == "all_seated":
        return (invito,) * n
    if rules.invito_payers == "players_only":
        return tuple([invito if seat in playing else 0 for seat in range(n)])
    return tuple([invito if seat == dealer else 0 for seat in range(n)])


def bestia_amount(rules: BestiaRules, starting_pot: Money, pot: Money) -> Money:
    """What a seat that played and took no trick pays (``bestia_amount``, ``bestia_cap``)."""
    if rules.bestia_amount == "fixed":
        amount: Money = rules.bestia_fixed or 0
    elif rules.bestia_amount == "previous_pot":
        amount = starting_pot
    else:
        amount = pot
    return amount if rules.bestia_cap is None else min(amount, rules.bestia_cap)


def settle(
    rules: BestiaRules,
    dealer: int,
    starting_pot: Money,
    playing: Sequence[int],
    tricks: Sequence[int],
) -> Settlement | Violation:
    """Settle a finished hand; ``tricks`` per seat (the lone player holds them all)."""
    n = rules.num_players
    playing, tricks = tuple(playing), tuple(tricks)
    played = _played(n, playing)
    paid = invitos(rules, dealer, playing)
    pot = starting_pot + sum(paid)
    zero = (0,) * n
    if _unplayed(rules, playing):
        refunds = paid if not playing and rules.all_pass == "refund_and_carry" else zero
        lost = tuple([refund - invito for refund, invito in zip(refunds, paid, strict=True)])
        carried = pot - sum(refunds)
        return Settlement(
            rules,
            playing,
            starting_pot,
            tricks,
            paid,
            pot,
            zero,
            refunds,
            zero,
            carried,
            lost,
            played,
        )
    bestias: tuple[Money, ...] = zero
    if 0 in tricks:
        amount = bestia_amount(rules, starting_pot, pot)
        bestias = tuple([amount if t == 0 and s in playing else 0 for s, t in enumerate(tricks)])
    divided = pot
    if rules.bestia_destination == "current_pot":
        divided = pot + sum(bestias)
    shares = divide(rules, divided, playing, tricks)
    carried = _whole(divided - sum(shares))
    if rules.bestia_destination == "next_pot":
        carried += sum(bestias)
    nets: tuple[Money, ...] = tuple(
        [
            net if type(net := won - paid_ - lost) is int else _whole(net)  # ints as they are
            # strict=False: n each by construction (and strict costs a check each)
            for won, paid_, lost in zip(shares, paid, bestias, strict=False)
        ]
    )
    return Settlement(
        rules,
        playing,
        starting_pot,
        tricks,
        paid,
        pot,
        shares,
        zero,
        bestias,
        carried,
        nets,
        played,
    )


@functools.cache
def _played(seats: int, playing: tuple[int, ...]) -> tuple[bool, ...]:
    """Per seat, whether it is in ``playing``: a table has few playing sets, so each is worked
    out once."""
    return tuple([seat in playing for seat in range(seats)])


def void(
    rules: BestiaRules,
    dealer: int,
    starting_pot: Money,
    playing: Sequence[int],
    tricks: Sequence[int],
) -> Settlement:
    """An abandoned hand: the invitos paid are given back and the starting pot is carried."""
    n = rules.num_players
    playing = tuple(playing)
    paid = invitos(rules, dealer, playing)
    zero = (0,) * n
    return Settlement(
        rules,
        playing,
        starting_pot,
        tuple(tricks),
        paid,
        starting_pot + sum(paid),
        zero,
        paid,
        zero,
        starting_pot,
        zero,
        tuple(seat in playing for seat in range(n)),
        abandoned=True,
    )


def divide(
    rules: BestiaRules, pot: Money, playing: Sequence[int], tricks: Sequence[int]
) -> tuple[Money, ...]:
    """Each playing seat's winnings: ``floor(pot x tricks / hand_size)`` under ``floor_carry``,
    exactly ``pot x tricks / hand_size`` under ``exact`` (an integer wherever it divides)."""
    h = rules.hand_size
    if rules.pot_rounding == "exact":
        return tuple([_exact(pot * t, h) if s in playing else 0 for s, t in enumerate(tricks)])
    return tuple([pot * t // h if s in playing else 0 for s, t in enumerate(tricks)])


def _exact(numerator: Money, denominator: int) -> Money:
    """``numerator / denominator`` exactly: an int when it divides, else a ``Fraction``."""
    return _whole(Fraction(numerator) / denominator)


def _whole(value: Money) -> Money:
    """An amount as an ``int`` wherever it is whole, so that only true fractions are
    ``Fraction``s (and are written as such)."""
    if type(value) is int:  # the common case, without ``isinstance``'s check of an ABC
        return value
    if isinstance(value, Fraction) and value.denominator == 1:
        return value.numerator
    return value


def _unplayed(rules: BestiaRules, playing: Sequence[int]) -> bool:
    """Nobody plays, or a lone player under ``carry_pot``: no shares, no bestia."""
    return not playing or (len(playing) == 1 and rules.single_player == "carry_pot")


def _invito_step(paid: Sequence[int], starting_pot: Money, pot: Money) -> str:
    payers = [seat for seat, amount in enumerate(paid) if amount]
    if not payers:
        return f"no invito paid: pot {pot}"
    return (
        f"+ invito {paid[payers[0]]} x {number_of(len(payers), 'seat')} ({', '.join(map(str, payers))}) "
        f"= {sum(paid)}: "
        f"pot {starting_pot} + {sum(paid)} = {pot}"
    )


def _seats(amounts: Sequence[Money]) -> str:
    return ", ".join(f"seat {s} pays {a}" for s, a in enumerate(amounts) if a)
