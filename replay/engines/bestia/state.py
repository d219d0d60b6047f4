"""The shape of a Bestia table and the state of a hand: phases, seats, the stock, the deal.

Seats are numbered anticlockwise, the direction of play, so ``Ring.after(s)`` is the seat at the
right of ``s``. Everything that follows from the rules alone (declaration orders, follow duties,
the stock's size) is worked out once per rules block in ``Table``. No pydantic, no I/O.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from enum import Enum
from typing import Protocol

from msgspec import Struct, field

from records.cards import ITALIAN_40
from records.problems import Violation
from records.rules.bestia import BestiaRules
from records.tricks import (
    CardPlay,
    FollowRules,
    Hands,
    Ring,
    Trick,
    Tricks,
    encoding,
    width,
)
from records.words import number_of
from replay.deal import Group, card_faults, distinct_of_deck
from replay.engine import DealFault, RulesFault
from replay.engines.bestia.pot import unsupported

DECK = ITALIAN_40
STRENGTH = DECK.strength
CODES = encoding(STRENGTH, width(DECK.copies))
"""The deck's cards as the play holds them (``records.tricks.Codes``)."""


class Phase(Enum):
    """Declarations (each with its exchange: one ``join`` action, so no state rests between the
    two), the blind round, the play, the hand over (played out or claimed) and ready to settle,
    and the hand abandoned (void)."""

    DECLARE = "declare"
    BLIND = "blind"
    PLAY = "play"
    SETTLE = "settle"
    ABANDONED = "abandoned"


# Module constants for the hot path: on Python 3.11 reading ``Phase.PLAY`` costs five times a
# global's lookup, and replay reads the phase on every action.
DECLARE, BLIND, PLAY, SETTLE = Phase.DECLARE, Phase.BLIND, Phase.PLAY, Phase.SETTLE
ABANDONED = Phase.ABANDONED

PASS, JOIN, DREW_BLIND = "pass", "join", "blind"
"""A seat's decision (``State.decisions``), in the words of a ``blind.not-eligible`` problem."""


# --- the table's shape -----------------------------------------------------------------------


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


def blind_stock_needed(rules: BestiaRules) -> int:
    return max(rules.blind_min_stock, rules.hand_size)


class Table(Struct, frozen=True, eq=False):
    """The rules of a sitting with what follows from them, worked out once per rules block."""

    rules: BestiaRules
    seats: int
    stock: int
    """``stock_size(rules)``."""
    orders: tuple[tuple[int, ...], ...]
    """The declaration order (the blind round asks in the same order), by dealer."""
    from_eldest: tuple[tuple[int, ...], ...]
    """Every seat from the eldest anticlockwise, by dealer: the order of the playing set."""
    follow: FollowRules
    exchange_limit: int
    """``min(max_exchange, hand_size)``."""
    blind_need: int
    """``blind_stock_needed(rules)``."""
    hand_paths: tuple[tuple[str, int], ...]
    """``("hands", seat)``, where a deal fault in a seat's cards is located."""


@functools.lru_cache(maxsize=64)
def table(rules: BestiaRules) -> Table:
    """The table of ``rules``; records under the same rules share it."""
    n = rules.num_players
    return Table(
        rules=rules,
        seats=n,
        stock=stock_size(rules),
        orders=tuple(declaration_order(rules, dealer) for dealer in range(n)),
        from_eldest=tuple(Ring(n).order_from(eldest(rules, dealer)) for dealer in range(n)),
        follow=FollowRules(
            must_trump_when_void=rules.must_trump_when_void,
            must_overtrump=rules.must_overtrump,
            must_head=rules.must_beat_in_suit,
        ),
        exchange_limit=min(rules.max_exchange, rules.hand_size),
        blind_need=blind_stock_needed(rules),
        hand_paths=tuple(("hands", seat) for seat in range(n)),
    )


def rules_fault(rules: BestiaRules) -> RulesFault | None:
    """A rules block no hand can be played under: too many cards dealt, or a rule the engine
    cannot apply (``pot.unsupported``)."""
    n = rules.num_players
    if stock_size(rules) < 0:
        return RulesFault(
            "hand_size",
            Violation(
                "rules.deck-too-small",
                f"{n} hands of {rules.hand_size} and a turned-up card need more than 40 cards",
                expected=f"at most {(len(DECK.cards) - 1) // n}",
                actual=rules.hand_size,
            ),
        )
    refused = unsupported(rules)
    return None if refused is None else RulesFault("bestia_amount", refused)


# --- the deal --------------------------------------------------------------------------------


class DealLike(Protocol):
    """A recorded deal: each seat's cards (None: not known), the turned-up card, the stock top
    first (at least as far as it was drawn; None: not known)."""

    @property
    def hands(self) -> Sequence[Sequence[str] | None]: ...
    @property
    def turned_up(self) -> str: ...
    @property
    def stock(self) -> Sequence[str] | None: ...


def deal_faults(game: Table, number: int, dealer: int, deal: DealLike) -> list[DealFault]:
    """The deal's shape (seats, cards per seat, the stock's length) and its cards: together
    with the turned-up card, distinct cards of the deck (all 40 when the stock is whole)."""
    n = game.seats
    hands = deal.hands
    if len(hands) != n:
        message = f"the deal has {number_of(len(hands), 'hand')} for {n} players"
        return [DealFault("deal.seat-count", message, ("hands",), expected=n, actual=len(hands))]
    size = game.rules.hand_size
    flat: list[str] = []
    for seat, cards in enumerate(hands):
        if cards is None:  # not known (one seat's view): left out of every check of the cards
            continue
        if len(cards) != size:
            message = f"seat {seat} was dealt {number_of(len(cards), 'card')}, not {size}"
            path = ("hands", seat)
            return [DealFault("deal.hand-size", message, path, expected=size, actual=len(cards))]
        flat += cards
    stock = deal.stock
    if stock is not None and len(stock) > game.stock:
        message = (
            f"the stock holds {number_of(game.stock, 'card')} after the deal; the record lists more"
        )
        return [
            DealFault(
                "deal.stock-size", message, ("stock",), expected=game.stock, actual=len(stock)
            )
        ]
    flat.append(deal.turned_up)
    flat += stock or ()
    if distinct_of_deck(DECK, set(flat), len(flat), complete=False):
        return []  # distinct cards of the deck; with the whole stock, the whole deck
    groups: list[Group] = [
        (path, cards)
        for path, cards in zip(game.hand_paths, hands, strict=True)
        if cards is not None
    ]
    groups.append((("turned_up",), deal.turned_up))
    whole = stock is not None and len(stock) == game.stock and len(groups) == n + 1
    if stock is not None:
        groups.append((("stock",), stock))
    return card_faults(DECK, groups, complete=whole)


# --- state -----------------------------------------------------------------------------------


class Hidden(Struct, eq=False):
    """What a hand's record leaves unknown so far (``replay.engines.bestia.hidden``): an
    exchange or blind draw whose cards it did not log, a hand or the stock it does not know."""

    open_stock: bool
    """The record does not know the stock (``Deal.stock`` null): a card drawn is checked against
    the cards the record shows elsewhere, not against its place."""
    seen: set[str]
    """The cards whose place the record shows."""
    unseen: list[int]
    """Per seat: how many of the cards it holds are none of those the record shows."""
    kept: dict[int, tuple[tuple[str, ...], int]] = field(default_factory=dict)
    """Seat -> (its dealt cards, how many of them it kept): discards not logged."""
    discarded: dict[str, int] = field(default_factory=dict)
    """A card the record shows discarded by a seat whose cards it did not know -> that seat."""
    drew_open: bool = False
    """Whether a draw took cards the record gives from a stock it does not know."""
    unlogged: list[tuple[int, str, str]] = field(default_factory=list)
    """(seat, what, why its cards may be known all the same) for each exchange or blind draw
    whose cards were not logged."""


class State(Struct, eq=False):
    """A hand in progress. Build it with ``new_hand`` (or ``start``)."""

    table: Table
    dealer: int
    turned_up: str
    trump: str
    """The trump suit letter."""
    hands: list[list[str]] | Hands
    """Cards each seat holds now (from the close of the blind round, the play's live view)."""
    pile: list[str | None]
    """The cards that can be drawn, top first: the stock (None where the record does not show
    it), then the turned-up card if it is drawable."""
    order: tuple[int, ...]
    """Declaration order; the blind round asks in the same order."""
    decisions: list[str | None]
    """Per seat: ``pass``, ``join`` or ``blind``."""
    entered: list[int]
    """Seats in the order they entered the playing set."""
    tricks: Tricks
    """Finished tricks, in order (the play's own list, from the first lead)."""
    tricks_won: list[int]
    """Tricks won per seat (a lone player's unplayed tricks included once the hand is over)."""
    phase: Phase = DECLARE
    speaker: int = 0
    """The seat to declare."""
    drawn: int = 0
    """Cards taken from the pile so far."""
    cursor: int = 0
    """Position in ``order`` of the seat to declare, or after the last blind drawer."""
    playing: tuple[int, ...] = ()
    """The playing set from the eldest anticlockwise, once the blind round is closed."""
    leader: int = 0
    """Who led the first trick, once the blind round is closed."""
    play: CardPlay | None = None
    """The play of the cards (``records.tricks``), from the close of the blind round."""
    dealt: Sequence[Sequence[str] | None] = ()
    """The hands as the record deals them (None: not known)."""
    takes: list[int] = field(default_factory=list)
    """The seat that drew each place of the pile drawn so far, top first."""
    hidden: Hidden | None = None
    """What the record does not show of the hand (``replay.engines.bestia.hidden``): None
    while it shows every card."""

    @property
    def rules(self) -> BestiaRules:
        return self.table.rules

    @property
    def turn(self) -> int:
        """The seat to declare, or to play once the play has begun."""
        return self.play.turn if self.play is not None else self.speaker

    @property
    def stock_left(self) -> int:
        return len(self.pile) - self.drawn

    @property
    def trick(self) -> Trick | None:
        """The trick being played (or about to be led), once the play has begun."""
        return self.play.trick if self.play is not None else None

    @property
    def trick_number(self) -> int:
        return len(self.tricks) + 1


def new_hand(
    rules: BestiaRules | Table,
    dealer: int,
    hands: Sequence[Sequence[str] | None],
    turned_up: str,
    stock: Sequence[str] | None,
) -> State:
    """A hand after the deal; ``stock`` is the recorded part of the stock, top first. A hand or
    the stock the record does not know is None (one seat's view)."""
    game = rules if isinstance(rules, Table) else table(rules)
    size = game.stock
    pile: list[str | None] = list(stock[:size]) if stock is not None else []
    if len(pile) < size:
        pile += [None] * (size - len(pile))
    if game.rules.trump_card_drawable:
        pile.append(turned_up)
    order = game.orders[dealer]
    n = game.seats
    hidden = stock is None
    try:
        held = [list(h) for h in hands]  # type: ignore[arg-type]
    except TypeError:  # a hand not known: one seat's view
        held = [[] if h is None else list(h) for h in hands]
        hidden = True
    state = State(
        game,
        dealer,
        turned_up,
        turned_up[-1],
        held,
        pile,
        order,
        [None] * n,
        [],
        Tricks(),
        [0] * n,
        DECLARE,
        order[0],
        dealt=hands,
    )
    if hidden:
        state.hidden = conceal(state, open_stock=stock is None)
    return state


def conceal(state: State, *, open_stock: bool) -> Hidden:
    """What the record shows of a hand as it is dealt: every card of the deal it gives (the
    hands, the card turned up, the stock) is seen; a hand not known holds as many cards nobody
    has seen."""
    seen = {state.turned_up}
    unseen = [0] * state.table.seats
    for seat, cards in enumerate(state.dealt):
        if cards is None:
            unseen[seat] = state.table.rules.hand_size
        else:
            seen.update(cards)
    seen.update(card for card in state.pile if card is not None)
    return Hidden(open_stock, seen, unseen)


def start(game: Table, number: int, dealer: int, deal: DealLike) -> State:
    """The hand after a deal that ``deal_faults`` passed."""
    return new_hand(game, dealer, deal.hands, deal.turned_up, deal.stock)


def to_move(state: State) -> int | None:
    """Whose turn it is, or None in the blind round (anyone eligible) and at the settlement."""
    phase = state.phase
    if phase is DECLARE:
        return state.speaker
    if phase is PLAY and state.play is not None:
        return state.play.turn
    return None


current_player = to_move


def is_over(state: State) -> bool:
    return state.phase is SETTLE or state.phase is ABANDONED


def trick_number(state: State, action: object) -> int | None:
    """The trick an action falls in: during the play, the trick being played; a card played
    in the blind round closes it and leads trick 1 (unless nobody plays)."""
    phase = state.phase
    if phase is PLAY:
        return len(state.tricks) + 1
    if phase is BLIND and getattr(action, "type", None) == "play" and state.entered:
        return 1
    return None


def unfinished(state: State) -> str:
    if state.phase is DECLARE:
        missing = f"seat {state.speaker} has not declared"
    else:
        missing = (
            f"trick {state.trick_number} of {state.table.rules.hand_size} is unfinished; "
            f"seat {state.turn} to play"
        )
    return f"the actions stop before the hand ends: {missing}"


def seat_fault(state: State, seat: int, code: str, what: str) -> Violation | None:
    """A seat that is not at the table (an action names it before any list is indexed by it)."""
    n = state.table.seats
    if 0 <= seat < n:
        return None
    return Violation(
        code,
        f"seat {seat} {what}, but the table has seats 0..{n - 1}",
        expected=f"0..{n - 1}",
        actual=seat,
    )
