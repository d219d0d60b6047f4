"""Auction Pinochle's referee: how its records are laid out, the kitty a sitting carries from
hand to hand, what the records claim, and how a table would want a disputed hand explained.

The rules live in ``replay.engines.pinochle`` (in words: docs/pinochle.md); the walk through a
record in ``replay.driver``. A sitting's hands follow one another with the deal passing on; chips
and the kitty's balance are known from hand 1 until a hand cannot be settled. The largest meld the
declarer held is information only, worked out when a person reads the hand.

Besides the declarer, contract, meld, counters, made, chips, kitty and totals, a score sheet may
claim the tricks each seat took, each seat's melds with their points (compared as a multiset:
the order a sheet lists them in does not matter), the opponents' counters, the declarer's points
(meld plus counters) and the outcome; a value replay cannot work out (the counters of a hand not
played out) is listed as unchecked.

A claimed running total is a problem only where it does not follow from the previous total and
the hand's chips (``replay.claims.Chain``): chips claimed wrong and carried on are reported
once. The claimed final totals follow from the last hand's claimed totals, the claimed kitty
from the hands' claimed kitty payments.

A hand whose auction is logged as its result only (``auction_won``: the declarer and the
contract) has no calls: what only they would show (each seat's bids, who passed, their turns,
the eldest hand's duty to open) is unchecked, and the hand's notes say so; no claim of the
score sheet depends on the calls, so every claim is checked as ever, the declarer and the
contract against the result the record states (docs/partial.md).
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from records.rules.pinochle import FORMAT, PinochleRules
from replay.claims import Chain, Follows
from replay.engines import auction_result
from replay.engines.pinochle import ENGINE, State, Table, melds, view
from replay.engines.pinochle.scoring import Settlement
from replay.engines.pinochle.state import fanned
from replay.export.sheet import Scored, Sheet
from replay.referee import Ledger, Referee, leaders, rules_of
from replay.registry import Game
from replay.steps import Claim, HandSettled
from replay.summarize.games import Counters, GameStats, Pool, Ratio
from replay.summarize.numbers import Money


class Kitty(Ledger):
    """The kitty's balance (docs/pinochle.md), None once a hand could not be settled."""

    def __init__(self, balance: int | None) -> None:
        self.balance = balance

    def settled(self, settlement: Any) -> None:
        if self.balance is not None:
            self.balance += settlement.kitty

    def lost(self) -> None:
        self.balance = None

    def amounts(self) -> tuple[tuple[str, tuple[int, ...]], ...]:
        return () if self.balance is None else (("kitty's balance", (self.balance,)),)


class PinochleReferee(Referee[PinochleRules, Table, State]):
    engine = ENGINE
    calls_title = "Auction and calls"

    def rules(self, record: Any) -> PinochleRules:
        return rules_of(record.rules, PinochleRules)

    def ledger(self, record: Any, table: Table) -> Kitty:
        return Kitty(0 if self.totals_start(record) else None)

    def hand_notes(self, state: State, record: Any, index: int) -> list[str]:
        """What a seat's view leaves unjudged, however the hand ends (``view_note``)."""
        return [view_note(state)] if state.hidden else []

    def settle(
        self, state: State, ledger: Ledger, record: Any, index: int, notes: list[str]
    ) -> Any:
        """The engine's settlement; None (the hand not settled) where in a seat's view a hidden
        declarer's burial may have taken a card of a scored meld and the record stops before
        his cards show whether it did."""
        view.resolve(state)  # a hand stopped at the first lead: as far as his plays show
        if state.lost_unknown:
            notes.append(_LOST_UNKNOWN.format(seat=state.declarer))
            return None
        return super().settle(state, ledger, record, index, notes)

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
        settled: Settlement | None = result.settlement
        computed = _computed(settled)
        reasons: dict[int | None, str] | None = None
        if settled is None and state is not None and state.lost_unknown:
            # a seat's view, not settled: the auction's result is still known
            computed = (state.declarer, state.contract, *computed[2:])
            reasons = {None: _LOST_UNKNOWN.format(seat=state.declarer)}
        hint = None if settled is None or state is None else _bonus_hint(state.rules, settled)
        recorded = (
            claims.declarer,
            claims.contract,
            claims.meld,
            claims.counters,
            claims.made,
            claims.kitty,
            claims.opponents_counters,
            claims.declarer_points,
            claims.outcome,
        )
        at = _pointers(index)
        scalars = len(recorded)
        rows = [  # a claim the record does not make has nothing to be compared with
            Claim(
                name,
                pointer,
                value,
                computed[k],
                per_seat=False,
                hint=hint if k == 2 else None,
                reasons=reasons,
            )
            for k, (name, pointer) in enumerate(at[:scalars])
            if (value := recorded[k]) is not None
        ]
        chips, totals, tricks, melds_at = (pointer for _, pointer in at[scalars:])
        if reasons is not None:
            reasons = dict.fromkeys(range(len(claims.chips or ())), reasons[None])
        rows.append(Claim("chips", chips, claims.chips, result.scores, reasons=reasons))
        rows.append(Claim("total", totals, claims.totals, result.totals, follows=_TOTAL))
        if claims.tricks is not None:
            taken = None if settled is None else list(settled.tricks)
            if reasons is not None and state is not None:  # the tricks played are known
                taken = list(state.play.won) if state.play is not None else None
            rows.append(Claim("tricks", tricks, claims.tricks, taken))
        if claims.melds is not None:
            said = _meld_lists(claims.melds)
            found = _melds_computed(settled, said)
            if reasons is not None and state is not None:  # the melds laid are known
                found = _melds_laid(state, said)
            rows.append(Claim("melds", melds_at, said, found, message=_melds_differ))
        return rows

    def explainer(
        self, record: Any, result: HandSettled, state: State, ledger: Ledger
    ) -> Callable[[], list[str]] | None:
        settled = result.settlement
        assert isinstance(ledger, Kitty)
        kitty = ledger.balance if state.rules.kitty else None

        def explain() -> list[str]:
            lines = derivation(state, settled)
            if kitty is not None:
                lines.append(f"kitty balance after the hand: {kitty}")
            return lines

        return explain

    def audit_notes(self, result: HandSettled, state: State) -> Callable[[], list[str]] | None:
        return lambda: notes(state)

    def stopped_notes(self, record: Any, hand: Any, violation: Any) -> list[str]:
        """A hand stopped after an auction logged as its result only says what that left
        unchecked (``auction_result.stopped_note``)."""
        return auction_result.stopped_note(hand, violation, _duty(self.rules(record)))

    def winners(
        self, table: Table, numbers: Sequence[int], scored: bool, totals: list[int] | None
    ) -> list[int] | None:
        # The seats ending the sitting with the most chips, as recomputed: a sitting whose
        # balances are known (no hand left out or stopped) with at least one hand scored.
        return leaders(totals) if scored and totals else None

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


_SCALARS = (
    "declarer",
    "contract",
    "meld",
    "counters",
    "made",
    "kitty",
    "opponents_counters",
    "declarer_points",
    "outcome",
)
"""The hand's claims of one value, in the order they are compared."""


def _computed(settled: Settlement | None) -> tuple[Any, ...]:
    """The recomputed values of the ``_SCALARS`` claims (None: not known)."""
    if settled is None:
        return (None,) * len(_SCALARS)
    found = settled.counters
    counters = None if found is None else found.total
    opponents = None if found is None else found.opponents
    return (
        settled.declarer,
        settled.contract,
        settled.meld,
        counters,
        settled.made,
        settled.kitty,
        opponents,
        settled.count,
        settled.outcome.value,
    )


MeldList = list[dict[str, Any]]
"""A seat's melds as a score sheet lists them: ``{"meld": name, "points": value}`` each."""


def _meld_lists(claimed: Any) -> list[MeldList | None]:
    """The claimed melds per seat as plain values (a decoded record holds models or structs)."""
    return [
        None if seat is None else [{"meld": m.meld, "points": m.points} for m in seat]
        for seat in claimed
    ]


def _melds_computed(
    settled: Settlement | None, claimed: list[MeldList | None]
) -> list[MeldList] | None:
    """Each seat's melds as recomputed: the declarer's melds that stand, nobody else's. The
    order of a list does not matter: where a seat's claimed melds are the recomputed ones in
    another order, they are given in the claimed order."""
    if settled is None:
        return None
    found: list[MeldList] = [[] for _ in settled.chips]
    if settled.declarer is not None:
        found[settled.declarer] = [{"meld": m.kind, "points": m.value} for m in settled.melds]
    for seat, said in enumerate(claimed[: len(found)]):
        if said and said != found[seat] and _as_multiset(said) == _as_multiset(found[seat]):
            found[seat] = said
    return found


def _melds_laid(state: State, claimed: list[MeldList | None]) -> list[MeldList]:
    """Each seat's melds as laid on the table, for a hand that could not be settled: the
    declarer's that stand (in the claimed order where they are the same), nobody else's."""
    found: list[MeldList] = [[] for _ in range(state.table.seats)]
    if state.declarer is not None:
        found[state.declarer] = [{"meld": m.kind, "points": m.value} for m in state.melds]
    for seat, said in enumerate(claimed[: len(found)]):
        if said and said != found[seat] and _as_multiset(said) == _as_multiset(found[seat]):
            found[seat] = said
    return found


def _as_multiset(melds: MeldList) -> list[tuple[str, int]]:
    return sorted((m["meld"], m["points"]) for m in melds)


def _melds_differ(recorded: MeldList, computed: MeldList) -> str:
    """A seat's claimed melds beside the recomputed ones, and what differs, in a scorer's words
    (``flush 150, dix 10``)."""
    said, found = Counter(_as_multiset(recorded)), Counter(_as_multiset(computed))
    parts = [f"{_meld_words(found - said)} left out"] if found - said else []
    parts += [f"{_meld_words(said - found)} not among them"] if said - found else []
    return (
        f"recorded melds {_meld_words(recorded)}; recomputed {_meld_words(computed)}: "
        + "; ".join(parts)
    )


def _meld_words(melds: MeldList | Counter[tuple[str, int]]) -> str:
    pairs = (
        sorted(melds.elements())
        if isinstance(melds, Counter)
        else [(m["meld"], m["points"]) for m in melds]
    )
    return ", ".join(f"{kind} {points}" for kind, points in pairs) or "none"


@functools.lru_cache(maxsize=256)
def _pointers(index: int) -> tuple[tuple[str, str], ...]:
    """(name, pointer) of hand ``index``'s claims, in the order they are compared."""
    at = f"/hands/{index}/claims"
    return (
        *((k, f"{at}/{k}") for k in _SCALARS),
        ("chips", f"{at}/chips"),
        ("total", f"{at}/totals"),
        ("tricks", f"{at}/tricks"),
        ("melds", f"{at}/melds"),
    )


def _bonus_hint(rules: PinochleRules, settled: Settlement) -> Callable[[Any], str | None] | None:
    """docs/pinochle.md, Q-PIN-4: a meld claim that the bonus table would give, under additive rules."""
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
    if state.result_only:
        assert state.declarer is not None and state.contract is not None
        found.append(result_only_note(state.rules, state.declarer, state.contract))
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


_LOST_UNKNOWN = (
    "a seat's view: seat {seat}'s burial takes a card of a scored meld unless he holds its "
    "other copy, which nobody can be seen to hold; the hand ends before his cards show "
    "which, so whether he lost the hand there is not known and the hand is not settled"
)
"""Why a hand of a seat's view with a hidden declarer may go unsettled (``view.lost_card``)."""


def view_note(state: State) -> str:
    """What a seat's view leaves unjudged (docs/partial.md, "Auction Pinochle: a seat's
    view")."""
    hidden = sorted(seat for seat in state.active if state.hidden >> seat & 1)
    if len(hidden) == 1:
        whose = f"seat {hidden[0]}'s cards are"
    else:
        listed = ", ".join(map(str, hidden[:-1]))
        whose = f"the cards of seats {listed} and {hidden[-1]} are"
    note = (
        f"a seat's view: {whose} not known, so each of their plays is checked only against "
        "the cards nobody can be seen to hold and the suits they showed out of (a trump after "
        "a discard when a trump was due, and a card above one they played under a duty to head "
        "or overtrump, included); whether they could follow suit, had to trump, head or "
        "overtrump is not judged otherwise"
    )
    if state.declarer is not None and state.hidden >> state.declarer & 1:
        note += (
            f"; seat {state.declarer}'s melds and burial are checked against the cards he can "
            "hold (the widow and the cards nobody can be seen to hold), the bury restrictions "
            "and a buried meld card as far as the cards he is known to hold decide them, and "
            "whether he had to lead a trump first is not judged"
        )
    return note


def result_only_note(rules: PinochleRules, declarer: int, contract: int) -> str:
    """What an auction logged as its result only leaves unchecked (docs/partial.md)."""
    return auction_result.note(declarer, contract, _duty(rules))


def _duty(rules: PinochleRules) -> str:
    """The duty only the calls show: the eldest hand's to open, under ``eldest_forced``."""
    if rules.no_bid_rule == "eldest_forced":
        return ", whether the eldest hand opened (no_bid_rule = eldest_forced)"
    return ""


def derivation(state: State, settled: Settlement) -> list[str]:
    """How the chips came about, one line per step, in a scorer's words."""
    lines: list[str] = []
    if state.declarer is not None:
        lines.append(
            f"declarer seat {state.declarer}, contract {state.contract}"
            + (" (the auction's result as logged)" if state.result_only else "")
        )
    for meld in state.melds:
        lines.append(f"meld {meld.kind}: {fanned(meld.cards)} = {meld.value}")
    if state.declarer is not None:
        lost = settled.meld < sum(m.value for m in state.melds)
        why = " (meld_requires_trick: the declarer took no trick)" if lost else ""
        lines.append(f"meld total: {settled.meld}{why}")
    found = settled.counters
    if found is not None:
        won = [t.number for t in state.tricks if t.winner == state.declarer]
        last = state.tricks[-1]
        lines += [
            f"counters in the declarer's tricks ({', '.join(map(str, won)) or 'none'}): "
            f"{found.in_tricks}",
            f"counters buried {fanned(state.buried or [])}: {found.buried}",
            f"last trick ({last.number}): "
            + ", ".join(f"seat {seat} {card}" for seat, card in last.plays)
            + f"; won by seat {last.winner}: {found.last_trick} to the declarer",
            f"declarer {found.total} + opponents {found.opponents} = "
            f"{found.total + found.opponents} card points",
            f"count: meld {settled.meld} + counters {found.total} = {settled.count} against "
            f"the contract {state.contract}",
        ]
    if state.tricks:
        taken = ", ".join(f"seat {s} {settled.tricks[s]}" for s in state.active)
        lines.append(f"tricks taken: {taken}")
    lines.append(f"outcome: {settled.outcome.value}")
    for p in settled.payments:
        payer = "kitty" if p.payer is None else f"seat {p.payer}"
        payee = "the kitty" if p.payee is None else f"seat {p.payee}"
        lines.append(f"{payer} pays {payee} {p.chips} ({p.rule})")
    chips = ", ".join(f"seat {s} {c:+d}" for s, c in enumerate(settled.chips))
    lines.append(f"chips: {chips}, kitty {settled.kitty:+d}")
    return lines


REFEREE = PinochleReferee()


# --- what the game adds to a summary and to the score sheet -------------------------------------


def _counters(step: HandSettled) -> Counters:
    settled = step.settlement
    out: Counters = [{} for _ in step.scores or ()]
    for seat, points in settled.calls:
        if points is not None:
            out[seat]["bids"] = out[seat].get("bids", 0) + 1
            out[seat]["bid_points"] = out[seat].get("bid_points", 0) + points
    for seat, chips in enumerate(settled.chips):
        if chips:
            out[seat]["chips_won" if chips > 0 else "chips_lost"] = abs(chips)
    if settled.conceded_by is not None:
        out[settled.conceded_by]["concessions"] = 1
    declarer = settled.declarer
    if declarer is not None:
        mine = out[declarer]
        mine["auctions_won"] = 1
        mine["contract_points"] = settled.contract
        mine["meld"] = settled.meld
        if settled.counters is not None:
            mine["counters"] = settled.counters.total
        if settled.made is not None:
            mine["contracts"] = 1
            mine["contracts_made"] = int(settled.made)
    return out


def _kitty(settled: Any) -> tuple[Money, Money]:
    """Pinochle's kitty: empty when a sitting starts, and the chips it won or paid."""
    return 0, settled.kitty


GAME = Game(
    format=FORMAT,
    referee=REFEREE,
    generator="replay.generators.pinochle:generate",
    stats=GameStats(
        unit="chips",
        score="chips",
        counters=(
            "bids",
            "bid_points",
            "auctions_won",
            "contract_points",
            "contracts",
            "contracts_made",
            "meld",
            "counters",
            "chips_won",
            "chips_lost",
            "concessions",
        ),
        ratios=(
            Ratio("mean_chips", "chips", "seat_hands"),
            Ratio("mean_bid", "bid_points", "bids"),
            Ratio("mean_contract", "contract_points", "auctions_won"),
            Ratio("contracts_made_pct", "contracts_made", "contracts", 100, 1),
        ),
        words="auctions won, contracts made %, mean bid, meld, counters, chips won and lost, concessions",
        read=_counters,
        shown=(
            "chips",
            "mean_chips",
            "auctions_won",
            "contracts_made_pct",
            "mean_bid",
            "meld",
            "counters",
            "chips_won",
            "chips_lost",
            "concessions",
        ),
        pool=Pool("kitty", _kitty),
    ),
    sheet=Sheet(
        ("bid", "points"),
        (
            Scored("declarer", "declarer", "declarer"),
            Scored("contract", "contract", "contract"),
            Scored("meld", "meld", "meld"),
            Scored("counters", "counters", "counters"),
            Scored("made", "made", "made", bool),
            Scored("kitty", "kitty", "kitty"),
        ),
        "chips",
        "total",
    ),
    moves={"widow": (("took the widow", "cards"),), "bury": (("buried", "cards"),)},
)
"""The rules half of the game (``replay.registry``)."""
