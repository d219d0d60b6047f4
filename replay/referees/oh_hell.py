"""Oh Hell's referee: how its records are laid out and what they claim.

The rules live in ``replay.engines.oh_hell``; the walk through a record in ``replay.driver``.
Running totals start with deal 1 and stop being known where the record leaves deals out;
winners are named only for a whole game with at least one scored deal.

A claimed running total is a problem only where it does not follow from the previous total and
the deal's score (``replay.claims.Chain``), so a wrong score that the source carried on is
reported once, as a ``score.mismatch``. The claimed final totals follow from the last deal's
claimed running totals, the claimed winners from the claimed totals.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final

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

    def explainer(
        self, record: Any, result: HandSettled, state: oh_hell.State, ledger: Ledger
    ) -> Callable[[], list[str]] | None:
        settlement = result.settlement
        if settlement is None or settlement.scores is None:
            return None
        rules = state.rules

        def explain() -> list[str]:
            names = {p.seat: p.name for p in record.players}
            return [_explain(score, names) for score in settlement.explain(rules)]

        return explain

    def record_claims(
        self, record: Any, totals: list[int] | None, winners: list[int] | None, ledger: Ledger
    ) -> list[Claim]:
        claims = record.claims
        if claims is None:
            return []
        last = last_claimed(record, _totals)
        found = [Claim("total", "/claims/totals", claims.totals, totals, follows=_FINAL)]
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
        return oh_hell.winners(totals) if whole_game and scored and totals else None


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


def _winners_of_claims(final: Any, last: Any) -> OneOf | None:
    """The winners the record's own totals name: its claimed final totals, else the last
    deal's claimed running totals (only where they are claimed for every seat)."""
    for totals, words in ((final, "the claimed final totals"), (last, "the last deal's totals")):
        if totals and None not in totals:
            named = oh_hell.winners(totals)
            return OneOf([named], f"from {words} {', '.join(map(str, totals))} (winners {named})")
    return None


def _unplayed(state: oh_hell.State, deal: Any) -> int:
    """Cards of a deal rebuilt from the plays that nobody played: unknown to the record."""
    return state.size * state.seats - sum(len(cards) for cards in deal.hands)


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


REFEREE = OhHellReferee()


# --- what the game adds to a summary and to the score sheet -------------------------------------


def _counters(step: HandSettled) -> Counters:
    settled = step.settlement
    out: Counters = []
    for bid, taken in zip(settled.bids, settled.tricks, strict=True):
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
