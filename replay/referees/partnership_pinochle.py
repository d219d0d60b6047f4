"""Partnership Pinochle's referee: how its records are laid out, the game's totals a record
carries from hand to hand, what the records claim, and how a table would want a hand explained.

The rules live in ``replay.engines.partnership_pinochle`` (in words:
docs/partnership_pinochle.md); the walk through a record in ``replay.driver``. A game's hands
follow one another with the deal passing clockwise. Each seat's score and running total is its
team's; the claims about a team are lists of two (team 0: seats 0 and 2, team 1: seats 1 and 3),
entry ``t`` beside seat ``t``'s recomputed value, and their problems name the team
(``Claim.unit``). A claimed running total is a problem only where it does not follow from the
previous total and the hand's team score (``replay.claims.Chain``).

The game ends in the hand where a team reaches the target; the ledger (``Game``) carries the
totals into each hand so that the engine's settlement says whether the game ended there and
who won, which the record's ``winner`` claim is compared with.

A hand whose auction is logged as its result only (``auction_won``: the bidder and the bid) has
no calls: what only they would show (each seat's bids, who passed, their turns, whether the
dealer was stuck) is unchecked, and the hand's notes say so; no claim depends on the calls, so
every claim is checked as ever, the declarer and the contract against the result the record
states (docs/partial.md).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any

from records.problems import Violation
from records.rules.partnership_pinochle import FORMAT, PartnershipPinochleRules
from replay.claims import Chain
from replay.engines import auction_result
from replay.engines.partnership_pinochle import ENGINE, Carried, State, Table
from replay.engines.partnership_pinochle.declare import meld_name, melds_unknown
from replay.engines.partnership_pinochle.scoring import Settlement, tricks_taken
from replay.engines.partnership_pinochle.state import fanned, is_hidden
from replay.export.sheet import Scored, Sheet
from replay.referee import Ledger, Referee, rules_of
from replay.registry import Game
from replay.steps import Claim, HandSettled
from replay.summarize.games import Counters, GameStats, Ratio


class Totals(Ledger):
    """The teams' totals and the game's winner as the hands settle; None once a hand could
    not be settled (or the record does not start at hand 1)."""

    def __init__(self, totals: tuple[int, int] | None) -> None:
        self.totals = totals
        self.winner: int | None = None

    def carried(self) -> Carried | None:
        if self.totals is None:
            return None
        return Carried(self.totals, self.winner is not None)

    def settled(self, settlement: Any) -> None:
        if self.totals is not None:
            self.totals = settlement.totals
            if self.winner is None:
                self.winner = settlement.winner

    def lost(self) -> None:
        self.totals = None


class PartnershipPinochleReferee(Referee[PartnershipPinochleRules, Table, State]):
    engine = ENGINE
    calls_title = "Auction, trump, passing and melds"
    reports_taken = True

    def rules(self, record: Any) -> PartnershipPinochleRules:
        return rules_of(record.rules, PartnershipPinochleRules)

    def ledger(self, record: Any, table: Table) -> Totals:
        return Totals((0, 0) if self.totals_start(record) else None)

    def settle(
        self, state: State, ledger: Ledger, record: Any, index: int, notes: list[str]
    ) -> Any:
        """The hand's settlement; a ``Violation`` for a hand after the game was won."""
        assert isinstance(ledger, Totals)
        if ledger.winner is not None:
            return Violation(
                "hand.after-game-end",
                f"team {ledger.winner} reached the target and won the game before this hand; "
                "no hand follows the game's end",
            )
        return self.engine.settle(state, ledger.carried())

    def hand_notes(self, state: State, record: Any, index: int) -> list[str]:
        """What the hand leaves unjudged whatever its end: an auction logged as its result
        only, a pass not logged (docs/partial.md)."""
        notes: list[str] = []
        if state.result_only:
            assert state.declarer is not None and state.contract is not None
            notes.append(auction_result.note(state.declarer, state.contract))
        if state.hidden:
            notes.append(hidden_note(state, record.hands[index].deal))
        return notes

    def taken(self, state: State) -> list[int] | None:
        return list(tricks_taken(state))

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
        at = _pointers(index)
        computed = _computed(settled, result)
        recorded = (claims.declarer, claims.contract, claims.made)
        rows = [
            Claim(name, at[name], value, computed[name], per_seat=False)
            for name, value in zip(("declarer", "contract", "made"), recorded, strict=True)
            if value is not None
        ]
        why = _reasons(settled, record, index)
        rows += [
            Claim(
                "player_meld",
                at["player_meld"],
                claims.player_meld,
                computed["player_meld"],
                reasons=why.get("player_meld"),
            ),
            Claim("tricks", at["tricks"], claims.tricks, computed["tricks"]),
            Claim(
                "team_meld",
                at["team_meld"],
                claims.team_meld,
                computed["team_meld"],
                unit="team",
                reasons=why.get("team"),
            ),
            Claim(
                "team_counters",
                at["team_counters"],
                claims.team_counters,
                computed["team_counters"],
                unit="team",
            ),
            Claim(
                "team_score",
                at["team_score"],
                claims.team_scores,
                computed["team_score"],
                unit="team",
                reasons=why.get("team"),
            ),
            Claim(
                "team_total",
                at["team_total"],
                claims.team_totals,
                computed["team_total"],
                follows=_TOTAL,
                unit="team",
                reasons=_total_reasons(record, index, computed["team_total"]),
            ),
        ]
        if why.get("made"):
            for row in rows:
                if row.name == "made":
                    row.reasons = why["made"]
        return rows

    def explainer(
        self, record: Any, result: HandSettled, state: State, ledger: Ledger
    ) -> Callable[[], list[str]] | None:
        settled = result.settlement
        return lambda: derivation(state, settled)

    def ledger_winners(
        self,
        table: Table,
        numbers: Sequence[int],
        scored: bool,
        totals: list[int] | None,
        ledger: Ledger,
    ) -> list[int] | None:
        """Both seats of the team that won the game, where a team reached the target."""
        assert isinstance(ledger, Totals)
        if ledger.winner is None or ledger.totals is None:
            return None
        return [ledger.winner, ledger.winner + 2]

    def record_claims(
        self, record: Any, totals: list[int] | None, winners: list[int] | None, ledger: Ledger
    ) -> list[Claim]:
        claims = record.claims
        if claims is None:
            return []
        teams = None if totals is None else totals[:2]
        winner = None if winners is None else winners[0]
        last = len(record.hands) - 1
        return [
            Claim(
                "team_total",
                "/claims/team_totals",
                claims.team_totals,
                teams,
                follows=_FINAL,
                unit="team",
                reasons=_total_reasons(record, last, teams),
            ),
            Claim(
                "winner",
                "/claims/winner",
                claims.winner,
                winner,
                per_seat=False,
                reasons=_winner_reason(record, last, teams),
            ),
        ]


_TOTAL = Chain("team_total", (("team_score", 1),), change_words="this hand's team score")
"""A team's running total is its previous total plus the hand's team score."""
_FINAL = Chain("team_total", (), "the last hand's total")
"""The final totals are the last hand's running totals."""

_NAMES = {
    "declarer": "declarer",
    "contract": "contract",
    "made": "made",
    "player_meld": "player_meld",
    "tricks": "tricks",
    "team_meld": "team_meld",
    "team_counters": "team_counters",
    "team_score": "team_scores",
    "team_total": "team_totals",
}
"""Claim name -> its key in the hand's claims."""


@functools.lru_cache(maxsize=256)
def _pointers(index: int) -> dict[str, str]:
    at = f"/hands/{index}/claims"
    return {name: f"{at}/{key}" for name, key in _NAMES.items()}


def _computed(settled: Settlement | None, result: HandSettled) -> dict[str, Any]:
    """The recomputed value of each claim (None: not known)."""
    if settled is None:
        return dict.fromkeys(_NAMES)
    points = settled.counters
    totals = result.totals
    return {
        "declarer": settled.declarer,
        "contract": settled.contract,
        "made": settled.made,
        "player_meld": list(settled.player_meld),
        "tricks": list(settled.tricks),
        "team_meld": list(settled.team_meld),
        "team_counters": None if points is None else list(points),
        "team_score": list(settled.team_scores),
        "team_total": None if totals is None else totals[:2],  # seat t's total is team t's
    }


def hidden_note(state: State, deal: Any) -> str:
    """What hands not known leave unjudged (docs/partial.md): one seat's view, or a pass not
    logged."""
    seats = [seat for seat in range(4) if is_hidden(state, seat)]
    if all(cards is not None for cards in deal.hands):
        note = (
            f"a pass was not logged: the cards of seats {seats[0]} and {seats[1]} after it are "
            "known only as their team's, so their melds and plays are checked only against their "
            "team's cards less those played and those the partner showed in melds, and the "
            "suits they showed out of; whether they could follow suit, had to trump or head the "
            "trick is not judged"
        )
    else:
        names = ", ".join(map(str, seats[:-1])) + f" and {seats[-1]}" if len(seats) > 1 else ""
        whose = f"the cards of seats {names} are" if names else f"seat {seats[0]}'s cards are"
        note = (
            f"a seat's view: {whose} not known, so their melds and plays are checked only "
            "against the cards nobody else is seen to hold (dealt, passed, shown in melds or "
            "played) and those they are known to hold, and the suits they showed out of; whether "
            "they could follow suit, had to trump or head the trick is not judged"
        )
    if melds_unknown(state):
        note += (
            "; their melds are worked out from hands not known (meld_declared = automatic): "
            "unknown, and so is what depends on them"
        )
    return note


def _why(seat: int, record: Any, index: int) -> str:
    """Why ``seat``'s melds (worked out from its hand) are unknown in hand ``index``."""
    deal = record.hands[index].deal
    if deal.hands[seat] is None:
        return f"seat {seat}'s cards are not known (a seat's view), so its melds are unknown"
    return f"a pass was not logged, so seat {seat}'s melds (worked out from its hand) are unknown"


def _reasons(
    settled: Settlement | None, record: Any, index: int
) -> dict[str, dict[int | None, str]]:
    """Why claims of a hand are unchecked: melds worked out from hands not known (per seat, per
    team and for ``made``)."""
    if settled is None or not settled.unknown:
        return {}
    seats = settled.unknown
    why: dict[int | None, str] = {seat: _why(seat, record, index) for seat in seats}
    team: dict[int | None, str] = {}
    for seat in seats:
        team.setdefault(seat % 2, f"team {seat % 2}'s meld is unknown: {why[seat]}")
    assert settled.declarer is not None
    bidders = settled.declarer % 2
    return {
        "player_meld": why,
        "team": team,
        "made": {None: team[bidders]} if bidders in team else {},
    }


def _first_unknown(record: Any, last: int, side: int) -> tuple[int, str] | None:
    """(number, why) of the first hand up to index ``last`` where a seat of team ``side`` had
    melds worked out (``automatic``) from a hand not known (a seat's view, a pass not logged):
    where its score may have become unknown."""
    if record.rules.meld_declared != "automatic":
        return None
    for hand in record.hands[: last + 1]:
        if any(c is None for s, c in enumerate(hand.deal.hands) if s % 2 == side):
            return int(hand.number), "a seat's view"
        passes = [a.seat for a in hand.actions if a.type == "pass_cards" and a.cards is None]
        if any(seat % 2 == side for seat in passes):
            return int(hand.number), "a pass was not logged"
    return None


def _total_reasons(record: Any, index: int, totals: Any) -> dict[int | None, str] | None:
    """Why a team's running total after hand ``index`` is unknown: a hand before whose score
    depended on melds worked out from hands not known."""
    if totals is None:
        return None
    reasons: dict[int | None, str] = {}
    for side, total in enumerate(totals):
        first = None if total is not None else _first_unknown(record, index, side)
        if first is not None:
            number, why = first
            reasons[side] = (
                f"team {side}'s meld in hand {number} is unknown ({why}): the total is unknown "
                "from there on"
            )
    return reasons or None


def _winner_reason(record: Any, last: int, totals: Any) -> dict[int | None, str] | None:
    """Why the winner is unknown: a team's total is (``_total_reasons``)."""
    unknown = _total_reasons(record, last, totals)
    if not unknown:
        return None
    sides = " and ".join(f"team {side}" for side in sorted(s for s in unknown if s is not None))
    return {None: f"the total of {sides} is unknown, so who reached the target is unknown"}


def derivation(state: State, settled: Settlement) -> list[str]:
    """How the scores came about, one line per step, in a scorer's words."""
    lines: list[str] = []
    if settled.declarer is not None:
        how = " (all passed: the dealer is stuck)" if settled.stuck else ""
        how += " (the auction's result as logged)" if state.result_only else ""
        lines.append(f"bidder seat {settled.declarer}, bid {settled.contract}{how}")
    if state.trump is not None:
        lines.append(f"trump {state.trump}")
    for seat, cards in state.passes:
        passed = "cards (not logged)" if cards is None else fanned(cards)
        lines.append(f"seat {seat} passes {passed}")
    for seat, found in enumerate(settled.melds):
        if settled.player_meld[seat] is None:
            lines.append(f"seat {seat} melds: unknown (its hand after the pass is not known)")
            continue
        parts = ", ".join(f"{meld_name(m.kind)} {m.value}" for m in found) or "none"
        lines.append(f"seat {seat} melds {parts}: {settled.player_meld[seat]}")
    if settled.counters is not None:
        taken = ", ".join(f"seat {s} {n}" for s, n in enumerate(settled.tricks))
        lines.append(f"tricks taken: {taken}")
        lines.append(
            f"counters: team 0 {settled.counters[0]}, team 1 {settled.counters[1]} "
            "(last trick included)"
        )
    lines += list(settled.reasons)
    scores = ", ".join(
        f"team {side} {'unknown' if score is None else f'{score:+d}'}"
        for side, score in enumerate(settled.team_scores)
    )
    lines.append(f"scores: {scores}")
    if settled.totals is not None:
        lines.append(f"totals: team 0 {settled.totals[0]}, team 1 {settled.totals[1]}")
    if settled.winner is not None:
        lines.append(f"team {settled.winner} reaches the target and wins the game")
    return lines


REFEREE = PartnershipPinochleReferee()


# --- what the game adds to a summary and to the score sheet -------------------------------------


def _counters(step: HandSettled) -> Counters:
    settled: Settlement = step.settlement
    out: Counters = [{} for _ in range(4)]
    for seat, points in settled.calls:
        if points is not None:
            out[seat]["bids"] = out[seat].get("bids", 0) + 1
            out[seat]["bid_points"] = out[seat].get("bid_points", 0) + points
    for seat in range(4):
        meld = settled.player_meld[seat]
        if meld is not None:  # unknown: a pass not logged hid the hand it is worked out from
            out[seat]["meld"] = meld
        out[seat]["tricks"] = settled.tricks[seat]
    declarer = settled.declarer
    if declarer is not None and settled.made is not None:
        mine = out[declarer]
        mine["auctions_won"] = 1
        mine["contract_points"] = settled.contract or 0
        mine["contracts_made"] = int(settled.made)
        mine["sets"] = int(settled.outcome == "set")
        mine["throw_ins"] = int(settled.outcome == "thrown_in")
    if settled.winner is not None:
        for seat in range(4):
            out[seat]["games"] = 1
            out[seat]["games_won"] = int(seat % 2 == settled.winner)
    return out


GAME = Game(
    format=FORMAT,
    referee=REFEREE,
    generator="replay.generators.partnership_pinochle:generate",
    stats=GameStats(
        unit="points",
        score="points",
        counters=(
            "bids",
            "bid_points",
            "auctions_won",
            "contract_points",
            "contracts_made",
            "sets",
            "throw_ins",
            "meld",
            "tricks",
            "games",
            "games_won",
        ),
        ratios=(
            Ratio("mean_points", "points", "seat_hands"),
            Ratio("mean_bid", "bid_points", "bids"),
            Ratio("bids_made_pct", "contracts_made", "auctions_won", 100, 1),
            Ratio("mean_meld", "meld", "seat_hands"),
            Ratio("team_win_pct", "games_won", "games", 100, 1),
        ),
        words="team wins % (of games finished), bids won and made %, sets, throw-ins, mean bid, "
        "meld per player and hand",
        read=_counters,
        teams=((0, 2), (1, 3)),
        shown=(
            "points",
            "team_win_pct",
            "auctions_won",
            "bids_made_pct",
            "sets",
            "throw_ins",
            "mean_bid",
            "mean_meld",
            "mean_points",
        ),
    ),
    sheet=Sheet(
        ("bid", "points"),
        (
            Scored("declarer", "declarer", "declarer"),
            Scored("contract", "contract", "contract"),
            Scored("meld", "player_meld", "player_meld"),
            Scored("made", "made", "made", bool),
        ),
        None,  # the scores and totals are claimed per team, not per seat: no claimed column
        None,
    ),
    moves={"pass_cards": (("passed", "cards"),)},
)
"""The rules half of the game (``replay.registry``)."""
