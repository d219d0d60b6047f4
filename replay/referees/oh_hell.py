"""Oh Hell's referee: how its records are laid out and what they claim.

The rules live in ``replay.engines.oh_hell``; the walk through a record in ``replay.driver``.
Running totals start with deal 1 and stop being known where the record leaves deals out;
winners are named only for a whole game with at least one scored deal.

A claimed running total is a problem only where it does not follow from the previous total and
the deal's score (``replay.claims.Chain``), so a wrong score that the source carried on is
reported once, as a ``score.mismatch``. The claimed final totals follow from the last deal's
claimed running totals, the claimed winners from the claimed totals.

A bid the record did not log (``tricks`` null) leaves that seat's score unknown (its team's
under ``teams``), so its running total from that deal on, and the winners: those claims are
``unchecked`` with the reason (``Claim.reasons``), and the deal's notes say what else went
unjudged (the hook). Everything else is checked as ever (docs/partial.md).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Final

from msgspec import Struct

from records.rules.oh_hell import FORMAT, OhHellRules
from records.words import number_of
from replay.claims import Chain, OneOf
from replay.engines import oh_hell
from replay.export.sheet import Scored, Sheet
from replay.referee import Ledger, Referee, last_claimed, rules_of
from replay.registry import Game
from replay.steps import Claim, HandSettled
from replay.summarize.games import Counters, GameStats, Ratio


class OhHellReferee(Referee[OhHellRules, oh_hell.Table, oh_hell.State]):
    engine = oh_hell.ENGINE
    reports_taken = True
    calls_title = "Bids"

    def rules(self, record: Any) -> OhHellRules:
        return rules_of(record.rules, OhHellRules)

    def last_hand(self, table: oh_hell.Table) -> int:
        return len(table.plan) if table.plan is not None else 1

    def taken(self, state: oh_hell.State) -> list[int]:
        return list(state.tricks_won)

    def hand_claims(
        self,
        record: Any,
        index: int,
        hand: Any,
        result: HandSettled,
        state: oh_hell.State | None,
        ledger: Ledger,
    ) -> list[Claim]:
        claims = hand.claims
        if claims is None:
            return []
        at = _pointers(index)
        found = [
            Claim("tricks", at[0], claims.tricks, result.taken),
            Claim("score", at[1], claims.scores, result.scores),
            Claim("total", at[2], claims.totals, result.totals, follows=_TOTAL),
        ]
        settled = result.settlement
        if settled is not None and settled.unlogged:
            found[1].reasons = _score_reasons(settled)
        totals = result.totals
        if totals is not None and None in totals:  # a bid not logged, in this deal or before
            found[2].reasons = _total_reasons(record, index, totals)
        if claims.hand_size is not None:
            size = None if state is None or _size_unknown(state, hand.deal) else state.size
            found.append(Claim("hand_size", at[3], claims.hand_size, size, per_seat=False))
        if claims.trump is not None:
            trump = None if state is None else state.trump or "none"
            found.append(Claim("trump", at[4], claims.trump, trump, per_seat=False))
        return found

    def settle(
        self, state: oh_hell.State, ledger: Ledger, record: Any, index: int, notes: list[str]
    ) -> Any:
        """The engine's settlement, with a note on what a deal rebuilt from the plays leaves
        unchecked."""
        deal = record.hands[index].deal
        if deal.rebuilt:
            notes.append(_rebuilt_note(state, deal))
        return super().settle(state, ledger, record, index, notes)

    def hand_notes(self, state: oh_hell.State, record: Any, index: int) -> list[str]:
        """A seat's view and the bids not logged, however the hand ends: a hand stopped by a
        revoke, or cut short, leaves them unjudged as a settled one does."""
        notes = []
        if state.play.hidden:  # a seat's view: some hands are not known
            notes.append(_view_note(record.hands[index].deal.hands))
        if state.unlogged:
            notes.extend(_unlogged_notes(state))
        return notes

    def explainer(
        self, record: Any, result: HandSettled, state: oh_hell.State, ledger: Ledger
    ) -> Callable[[], list[str]] | None:
        settlement = result.settlement
        if settlement is None or settlement.scores is None:
            return None
        rules = state.rules
        # the hook left unjudged by a bid not logged, which the scores do not show
        hook = _unlogged_notes(state)[1:] if state.unlogged else []

        def explain() -> list[str]:
            names = {p.seat: p.name for p in record.players}
            return [
                _explain(score, names)
                if score is not None
                else _unknown_score(settlement, seat, names)
                for seat, score in enumerate(settlement.explain(rules))
            ] + hook

        return explain

    def record_claims(
        self, record: Any, totals: list[int] | None, winners: list[int] | None, ledger: Ledger
    ) -> list[Claim]:
        claims = record.claims
        if claims is None:
            return []
        last = last_claimed(record, _totals)
        found = [Claim("total", "/claims/totals", claims.totals, totals, follows=_FINAL)]
        unknown = totals is not None and None in totals
        if totals is not None and unknown:
            found[0].reasons = _total_reasons(record, len(record.hands) - 1, totals)
        if claims.winners is not None:
            follows = _winners_of_claims(claims.totals, last)
            found.append(
                Claim(
                    "result",
                    "/claims/winners",
                    sorted(claims.winners),
                    winners,
                    per_seat=False,
                    follows=follows,
                    reasons={None: _winners_reason(found[0].reasons)} if unknown else None,
                )
            )
        return found

    def winners(
        self,
        table: oh_hell.Table,
        numbers: Sequence[int],
        scored: bool,
        totals: list[int] | None,
    ) -> list[int] | None:
        plan = table.plan
        whole_game = plan is None or list(numbers) == list(range(1, len(plan) + 1))
        # A winner only of a whole game with at least one scored hand (all abandoned: none).
        if not (whole_game and scored and totals) or None in totals:
            return None  # a total unknown (a bid not logged): so are the winners
        return oh_hell.winners(totals)


_POINTERS: Final[dict[int, tuple[str, ...]]] = {}


def _pointers(index: int) -> tuple[str, ...]:
    """The pointers of hand ``index``'s claims, made once per index (an index is below the
    format's limit on hands, so this stays small)."""
    found = _POINTERS.get(index)
    if found is None:
        at = f"/hands/{index}/claims"
        names = ("tricks", "scores", "totals", "hand_size", "trump")
        found = _POINTERS[index] = tuple(f"{at}/{name}" for name in names)
    return found


_TOTAL: Final = Chain("total", (("score", 1),))
"""A running total is the previous total plus the deal's score."""
_FINAL: Final = Chain("total", (), "the last deal's running total")
"""The final totals are the last deal's running totals."""


def _totals(claims: Any) -> Any:
    return claims.totals


def _winners_of_claims(final: Any, last: Any) -> _ClaimedWinners | None:
    """The winners the record's own totals name: its claimed final totals, else the last
    deal's claimed running totals (only where they are claimed for every seat)."""
    for totals, words in ((final, "the claimed final totals"), (last, "the last deal's totals")):
        if totals and None not in totals:
            return _ClaimedWinners(totals, words)
    return None


class _ClaimedWinners(Struct):
    """The winners the claimed ``totals`` name, with their words (``OneOf``), worked out only
    where a claim of the winners differs from the recomputation and asks for them: a record
    whose claims agree (nearly every one) makes no text for them."""

    totals: Sequence[int]
    words: str
    chained: ClassVar[bool] = False
    """Not a running value: the winners follow from the totals alone (``Basis.chained``)."""

    def candidates(self, seat: int | None, corrected: Any = None) -> list[Any]:
        return self._one_of().candidates(seat, corrected)

    def describe(self, seat: int | None, corrected: Any = None) -> str:
        return self._one_of().describe(seat, corrected)

    def _one_of(self) -> OneOf:
        named = oh_hell.winners(self.totals)
        listed = ", ".join(map(str, self.totals))
        return OneOf([named], f"from {self.words} {listed} (winners {named})")


def _score_reasons(settlement: Any) -> dict[int | None, str]:
    """Why each seat's score of a deal is unknown: its bid, or a partner's, was not logged."""
    if settlement.scores is None:
        return {}
    unlogged = settlement.unlogged
    return {
        seat: _whose_bid(seat, unlogged)
        for seat, score in enumerate(settlement.scores)
        if score is None
    }


def _seats(seats: Sequence[int]) -> str:
    """``seat 1``, ``seats 0 and 2``, ``seats 0, 1 and 3``."""
    named = [str(seat) for seat in sorted(seats)]
    if len(named) == 1:
        return f"seat {named[0]}"
    return f"seats {', '.join(named[:-1])} and {named[-1]}"


def _bids_of(seats: Sequence[int]) -> str:
    """``seat 1's bid was`` or ``the bids of seats 0 and 2 were``, before ``not logged``."""
    if len(seats) == 1:
        return f"{_seats(seats)}'s bid was"
    return f"the bids of {_seats(seats)} were"


def _whose_bid(seat: int, unlogged: Sequence[int]) -> str:
    """Why ``seat``'s score is unknown: its own bid, or under ``teams`` a partner's."""
    if seat in unlogged:
        return f"{_bids_of([seat])} not logged"
    return f"its team's bid is unknown: {_bids_of(unlogged)} not logged"


def _total_reasons(record: Any, index: int, totals: Sequence[Any]) -> dict[int | None, str]:
    """Why each seat's running total after hand ``index`` is unknown: the first deal where its
    score was (a bid not logged, its own or under ``teams`` a partner's). Read off the record,
    and only for a record that has such a total."""
    teams = record.rules.teams
    reasons: dict[int | None, str] = {}
    for seat, total in enumerate(totals):
        if total is not None:
            continue
        team = next((t for t in teams or () if seat in t), (seat,))
        for hand in record.hands[: index + 1]:
            missing = [a.seat for a in hand.actions if a.type == "bid" and a.tricks is None]
            mine = [s for s in missing if s in team]
            if mine:
                why = _whose_bid(seat, mine)
                reasons[seat] = f"{why} in hand {hand.number}: the total is unknown from there on"
                break
    return reasons


def _winners_reason(totals: Any) -> str:
    """Why the winners are unknown: some final totals are (``_total_reasons``)."""
    seats = sorted(totals or {})
    if len(seats) == 1:
        return f"the final total of {_seats(seats)} is unknown: a bid was not logged"
    return f"the final totals of {_seats(seats)} are unknown: bids were not logged"


def _unlogged_notes(state: oh_hell.State) -> list[str]:
    """What the bids not logged leave unjudged in a deal: the scores they decide, and the hook
    (the last bidder may not make the bids add up to the deal's size) where it applies."""
    unlogged = state.unlogged
    it = "it" if len(unlogged) == 1 else "them"
    notes = [
        f"{_bids_of(unlogged)} not logged: the scores that depend on {it}, and the running "
        "totals from this deal on, are unchecked"
    ]
    if oh_hell.hook_unjudged(state):
        n = state.seats
        last = (oh_hell.first_bidder(state.rules, state.dealer) + n - 1) % n
        bidder = f"seat {last}" + (", the dealer" if last == state.dealer else "")
        if last in unlogged:
            why = f"the last bidder's ({bidder}) bid was not logged, so whether the bids"
        else:
            why = f"{_bids_of(unlogged)} not logged, so whether the last bidder ({bidder}) made"
            why += " the bids"
        notes.append(
            f"the hook was not judged: {why} add up to the {number_of(state.size, 'trick')} of "
            "the deal is unknown"
        )
    return notes


def _view_note(hands: Sequence[Any]) -> str:
    """What a deal from one seat's view leaves unjudged (docs/partial.md, "A seat's view")."""
    hidden = [seat for seat, cards in enumerate(hands) if cards is None]
    whose = (
        f"{_seats(hidden)}'s cards are"
        if len(hidden) == 1
        else f"the cards of {_seats(hidden)} are"
    )
    return (
        f"a seat's view: {whose} not known, so each of their plays is checked only against "
        "the cards not seen yet and the suits they showed out of; whether they could follow "
        "suit or had to trump is not judged"
    )


def _unplayed(state: oh_hell.State, deal: Any) -> int:
    """Cards of a deal rebuilt from the plays that nobody played: unknown to the record."""
    return state.size * state.seats - sum(len(cards or ()) for cards in deal.hands)


def _size_unknown(state: oh_hell.State, deal: Any) -> bool:
    """Whether the deal's size is a guess: rebuilt from a hand cut short, under a schedule that
    does not fix the size."""
    return bool(deal.rebuilt) and state.table.plan is None and _unplayed(state, deal) > 0


def _rebuilt_note(state: oh_hell.State, deal: Any) -> str:
    unplayed = _unplayed(state, deal)
    if unplayed <= 0:
        return (
            "the deal was rebuilt from the plays: every card was played, so the hands are the "
            "ones dealt; the stock is not known"
        )
    size = "the deal's size (the schedule does not fix it), " if _size_unknown(state, deal) else ""
    return (
        f"the deal was rebuilt from the plays: {number_of(unplayed, 'card')} were never played and are "
        f"unknown, so {size}a revoke with one of them and the stock are not checked"
    )


def _explain(score: oh_hell.SeatScore, names: dict[int, str]) -> str:
    steps = " + ".join(f"{rule} {points:+d}" for rule, points in score.parts)
    return (
        f"seat {score.seat} ({names.get(score.seat, '?')}): bid {score.bid}, took "
        f"{score.tricks}: {steps} = {score.points}"
    )


def _unknown_score(settlement: Any, seat: int, names: dict[int, str]) -> str:
    bid = settlement.bids[seat]
    said = "not logged" if bid is None else str(bid)
    return (
        f"seat {seat} ({names.get(seat, '?')}): bid {said}, took {settlement.tricks[seat]}: "
        f"score unknown ({_whose_bid(seat, settlement.unlogged)})"
    )


REFEREE = OhHellReferee()


# --- what the game adds to a summary and to the score sheet -------------------------------------


def _counters(step: HandSettled) -> Counters:
    settled = step.settlement
    out: Counters = []
    for bid, taken in zip(settled.bids, settled.tricks, strict=True):
        if bid is None:  # not logged: only the bids known are counted
            out.append({})
            continue
        made = int(bid == taken)
        out.append(
            {
                "bids": 1,
                "bids_made": made,
                "nil_bids": int(bid == 0),
                "nil_made": int(bid == 0 and made),
                "bid_error": abs(bid - taken),
                "overtricks": max(0, taken - bid),
            }
        )
    return out


GAME = Game(
    format=FORMAT,
    referee=REFEREE,
    generator="replay.generators.oh_hell:generate",
    stats=GameStats(
        unit="points",
        score="points",
        counters=("bids", "bids_made", "nil_bids", "nil_made", "bid_error", "overtricks"),
        ratios=(
            Ratio("mean_points", "points", "seat_hands"),
            Ratio("bids_made_pct", "bids_made", "bids", 100, 1),
            Ratio("nil_made_pct", "nil_made", "nil_bids", 100, 1),
            Ratio("mean_bid_error", "bid_error", "bids"),
        ),
        words="bids made %, nil bids made %, mean |bid - tricks|, overtricks",
        read=_counters,
        shown=(
            "points",
            "mean_points",
            "bids",
            "bids_made_pct",
            "nil_bids",
            "nil_made_pct",
            "mean_bid_error",
            "overtricks",
        ),
    ),
    sheet=Sheet(
        ("bid", "tricks"),
        (
            Scored("hand_size", "hand_size", "size"),
            Scored("trump", "trump", "trump", str, "none"),
            Scored("tricks", "tricks", "taken"),
        ),
        "score",
        "total",
    ),
)
"""The rules half of the game (``replay.registry``)."""
