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
group's seats in them, leaving out a seat's hand whose score depends on a value the record did not
log: what a mean per seat and hand divides by) and the score.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from msgspec import Struct

from replay.steps import HandSettled
from replay.summarize.numbers import Money, ratio

__all__ = ["COMMON", "Counters", "GameStats", "Pool", "Ratio", "hand_counters"]

Counters = list[dict[str, Money]]
"""Per seat, the counters one hand adds."""

COMMON = ("hands", "finished", "seat_hands")
"""The counters every game's section of a group starts with, before its score."""


class Ratio(Struct, frozen=True):
    """A figure: ``scale * top / bottom``, None when ``bottom`` is 0."""

    name: str
    top: str
    bottom: str
    scale: int = 1
    places: int = 2
    """Decimals a table for people shows (programs get three)."""

    def of(self, top: Money, bottom: Money) -> Fraction | None:
        return ratio(top, bottom, self.scale)


class Pool(Struct, frozen=True):
    """Money the table holds apart from the seats: Bestia's pot, pinochle's kitty. What the
    seats win and lose in all, plus what the pool holds at the end, less what it held at the
    start, is zero: a sitting's money balances."""

    name: str
    read: Callable[[Any], tuple[Money, Money]]
    """(held before the hand, change during it) of a hand's settlement."""


class GameStats(Struct, frozen=True):
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
    words: str = ""
    """Its figures and counters in a person's words, for the help of ``tricklog summarize``."""
    pool: Pool | None = None
    teams: tuple[tuple[int, ...], ...] = ()
    """Seats that win together (a partnership game's teams, each seats in order): when the
    winners are one team's seats, each of them won, alone with his partners, not a share of a
    tie."""

    @property
    def names(self) -> tuple[str, ...]:
        """Every counter, in the order a group keeps them."""
        return (*COMMON, self.score, *self.counters)

    @property
    def columns(self) -> tuple[str, ...]:
        """Every counter and figure, as data lists them."""
        return (*self.names, *(r.name for r in self.ratios))


def hand_counters(stats: GameStats | None, step: HandSettled) -> Counters | None:
    """A game's own counters of a hand (``stats`` of its game), None for a game without a
    summary of its own or a hand not settled with scores."""
    if stats is None or step.scores is None or step.settlement is None:
        return None
    return stats.read(step)
