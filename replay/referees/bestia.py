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

Money claims may be exact fractions (``records.bestia.Exact``) under ``pot_rounding = exact``; they are compared
by value with the engine's exact amounts (``records.bestia.amount``). Under any other rounding a
fraction cannot be what was paid: each one is reported once as ``money.fraction`` at its place
and left out of the other comparisons (no cascade from one way of writing a number).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Any, cast

from records.bestia import amount, is_fraction
from records.problems import Violation
from records.rules.bestia import FORMAT, BestiaRules
from records.words import number_of
from replay.claims import Chain
from replay.engines import bestia as engine
from replay.engines.bestia import Settlement, State, Table
from replay.engines.bestia.pot import Money
from replay.export.sheet import Scored, Sheet
from replay.referee import Ledger, Referee, claimed_before, leaders, rules_of
from replay.registry import Game
from replay.steps import Claim, HandSettled
from replay.summarize.games import Counters, GameStats, Pool, Ratio

__all__ = ["REFEREE", "BestiaReferee", "PotLedger"]


class PotLedger(Ledger):
    """The pot a sitting carries from one hand into the next; None once it is unknown."""

    __slots__ = ("carry",)

    def __init__(self, opening: Money) -> None:
        self.carry: Money | None = opening

    def carried(self) -> Money | None:
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
        "nets",
        "played",
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
        self.carried, self.nets, self.played = f"{at}/carried", f"{at}/nets", f"{at}/played"


_POINTERS: list[_Pointers] = []


def _pointers(index: int) -> _Pointers:
    while len(_POINTERS) <= index:
        _POINTERS.append(_Pointers(len(_POINTERS)))
    return _POINTERS[index]


class BestiaReferee(Referee[BestiaRules, Table, State]):
    engine = engine.ENGINE
    sequence = "consecutive"
    rotation = "to the right (anticlockwise)"
    calls_title = "Declarations"

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
        read = _Reader(record.rules.pot_rounding == "exact")
        start = read.one(claims.starting_pot) if claims is not None else None
        if start is not None:
            return engine.settle(state, start)
        carry = ledger.carried()
        claimed = claimed_before(record, index, read.carried)
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
                and _agreement(read, claims, from_claim) <= _agreement(read, claims, settled)
            ):
                return settled
        notes.append(
            f"settled from the pot the previous hand claims to carry, {claimed}"
            + (f" (recomputed: {carry})" if carry is not None else "")
            + ": this hand's claims follow it"
        )
        return from_claim

    def hand_notes(self, state: State, record: Any, index: int) -> list[str]:
        """What the cards a record did not log (an exchange or a blind draw) leave unjudged,
        however the hand ends (docs/partial.md)."""
        return [] if state.hidden is None else _hidden_notes(state)

    def audit_notes(self, result: HandSettled, state: State) -> Callable[[], list[str]]:

        def notes() -> list[str]:
            playing = ", ".join(map(str, state.playing)) or "nobody"
            return [f"tricks: {', '.join(map(str, state.tricks_won))}; playing: {playing}"]

        return notes

    def hand_claims(
        self,
        record: Any,
        index: int,
        hand: Any,
        result: HandSettled,
        state: State | None,
        ledger: Ledger,
    ) -> list[Claim]:
        claims = hand.claims
        if claims is None:
            return []
        rounding = record.rules.pot_rounding
        read = _Reader(rounding == "exact")
        carry = ledger.carried()
        at = _pointers(index)
        number = hand.number
        source = "the previous hand carried" if index else "the sitting opened with"

        def carry_mismatch(recorded: Any, computed: Any) -> str:
            return f"hand {number} starts with a pot of {recorded}, but {source} {computed}"

        s: Settlement | None = result.settlement
        values: tuple[Any, ...] = (None,) * 9  # nothing is known of a hand not settled
        if s is not None:  # the per-seat values as lists, as the record's claims are
            values = (
                list(s.played) if s.played else None,
                list(s.invitos),
                list(s.tricks),
                list(s.shares),
                list(s.refunds),
                list(s.bestias),
                list(s.nets),  # an abandoned hand's are zero
                s.pot,
                s.carried,
            )
        played, invitos, tricks, shares, refunds, bestias, nets, pot, carried = values
        money = read.money(claims)
        found = [
            Claim(
                "starting_pot",
                at.start,
                money[0],
                carry,
                False,
                "pot.carry-mismatch",
                carry_mismatch,
                show_missing=True,
                follows=_START,
            ),
            Claim("played", at.played, claims.played, played),
            Claim("invito", at.invitos, money[1], invitos),
            Claim("tricks", at.tricks, claims.tricks, tricks),
            Claim("share", at.shares, money[2], shares),
            Claim("refund", at.refunds, money[3], refunds),
            Claim("bestia", at.bestias, money[4], bestias),
            Claim("net", at.nets, money[5], nets),
            Claim("balance", at.balances, money[6], result.totals, follows=_BALANCE),
            Claim("pot", at.pot, money[7], pot, False),
            Claim("carried", at.carried, money[8], carried, False),
        ]
        if read.exact or not read.fractions:
            return found
        computed = {claim.pointer: claim.computed for claim in found}
        return found + _fractions(claims, at, rounding, computed)

    def explainer(
        self, record: Any, result: HandSettled, state: State, ledger: Ledger
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

    def winners(
        self, table: Table, numbers: Sequence[int], scored: bool, totals: list[int] | None
    ) -> list[int] | None:
        # The seats ending the sitting with the most money, as recomputed: a sitting whose
        # balances are known (no hand left out or stopped) with at least one hand scored.
        return leaders(totals) if scored and totals else None

    def record_claims(
        self, record: Any, totals: list[int] | None, winners: list[int] | None, ledger: Ledger
    ) -> list[Claim]:
        """Money conserved by the claims themselves, then final balances and pot."""
        claims = record.claims
        if claims is None:
            return []
        found = []
        read = _Reader(record.rules.pot_rounding == "exact")
        balances, carried = read.seats(claims.balances), read.one(claims.carried)
        opening = record.opening_pot
        if balances is not None and None not in balances and carried is not None:
            total: Money = sum(b for b in balances if b is not None)

            def not_conserved(recorded: Any, computed: Any) -> str:
                return (
                    f"the claimed balances add up to {_signed(total)} and {carried} is left in "
                    f"the pot, but the sitting opened with {opening}: what the players paid "
                    "does not equal what they received plus what is left in the pot"
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
        if read.fractions and not read.exact:
            computed = {"/claims/balances": totals, "/claims/carried": known}
            places = (
                ("balance", "/claims/balances", claims.balances),
                ("carried", "/claims/carried", claims.carried),
            )
            found += _fraction_claims(places, record.rules.pot_rounding, computed)
        return found


_WHOLE = frozenset({int, type(None)})
"""The types of a seat's amount that is read as it is: a whole amount, or none stated."""


class _Reader:
    """Recorded amounts as numbers: a fraction as its exact value under ``exact``,
    and left out (None) under any other rounding, where ``money.fraction`` reports it."""

    __slots__ = ("exact", "fractions")

    def __init__(self, exact: bool) -> None:
        self.exact = exact
        self.fractions = False
        """Whether a fraction was read (so that ``money.fraction`` is looked for only then)."""

    def one(self, value: Any) -> Money | None:
        if value is None or isinstance(value, int):
            return value
        self.fractions = True
        return amount(value) if self.exact else None

    def seats(self, values: Any) -> list[Money | None] | None:
        if values is None or _WHOLE.issuperset(map(type, values)):  # the loop in C: every hand
            return cast("list[Money | None] | None", values)  # the common case, as it is
        return [self.one(v) for v in values]

    def carried(self, claims: Any) -> Money | None:
        return self.one(claims.carried)

    def money(self, claims: Any) -> tuple[Any, ...]:
        """A hand's money claims read: starting pot, invitos, shares, refunds, bestias, nets,
        balances, pot and carried. When every amount is whole or not stated (one look at all
        their types, the common case) they are as recorded; else each is read by ``one`` or
        ``seats``."""
        start, pot, carried = claims.starting_pot, claims.pot, claims.carried
        invitos, shares, refunds = claims.invitos, claims.shares, claims.refunds
        bestias, nets, balances = claims.bestias, claims.nets, claims.balances
        amounts = [
            start,
            pot,
            carried,
            *(invitos or ()),
            *(shares or ()),
            *(refunds or ()),
            *(bestias or ()),
            *(nets or ()),
            *(balances or ()),
        ]
        if _WHOLE.issuperset(map(type, amounts)):  # the loop in C: every hand
            return start, invitos, shares, refunds, bestias, nets, balances, pot, carried
        seats, one = self.seats, self.one
        return (
            one(start),
            seats(invitos),
            seats(shares),
            seats(refunds),
            seats(bestias),
            seats(nets),
            seats(balances),
            one(pot),
            one(carried),
        )


def _fractions(claims: Any, at: _Pointers, rounding: str, computed: dict[str, Any]) -> list[Claim]:
    """A ``money.fraction`` check for every fraction among a hand's money claims."""
    places = [
        (name, pointer, getattr(claims, field))
        for name, field, pointer in (
            ("starting_pot", "starting_pot", at.start),
            ("invito", "invitos", at.invitos),
            ("pot", "pot", at.pot),
            ("share", "shares", at.shares),
            ("refund", "refunds", at.refunds),
            ("bestia", "bestias", at.bestias),
            ("net", "nets", at.nets),
            ("carried", "carried", at.carried),
            ("balance", "balances", at.balances),
        )
    ]
    return _fraction_claims(places, rounding, computed)


def _fraction_claims(places: Any, rounding: str, computed: dict[str, Any]) -> list[Claim]:
    """(name, pointer, recorded value or per-seat list) -> a claim per fraction, compared with
    the recomputed whole amount (or with "a whole number" where that is unknown), so that it is
    always reported."""
    found: list[Claim] = []
    for name, pointer, recorded in places:
        if not isinstance(recorded, (list, tuple)):
            if is_fraction(recorded):
                found.append(
                    _fraction(name, pointer, None, recorded, computed.get(pointer), rounding)
                )
            continue
        values = computed.get(pointer)
        for seat, value in enumerate(recorded):
            if is_fraction(value):
                whole = values[seat] if values is not None and seat < len(values) else None
                found.append(_fraction(name, pointer, seat, value, whole, rounding))
    return found


def _fraction(
    name: str, pointer: str, seat: int | None, value: Any, whole: Any, rounding: str
) -> Claim:
    written = f"{value.numerator}/{value.denominator}"
    whose = "" if seat is None else f" for seat {seat}"

    def message(recorded: Any, computed: Any) -> str:
        return (
            f"recorded {name} {written}{whose} is a fraction, but pot_rounding = {rounding} "
            f"pays whole units; recomputed {computed}"
        )

    computed = "a whole number" if whole is None else whole
    if seat is None:
        return Claim(
            name, pointer, written, computed, False, "money.fraction", message, listed=False
        )
    recorded = [None] * seat + [written]
    computed_seats = [None] * seat + [computed]
    return Claim(
        name, pointer, recorded, computed_seats, True, "money.fraction", message, listed=False
    )


def _signed(value: Money) -> str:
    """An amount with its sign: ``+16``, ``-50``, ``+40/3``; nothing is ``0``, not ``+0``."""
    if value == 0:
        return "0"
    return f"+{value}" if value > 0 else str(value)


def _term(name: str, amount: Money, paid: bool) -> str:
    """One term of a seat's net: ``invito -10`` paid, ``share +20`` received, ``bestia 0``
    (an amount of nothing has no direction: never ``-0``)."""
    return f"{name} {_signed(-amount if paid else amount)}"


_MONEY = ("invitos", "shares", "refunds", "bestias", "nets")
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


def _agreement(read: _Reader, claims: Any, settled: Settlement) -> int:
    """How many of a hand's money claims ``settled`` agrees with."""
    if claims is None:
        return 0
    agreed = int(read.one(claims.pot) == settled.pot)
    agreed += int(read.one(claims.carried) == settled.carried)
    for name in _MONEY:
        recorded = read.seats(getattr(claims, name))
        if recorded is not None:
            computed = getattr(settled, name)
            agreed += sum(1 for r, c in zip(recorded, computed, strict=False) if r == c)
    return agreed


def _derivation(players: Any, s: Settlement, totals: list[Any] | None) -> list[str]:
    """Per seat invito, share, refund, bestia, net and balance; then the pot step by step."""
    names = {p.seat: p.name for p in players}
    lines = []
    for seat in range(len(s.nets)):
        balance = _signed(totals[seat]) if totals is not None else "unknown"
        terms = (
            _term("invito", s.invitos[seat], paid=True),
            _term("share", s.shares[seat], paid=False),
            _term("refund", s.refunds[seat], paid=False),
            _term("bestia", s.bestias[seat], paid=True),
        )
        lines.append(
            f"seat {seat} ({names.get(seat, '?')}): {number_of(s.tricks[seat], 'trick')}; "
            f"{', '.join(terms)} = net {_signed(s.nets[seat])}; balance {balance}"
        )
    lines.extend(f"pot: {step}" for step in s.steps())
    return lines


def _declaration_orders(rules: BestiaRules, hand: Any) -> list[str]:
    """Which ``declaration_start`` the recorded first round fits (docs/bestia.md, Q-BES-1)."""
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


def _seats(seats: Sequence[int]) -> str:
    """``seat 1``, ``seats 0 and 2``, ``seats 0, 1 and 3``."""
    named = [str(seat) for seat in sorted(seats)]
    if len(named) == 1:
        return f"seat {named[0]}"
    return f"seats {', '.join(named[:-1])} and {named[-1]}"


def _hidden_notes(state: State) -> list[str]:
    """What a hand whose record does not show every card leaves unjudged (docs/partial.md,
    "Bestia: an exchange not logged" and "Bestia: a seat's view")."""
    hidden = state.hidden
    assert hidden is not None
    notes = []
    unknown = [seat for seat, cards in enumerate(state.dealt) if cards is None]
    if unknown or hidden.open_stock:
        what = (
            [f"the hand{'s' if len(unknown) > 1 else ''} of {_seats(unknown)}"] if unknown else []
        )
        what += ["the stock"] if hidden.open_stock else []
        are = "is" if what == ["the stock"] else "are"
        notes.append(f"a seat's view: {' and '.join(what)} {are} not known")
    if hidden.unlogged:
        done = "; ".join(f"seat {seat}'s {did}" for seat, did, _ in hidden.unlogged)
        notes.append(f"cards not logged: {done}")
    seats = engine.hidden_seats(state)
    if state.playing:  # a seat that sits the hand out plays nothing to judge
        seats = [seat for seat in seats if seat in state.playing]
    known: dict[int, str] = {}
    for seat, _, why in hidden.unlogged:  # the last of a seat's says how it holds its cards
        if seat not in seats and seat not in unknown:
            known[seat] = why
    for seat, why in sorted(known.items()):
        notes.append(f"seat {seat}'s cards are known all the same: {why}")
    if seats:
        one = len(seats) == 1
        its, it = ("its", "it") if one else ("their", "they")
        notes.append(
            f"{_whose(seats)} not all known, so each of {its} plays is checked against the "
            f"cards {it} can hold and the suits {it} showed out of, and a duty (to follow suit, "
            f"to trump, to beat the trick) is judged only where the cards {it} surely "
            f"hold{'s' if one else ''} decide it"
        )
    if hidden.drew_open:
        notes.append(
            "the cards drawn that the record gives are checked against the cards it shows "
            "elsewhere, not against their place in the stock"
        )
    return notes


def _whose(seats: Sequence[int]) -> str:
    """``seat 1's cards are``, ``the cards of seats 0 and 2 are``."""
    return (
        f"{_seats(seats)}'s cards are" if len(seats) == 1 else f"the cards of {_seats(seats)} are"
    )


REFEREE = BestiaReferee()


# --- what the game adds to a summary and to the score sheet -------------------------------------


def _counters(step: HandSettled) -> Counters:
    settled = step.settlement
    out: Counters = []
    playing = set(settled.playing)
    for seat, net in enumerate(settled.nets):
        paid = settled.bestias[seat]
        out.append(
            {
                "played": int(seat in playing),
                "passed": int(seat not in playing),  # a seat that passed and drew blind plays
                "pot_won": settled.shares[seat],
                "bestias": int(paid > 0),
                "bestia_money": paid,
                "money_won": max(0, net),
                "money_lost": max(0, -net),
            }
        )
    return out


def _pot(settled: Any) -> tuple[Money, Money]:
    """Bestia's pot: what the hand started with, and what it carries on beyond that."""
    return settled.starting_pot, settled.carried - settled.starting_pot


GAME = Game(
    format=FORMAT,
    referee=REFEREE,
    generator="replay.generators.bestia:generate",
    stats=GameStats(
        unit="money",
        score="net_money",
        counters=(
            "played",
            "passed",
            "pot_won",
            "bestias",
            "bestia_money",
            "money_won",
            "money_lost",
        ),
        ratios=(Ratio("mean_net_money", "net_money", "seat_hands"),),
        words="hands played and passed, pot won, bestias paid",
        read=_counters,
        shown=(
            "net_money",
            "mean_net_money",
            "played",
            "passed",
            "pot_won",
            "bestias",
            "bestia_money",
        ),
        pool=Pool("pot", _pot),
    ),
    sheet=Sheet(
        None,
        (
            Scored("tricks", "tricks", "tricks"),
            Scored("starting_pot", "starting_pot", "starting_pot", money=True),
            Scored("invito", "invito", "invitos", money=True),
            Scored("pot", "pot", "pot", money=True),
            Scored("share", "share", "shares", money=True),
            Scored("refund", "refund", "refunds", money=True),
            Scored("bestia", "bestia", "bestias", money=True),
            Scored("carried", "carried", "carried", money=True),
        ),
        None,
        "balance",
        denominator=True,
    ),
    moves={
        "join": (("gave up", "discards"), ("drew", "drawn")),
        "blind_draw": (("blind draw", "drawn"),),
    },
)
"""The rules half of the game (``replay.registry``)."""
