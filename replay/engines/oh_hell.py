"""Oh Hell ("Blackout") rules engine, after docs/oh_hell.md and the Russian original text (S-OH);
docs/oh_hell.md says the same for users, with the readings below under the same Q-OH labels.

Implemented readings (docs/oh_hell.md), each selectable by a rule parameter of the record:

* the schedule grows from one card to floor(52 / players) (Q-OH-4: 17 deals for 3 players);
* a deal has no trump only when no card is left to turn (Q-OH-3, ``stock_empty``);
* the dealer bids first (Q-OH-1), without the hook (Q-OH-2);
* the player on the dealer's left leads; follow suit, else any card;
* exact bid scores 10 + bid, nil 10 (Q-OH-5), a miss 0; slam bonuses only on deals of more than
  five cards and only when bid (Q-OH-6); equal highest totals share the win (Q-OH-7);
* a claim shares out the tricks not yet played, between tricks;
* a hand may be abandoned at any point after its deal until it ends: during the bidding (even
  before the first bid) or during the play (between tricks or in the middle of one). An
  abandoned hand is not scored and the running totals go on unchanged. A hand that has ended,
  by its last trick or by an agreed claim, counts as played and cannot be abandoned: an
  ``abandon`` after that (or a second one) is ``abandon.after-hand-end``; nothing else may
  follow an abandonment either.

Rules that real logs need (each a parameter, docs/oh_hell.md):

* ``hand_sizes`` may be the list of sizes itself; ``down_ones_up`` is OhHellWeb's schedule, and
  ``max_hand_size`` caps the largest deal of a named schedule;
* ``decks``: several 52-card decks, so a card may be dealt twice; with ``identical_cards =
  cancel`` a card identical to one still in contention takes both out (OhHellWeb: cards are
  ranked in the order played, an identical one removes its twin and is not ranked; a third
  copy is ranked again), and a trick with no card left in contention goes to its leader;
* ``teams``: a team's bid and tricks are its members' sums, and each member scores the team's
  score (the hook still counts every bid at the table);
* ``made_score = bid_squared`` (10 + bid²) and ``miss_score = minus_triangular``
  (-5 x d(d+1)/2 for a bid missed by d);
* a bid the log did not keep (``tricks`` None, docs/partial.md) is checked for its turn only:
  the hook is not judged where it or an earlier bid of the deal is unknown (``hook_unjudged``),
  and the seat's score (its team's under ``teams``) is None in the settlement; every other seat
  is scored as ever.

A deal may record the trump suit without the card turned (``Deal.trump``): the suit is checked
against the rules (a deal without trump has none) and, when the dealer turns his own card, his
hand; the stock is then checked for repeated cards only, since one card of it is unknown. A deal
rebuilt from the plays (``Deal.rebuilt``) holds only the cards each seat played: where the hand
was played out those are the cards dealt and every check applies; where a claim or an
abandonment cut it short, the cards never played are unknown, so the deal's size (under a
schedule without fixed sizes) and a revoke with an unplayed card cannot be checked; the referee
says so in a note, and a claimed hand size is then ``unchecked``.

A deal may be one seat's view (docs/partial.md, "A seat's view"): a hand not known is None. The
known hands are checked as ever; a hidden seat's plays go through the same trick core as every
play (``records.tricks.CardPlay.hide``: it may hold any card not seen yet, its duties judged
from the suits it showed out of), so trick winners and scores are decided in one place.

The engine is a small state machine (bid -> play -> over) over plain values: cards are the
strings of ``records.cards``, the rules the ``OhHellRules`` dataclass, actions any value with
the fields of a record event: the pydantic events of ``records.oh_hell``, or the structs
generated from them (``records.structs``; ``Bid``, ``Play``, ``Claim``, ``Abandon`` here name
them, for generators and tests). ``check_*`` functions say whether an action is legal without changing anything;
``apply_*`` functions change the state and assume the action was checked. No pydantic, no I/O.
``ENGINE`` gathers them behind the interface of ``replay.engine``.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from enum import Enum
from typing import Any, Final, Protocol, cast

from msgspec import Struct, field

from records.cards import FRENCH_52, FRENCH_SYMBOLS, Deck
from records.problems import Violation
from records.rules.oh_hell import OhHellRules
from records.structs import French52Card, OhHellAbandon, OhHellBid, OhHellClaim, OhHellPlay
from records.tricks import (
    CardPlay,
    Codes,
    FollowRules,
    Hands,
    PlayDuty,
    Ring,
    Trick,
    Tricks,
    encoding,
    play_cards,
    width,
)
from records.words import number_of
from replay.deal import Group, card_faults
from replay.engine import DealFault, Engine, RulesFault, kind

DECK: Final = FRENCH_52
STRENGTH: Final = DECK.strength
DECKS = {1: FRENCH_52} | {
    n: Deck(
        f"french-52x{n}", ranks=DECK.ranks, suits=DECK.suits, copies=n, suit_symbols=FRENCH_SYMBOLS
    )
    for n in range(2, 5)
}
"""The cards of one to four 52-card decks shuffled together (``decks``)."""
HOYLE_MAX = {3: 15, 4: 13, 5: 10, 6: 8, 7: 7}  # R-DBARKER, R-SPRUCE: deals per player count


class Phase(Enum):
    BID = "bid"
    PLAY = "play"
    OVER = "over"
    ABANDONED = "abandoned"


# Module constants for the hot path: on Python 3.11 reading ``Phase.PLAY`` costs five times a
# global's lookup, and replay reads the phase on every action.
BID: Final = Phase.BID
PLAY: Final = Phase.PLAY
OVER: Final = Phase.OVER
ABANDONED: Final = Phase.ABANDONED


# --- actions: any value with the fields of a record event will do (record events do); these are
# the structs generated from the events (``records.structs``), under the events' own names -----

Bid = OhHellBid
Play = OhHellPlay
Claim = OhHellClaim
Abandon = OhHellAbandon


class DealLike(Protocol):
    """A recorded deal: each seat's cards, the turned-up card, the rest of the stock if known."""

    @property
    def hands(self) -> Sequence[Sequence[str] | None]: ...
    @property
    def turned_up(self) -> str | None: ...
    @property
    def stock(self) -> Sequence[str] | None: ...
    @property
    def trump(self) -> str | None: ...
    @property
    def rebuilt(self) -> bool: ...


# --- the game's shape ------------------------------------------------------------------------


def deck_size(rules: OhHellRules) -> int:
    """The cards of the table's decks."""
    return len(DECK.cards) * rules.decks


def dealable(rules: OhHellRules) -> int:
    """The largest deal the decks allow: every card dealt, or one kept back for trump under
    ``cap_hand_size``."""
    usable = deck_size(rules) - (1 if rules.no_trump_rule == "cap_hand_size" else 0)
    return usable // rules.num_players


def max_hand_size(rules: OhHellRules) -> int:
    """The largest deal of the game: what the decks allow, capped by Hoyle's table or
    ``max_hand_size``; of a list of sizes, its largest (``rules_fault`` says when the decks
    cannot deal it)."""
    if isinstance(rules.hand_sizes, tuple):
        return max(rules.hand_sizes)
    largest = dealable(rules)
    if rules.hand_sizes == "hoyle_table":
        largest = min(largest, HOYLE_MAX.get(rules.num_players, largest))
    if rules.max_hand_size is not None:
        largest = min(largest, rules.max_hand_size)
    return largest


def schedule(rules: OhHellRules) -> tuple[int, ...] | None:
    """Cards dealt in each deal of a game, in order; None for a single deal of any size."""
    if isinstance(rules.hand_sizes, tuple):
        return rules.hand_sizes
    top = max_hand_size(rules)
    up = tuple(range(1, top + 1))
    match rules.hand_sizes:
        case "ascending_to_max" | "hoyle_table":
            return up
        case "descending":
            return up[::-1]
        case "up_and_down":
            return up + up[-2::-1]
        case "down_and_up":
            return up[::-1] + up[1:]
        case "single":
            return None if rules.single_hand_size is None else (rules.single_hand_size,)
        case "down_ones_up":
            return up[:0:-1] + (1,) * rules.num_players + up[1:]
    raise AssertionError(rules.hand_sizes)  # pragma: no cover - Literal is exhaustive


def last_hand(rules: OhHellRules) -> int:
    """The number of the last deal of a game."""
    plan = schedule(rules)
    return len(plan) if plan is not None else 1


def trump_source(rules: OhHellRules, number: int, size: int) -> str:
    """Where the trump comes from in deal ``number``: ``stock``, ``dealer`` or ``none``."""
    stock_left = deck_size(rules) - size * rules.num_players
    match rules.no_trump_rule:
        case "last_deal_always":
            plan = schedule(rules)
            if plan is None or number == len(plan):
                return "none"
        case "largest_deals":
            if size == max_hand_size(rules):
                return "none"
        case "dealer_last_card":
            if stock_left == 0:
                return "dealer"
    return "stock" if stock_left > 0 else "none"


def first_bidder(rules: OhHellRules, dealer: int) -> int:
    return dealer if rules.first_bidder == "dealer" else (dealer + 1) % rules.num_players


def first_leader(rules: OhHellRules, dealer: int) -> int:
    if rules.first_leader == "first_bidder":
        return first_bidder(rules, dealer)
    return (dealer + 1) % rules.num_players


class Table(Struct):
    """The rules of a game with what follows from them, worked out once per record."""

    rules: OhHellRules
    plan: tuple[int, ...] | None
    """``schedule(rules)``."""
    top: int
    """``max_hand_size(rules)``."""
    follow: FollowRules
    after: tuple[int, ...] = ()
    """The next seat clockwise, by seat."""
    deck: Deck = DECK
    """The cards of the table's decks."""
    cancels: bool = False
    """Identical cards played to one trick cancel (``identical_cards = cancel``, several decks;
    ``records.tricks.CardPlay`` decides its tricks so)."""
    teams: tuple[tuple[int, ...], ...] | None = None
    """The seats of each team, or None when every player scores alone."""
    codes: Codes = field(default_factory=lambda: encoding(STRENGTH))
    """The cards as the play holds them: a bit set a hand, or counts of several decks."""
    points: dict[object, int] = field(default_factory=dict)
    """``score_seat(...).points`` by (cards dealt, bid, tricks), as they come up; the three
    packed into one integer where each is below 1024 (always, but for a team's sums at a huge
    table), which is cheaper to hash than a tuple."""
    whole: int = 0
    """The hand holding every card of a single deck (``Codes``), for the deal's check."""
    dealt: tuple[object, list[int]] = (None, [])
    """The hands of the last deal whose cards the deal check found distinct (``_distinct``),
    known by identity, with each seat's hand as the play holds it: ``start`` takes them there
    rather than decode the cards again, once, right after that check (the driver's and the
    live table's order); any other deal it decodes itself."""

    @property
    def seats(self) -> int:
        return self.rules.num_players

    def score(self, size: int, bid: int, tricks: int) -> int:
        key: object = (
            (size << 20) | (bid << 10) | tricks
            if size < 1024 and bid < 1024 and tricks < 1024
            else (size, bid, tricks)
        )
        found = self.points.get(key)
        if found is None:
            found = self.points[key] = score_seat(self.rules, size, 0, bid, tricks).points
        return found


@functools.lru_cache(maxsize=64)
def table(rules: OhHellRules) -> Table:
    """The table of ``rules``; records under the same rules share it (and its score memo)."""
    codes = encoding(STRENGTH, width(rules.decks))
    return Table(
        rules,
        schedule(rules),
        max_hand_size(rules),
        FollowRules(must_trump_when_void=rules.must_trump_when_void),
        Ring(rules.num_players).order_from(1),
        DECKS[rules.decks],
        rules.decks > 1 and rules.identical_cards == "cancel",
        rules.teams,
        codes,
        whole=codes.hand(DECK.cards),
    )


def rules_fault(rules: OhHellRules) -> RulesFault | None:
    """Values the format allows that no game can be played under: teams that are not a
    partition of the seats, a list of sizes the decks cannot deal."""
    n = rules.num_players
    if rules.teams is not None:
        seats = sorted(seat for team in rules.teams for seat in team)
        if seats != list(range(n)):
            return RulesFault(
                "teams",
                Violation(
                    "rules.teams",
                    f"the teams must hold each of the seats 0..{n - 1} once; they hold "
                    + (", ".join(map(str, seats)) or "none"),
                    expected=list(range(n)),
                    actual=seats,
                ),
            )
    if isinstance(rules.hand_sizes, tuple):
        largest, allowed = max(rules.hand_sizes), dealable(rules)
        if largest > allowed:
            return RulesFault(
                "hand_sizes",
                Violation(
                    "rules.deck-too-small",
                    f"{n} hands of {largest} need more than the {deck_size(rules)} cards of "
                    f"{number_of(rules.decks, 'deck')}"
                    + (" and a turned-up card" if rules.no_trump_rule == "cap_hand_size" else ""),
                    expected=f"at most {allowed}",
                    actual=largest,
                ),
            )
    return None


# --- the deal --------------------------------------------------------------------------------


def deal_faults(game: Table, number: int, dealer: int, deal: DealLike) -> list[DealFault]:
    """The deal's shape (seats, cards per seat from the schedule), its cards, and its trump
    card (docs/oh_hell.md: turned from the stock, the dealer's own card, or none)."""
    rules = game.rules
    n = rules.num_players
    hands = deal.hands
    if len(hands) != n:
        return [
            DealFault(
                "deal.seat-count",
                f"the deal has {number_of(len(hands), 'hand')} for {n} players",
                ("hands",),
                expected=n,
                actual=len(hands),
            )
        ]
    plan = game.plan
    rebuilt = deal.rebuilt
    # A seat's view: the hands not known (None) are left out of every check of the cards.
    if plan is not None:
        size = plan[number - 1]
    else:
        known = [len(cards) for cards in hands if cards is not None]
        if not known:
            message = "no seat's cards are known, and the schedule does not fix the deal's size"
            return [DealFault("deal.hand-size", message, ("hands",), expected="a seat's cards")]
        size = max(known)
    top = game.top
    try:  # every seat's cards known, of the deal's size (the common case, decided at once)
        lengths: list[int] | None = [len(cards) for cards in hands]  # type: ignore[arg-type]
    except TypeError:  # a seat's view: some hands are None
        lengths = None
    if lengths is not None and not rebuilt and lengths.count(size) == n and 1 <= size <= top:
        source = trump_source(rules, number, size)
        if _distinct(game, hands, deal, source, sum(lengths)):  # type: ignore[arg-type]
            fault = _trump_card_fault(rules, number, dealer, deal, source)
            return [fault] if fault is not None else []
    for seat, cards in enumerate(hands):
        if cards is None:
            continue
        # A deal rebuilt from the plays of a hand cut short holds fewer cards.
        short = rebuilt and len(cards) < size
        if (len(cards) != size and not short) or not 1 <= size <= top:
            expect = size if plan is not None else f"the same count, 1..{top}"
            return [
                DealFault(
                    "deal.hand-size",
                    f"seat {seat} was dealt {number_of(len(cards), 'card')}; deal {number} gives {expect}",
                    ("hands", seat),
                    seat=seat,
                    expected=expect,
                    actual=len(cards),
                )
            ]
    groups: list[Group] = [
        (_hand_path(seat), cards) for seat, cards in enumerate(hands) if cards is not None
    ]
    hidden = len(groups) < n
    source = trump_source(rules, number, size)
    if deal.turned_up is not None and source != "dealer":
        groups.append((("turned_up",), deal.turned_up))
    if deal.stock is not None:
        groups.append((("stock",), deal.stock))
    # Without the turned-up card (only its suit), with hands rebuilt from the plays or hands not
    # known, some cards are unknown: the rest are checked for cards the decks do not hold.
    unknown = rebuilt or hidden or (deal.turned_up is None and source == "stock")
    faults = card_faults(game.deck, groups, complete=deal.stock is not None and not unknown)
    if faults:
        return faults
    fault = _trump_card_fault(rules, number, dealer, deal, source)
    return [fault] if fault is not None else []


def _distinct(
    game: Table, hands: Sequence[Sequence[str]], deal: DealLike, source: str, dealt: int
) -> bool:
    """Whether a deal whose every hand is known and of the right size (``dealt`` cards in all)
    holds distinct cards of the deck, all of them where the stock is recorded and the turned-up
    card is known (or is the dealer's own): ``card_faults``' own first test, without building
    the groups that would locate a fault. False where they may not be, for ``card_faults`` to
    judge.

    A single deck's cards are one bit each (``Codes``): they are distinct exactly when the
    bits of them all, added up, are as many as the cards (a card twice carries into another
    bit). The seats' hands so decoded are kept for ``start`` (``Table.dealt``)."""
    if game.deck.copies != 1:
        return False
    turned, stock = deal.turned_up, deal.stock
    unit = game.codes.unit.__getitem__
    try:  # a card not of the deck: card_faults names it
        held = [sum(map(unit, cards)) for cards in hands]
        every = sum(held)
        count = dealt
        if stock is not None:
            every += sum(map(unit, stock))
            count += len(stock)
        if turned is not None and source != "dealer":
            every += unit(turned)
            count += 1
    except KeyError:
        return False
    if every.bit_count() != count:
        return False
    if stock is not None and not (turned is None and source == "stock") and every != game.whole:
        return False  # the stock recorded (and the turned card known): every card is dealt
    game.dealt = (hands, held)
    return True


def undealt(game: Table, number: int, deal: DealLike) -> int:
    """The cards deal ``number`` leaves in the stock: the decks less the hands dealt, less the
    card turned up from the stock for trump (the dealer's own card is one of his hands)."""
    size = _size(game, number, deal)
    left = len(game.deck.cards) - size * game.rules.num_players
    return left - 1 if trump_source(game.rules, number, size) == "stock" else left


_NO_DEAL: Final[tuple[object, list[int]]] = (None, [])

_HAND_PATHS: Final = tuple(("hands", seat) for seat in range(16))


def _hand_path(seat: int) -> tuple[str | int, ...]:
    """``("hands", seat)``, made once per seat rather than once per deal."""
    return _HAND_PATHS[seat] if seat < len(_HAND_PATHS) else ("hands", seat)


def _trump_card_fault(
    rules: OhHellRules, number: int, dealer: int, deal: DealLike, source: str
) -> DealFault | None:
    turned, suit = deal.turned_up, deal.trump
    if source == "none" and turned is not None:
        message = f"deal {number} is played without trump, but {turned} is recorded as turned up"
        return DealFault("deal.trump-card", message, ("turned_up",), actual=turned)
    if suit is not None:
        return _trump_suit_fault(number, dealer, deal, source, suit)
    if source != "none" and turned is None:
        message = (
            f"deal {number} must have a turned-up trump card (no_trump_rule = "
            f"{rules.no_trump_rule})"
        )
        return DealFault("deal.trump-card", message, ("turned_up",))
    held = deal.hands[dealer]
    if source == "dealer" and held is not None and turned not in held:
        message = (
            f"the turned-up {turned} must be one of the dealer's own cards when the stock is empty"
        )
        return DealFault("deal.trump-card", message, ("turned_up",), seat=dealer, actual=turned)
    return None


def _trump_suit_fault(
    number: int, dealer: int, deal: DealLike, source: str, suit: str
) -> DealFault | None:
    """A recorded trump suit: none in a deal without trump, the turned card's suit where that
    card is recorded too, a suit the dealer holds where he turns his own card."""
    turned = deal.turned_up
    if source == "none":
        message = f"deal {number} is played without trump, but trump {suit} is recorded"
        return DealFault("deal.trump-suit", message, ("trump",), actual=suit)
    if turned is not None and turned[-1] != suit:
        message = f"the recorded trump suit {suit} is not the suit of the turned-up {turned}"
        return DealFault("deal.trump-suit", message, ("trump",), expected=turned[-1], actual=suit)
    held = deal.hands[dealer]
    if (
        source == "dealer"
        and turned is None
        and held is not None
        and not any(c[-1] == suit for c in held)
    ):
        message = (
            f"the dealer turns one of his own cards for trump, but holds no card of the "
            f"recorded trump suit {suit}"
        )
        return DealFault("deal.trump-suit", message, ("trump",), seat=dealer, actual=suit)
    return None


# --- state -----------------------------------------------------------------------------------


class State(Struct):
    """A hand in progress. Build it with ``start`` (or ``new_hand``)."""

    table: Table
    dealer: int
    size: int
    trump: str | None
    """Trump suit letter, or None."""
    phase: Phase
    bids: list[int | None]
    play: CardPlay
    """The cards: what each seat holds, the turn (bidding goes round the same way), tricks."""
    bids_left: int = 0
    """Seats that have not bid yet."""
    seats: int = 0
    leader: int = 0
    """Who leads the first trick."""
    unlogged: tuple[int, ...] = ()
    """Seats whose bid the record did not log (``tricks`` null), in bidding order; their
    ``bids`` entries stay None."""

    @property
    def rules(self) -> OhHellRules:
        return self.table.rules

    @property
    def turn(self) -> int:
        return self.play.turn

    @property
    def hands(self) -> Hands:
        """Cards each seat still holds."""
        return self.play.hands

    @property
    def trick(self) -> Trick:
        return self.play.trick

    @property
    def tricks(self) -> Tricks:
        """Finished tricks, in order."""
        return self.play.tricks

    @property
    def tricks_won(self) -> list[int]:
        return self.play.won

    @property
    def follow(self) -> FollowRules:
        return self.table.follow

    @property
    def trick_number(self) -> int:
        """The trick being played (or about to be), from 1."""
        return len(self.play.tricks) + 1

    @property
    def bid_total(self) -> int:
        return sum(b for b in self.bids if b is not None)


def new_hand(
    rules: OhHellRules | Table,
    dealer: int,
    size: int,
    hands: Sequence[Sequence[str] | None],
    trump: str | None,
    held: list[int] | None = None,
) -> State:
    """A hand of ``size`` cards each as dealt, with ``trump`` (a suit letter or None);
    ``held``, the hands as the play holds them where they are decoded already."""
    game = rules if isinstance(rules, Table) else table(rules)
    n = game.rules.num_players
    leader = first_leader(game.rules, dealer)
    # in order (no lead rule, every seat plays, tricks of its own): positional, as a hand is
    # begun once per deal of every record
    play = CardPlay(
        hands,
        leader,
        game.after,
        size,
        trump,
        STRENGTH,
        game.follow,
        None,
        None,
        None,
        game.codes,
        game.cancels,
        held,
    )
    play.turn = first_bidder(game.rules, dealer)
    return State(game, dealer, size, trump, BID, [None] * n, play, n, n, leader)


def start(game: Table, number: int, dealer: int, deal: DealLike) -> State:
    """The hand after a deal that ``deal_faults`` passed: of the size the schedule gives (a deal
    rebuilt from the plays of a hand cut short holds fewer cards), else of the longest hand."""
    size = _size(game, number, deal)
    turned = deal.turned_up
    trump = None
    source = trump_source(game.rules, number, size)
    if source != "none":
        trump = turned[-1] if turned is not None else deal.trump
    hands = deal.hands
    known, held = game.dealt
    if known is hands:  # the deal check decoded these hands just now: taken once, a copy
        game.dealt = _NO_DEAL
        state = new_hand(game, dealer, size, hands, trump, held[:])
    else:
        state = new_hand(game, dealer, size, hands, trump)
    if state.play.hidden:  # a seat's view: some hands are None
        state.play.hide(_unseen(game, deal, turned if source == "stock" else None))
    return state


def _size(game: Table, number: int, deal: DealLike) -> int:
    """The cards dealt to each seat: the schedule's, else the longest hand known."""
    plan = game.plan
    if plan is not None:
        return plan[number - 1]
    return max(len(cards) for cards in deal.hands if cards is not None)


def _unseen(game: Table, deal: DealLike, turned: str | None) -> int:
    """What the seats whose cards are not known may hold between them (a hand, ``Codes``): the
    decks less the known hands, the card turned up from the stock and the stock where known.
    The dealer's own card turned for trump stays in: which seat holds it is not guessed."""
    codes = game.codes
    seen = [card for cards in deal.hands if cards is not None for card in cards]
    if turned is not None:
        seen.append(turned)
    seen.extend(deal.stock or ())
    return codes.hand(game.deck.cards) - codes.hand(seen)


def to_move(state: State) -> int | None:
    """Whose turn it is, or None when the hand is over."""
    return state.play.turn if state.phase is BID or state.phase is PLAY else None


current_player = to_move


def is_over(state: State) -> bool:
    return state.phase is OVER or state.phase is ABANDONED


def trick_number(state: State, action: Any) -> int | None:
    return len(state.play.tricks) + 1 if state.phase is PLAY else None


def unfinished(state: State) -> str:
    if state.phase is BID:
        missing = f"seat {state.turn} has not bid"
    else:
        missing = (
            f"trick {state.trick_number} of {state.size} is unfinished; seat {state.turn} to play"
        )
    return f"the actions stop before the hand ends: {missing}"


# --- bidding ---------------------------------------------------------------------------------


def legal_bids(state: State) -> list[int]:
    if state.phase is not BID:
        return []
    bids = list(range(state.size + 1))
    forbidden = state.size - state.bid_total
    if state.rules.hook and state.bids_left == 1 and forbidden >= 0 and not state.unlogged:
        bids.remove(forbidden)
    return bids


def bid(state: State, action: Any, *, commit: bool = True) -> Violation | None:
    """Check a bid and, with ``commit``, make it: the one place the rules of a bid live.

    A bid the record did not log (``tricks`` None) is checked for its turn only: its range
    cannot be judged, nor the hook where it or any bid before it is unknown (the referee says
    so in a note)."""
    seat, tricks = action.seat, action.tricks
    play = state.play
    if state.phase is not BID:
        if state.phase is ABANDONED:
            return Violation("bid.after-bidding", "a bid after the hand was abandoned")
        return Violation("bid.after-bidding", "a bid after every seat has bid")
    if seat != play.turn:
        return Violation(
            "bid.out-of-turn", f"seat {seat} bid out of turn", expected=play.turn, actual=seat
        )
    if tricks is None:
        if commit:
            state.unlogged += (seat,)
            _next_bidder(state, seat)
        return None
    if tricks > state.size:
        return Violation(
            "bid.out-of-range",
            f"bid of {tricks} with {number_of(state.size, 'card')} dealt",
            expected=f"0..{state.size}",
            actual=tricks,
        )
    if (
        state.bids_left == 1
        and state.table.rules.hook
        and state.bid_total + tricks == state.size
        and not state.unlogged
    ):
        return Violation(
            "bid.hook",
            f"the last bidder may not bid {tricks}: the bids would add up to the "
            f"{number_of(state.size, 'trick')} of the deal (hook rule)",
            actual=tricks,
        )
    if not commit:
        return None
    state.bids[seat] = tricks
    state.bids_left -= 1
    if state.bids_left:
        play.turn = (seat + 1) % state.seats
    else:
        state.phase = PLAY
        play.turn = state.leader
    return None


def _next_bidder(state: State, seat: int) -> None:
    """``seat`` has bid without a logged value: the turn passes on, or the play begins (as for
    a logged bid, written there inline: it runs for every bid of an audit)."""
    state.bids_left -= 1
    if state.bids_left:
        state.play.turn = (seat + 1) % state.seats
    else:
        state.phase = PLAY
        state.play.turn = state.leader


def check_bid(state: State, action: Any) -> Violation | None:
    return bid(state, action, commit=False)


def apply_bid(state: State, action: Any) -> None:
    bid(state, action)


def describe_bid(game: Table, action: Any) -> str:
    tricks = action.tricks
    if tricks is None:
        return "bid not logged"
    return "nil" if tricks == 0 else f"bid {tricks}"


def hook_unjudged(state: State) -> bool:
    """Whether the hook rule applied to the last bid but could not be judged: that bid, or one
    before it, was not logged."""
    return bool(state.unlogged) and state.table.rules.hook and state.bids_left == 0


# --- play ------------------------------------------------------------------------------------


def legal_plays(state: State) -> list[str]:
    if state.phase is not PLAY:
        return []
    return state.play.legal()


def play_duty(state: State) -> PlayDuty | None:
    """The duty of the seat to play now (``records.tricks.CardPlay.owed``), None outside the
    play and for a seat whose cards the record does not know (one seat's view)."""
    play = state.play
    return play.owed() if state.phase is PLAY and not play.hidden >> play.turn & 1 else None


def play_run(state: State, actions: Sequence[Any], at: int) -> tuple[int, Violation | None]:
    """Play ``actions[at:]`` while they are legal plays (``records.tricks.play_cards``); the
    position reached and the first illegal play's violation."""
    if state.phase is not PLAY:
        action = actions[at]
        return at, _play_out_of_turn(state, action.seat, action.card)
    reached, fault = play_cards(state.play, actions, at)
    if state.play.is_over:
        state.phase = OVER
    return reached, None if fault is None else Violation(*fault)


def check_play(state: State, action: Any) -> Violation | None:
    if state.phase is not PLAY:
        return _play_out_of_turn(state, action.seat, action.card)
    fault = play_cards(state.play, (action,), 0, commit=False)[1]
    return None if fault is None else Violation(*fault)


def apply_play(state: State, action: Any) -> Trick | None:
    """Play the card for the seat to move; return the trick if this card completed it."""
    play = state.play
    play_cards(play, (action,), 0)
    if play.is_over:
        state.phase = OVER
    return play.completed


def _play_out_of_turn(state: State, seat: int, card: str) -> Violation:
    if state.phase is BID:
        return Violation(
            "play.before-bidding-ends", f"seat {seat} played {card} before every seat had bid"
        )
    if state.phase is not PLAY:
        return Violation("play.after-hand-end", f"seat {seat} played {card} after the hand ended")
    return Violation(
        "play.out-of-turn", f"seat {seat} played out of turn", expected=state.turn, actual=seat
    )


# --- claims and abandonment ------------------------------------------------------------------


def check_claim(state: State, action: Any) -> Violation | None:
    remaining = action.remaining
    if state.phase is not PLAY:
        return Violation("claim.out-of-phase", "a claim outside the play of the cards")
    if state.play.placed:
        return Violation("claim.mid-trick", "a claim in the middle of a trick")
    left = state.size - len(state.tricks)
    if len(remaining) != state.rules.num_players or sum(remaining) != left:
        return Violation(
            "claim.tricks-sum",
            f"the claim shares out {number_of(sum(remaining), 'trick')} but {left} remain",
            expected=left,
            actual=sum(remaining),
        )
    return None


def apply_claim(state: State, action: Any) -> None:
    for seat, count in enumerate(action.remaining):
        state.play.won[seat] += count
    state.phase = OVER


def check_abandon(state: State, action: Any) -> Violation | None:
    """An abandonment stops a hand that has not ended (it is not scored); a hand that has ended,
    by its last trick or an agreed claim, counts as played."""
    phase = state.phase
    if phase is BID or phase is PLAY:
        return None
    if phase is ABANDONED:
        how = "it had already been abandoned"
    elif len(state.tricks) < state.size:
        how = "a claim had already ended it"
    else:
        how = "its last trick had been played"
    return Violation(
        "abandon.after-hand-end",
        f"an abandonment after {how}: a hand that has ended cannot be abandoned",
    )


def apply_abandon(state: State, action: Any) -> None:
    state.phase = ABANDONED


def legal_actions(state: State) -> list[Any]:
    seat = state.turn
    if state.phase is BID:
        return [Bid(seat=seat, tricks=bid) for bid in legal_bids(state)]
    return [Play(seat=seat, card=cast(French52Card, card)) for card in legal_plays(state)]


# --- scoring ---------------------------------------------------------------------------------


class SeatScore(Struct, frozen=True):
    """One seat's score for a deal, with the rule behind every point."""

    seat: int
    bid: int
    tricks: int
    points: int
    parts: tuple[tuple[str, int], ...]
    """(rule, points) in the order a scorer adds them up."""


def score_seat(rules: OhHellRules, size: int, seat: int, bid: int, tricks: int) -> SeatScore:
    parts: list[tuple[str, int]] = []
    if bid == tricks == 0:
        nil = 5 + size if rules.nil_score == "5_plus_h" else rules.nil_score
        parts.append((f"nil made (nil_score = {rules.nil_score})", int(nil)))
    elif bid == tricks:
        if rules.made_score == "bid_squared":
            parts.append((f"bid made: {bid} x {bid} (made_score = bid_squared)", bid * bid))
        else:
            parts.append(
                (
                    f"bid made: {rules.points_per_trick} x {number_of(bid, 'trick')}",
                    rules.points_per_trick * bid,
                )
            )
        parts.append(("bonus for the exact bid (made_bonus)", rules.made_bonus))
        if rules.slam_bonuses and size >= rules.slam_min_hand:
            if bid == size:
                parts.append(("grand slam bid and made", rules.grand_slam))
            elif bid == size - 1:
                parts.append(("small slam bid and made", rules.small_slam))
    elif rules.miss_score == "tricks":
        parts.append(
            (
                f"bid missed, {rules.points_per_trick} per trick taken (miss_score = tricks)",
                rules.points_per_trick * tricks,
            )
        )
    elif rules.miss_score == "minus_diff":
        off = abs(tricks - bid)
        parts.append(
            (f"bid missed by {off} (miss_score = minus_diff)", -rules.points_per_trick * off)
        )
    elif rules.miss_score == "minus_triangular":
        off = abs(tricks - bid)
        parts.append(
            (
                f"bid missed by {off}: -5 x {off} x {off + 1} / 2 (miss_score = minus_triangular)",
                -5 * off * (off + 1) // 2,
            )
        )
    else:
        parts.append(("bid missed (miss_score = zero)", 0))
    return SeatScore(seat, bid, tricks, sum(p for _, p in parts), tuple(parts))


def score_hand(
    rules: OhHellRules, size: int, bids: Sequence[int], tricks: Sequence[int]
) -> list[SeatScore]:
    """Every seat's score; in a team game each seat is scored on its team's bid and tricks."""
    bids, tricks = by_team(rules.teams, bids), by_team(rules.teams, tricks)
    return [score_seat(rules, size, s, bids[s], tricks[s]) for s in range(rules.num_players)]


def by_team(teams: Sequence[Sequence[int]] | None, values: Sequence[int]) -> Sequence[int]:
    """Per seat, the sum of ``values`` over the seat's team (``values`` itself without teams).

    >>> by_team(((0, 2), (1, 3)), [1, 0, 2, 3])
    [3, 3, 3, 3]
    >>> by_team(((0, 2), (1,)), [1, 0, 2])
    [3, 0, 3]
    """
    if teams is None:
        return values
    summed = list(values)
    for team in teams:
        total = sum(values[seat] for seat in team)
        for seat in team:
            summed[seat] = total
    return summed


class Settlement(Struct, frozen=True):
    """The result of a finished deal (``scores`` None when it was abandoned). A seat whose bid
    was not logged has None for its bid and, with its team under ``teams``, for its score."""

    size: int
    bids: tuple[int | None, ...]
    tricks: tuple[int, ...]
    scores: tuple[int | None, ...] | None
    unlogged: tuple[int, ...] = ()
    """The seats whose bid was not logged."""

    def amounts(self) -> tuple[tuple[str, Sequence[int]], ...]:
        """Nothing but the scores: an Oh Hell hand carries nothing to the next."""
        return ()

    def explain(self, rules: OhHellRules) -> list[SeatScore | None]:
        """Every seat's score with the rule behind every point; None for a seat whose score
        depends on a bid not logged."""
        if not self.unlogged:
            return list(score_hand(rules, self.size, self.bids, self.tricks))  # type: ignore[arg-type]
        known = [0 if b is None else b for b in self.bids]
        found = score_hand(rules, self.size, known, self.tricks)
        return [
            None if self.scores is None or self.scores[s] is None else found[s]
            for s in range(len(found))
        ]


def settle(state: State, carry: object = None) -> Settlement:
    """The scores of a hand that is over."""
    if state.unlogged:
        return _settle_unlogged(state)
    bids = tuple([0 if b is None else b for b in state.bids])
    tricks = tuple(state.play.won)
    if state.phase is ABANDONED:
        return Settlement(state.size, bids, tricks, None)
    table, size, teams = state.table, state.size, state.table.teams
    bid, took = by_team(teams, bids), by_team(teams, tricks)
    scores = tuple([table.score(size, bid[seat], took[seat]) for seat in range(len(bids))])
    return Settlement(size, bids, tricks, scores)


def _settle_unlogged(state: State) -> Settlement:
    """``settle`` where some bids were not logged: those seats' scores (their teams' under
    ``teams``) are unknown, None; the other seats are scored as ever."""
    unlogged = state.unlogged
    bids = tuple(
        [None if s in unlogged else (0 if b is None else b) for s, b in enumerate(state.bids)]
    )
    tricks = tuple(state.play.won)
    if state.phase is ABANDONED:
        return Settlement(state.size, bids, tricks, None, unlogged)
    table, size, teams = state.table, state.size, state.table.teams
    unknown = set(unlogged)
    if teams is not None:
        unknown = {seat for team in teams if unknown.intersection(team) for seat in team}
    known = [0 if b is None else b for b in bids]
    bid, took = by_team(teams, known), by_team(teams, tricks)
    scores = tuple(
        [
            None if seat in unknown else table.score(size, bid[seat], took[seat])
            for seat in range(len(bids))
        ]
    )
    return Settlement(size, bids, tricks, scores, unlogged)


def winners(totals: Sequence[int]) -> list[int]:
    """Every seat with the highest total (docs/oh_hell.md, Q-OH-7: ties share the win)."""
    best = max(totals)
    return [seat for seat, total in enumerate(totals) if total == best]


ENGINE: Engine[OhHellRules, Table, State] = Engine(
    game="oh_hell",
    deck=DECK,
    seats_parameter="num_players",
    rules_fault=rules_fault,
    table=table,
    deal_faults=deal_faults,
    start=start,
    kinds={
        "play": kind(check_play, apply_play, run=play_run, duty=play_duty),
        "bid": kind(check_bid, apply_bid, describe_bid, step=bid),
        "claim": kind(check_claim, apply_claim),
        "abandon": kind(check_abandon, apply_abandon),
    },
    to_move=to_move,
    is_over=is_over,
    trick_number=trick_number,
    finish=is_over,
    unfinished=unfinished,
    legal_actions=legal_actions,
    settle=settle,
    undealt=undealt,
)
"""The Oh Hell engine behind the interface every game shares."""
