"""The shape of an Auction Pinochle hand: the phases, who plays, the deal, and the state a hand
is in (docs/pinochle.md).

``Table`` is what follows from a rules block, worked out once per rules (``table``); ``State``
is one hand in progress. The phases are explicit (``Phase``) and read on every action, so the
modules of the engine compare with the module constants ``AUCTION`` ... ``VOID`` (on Python
3.11 reading ``Phase.PLAY`` costs five times a global's lookup). Part of the engine in
``replay.engines.pinochle``; pure, no pydantic, no I/O.
"""

from __future__ import annotations

import dataclasses
import functools
import operator
from collections.abc import Callable, Sequence
from enum import Enum
from typing import Any, Protocol

from msgspec import Struct, field

from records.problems import Violation
from records.rules.pinochle import PinochleRules
from records.tricks import CardPlay, FollowRules, Hands, Ring, Trick, Tricks
from records.words import number_of
from replay.deal import Group, card_faults
from replay.engine import DealFault, RulesFault
from replay.engines.pinochle import melds
from replay.engines.pinochle.melds import CARD_POINTS, ScoredMeld

DECK = melds.DECK
SUITS = melds.SUITS
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
HAND_SIZE = 15  # original text: "15 carte, tre per volta"
WIDOW_SIZE = 3  # original text: "una mano coperta ... di tre carte"
BURY_SIZE = 3  # docs/pinochle.md


class Phase(Enum):
    AUCTION = "auction"
    WIDOW = "widow"
    DECLARE = "declare"
    """Trump, melds and burial, until the first lead."""
    PLAY = "play"
    OVER = "over"
    VOID = "void"
    """Everybody passed: no declarer, no chips (``no_bid_rule = redeal``)."""


AUCTION, WIDOW, DECLARE, PLAY, OVER, VOID = (
    Phase.AUCTION,
    Phase.WIDOW,
    Phase.DECLARE,
    Phase.PLAY,
    Phase.OVER,
    Phase.VOID,
)


class DealLike(Protocol):
    """A recorded deal: each seat's cards and the widow."""

    @property
    def hands(self) -> Sequence[Sequence[str] | None]: ...
    @property
    def widow(self) -> Sequence[str]: ...


# --- the table -------------------------------------------------------------------------------


def rules_problem(rules: PinochleRules) -> Violation | None:
    """Why a rules block cannot be played, or None."""
    pair = (rules.table_size, rules.sitout_rule)
    if pair in ((4, "dealer_and_second_left"), (5, "dealer_right")):
        return Violation(
            "rules.sitout-rule",
            f"sitout_rule {rules.sitout_rule} does not fit a table of {rules.table_size}",
            actual=rules.sitout_rule,
        )
    if not rules.payment_table or rules.min_bid < min(rules.payment_table):
        return Violation(
            "rules.payment-table",
            f"the payment table has no bracket for the minimum bid {rules.min_bid}",
            actual=sorted(rules.payment_table),
        )
    return None


def rules_fault(rules: PinochleRules) -> RulesFault | None:
    """``rules_problem`` with the parameter at fault."""
    problem = rules_problem(rules)
    if problem is None:
        return None
    parameter = "sitout_rule" if problem.code == "rules.sitout-rule" else "payment_table"
    return RulesFault(parameter, problem)


def active_seats(rules: PinochleRules, dealer: int) -> tuple[int, ...]:
    """The three players, clockwise from the first one after the dealer ("eldest")."""
    n = rules.table_size
    out: set[int] = set()
    if n == 4:
        out = {dealer} if rules.sitout_rule == "dealer" else {(dealer - 1) % n}
    elif n == 5:
        out = {dealer, (dealer + 2) % n}
    clockwise = ((dealer + i) % n for i in range(1, n + 1))
    return tuple(s for s in clockwise if s not in out)


Follow = FollowRules | Callable[[str], FollowRules]


class Table(Struct):
    """The rules of a sitting with what follows from them, worked out once per rules."""

    rules: PinochleRules
    seats: int
    """``table_size``."""
    points: dict[str, int]
    """Card points of every card (``card_points``)."""
    follow: dict[str, Follow]
    """The follow duties of a trump suit's play (``records.tricks.CardPlay.follow``)."""
    melds: melds.MeldRules
    """What the rules say about melds."""
    orders: dict[int, tuple[tuple[int, ...], tuple[int, ...]]] = field(default_factory=dict)
    """(active seats, next seat to play by seat) by dealer, as they come up."""
    payments: dict[tuple[Any, ...], Any] = field(default_factory=dict)
    """The payments of a settlement by (outcome, declarer, contract, trump, buried meld card),
    as they come up (``scoring``)."""
    coded: list[int] = field(default_factory=list)
    """Card points by the play's card code (``records.tricks.Codes``), filled on first use."""

    def points_by_code(self, names: Sequence[str]) -> list[int]:
        """Card points by code, for the names of a play's codes (``Tricks.names``)."""
        if not self.coded:
            self.coded[:] = [self.points.get(name, 0) for name in names]
        return self.coded

    def order(self, dealer: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        found = self.orders.get(dealer)
        if found is None:
            active = active_seats(self.rules, dealer)
            found = self.orders[dealer] = (active, Ring(self.seats).among(active))
        return found


def follow_duties(rules: PinochleRules, trump: str) -> Follow:
    """The duties of a follower (docs/pinochle.md): follow suit, else trump (original text:
    "o se no tagliare di briscola", even when the trick is trumped, Q-PIN-3); heading and
    overtrumping as the rules say. Under ``trump_led`` heading depends on the suit led."""
    over = rules.must_overtrump or rules.head_rule == "always"
    if rules.head_rule != "trump_led":
        head = rules.head_rule == "always"
        return FollowRules(must_trump_when_void=True, must_overtrump=over, must_head=head)
    by_suit = {
        suit: FollowRules(must_trump_when_void=True, must_overtrump=over, must_head=suit == trump)
        for suit in SUITS
    }
    return by_suit.__getitem__


def table(rules: PinochleRules) -> Table:
    """The table of ``rules``; records under the same rules share it."""
    for seen, found in _LAST:
        if seen is rules:  # the driver asks twice per record
            return found
    found = _table(_Key(rules))
    _LAST[:] = [(rules, found)]
    return found


_LAST: list[tuple[PinochleRules, Table]] = []
"""The rules and table of the last call."""


class _Key:
    """A rules block as a cache key: the dataclass holds dicts, so it has no hash of its own."""

    __slots__ = ("key", "rules")

    def __init__(self, rules: PinochleRules) -> None:
        self.rules = rules
        values = list(_VALUES(rules))
        for index in _DICTS:
            values[index] = tuple(sorted(values[index].items()))
        self.key = tuple(values)

    def __hash__(self) -> int:
        return hash(self.key)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Key) and self.key == other.key


_FIELDS = tuple(f.name for f in dataclasses.fields(PinochleRules))
_VALUES = operator.attrgetter(*_FIELDS)
_DICTS = tuple(i for i, name in enumerate(_FIELDS) if name in ("payment_table", "trump_multiplier"))


@functools.lru_cache(maxsize=64)
def _table(key: _Key) -> Table:
    rules = key.rules
    points = CARD_POINTS[rules.card_points]
    return Table(
        rules,
        rules.table_size,
        {card: points[card[0]] for card in DECK.card_set},
        {suit: follow_duties(rules, suit) for suit in SUITS},
        melds.meld_rules(rules),
    )


# --- state -----------------------------------------------------------------------------------


class State(Struct):
    """A hand in progress. Build it with ``new_hand`` (or ``start``)."""

    table: Table
    dealer: int
    active: tuple[int, ...]
    hands: list[list[str] | None] | Hands
    """Cards each seat holds now (the declarer's 18 until the first lead; from then on the
    play's live view); None for a seat whose cards the record does not know (one seat's
    view)."""
    widow: list[str]
    after: tuple[int, ...] = ()
    """The next active seat to play, by seat."""
    phase: Phase = AUCTION
    turn: int = 0
    """The seat to act (the seat to play, once the play has begun)."""
    calls: list[tuple[int, int | None]] = field(default_factory=list)
    """(seat, bid or None for a pass) in order."""
    passed: list[int] = field(default_factory=list)
    high: int | None = None
    result_only: bool = False
    """The record kept the auction as its result only (``auction_won``): no calls, and what
    only they would show went unjudged."""
    declarer: int | None = None
    contract: int | None = None
    trump: str | None = None
    hand18: list[str] = field(default_factory=list)
    held18: dict[str, int] = field(default_factory=dict)
    """``hand18`` as a multiset."""
    melds: tuple[ScoredMeld, ...] = ()
    buried: list[str] | None = None
    announced: bool = False
    last_bury: int | None = None
    """The position in the hand of the burial that stands."""
    lost_card: str | None = None
    """A card of a scored meld that was buried, found at the first lead (docs/pinochle.md)."""
    conceded_by: int | None = None
    conceded_in: Phase | None = None
    play: CardPlay | None = None
    """The play of the cards, from the first lead."""
    tricks: Tricks = field(default_factory=Tricks)
    """Finished tricks, in order (the play's own list, from the first lead)."""
    applied: int = 0
    """Actions applied so far: the position in the hand of the next one."""
    hidden: int = 0
    """The seats whose cards the record does not know (one seat's view), a bit a seat: 0 for a
    full deal (``replay.engines.pinochle.view``)."""
    unseen: dict[str, int] = field(default_factory=dict)
    """In a seat's view: the cards nobody can be seen to hold at the deal (the double deck less
    the known hands and the widow), as a multiset."""
    lost_unknown: bool = False
    """In a seat's view whose declarer is hidden: whether the burial took a card of a scored
    meld cannot be known at the first lead (the copies he holds are not known); it is known
    once he has played his 15 cards."""

    @property
    def rules(self) -> PinochleRules:
        return self.table.rules

    @property
    def trick(self) -> Trick | None:
        """The trick being played, once the play has begun."""
        return self.play.trick if self.play is not None else None


def new_hand(
    rules: PinochleRules | Table,
    dealer: int,
    hands: Sequence[Sequence[str] | None],
    widow: Sequence[str],
) -> State:
    """A hand as dealt, at the start of the auction; a hand given as None is not known (one
    seat's view: what it may hold is the cards nobody can be seen to hold)."""
    game = rules if isinstance(rules, Table) else table(rules)
    active, after = game.order(dealer)
    held: list[list[str] | None] = [None if h is None else list(h) for h in hands]
    state = State(game, dealer, active, held, list(widow), after, turn=active[0])
    hidden = [seat for seat, cards in enumerate(hands) if cards is None and seat in active]
    if hidden:
        state.hidden = sum(1 << seat for seat in hidden)
        seen = [card for cards in hands if cards is not None for card in cards]
        state.unseen = melds.counts(DECK.cards)
        for card in (*seen, *widow):
            state.unseen[card] -= 1
    return state


def start(game: Table, number: int, dealer: int, deal: DealLike) -> State:
    """The hand after a deal that ``deal_faults`` passed."""
    return new_hand(game, dealer, deal.hands, deal.widow)


def deal_faults(game: Table, number: int, dealer: int, deal: DealLike) -> list[DealFault]:
    """The deal must be 15 cards to each player, none to a seat sitting out, 3 to the widow,
    and together exactly the double deck (a multiset partition). A hand not known (None, one
    seat's view) is left out: the others must hold no card more often than the deck does."""
    shape = _shape_fault(game, dealer, deal)
    if shape is not None:
        return [shape]
    active = game.order(dealer)[0]
    known = [(seat, cards) for seat, cards in enumerate(deal.hands) if cards is not None]
    groups: list[Group] = [(("hands", seat), cards) for seat, cards in known]
    groups.append((("widow",), deal.widow))
    whole = all(deal.hands[seat] is not None for seat in active)
    return card_faults(DECK, groups, complete=whole)


def _shape_fault(game: Table, dealer: int, deal: DealLike) -> DealFault | None:
    hands, n = deal.hands, game.seats
    if len(hands) != n:
        message = f"the deal has {number_of(len(hands), 'hand')} for a table of {n}"
        return DealFault("deal.seat-count", message, ("hands",), None, n, len(hands))
    active = game.order(dealer)[0]
    for seat, cards in enumerate(hands):
        playing = seat in active
        expected = HAND_SIZE if playing else 0
        if cards is not None and len(cards) != expected:
            code = "deal.hand-size" if playing else "deal.sitout-cards"
            why = f"each player gets {expected}" if playing else "the seat sits out this hand"
            message = f"seat {seat} was dealt {number_of(len(cards), 'card')}; {why}"
            return DealFault(code, message, ("hands", seat), seat, expected, len(cards))
    if len(deal.widow) != WIDOW_SIZE:
        message = f"the widow holds {number_of(len(deal.widow), 'card')}"
        return DealFault("deal.widow-size", message, ("widow",), None, WIDOW_SIZE, len(deal.widow))
    return None


# --- where the hand stands -------------------------------------------------------------------


def to_move(state: State) -> int | None:
    """Whose turn it is, or None when the hand is over."""
    return None if is_over(state) else state.turn


current_player = to_move


def is_over(state: State) -> bool:
    return state.phase is OVER or state.phase is VOID


def is_settled(state: State) -> bool:
    """Over, or decided: after burying a meld card the record may stop at the first lead (in
    a seat's view, also where whether he did cannot be known there: ``lost_unknown``)."""
    if is_over(state):
        return True
    return state.phase is PLAY and (state.lost_card is not None or state.lost_unknown)


def trick_number(state: State, action: Any) -> int | None:
    """The trick an action falls in: the play's current trick, None outside the play (the
    first lead included: the play begins when it is made)."""
    return len(state.tricks) + 1 if state.phase is PLAY else None


def unfinished(state: State) -> str:
    return f"the actions stop before the hand ends ({state.phase.value}, seat {state.turn} to act)"


def fanned(cards: Sequence[str]) -> str:
    """Cards as a player fans them, in the record's notation as every text writes them
    (docs/notation.md): ``AS TS KH``."""
    return " ".join(DECK.sorted(cards))


def kept_cards(hand18: Sequence[str], buried: Sequence[str]) -> list[str]:
    """The declarer's 15 cards: his 18 minus the burial."""
    kept = list(hand18)
    for card in buried:
        kept.remove(card)
    return kept
