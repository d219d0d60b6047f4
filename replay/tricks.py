"""The play of the cards, shared by every engine: the seats around the table, the trick, the one
duty that decides what a player may play to it, and the one loop that plays cards into tricks.

The games differ only by data (docs/README.md; docs/ describes each game): the order of the players,
whether a void player must trump, whether a trump must beat the trumps already played, whether a
follower must head the trick, whether a leader owes a card (Bestia's top trump). The duty is coded
once, in ``follow_fault``, which both decides and explains; ``legal_cards`` is derived from it.
Tricks are taken and won in one place, ``play_cards``: the highest trump wins, else the highest card
of the led suit; pinochle holds identical cards, and of two the one played first wins (a strict
``>``).

``play_cards`` is the hot loop of every audit, so it works on locals, decides the common cases
(a lead, a card of the led suit with no duty to head) first, and asks ``follow_fault`` only when
a duty may bind.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Final

__all__ = [
    "CardPlay",
    "Duty",
    "FollowRules",
    "PlayDuty",
    "Ring",
    "Trick",
    "follow_duty",
    "follow_fault",
    "legal_cards",
    "play_cards",
]

Fault = tuple[str, str, object, object]
"""(code, reason in a player's words, expected, actual)."""


@dataclass(frozen=True, slots=True)
class Ring:
    """Seats around a table of ``size``, numbered in the direction of play.

    >>> Ring(4).after(3), Ring(4).order_from(2), Ring(5).after(1, 3)
    (0, (2, 3, 0, 1), 4)
    """

    size: int

    def after(self, seat: int, steps: int = 1) -> int:
        """The seat ``steps`` places further in the direction of play."""
        return (seat + steps) % self.size

    def order_from(self, start: int) -> tuple[int, ...]:
        """Every seat once, in the direction of play, starting at ``start``."""
        return tuple((start + i) % self.size for i in range(self.size))


@dataclass(frozen=True, slots=True)
class FollowRules:
    """The play obligations of a game, as flags."""

    must_trump_when_void: bool = False
    """A player void in the led suit who holds a trump must play one."""
    must_overtrump: bool = False
    """When trumping, a player must beat the highest trump already in the trick if able."""
    must_head: bool = False
    """When following suit, a player must beat the winning card if able (pinochle heading)."""


class Duty(StrEnum):
    """The duty that binds a seat at one card: what the rules ask of it there, given its hand
    and the trick (``follow_duty``; a lead's, ``CardPlay.owed``)."""

    LEAD = "lead"
    """It leads the trick: any card."""
    LEAD_OWED = "lead-owed"
    """It leads the trick and owes a certain lead (Bestia's top trump, pinochle's first lead in
    trump): only the cards the game's lead rule allows."""
    FOLLOW = "follow"
    """It holds the suit led: it must follow suit."""
    HEAD = "head"
    """It holds the suit led and a card of it that beats the trick, under a duty to head: it must
    follow suit and beat the trick."""
    VOID = "void"
    """It holds none of the suit led and has no duty to trump (the rules give none, or there is
    no trump): any card."""
    NO_TRUMP = "no-trump"
    """It holds none of the suit led and no trump, under a duty to trump: any card."""
    TRUMP = "trump"
    """It holds none of the suit led but a trump, under a duty to trump: it must trump."""
    OVERTRUMP = "overtrump"
    """As ``TRUMP``, holding a trump that beats the trump in the trick, under a duty to
    overtrump: it must trump above it."""


LEAD: Final = Duty.LEAD
FOLLOW: Final = Duty.FOLLOW
HEAD: Final = Duty.HEAD
VOID: Final = Duty.VOID
NO_TRUMP: Final = Duty.NO_TRUMP
TRUMP: Final = Duty.TRUMP
OVERTRUMP: Final = Duty.OVERTRUMP


@dataclass(frozen=True, slots=True)
class PlayDuty:
    """The duty a card was played under, as the engine decided it just before (a value: it
    holds nothing of the live play)."""

    seat: int
    trick: int
    """The trick's number, from 1."""
    place: int
    """The cards already in the trick: 0 for the lead."""
    duty: Duty
    led: str | None
    """The suit led, or None for the lead."""
    trump: str | None
    allowed: tuple[str, ...]
    """The cards the seat could play, in the order it held them."""


class Trick:
    """A trick, in progress or finished: who led, the cards in the order played, and which of
    them is winning. ``play_cards`` fills it; a finished trick is never changed."""

    __slots__ = ("best", "cards", "leader", "number", "seats")

    def __init__(self, number: int, leader: int) -> None:
        self.number = number
        self.leader = leader
        self.seats: list[int] = []
        self.cards: list[str] = []
        self.best = 0
        """Index in ``cards`` of the card winning so far."""

    @property
    def led(self) -> str | None:
        """The suit led, or None before the first card."""
        return self.cards[0][-1] if self.cards else None

    @property
    def winning_card(self) -> str:
        return self.cards[self.best]

    @property
    def winner(self) -> int:
        """The seat winning the trick so far (the winner once it is finished)."""
        return self.seats[self.best]

    @property
    def plays(self) -> tuple[tuple[int, str], ...]:
        """(seat, card) in the order played."""
        return tuple(zip(self.seats, self.cards, strict=True))

    def __repr__(self) -> str:
        return f"Trick(number={self.number}, leader={self.leader}, plays={self.plays!r})"


LeadFault = Callable[["CardPlay", int, str], tuple[str, str, object] | None]
"""``lead_fault(play, seat, card)``: why ``card`` may not be led, as (code, reason, expected)."""


class CardPlay:
    """The play of the cards in a hand, the same for every game: what each seat holds, whose
    turn it is, the trick in progress, the tricks finished and won, and the rules of play as
    data. An engine builds one when its hand reaches the play and hands it runs of play actions
    (``play_cards``); phases and what a finished hand means stay in the engine.

    >>> from records.cards import FRENCH_52
    >>> play = CardPlay([["KH", "2C"], ["AH", "3S"], ["2S", "4S"]], leader=0, after=(1, 2, 0),
    ...                 last=2, trump="S", strength=FRENCH_52.strength, follow=FollowRules())
    >>> class Play:  # any value with these fields will do; record events do
    ...     type = "play"
    ...     def __init__(self, seat, card): self.seat, self.card = seat, card
    >>> play_cards(play, [Play(0, "KH"), Play(1, "AH"), Play(2, "2S")], 0)
    (3, None)
    >>> play.tricks[0].winner, play.won, play.turn
    (2, [0, 0, 1], 2)
    >>> play_cards(play, [Play(2, "4S"), Play(0, "2C"), Play(1, "2C")], 0)[1][0]
    'play.card-not-held'
    """

    __slots__ = (
        "after",
        "follow",
        "hands",
        "last",
        "lead_fault",
        "players",
        "strength",
        "trick",
        "tricks",
        "trump",
        "turn",
        "won",
    )

    def __init__(
        self,
        hands: list[list[str]],
        leader: int,
        after: Sequence[int],
        last: int,
        trump: str | None,
        strength: dict[str, int],
        follow: FollowRules | Callable[[str], FollowRules],
        lead_fault: LeadFault | None = None,
        players: int | None = None,
    ) -> None:
        self.hands = hands
        """Cards each seat holds now."""
        self.turn = leader
        self.after: tuple[int, ...] = tuple(after)
        """``after[seat]``: the next seat to play (seats out of the play map anywhere)."""
        self.players = players if players is not None else len(hands)
        """Cards in a complete trick: the seats that play."""
        self.last = last
        """Tricks in the hand: after this many the play is over."""
        self.trump = trump
        """Trump suit letter, or None."""
        self.strength = strength
        """Rank order within a suit (``records.cards.Deck.strength``)."""
        self.follow = follow
        """The duties of a follower, or a function of the led suit giving them (pinochle heads
        only when trump is led)."""
        self.lead_fault = lead_fault
        """Why a card may not be led, for games with a duty to lead (the top trump)."""
        self.trick = Trick(1, leader)
        """The trick being played (or about to be)."""
        self.tricks: list[Trick] = []
        """Finished tricks, in order."""
        self.won = [0] * len(hands)
        """Tricks won per seat."""

    @property
    def is_over(self) -> bool:
        return len(self.tricks) == self.last

    def duties(self, led: str | None) -> FollowRules:
        """The duties that bind a follower when ``led`` was led (none before the lead)."""
        follow = self.follow
        if led is None:
            return _FREE
        return follow if isinstance(follow, FollowRules) else follow(led)

    def fault(self, seat: int, card: str) -> Fault | None:
        """Why ``seat`` may not play ``card`` now (not its turn, not held, a duty), or None."""
        return play_cards(self, (_Card(seat, card),), 0, commit=False)[1]

    def legal(self) -> list[str]:
        """The cards the seat to play may play now, in hand order."""
        seat = self.turn
        return [card for card in self.hands[seat] if self.fault(seat, card) is None]

    def owed(self) -> PlayDuty:
        """The duty of the seat to play now, with the cards it allows: decided by the rule that
        judges the card (``follow_duty``; for a lead, the game's ``lead_fault``, which owes a
        lead when it refuses a card the seat holds)."""
        seat, trick = self.turn, self.trick
        hand = self.hands[seat]
        allowed = tuple(self.legal())
        led = trick.led
        if led is None:
            lead = self.lead_fault
            owes = lead is not None and any(lead(self, seat, card) is not None for card in hand)
            duty = Duty.LEAD_OWED if owes else LEAD
        else:
            duty = follow_duty(hand, trick, self.duties(led), self.trump, self.strength)
        return PlayDuty(seat, trick.number, len(trick.cards), duty, led, self.trump, allowed)


_FREE: Final = FollowRules()


class _Card:
    __slots__ = ("card", "seat")
    type = "play"

    def __init__(self, seat: int, card: str) -> None:
        self.seat, self.card = seat, card


def follow_duty(
    hand: Sequence[str],
    trick: Trick,
    rules: FollowRules,
    trump: str | None,
    strength: Mapping[str, int],
) -> Duty:
    """The duty that binds a seat holding ``hand`` as it plays to ``trick``: the one place the
    follow rules are decided (``follow_fault`` judges a card against it).

    >>> from records.cards import FRENCH_52
    >>> trick = Trick(1, leader=0)
    >>> trick.cards, trick.seats = ["KH"], [0]
    >>> trumps = FollowRules(must_trump_when_void=True)
    >>> follow_duty(["2C", "3H"], trick, trumps, "S", FRENCH_52.strength).value
    'follow'
    >>> follow_duty(["2C", "3S"], trick, trumps, "S", FRENCH_52.strength).value
    'trump'
    >>> follow_duty(["2C", "3D"], trick, trumps, "S", FRENCH_52.strength).value
    'no-trump'
    >>> follow_duty(["2C", "3S"], trick, FollowRules(), "S", FRENCH_52.strength).value
    'void'
    """
    cards = trick.cards
    if not cards:
        return LEAD
    led = cards[0][-1]
    for held in hand:
        if held[-1] == led:
            if rules.must_head and _can_beat(hand, trick, led, strength):
                return HEAD
            return FOLLOW
    if not rules.must_trump_when_void or trump is None:
        return VOID
    for held in hand:
        if held[-1] == trump:
            if rules.must_overtrump and _can_beat(hand, trick, trump, strength):
                return OVERTRUMP
            return TRUMP
    return NO_TRUMP


def follow_fault(
    card: str,
    hand: Sequence[str],
    trick: Trick,
    rules: FollowRules,
    trump: str | None,
    strength: Mapping[str, int],
) -> tuple[str, str] | None:
    """Why ``card`` (held in ``hand``) may not follow to ``trick``: (code, reason) in a
    player's words, or None if it keeps the duty that binds the hand (``follow_duty``).

    >>> from records.cards import FRENCH_52
    >>> trick = Trick(1, leader=0)
    >>> trick.cards, trick.seats = ["KH"], [0]
    >>> follow_fault("2C", ["2C", "3H"], trick, FollowRules(), "S", FRENCH_52.strength)[0]
    'play.revoke'
    >>> trumps = FollowRules(must_trump_when_void=True)
    >>> follow_fault("2C", ["2C", "3S"], trick, trumps, "S", FRENCH_52.strength)[0]
    'play.must-trump'
    >>> follow_fault("3S", ["2C", "3S"], trick, trumps, "S", FRENCH_52.strength) is None
    True
    """
    cards = trick.cards
    if not cards:
        return None
    led = cards[0][-1]
    suit = card[-1]
    if suit == led and not rules.must_head:  # the hand holds the suit led, and follows it
        return None
    duty = follow_duty(hand, trick, rules, trump, strength)
    if duty is FOLLOW or duty is HEAD:
        if suit != led:
            return (
                "play.revoke",
                f"{card} does not follow the led suit {led} although the hand holds {led}",
            )
        if duty is HEAD and not _beats(card, trick, strength):
            return (
                "play.must-head",
                f"{card} follows suit but does not beat the trick although the hand can",
            )
    elif duty is TRUMP or duty is OVERTRUMP:
        if suit != trump:
            return (
                "play.must-trump",
                f"{card} discards although the hand, void in {led}, holds trump {trump}",
            )
        if duty is OVERTRUMP and not _beats(card, trick, strength):
            return (
                "play.must-overtrump",
                f"{card} does not beat the trump in the trick although the hand can",
            )
    return None


def _can_beat(hand: Sequence[str], trick: Trick, suit: str, strength: Mapping[str, int]) -> bool:
    """True if the trick's winning card is of ``suit`` and ``hand`` holds a card of that suit
    that beats it: the duty to head (or to overtrump) binds."""
    best = trick.cards[trick.best]
    if best[-1] != suit:
        return False
    top = strength[best]
    for held in hand:  # noqa: SIM110 - a loop is quicker than any() on this hot path
        if held[-1] == suit and strength[held] > top:
            return True
    return False


def _beats(card: str, trick: Trick, strength: Mapping[str, int]) -> bool:
    """True if ``card``, of the suit of the trick's winning card, beats it."""
    return strength[card] > strength[trick.cards[trick.best]]


def legal_cards(
    hand: Sequence[str],
    trick: Trick,
    rules: FollowRules,
    trump: str | None,
    strength: Mapping[str, int],
) -> list[str]:
    """The cards of ``hand`` that may follow to ``trick``, in hand order (a card held twice is
    listed twice, so that a random choice weighs the copies as a player would)."""
    return [c for c in hand if follow_fault(c, hand, trick, rules, trump, strength) is None]


def play_cards(  # noqa: PLR0915 - one loop on locals is the point: it is the audit's hot path
    play: CardPlay, actions: Sequence[Any], start: int, *, commit: bool = True
) -> tuple[int, Fault | None]:
    """Play ``actions[start:]`` while they are plays (``type == "play"``) and legal; stop at
    the first other action, the first illegal card, or the end of the hand.

    Returns (position of the first action not played, fault or None). Without ``commit`` only
    ``actions[start]`` is checked and nothing changes: that is how an engine checks one play.
    """
    hands, strength, trump = play.hands, play.strength, play.trump
    after: tuple[int, ...] = play.after
    # A list, so that each action is taken by index.
    listed: list[Any] = actions if isinstance(actions, list) else list(actions)
    trick = play.trick
    cards, seats, size = trick.cards, trick.seats, play.players
    tricks, won, last, lead_fault = play.tricks, play.won, play.last, play.lead_fault
    rules = play.follow
    fixed = rules if isinstance(rules, FollowRules) else None  # else a function of the lead
    led = cards[0][-1] if cards else ""
    # The card winning so far, its suit and its strength (read once per card that takes over).
    best = cards[trick.best] if cards else ""
    high, top = best[-1:], strength[best] if cards else 0
    follow = play.duties(led or None)
    binding = follow.must_head
    turn = play.turn
    fault: Fault | None = None
    reached = len(listed)
    for position in range(start, len(listed)):
        reached = position
        action = listed[position]
        kind: str = action.type
        if kind != "play":
            break
        seat: int = action.seat
        card: str = action.card
        if seat != turn:
            fault = ("play.out-of-turn", f"seat {seat} played out of turn", turn, seat)
            break
        hand = hands[seat]
        try:
            held = hand.index(card)
        except ValueError:
            fault = ("play.card-not-held", f"{card} is not in the player's hand", None, card)
            break
        suit = card[-1]
        if not led:
            if lead_fault is not None:
                lead = lead_fault(play, seat, card)
                if lead is not None:
                    fault = (lead[0], lead[1], lead[2], card)
                    break
        elif binding or suit != led:  # a duty may bind: ask the one rule
            broken = follow_fault(card, hand, trick, follow, trump, strength)
            if broken is not None:
                fault = (broken[0], broken[1], None, card)
                break
        if not commit:
            return position, None
        del hand[held]
        # Take the card: the highest trump wins, else the highest card of the led suit; of two
        # identical cards the first played (a strict ">").
        if not led:
            led, high, top = suit, suit, strength[card]
            follow = fixed if fixed is not None else rules(suit)  # type: ignore[operator]
            binding = follow.must_head
        elif suit == high:
            rank = strength[card]
            if rank > top:
                trick.best, top = len(cards), rank
        elif suit == trump:
            trick.best, high, top = len(cards), suit, strength[card]
        cards.append(card)
        seats.append(seat)
        if len(cards) < size:
            turn = after[seat]
            continue
        turn = seats[trick.best]
        tricks.append(trick)
        won[turn] += 1
        if len(tricks) == last:
            reached = position + 1
            break
        trick = play.trick = Trick(trick.number + 1, turn)
        cards, seats, led = trick.cards, trick.seats, ""
    else:
        reached = len(listed)
    play.turn = turn
    return reached, fault
