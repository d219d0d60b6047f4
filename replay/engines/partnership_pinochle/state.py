"""The shape of a Partnership Pinochle hand: the phases, the teams, the deal, the meld table and
the state a hand is in (docs/partnership_pinochle.md).

``Table`` is what follows from a rules block, worked out once per rules (``table``); ``State``
is one hand in progress. Part of the engine in ``replay.engines.partnership_pinochle``; pure, no
pydantic, no I/O.
"""

from __future__ import annotations

import dataclasses
import functools
from collections import Counter
from collections.abc import Sequence
from enum import Enum
from typing import Any, Protocol

from msgspec import Struct, field

from records.cards import PINOCHLE_48
from records.rules.partnership_pinochle import PartnershipPinochleRules
from records.rules.pinochle import DEFAULT_RULES as AUCTION_PINOCHLE
from records.rules.pinochle import PinochleRules
from records.tricks import CardPlay, FollowRules, Hands, Trick, Tricks, encoding, width
from records.words import number_of
from replay.deal import Group, card_faults
from replay.engine import DealFault
from replay.engines.pinochle import melds
from replay.engines.pinochle.melds import MeldRules, ScoredMeld

DECK = PINOCHLE_48
SUITS = "CDHS"
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
SEATS = 4  # partners opposite: seats 0 and 2, 1 and 3
HAND_SIZE = 12  # pagat.com: "each player receives 12 cards"
AFTER = (1, 2, 3, 0)
"""The next seat clockwise, by seat."""

CARD_POINTS: dict[str, dict[str, int]] = {  # pagat.com, "Scoring": the three counting methods
    "aces_tens_kings": {"A": 10, "T": 10, "K": 10, "Q": 0, "J": 0, "9": 0},
    "classic": {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0},
    "one_point": {"A": 1, "T": 1, "K": 1, "Q": 0, "J": 0, "9": 0},
}
LAST_TRICK: dict[str, int] = {"aces_tens_kings": 10, "classic": 10, "one_point": 1}
"""The last trick's points under each counting method (each makes 250, or 25, in all)."""

KIND_OF = {"run": "flush", "double_run": "double_flush"}
"""A meld's name in the record -> its name in the meld table of ``replay.engines.pinochle.melds``
(which calls the run a flush); the other names are the same."""
NAME_OF = {table: record for record, table in KIND_OF.items()}


def team(seat: int) -> int:
    """The team of a seat: 0 for seats 0 and 2, 1 for seats 1 and 3."""
    return seat % 2


def partner(seat: int) -> int:
    return (seat + 2) % SEATS


class Phase(Enum):
    AUCTION = "auction"
    TRUMP = "trump"
    """The bidder names trump."""
    PASS = "pass"
    """The partners pass cards: the bidder's partner first, then the bidder."""
    MELD = "meld"
    """Each player states his melds (``stated``), until the first lead or a throw-in."""
    PLAY = "play"
    OVER = "over"
    VOID = "void"
    """All four passed under ``all_pass = redeal``: no score, the deal passes on."""


AUCTION, TRUMP, PASS, MELD, PLAY, OVER, VOID = (
    Phase.AUCTION,
    Phase.TRUMP,
    Phase.PASS,
    Phase.MELD,
    Phase.PLAY,
    Phase.OVER,
    Phase.VOID,
)


class DealLike(Protocol):
    @property
    def hands(self) -> Sequence[Sequence[str] | None]: ...


# --- the table -------------------------------------------------------------------------------


class Table(Struct, frozen=True):
    """The rules of a game with what follows from them, worked out once per rules."""

    rules: PartnershipPinochleRules
    seats: int
    points: dict[str, int]
    """Card points of every card (``counters``)."""
    last_trick: int
    follow: FollowRules
    meld_rules: PinochleRules
    """The meld table as ``replay.engines.pinochle.melds`` takes it: the single-pinochle table
    with the doubles in place of two (``bonus``), divided by ten under ``one_point``."""
    melds: MeldRules
    code_points: tuple[int, ...]
    """Card points by the play's card code (``records.tricks.Codes``)."""


def follow_rules(rules: PartnershipPinochleRules) -> FollowRules:
    """The duties of a follower (``records.rules.partnership_pinochle`` on ``head_rule``)."""
    head = rules.head_rule
    return FollowRules(
        must_trump_when_void=True,
        must_overtrump=rules.must_overtrump or head == "always",
        must_head=head != "never",
        head_when_trumped=head == "head_when_trumped",
    )


@functools.lru_cache(maxsize=64)
def table(rules: PartnershipPinochleRules) -> Table:
    """The table of ``rules``; records under the same rules share it (the rules are frozen and
    hold no dict, so they are their own key)."""
    meld_rules = dataclasses.replace(
        AUCTION_PINOCHLE,
        preset=None,
        double_meld_values="bonus",
        card_points="simplified" if rules.counters == "one_point" else "classic",
    )
    points = CARD_POINTS[rules.counters]
    codes = encoding(DECK.strength, width(DECK.copies))
    by_code = tuple(points[card[0]] if card else 0 for card in codes.name)
    return Table(
        rules,
        SEATS,
        {card: points[card[0]] for card in DECK.card_set},
        LAST_TRICK[rules.counters],
        follow_rules(rules),
        meld_rules,
        melds.meld_rules(meld_rules),
        by_code,
    )


# --- state -----------------------------------------------------------------------------------

Counted = tuple[tuple[int, ...], tuple[int, int] | None]
"""(tricks each seat took, each team's card points or None before the 12th trick)."""


class State(Struct):
    """A hand in progress. Build it with ``new_hand`` (or ``start``)."""

    table: Table
    dealer: int
    hands: list[list[str]] | Hands
    """Cards each seat holds now (from the first lead on, the play's live view); none for a
    seat whose cards are not known (``hidden``)."""
    phase: Phase = AUCTION
    turn: int = 0
    """The seat to act (the auction, the trump, the passing, the play)."""
    calls: list[tuple[int, int | None]] = field(default_factory=list)
    """(seat, bid or None for a pass) in order."""
    passed: list[int] = field(default_factory=list)
    high: int | None = None
    result_only: bool = False
    """The record kept the auction as its result only (``auction_won``): no calls, and what
    only they would show went unjudged."""
    declarer: int | None = None
    contract: int | None = None
    stuck: bool = False
    """All four passed and the dealer is the bidder at the minimum (``dealer_stuck``)."""
    trump: str | None = None
    passes: list[tuple[int, tuple[str, ...] | None]] = field(default_factory=list)
    """(seat, cards) of each pass of cards, in order; None for cards not logged."""
    hidden: int = 0
    """The seats whose cards are not known, a bit a seat (docs/partial.md): those the deal
    gives as None (one seat's view), and the bidding team's after a pass whose cards the record
    did not log."""
    unseen: dict[str, int] | None = None
    """Once a seat is hidden: the cards the hidden seats may hold between them besides those
    each is known to hold (``known``), a multiset: the deck less every card known elsewhere."""
    known: dict[int, dict[str, int]] = field(default_factory=dict)
    """Hidden seat -> the cards it is known to hold: passed to it in a pass the record logged."""
    melded: dict[int, tuple[ScoredMeld, ...]] = field(default_factory=dict)
    """The melds each seat stated (``stated``), by seat."""
    after_pass: tuple[tuple[str, ...], ...] = ()
    """Each seat's 12 cards after the passing, the meld's hands; none for a hidden seat."""
    held: tuple[dict[str, int], ...] = ()
    """``after_pass`` as multisets, for checking melds (a hidden seat's: its team's cards)."""
    thrown_in: int | None = None
    """The seat of the bidding team that threw the hand in."""
    play: CardPlay | None = None
    tricks: Tricks = field(default_factory=Tricks)
    counted: Counted | None = None
    """Tricks taken and card points as last counted (``scoring.taken_and_points``)."""
    applied: int = 0
    """Actions applied so far: the position in the hand of the next one."""

    @property
    def rules(self) -> PartnershipPinochleRules:
        return self.table.rules

    @property
    def trick(self) -> Trick | None:
        return self.play.trick if self.play is not None else None


def new_hand(
    rules: PartnershipPinochleRules | Table, dealer: int, hands: Sequence[Sequence[str] | None]
) -> State:
    """A hand as dealt, at the start of the auction (the dealer's left bids first); a hand not
    known (None: one seat's view) is hidden (``is_hidden``)."""
    game = rules if isinstance(rules, Table) else table(rules)
    if all(h is not None for h in hands):
        return State(game, dealer, [list(h) for h in hands], turn=AFTER[dealer])  # type: ignore[arg-type]
    # one seat's view: a hand not known holds nothing here; the hidden seats share the rest
    state = State(game, dealer, [list(h or ()) for h in hands], turn=AFTER[dealer])
    state.hidden = sum(1 << seat for seat, h in enumerate(hands) if h is None)
    seen = melds.counts([card for h in hands for card in h or ()])
    state.unseen = dict(Counter(melds.counts(DECK.cards)) - Counter(seen))
    return state


def start(game: Table, number: int, dealer: int, deal: DealLike) -> State:
    """The hand after a deal that ``deal_faults`` passed."""
    return new_hand(game, dealer, deal.hands)


def deal_faults(game: Table, number: int, dealer: int, deal: DealLike) -> list[DealFault]:
    """The deal must be 12 cards to each of the four seats, together exactly the double deck (a
    multiset partition); in one seat's view, 12 to each seat known, no card more often than the
    deck holds it."""
    hands = deal.hands
    if len(hands) != SEATS:
        message = f"the deal has {number_of(len(hands), 'hand')} for 4 players"
        return [DealFault("deal.seat-count", message, ("hands",), None, SEATS, len(hands))]
    for seat, cards in enumerate(hands):
        if cards is not None and len(cards) != HAND_SIZE:
            message = f"seat {seat} was dealt {number_of(len(cards), 'card')}; each player gets 12"
            return [
                DealFault("deal.hand-size", message, ("hands", seat), seat, HAND_SIZE, len(cards))
            ]
    groups: list[Group] = [
        (("hands", seat), cards) for seat, cards in enumerate(hands) if cards is not None
    ]
    # one seat's view: the hands known may hold no card more often than the deck does
    return card_faults(DECK, groups, complete=len(groups) == SEATS)


# --- where the hand stands -------------------------------------------------------------------


def melds_due(state: State) -> list[int]:
    """The seats whose melds are still to be stated (none under ``automatic``)."""
    if state.rules.meld_declared == "automatic":
        return []
    return [seat for seat in range(SEATS) if seat not in state.melded]


def to_move(state: State) -> int | None:
    """Whose turn it is; None while the players state their melds (in any order) and when the
    hand is over."""
    if is_over(state) or (state.phase is MELD and melds_due(state)):
        return None
    return state.turn


def is_hidden(state: State, seat: int) -> bool:
    """Whether the record does not know ``seat``'s cards (a pass not logged)."""
    return bool(state.hidden >> seat & 1)


def is_over(state: State) -> bool:
    return state.phase is OVER or state.phase is VOID


def trick_number(state: State, action: Any) -> int | None:
    return len(state.tricks) + 1 if state.phase is PLAY else None


def unfinished(state: State) -> str:
    if state.phase is MELD and melds_due(state):
        seats = ", ".join(map(str, melds_due(state)))
        return f"the actions stop before the hand ends (meld: seats {seats} to state their melds)"
    return f"the actions stop before the hand ends ({state.phase.value}, seat {state.turn} to act)"


def fanned(cards: Sequence[str]) -> str:
    """Cards as a player fans them: ``AS TS KH``."""
    return " ".join(DECK.sorted(cards))
