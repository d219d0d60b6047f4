"""What each game adds to a group's summary: counters read off a settled hand, the figures worked
out from them, the unit its scores are in, and the money its table holds apart from the seats.

A counter is a number summed over hands (bids, bids made, chips won); a figure is the ratio of
two counters, worked out exactly at the end (bids made %: 100 * made / bids). Counters add up
over any grouping (a player, a seat, a month), so one reducer serves every ``--by``. Each game
reads its own engine's settlement and end state, as replayed (never the record's claims):

* Oh Hell: a seat's bid against the tricks it took (a nil bid is a bid of 0); points;
* pinochle: the auction (every bid a seat called; the auction won), the contract (made or not,
  where the hand was played or conceded), the declarer's meld and counters, chips won and lost,
  and a concession by the seat; the kitty, which pays and is paid like one more seat;
* Bestia: whether the seat played or passed, its share of the pot, the bestias it paid, and
  the money it won and lost; the pot, which carries money from hand to hand.

Scores are kept apart by game: Oh Hell points, pinochle chips and Bestia money are not one
unit, so no column adds them up. Every game's counters start with the same four: ``hands``
(every hand of the group's records, as ``audit`` counts them), ``finished`` (those played to
the end and settled: an abandoned hand is not), ``seat_hands`` (finished hands times the
group's seats in them, what a mean per seat and hand divides by) and the score.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from replay.steps import HandSettled
from replay.summarize.numbers import Money, ratio

__all__ = ["COMMON", "GAME_STATS", "GameStats", "Pool", "Ratio", "hand_counters"]

Counters = list[dict[str, Money]]
"""Per seat, the counters one hand adds."""

COMMON = ("hands", "finished", "seat_hands")
"""The counters every game's section of a group starts with, before its score."""


@dataclass(frozen=True, slots=True)
class Ratio:
    """A figure: ``scale * top / bottom``, None when ``bottom`` is 0."""

    name: str
    top: str
    bottom: str
    scale: int = 1
    places: int = 2
    """Decimals a table for people shows (programs get three)."""

    def of(self, top: Money, bottom: Money) -> Fraction | None:
        return ratio(top, bottom, self.scale)


@dataclass(frozen=True, slots=True)
class Pool:
    """Money the table holds apart from the seats: Bestia's pot, pinochle's kitty. What the
    seats win and lose in all, plus what the pool holds at the end, less what it held at the
    start, is zero: a sitting's money balances."""

    name: str
    read: Callable[[Any], tuple[Money, Money]]
    """(held before the hand, change during it) of a hand's settlement."""


@dataclass(frozen=True, slots=True)
class GameStats:
    """A game's counters, in the order they are kept and shown, with the figures made of them."""

    unit: str
    """What its scores count: points, chips, money."""
    score: str
    """The counter of the seats' scores, in ``unit``."""
    counters: tuple[str, ...]
    """The game's own counters, after ``COMMON`` and the score."""
    ratios: tuple[Ratio, ...]
    read: Callable[[HandSettled], Counters]
    """The game's own counters of a hand settled with scores, per seat."""
    shown: tuple[str, ...]
    """The figures and counters of the game's table for a person, after hands and finished."""
    pool: Pool | None = None

    @property
    def names(self) -> tuple[str, ...]:
        """Every counter, in the order a group keeps them."""
        return (*COMMON, self.score, *self.counters)

    @property
    def columns(self) -> tuple[str, ...]:
        """Every counter and figure, as data lists them."""
        return (*self.names, *(r.name for r in self.ratios))


def _oh_hell(step: HandSettled) -> Counters:
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


def _pinochle(step: HandSettled) -> Counters:
    settled, state = step.settlement, step.state
    out: Counters = [{} for _ in step.scores or ()]
    for seat, points in state.calls:
        if points is not None:
            out[seat]["bids"] = out[seat].get("bids", 0) + 1
            out[seat]["bid_points"] = out[seat].get("bid_points", 0) + points
    for seat, chips in enumerate(settled.chips):
        if chips:
            out[seat]["chips_won" if chips > 0 else "chips_lost"] = abs(chips)
    if state.conceded_by is not None:
        out[state.conceded_by]["concessions"] = 1
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


def _bestia(step: HandSettled) -> Counters:
    settled, state = step.settlement, step.state
    out: Counters = []
    playing = set(settled.playing)
    for seat, net in enumerate(settled.nets):
        paid = settled.bestias[seat]
        out.append(
            {
                "played": int(seat in playing),
                "passed": int(state.decisions[seat] == "pass"),
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


def _kitty(settled: Any) -> tuple[Money, Money]:
    """Pinochle's kitty: empty when a sitting starts, and the chips it won or paid."""
    return 0, settled.kitty


GAME_STATS: dict[str, GameStats] = {
    "oh_hell": GameStats(
        unit="points",
        score="points",
        counters=("bids", "bids_made", "nil_bids", "nil_made", "bid_error", "overtricks"),
        ratios=(
            Ratio("mean_points", "points", "seat_hands"),
            Ratio("bids_made_pct", "bids_made", "bids", 100, 1),
            Ratio("nil_made_pct", "nil_made", "nil_bids", 100, 1),
            Ratio("mean_bid_error", "bid_error", "bids"),
        ),
        read=_oh_hell,
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
    "pinochle": GameStats(
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
        read=_pinochle,
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
    "bestia": GameStats(
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
        read=_bestia,
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
}
"""Every game's summary, by game id."""


def hand_counters(game: str, step: HandSettled) -> Counters | None:
    """The game's own counters of a hand, None for a game without a summary of its own or a
    hand not settled with scores."""
    stats = GAME_STATS.get(game)
    if stats is None or step.scores is None or step.settlement is None:
        return None
    return stats.read(step)
