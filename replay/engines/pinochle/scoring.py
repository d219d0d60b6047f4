"""Scoring and settlement of an Auction Pinochle hand (docs/pinochle.md)
.

The declarer's count is his scored melds, the counters in his tricks, the counters among his
three buried cards and the last-trick bonus if he won the last trick; he makes the contract
with a count at least equal to it. Each hand is then settled in chips by the payment table:
every other seated player, the ones sitting out included, pays a made contract and is paid a
failed one, doubled when spades are trump. The original text is cut off after the spades
sentence; failure payments, concessions and the kitty follow the references (docs/pinochle.md, Q-PIN-6)
as the rules block says. The chip ledger of a hand sums to zero, kitty included.

Every point and chip comes with the rule that set it, so an audit can print the derivation.
Part of the engine in ``replay.engines.pinochle``; pure, no pydantic, no I/O.
"""

from __future__ import annotations

from enum import StrEnum

from msgspec import Struct

from records.rules.pinochle import PinochleRules
from replay.engines.pinochle.melds import ScoredMeld
from replay.engines.pinochle.state import HAND_SIZE, PLAY, SUIT_NAMES, WIDOW, State


class Outcome(StrEnum):
    VOID = "void"
    """Everybody passed; nothing is paid."""
    MADE = "made"
    OPPONENT_CONCEDED = "opponent_conceded"
    SINGLE_BETE = "single_bete"
    """The declarer conceded before the first lead."""
    THROWN_IN = "thrown_in"
    """Thrown in at the minimum before taking the widow; only the kitty is paid."""
    DOUBLE_BETE = "double_bete"
    """Played and lost: short of the contract, conceded after the first lead, or a meld card
    buried."""


class Payment(Struct, frozen=True):
    """Chips moving from one party to another; None is the kitty."""

    payer: int | None
    payee: int | None
    chips: int
    rule: str
    """The rule that set the amount, in a scorer's words."""


class Counters(Struct, frozen=True):
    """The declarer's card points, when the hand was played out."""

    in_tricks: int
    buried: int
    last_trick: int
    """The last-trick bonus he earned (0 if an opponent won the last trick)."""
    opponents: int
    """The opponents' card points, for the 250-point check."""

    @property
    def total(self) -> int:
        return self.in_tricks + self.buried + self.last_trick


class Settlement(Struct, frozen=True):
    """A hand's result: the count, the outcome and the chips, with the reasons."""

    outcome: Outcome
    declarer: int | None
    contract: int | None
    melds: tuple[ScoredMeld, ...]
    """The melds declared, as checked."""
    meld: int
    """Scored meld points (0 under ``meld_requires_trick`` if he took no trick)."""
    counters: Counters | None
    made: bool | None
    payments: tuple[Payment, ...]
    chips: tuple[int, ...]
    """Chips won (+) or paid (-) per seat."""
    kitty: int
    """Chips the kitty won (+) or paid (-)."""
    tricks: tuple[int, ...] = ()
    """Tricks each seat took, per seat (the tricks played, however the hand ended)."""
    calls: tuple[tuple[int, int | None], ...] = ()
    """The auction: (seat, points bid, None for a pass), in the order called."""
    conceded_by: int | None = None
    """The seat that conceded the hand, if one did."""

    @property
    def count(self) -> int | None:
        """Meld plus counters, when the hand was played out."""
        return None if self.counters is None else self.meld + self.counters.total

    @property
    def scores(self) -> tuple[int, ...]:
        """``chips``: what the driver adds to the running totals."""
        return self.chips

    def amounts(self) -> tuple[tuple[str, tuple[int, ...]], ...]:
        """What the kitty won or paid (its balance is the referee's ledger)."""
        return (("kitty's chips for the hand", (self.kitty,)),)


def counters(state: State) -> Counters | None:
    """The card points of a hand played to its 15th trick."""
    tricks, declarer = state.tricks, state.declarer
    if len(tricks) != HAND_SIZE or declarer is None:
        return None
    value = state.table.points_by_code(tricks.names)
    cards, size = tricks.cards, tricks.size
    mine = theirs = 0
    winners = tricks.winners()
    for number, winner in enumerate(winners):
        first = number * size
        won = sum(map(value.__getitem__, cards[first : first + size]))
        if winner == declarer:
            mine += won
        else:
            theirs += won
    last = state.rules.last_trick_bonus
    declarer_last = winners[-1] == declarer
    return Counters(
        in_tricks=mine,
        buried=sum(state.table.points[c] for c in state.buried or ()),
        last_trick=last if declarer_last else 0,
        opponents=theirs + (0 if declarer_last else last),
    )


def meld_points(state: State) -> int:
    tricks, declarer = state.tricks, state.declarer
    played = state.rules.meld_requires_trick and len(tricks) == HAND_SIZE
    if played and declarer not in tricks.winners():
        return 0
    return sum(m.value for m in state.melds)


def outcome(state: State, count: int | None) -> Outcome:
    if state.declarer is None:
        return Outcome.VOID
    if state.lost_card is not None:
        return Outcome.DOUBLE_BETE
    if state.conceded_by is not None and state.conceded_by != state.declarer:
        return Outcome.OPPONENT_CONCEDED
    if state.conceded_by is not None:
        if state.conceded_in is WIDOW and _is_throw_in(state):
            return Outcome.THROWN_IN
        if state.conceded_in is PLAY:
            return Outcome.DOUBLE_BETE
        return Outcome.SINGLE_BETE
    assert count is not None and state.contract is not None
    return Outcome.MADE if count >= state.contract else Outcome.DOUBLE_BETE


def _is_throw_in(state: State) -> bool:
    rules = state.rules
    return rules.throw_in_at_min_without_widow and state.contract == rules.min_bid


def table_amount(rules: PinochleRules, contract: int) -> tuple[int, int]:
    """(bracket floor, chips) of the payment table for a contract."""
    floor = max(f for f in rules.payment_table if f <= contract)
    return floor, rules.payment_table[floor]


def _amount(state: State, result: Outcome) -> tuple[int, str]:
    """Chips per payee and the rule text that explains them."""
    rules = state.rules
    assert state.contract is not None
    floor, base = table_amount(rules, state.contract)
    higher = [f for f in sorted(rules.payment_table) if f > floor]
    bracket = f"{floor}-{higher[0] - 10}" if higher else f"{floor} or more"
    why = [f"payment_table {bracket}: {base}"]
    amount = base
    no_mult = result is Outcome.SINGLE_BETE and rules.bete_rule == "scarne_spades"
    mults: dict[str, int] = {str(k): v for k, v in rules.trump_multiplier.items()}
    mult = mults.get(state.trump, 1) if state.trump and not no_mult else 1
    if mult != 1:
        amount *= mult
        why.append(f"x {mult} ({SUIT_NAMES[state.trump or 'S']} trump, trump_multiplier)")
    if result is Outcome.DOUBLE_BETE and rules.bete_rule != "symmetric":
        amount *= 2
        why.append(f"x 2 (played and lost, bete_rule {rules.bete_rule})")
    return amount, ", ".join(why)


def settle(state: State, carried: object = None) -> Settlement:
    """The settlement of a hand that is over (or decided by a buried meld card); nothing is
    carried into it from the hand before (the kitty's balance is the referee's ledger)."""
    found = counters(state)
    meld = meld_points(state)
    count = None if found is None else meld + found.total
    result = outcome(state, count)
    key = (result, state.declarer, state.contract, state.trump, state.lost_card)
    paid = state.table.payments.get(key)
    if paid is None:
        paid = state.table.payments[key] = _paid(state, result)
    payments, chips, kitty = paid
    made = None if result is Outcome.VOID else result in (Outcome.MADE, Outcome.OPPONENT_CONCEDED)
    return Settlement(
        result,
        state.declarer,
        state.contract,
        state.melds,
        meld,
        found,
        made,
        payments,
        chips,
        kitty,
        tricks_taken(state),
        tuple(state.calls),
        state.conceded_by,
    )


def tricks_taken(state: State) -> tuple[int, ...]:
    """Tricks each seat took so far, per seat."""
    taken = [0] * state.rules.table_size
    for winner in state.tricks.winners():
        taken[winner] += 1
    return tuple(taken)


def _paid(state: State, result: Outcome) -> tuple[tuple[Payment, ...], tuple[int, ...], int]:
    """(payments, chips per seat, kitty) of a settlement."""
    payments = _payments(state, result)
    chips = [0] * state.rules.table_size
    kitty = 0
    for p in payments:
        if p.payer is None:
            kitty -= p.chips
        else:
            chips[p.payer] -= p.chips
        if p.payee is None:
            kitty += p.chips
        else:
            chips[p.payee] += p.chips
    return tuple(payments), tuple(chips), kitty


_LABELS = {
    Outcome.MADE: "contract made",
    Outcome.OPPONENT_CONCEDED: "opponents conceded",
    Outcome.SINGLE_BETE: "declarer conceded before the first lead (single bete)",
    Outcome.DOUBLE_BETE: "contract lost",
}


def _payments(state: State, result: Outcome) -> list[Payment]:
    rules = state.rules
    declarer = state.declarer
    if result is Outcome.VOID or declarer is None or state.contract is None:
        return []
    amount, why = _amount(state, result)
    if result is Outcome.THROWN_IN:
        why = f"{why}; thrown in at the minimum without the widow: only the kitty is paid"
        return [Payment(declarer, None, amount, why)] if rules.kitty else []
    others: list[int | None] = [s for s in range(rules.table_size) if s != declarer]
    kitty_in = rules.kitty and (
        state.contract >= rules.kitty_threshold or result is Outcome.SINGLE_BETE
    )
    if kitty_in:
        others.append(None)
    label = _LABELS[result]
    if state.lost_card is not None:
        label = f"contract lost: meld card {state.lost_card} buried"
    text = f"{label}: {why}"
    if result in (Outcome.MADE, Outcome.OPPONENT_CONCEDED):
        return [Payment(other, declarer, amount, text) for other in others]
    return [Payment(declarer, other, amount, text) for other in others]
