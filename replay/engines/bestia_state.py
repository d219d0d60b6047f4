"""The state of a Bestia hand and the shape of the table: phases, the seat ring, the stock.

Split from ``replay.engines.bestia`` (which re-exports every name here) to keep modules small.
Seats are numbered anticlockwise, the direction of play, so ``Ring.after(s)`` is the seat at the
right of ``s``. No pydantic, no I/O.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum

from records.cards import ITALIAN_40
from records.rules.bestia import BestiaRules
from replay.tricks import FollowRules, Trick

DECK = ITALIAN_40


class Phase(Enum):
    DECLARE = "declare"
    EXCHANGE = "exchange"
    BLIND = "blind"
    PLAY = "play"
    SETTLE = "settle"


@dataclass(frozen=True, slots=True)
class Ring:
    """Seats around the table. Seat numbers grow in the direction of play, anticlockwise."""

    size: int

    def after(self, seat: int, steps: int = 1) -> int:
        """The seat ``steps`` places further in the direction of play (to the right)."""
        return (seat + steps) % self.size

    def order_from(self, start: int) -> tuple[int, ...]:
        """Every seat once, in the direction of play, starting at ``start``."""
        return tuple(self.after(start, i) for i in range(self.size))


# --- the hand's shape ------------------------------------------------------------------------


def stock_size(rules: BestiaRules) -> int:
    """Cards in the stock after the deal and the turned-up card."""
    return len(DECK.cards) - rules.num_players * rules.hand_size - 1


def eldest(rules: BestiaRules, dealer: int) -> int:
    """The "primo di mano": the seat at the dealer's right."""
    return Ring(rules.num_players).after(dealer)


def declaration_order(rules: BestiaRules, dealer: int) -> tuple[int, ...]:
    ring = Ring(rules.num_players)
    skip = 2 if rules.declaration_start == "right_of_eldest" else 1
    return ring.order_from(ring.after(dealer, skip))


def dominant_trump(turned_up: str) -> str:
    """The Ace of trumps, or the 3 when the Ace is the turned-up card."""
    trump = turned_up[-1]
    return "3" + trump if turned_up == "A" + trump else "A" + trump


# --- state -----------------------------------------------------------------------------------


@dataclass(slots=True)
class State:
    """A hand in progress. Build it with ``new_hand``."""

    rules: BestiaRules
    ring: Ring
    dealer: int
    turned_up: str
    hands: list[list[str]]
    """Cards each seat holds now."""
    pile: list[str | None]
    """The cards that can be drawn, top first: the stock (None where the record does not show
    it), then the turned-up card if it is drawable."""
    order: tuple[int, ...]
    """Declaration order; the blind round asks in the same order."""
    follow: FollowRules
    phase: Phase = Phase.DECLARE
    drawn: int = 0
    """Cards taken from the pile so far."""
    cursor: int = 0
    """Position in ``order`` of the seat to declare, or after the last blind drawer."""
    pending: int = 0
    """Cards the seat that just declared play must exchange."""
    decisions: list[str | None] = field(default_factory=list)
    """Per seat: ``pass``, ``join`` or ``blind``."""
    entered: list[int] = field(default_factory=list)
    """Seats in the order they entered the playing set."""
    playing: tuple[int, ...] = ()
    leader: int = 0
    turn: int = 0
    trick: list[str] = field(default_factory=list)
    tricks: list[Trick] = field(default_factory=list)
    tricks_won: list[int] = field(default_factory=list)

    @property
    def trump(self) -> str:
        return self.turned_up[-1]

    @property
    def stock_left(self) -> int:
        return len(self.pile) - self.drawn

    @property
    def trick_number(self) -> int:
        return len(self.tricks) + 1


def new_hand(
    rules: BestiaRules,
    dealer: int,
    hands: Sequence[Sequence[str]],
    turned_up: str,
    stock: Sequence[str],
) -> State:
    """A hand after the deal; ``stock`` is the recorded part of the stock, top first."""
    known: list[str | None] = list(stock[: stock_size(rules)])
    pile = known + [None] * (stock_size(rules) - len(known))
    if rules.trump_card_drawable:
        pile.append(turned_up)
    order = declaration_order(rules, dealer)
    n = rules.num_players
    return State(
        rules=rules,
        ring=Ring(n),
        dealer=dealer,
        turned_up=turned_up,
        hands=[list(h) for h in hands],
        pile=pile,
        order=order,
        follow=FollowRules(
            must_trump_when_void=rules.must_trump_when_void,
            must_overtrump=rules.must_overtrump,
            must_head=rules.must_beat_in_suit,
        ),
        turn=order[0],
        decisions=[None] * n,
        tricks_won=[0] * n,
    )


def current_player(state: State) -> int | None:
    """Whose turn it is, or None in the blind round (anyone eligible) and at the settlement."""
    return state.turn if state.phase in (Phase.DECLARE, Phase.EXCHANGE, Phase.PLAY) else None


def is_over(state: State) -> bool:
    return state.phase is Phase.SETTLE
