"""What each game adds to a player's summary: counters read off a settled hand, and the
figures worked out from them.

A counter is an integer summed over hands (bids, bids made, chips won); a figure is a ratio of
two counters, worked out once at the end (bids made %: 100 * made / bids). Counters add up over
any grouping (a player, a seat, a month), so one reducer serves every ``--by``. Each game reads
its own engine's settlement and end state, as replayed (never the record's claims):

* Oh Hell: a seat's bid against the tricks it took (a nil bid is a bid of 0);
* pinochle: the auction (every bid a seat called; the auction won), the contract (made or not,
  where the hand was played or conceded), the declarer's meld and counters, chips won and lost,
  and a concession by the seat;
* Bestia: whether the seat played or passed, its share of the pot, the bestias it paid, and
  the money it won and lost.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from replay.steps import HandSettled

__all__ = ["GAME_STATS", "GameStats", "Ratio", "hand_counters", "number"]

Counters = list[dict[str, int]]
"""Per seat, the counters one hand adds."""


@dataclass(frozen=True, slots=True)
class Ratio:
    """A figure: ``scale * top / bottom``, None when ``bottom`` is 0."""

    name: str
    top: str
    bottom: str
    scale: int = 1

    def of(self, counters: dict[str, int]) -> float | None:
        bottom = counters.get(self.bottom, 0)
        if not bottom:
            return None
        return round(float(self.scale * counters.get(self.top, 0) / bottom), 3)


@dataclass(frozen=True, slots=True)
class GameStats:
    """A game's counters, in the order they are shown, with the figures made of them."""

    counters: tuple[str, ...]
    ratios: tuple[Ratio, ...]
    read: Callable[[HandSettled], Counters]
    """The counters of a hand settled with scores, per seat."""
    shown: tuple[str, ...]
    """The columns of the game's table for a person, counters and figures."""

    def figures(self, counters: dict[str, int]) -> dict[str, int | float | None]:
        out: dict[str, int | float | None] = {
            name: number(counters.get(name, 0)) for name in self.counters
        }
        for ratio in self.ratios:
            out[ratio.name] = ratio.of(counters)
        return out


def number(value: int | Fraction) -> int | float:
    """A sum as a summary shows it: money under exact pot rounding is summed exactly (a
    ``Fraction``) and shown as an integer where it is whole, else to three decimals."""
    if isinstance(value, Fraction):
        return value.numerator if value.denominator == 1 else round(float(value), 3)
    return value


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
                "net_money": net,
            }
        )
    return out


GAME_STATS: dict[str, GameStats] = {
    "oh_hell": GameStats(
        counters=("bids", "bids_made", "nil_bids", "nil_made", "bid_error", "overtricks"),
        ratios=(
            Ratio("bids_made_pct", "bids_made", "bids", 100),
            Ratio("nil_made_pct", "nil_made", "nil_bids", 100),
            Ratio("mean_bid_error", "bid_error", "bids"),
        ),
        read=_oh_hell,
        shown=("bids", "bids_made_pct", "nil_bids", "nil_made_pct", "mean_bid_error", "overtricks"),
    ),
    "pinochle": GameStats(
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
            Ratio("mean_bid", "bid_points", "bids"),
            Ratio("mean_contract", "contract_points", "auctions_won"),
            Ratio("contracts_made_pct", "contracts_made", "contracts", 100),
        ),
        read=_pinochle,
        shown=(
            "auctions_won",
            "contracts_made_pct",
            "mean_bid",
            "meld",
            "counters",
            "chips_won",
            "chips_lost",
            "concessions",
        ),
    ),
    "bestia": GameStats(
        counters=(
            "played",
            "passed",
            "pot_won",
            "bestias",
            "bestia_money",
            "money_won",
            "money_lost",
            "net_money",
        ),
        ratios=(),
        read=_bestia,
        shown=("played", "passed", "pot_won", "bestias", "bestia_money", "net_money"),
    ),
}
"""Every game's summary, by game id."""


def hand_counters(game: str, step: HandSettled) -> Counters | None:
    """The counters of a hand, None for a game without a summary of its own or a hand not
    settled with scores."""
    stats = GAME_STATS.get(game)
    if stats is None or step.scores is None or step.settlement is None:
        return None
    return stats.read(step)
