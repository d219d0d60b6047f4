"""The play of the cards, shared by every engine: the seats around the table, the trick, the one
duty that decides what a player may play to it, and the one loop that plays cards into tricks.

The games differ only by data (docs/README.md; docs/ describes each game): the order of the players,
whether a void player must trump, whether a trump must beat the trumps already played, whether a
follower must head the trick, whether a leader owes a card (Bestia's top trump). The duty is coded
once, in ``_duty``, and judged once, in ``_fault``, which explains; ``follow_duty``,
``follow_fault`` and ``legal_cards`` ask them for cards in strings.
Tricks are taken and won in one place, ``play_cards``: the highest trump wins, else the highest card
of the led suit. Where a deck is held twice the play says how identical cards compare: of two
the one played first wins (a strict ``>``: pinochle, Bestia), or they cancel each other
(``cancels``, ``_cancelling``: Oh Hell with several decks, OhHellWeb's rule).
``trick_winner`` asks the same loop who wins one trick in strings (the record readers' question).
An engine learns that a card completed a trick from ``CardPlay.completed``.

``play_cards`` is the hot loop of every audit, so it works on locals, decides the common cases
(a lead, a card of the led suit with no duty to head) first, and asks ``_fault`` only when a duty
may bind. Inside the play a card is a small integer and a hand an integer of count fields
(``Codes``), decoded once from the record's strings; the tricks are lists of integers, shown as
``Trick`` values of strings only when a consumer reads them (``Tricks``, ``CardPlay.trick``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from enum import StrEnum
from typing import Any, Final, NamedTuple, SupportsIndex, overload

from msgspec import Struct

__all__ = [
    "CardPlay",
    "Codes",
    "Duty",
    "FollowRules",
    "Hands",
    "Holding",
    "PlayDuty",
    "Ring",
    "Trick",
    "Tricks",
    "encoding",
    "follow_duty",
    "follow_fault",
    "legal_cards",
    "play_cards",
    "trick_winner",
    "width",
]

Fault = tuple[str, str, object, object]
"""(code, reason in a player's words, expected, actual)."""


class Ring(Struct, frozen=True):
    """Seats around a table of ``size``, numbered in the direction of play.

    >>> Ring(4).after(3), Ring(4).order_from(2), Ring(5).after(1, 3), Ring(4).among((1, 3))
    (0, (2, 3, 0, 1), 4, (0, 3, 0, 1))
    """

    size: int

    def after(self, seat: int, steps: int = 1) -> int:
        """The seat ``steps`` places further in the direction of play."""
        return (seat + steps) % self.size

    def order_from(self, start: int) -> tuple[int, ...]:
        """Every seat once, in the direction of play, starting at ``start``."""
        return tuple((start + i) % self.size for i in range(self.size))

    def among(self, playing: Sequence[int]) -> tuple[int, ...]:
        """``after[seat]`` (``CardPlay.after``) for a play among ``playing`` only, in the order
        they play: the next of them, the last followed by the first; a seat out of the play
        maps to 0."""
        after = [0] * self.size
        for index, seat in enumerate(playing):
            after[seat] = playing[(index + 1) % len(playing)]
        return tuple(after)


class FollowRules(Struct, frozen=True):
    """The play obligations of a game, as flags."""

    must_trump_when_void: bool = False
    """A player void in the led suit who holds a trump must play one."""
    must_overtrump: bool = False
    """When trumping, a player must beat the highest trump already in the trick if able."""
    must_head: bool = False
    """When following suit, a player must beat the winning card if able (pinochle heading); a
    trick a trump is winning cannot be beaten with the suit led, so it binds nothing there."""
    head_when_trumped: bool = False
    """With ``must_head``: when following suit to a trick that a trump is winning, a player must
    still play a card of the led suit higher than the highest of that suit in the trick, if
    able (some programs play pinochle so)."""

    def __post_init__(self) -> None:
        if self.head_when_trumped and not self.must_head:
            raise ValueError("head_when_trumped is a way of heading: it needs must_head")


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
    HEAD_TRUMPED = "head-trumped"
    """It holds the suit led and a card of it above the highest of that suit in a trick a trump
    is winning, under a duty to head even then (``head_when_trumped``): it must follow suit
    above that card."""
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
HEAD_TRUMPED: Final = Duty.HEAD_TRUMPED
VOID: Final = Duty.VOID
NO_TRUMP: Final = Duty.NO_TRUMP
TRUMP: Final = Duty.TRUMP
OVERTRUMP: Final = Duty.OVERTRUMP


class PlayDuty(Struct, frozen=True):
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


class Codes(Struct, frozen=True, eq=False):
    """A deck's cards as small integers, for the play: ``code = suit * 16 + strength``, so that
    two cards of one suit compare as their codes do, and a hand is one integer of count fields
    (``width`` bits a card; one bit, a bit set, where no hand holds a card twice). Records keep
    their strings: a card is decoded here once as it is played, and named again only for a
    message or a view (``name``)."""

    code: dict[str, int]
    """Card -> code."""
    name: tuple[str, ...]
    """Code -> card (``""`` for a code of no card)."""
    suits: str
    """Suit letter by suit number."""
    suit: dict[str, int]
    """Suit letter -> suit number."""
    width: int
    """Bits of a card's count field in a hand."""
    unit: dict[str, int]
    """Card -> one copy of it in a hand."""
    held: tuple[int, ...]
    """Code -> the bits of its count field: a hand holds the card where they are set."""
    one: tuple[int, ...]
    """Code -> one copy of it in a hand."""
    suit_mask: tuple[int, ...]
    """Suit number -> the count fields of its cards."""
    above: tuple[int, ...]
    """Code -> the count fields of every code above it (of its suit, masked by a suit's)."""

    def hand(self, cards: Sequence[str]) -> int:
        """The hand holding ``cards`` (copies counted)."""
        return sum(map(self.unit.__getitem__, cards))

    def count(self, hand: int, code: int) -> int:
        """The copies of card ``code`` that ``hand`` holds."""
        return (hand >> code * self.width) & ((1 << self.width) - 1)


_ENCODINGS: dict[tuple[int, int], tuple[Mapping[str, int], Codes]] = {}


def encoding(strength: Mapping[str, int], width: int = 1) -> Codes:
    """The codes of the deck whose rank order is ``strength`` (``records.cards.Deck``), worked
    out once per deck and width."""
    found = _ENCODINGS.get((id(strength), width))
    if found is not None and found[0] is strength:
        return found[1]
    suits = "".join(dict.fromkeys(card[-1] for card in strength))
    suit = {letter: number for number, letter in enumerate(suits)}
    code = {card: suit[card[-1]] * 16 + rank for card, rank in strength.items()}
    size = 16 * len(suits)
    name = [""] * size
    for card, number in code.items():
        name[number] = card
    one = tuple(1 << number * width for number in range(size))
    full = (1 << width) - 1
    suit_mask = tuple(
        sum(full << (number * 16 + rank) * width for rank in range(16))
        for number in range(len(suits))
    )
    codes = Codes(
        code,
        tuple(name),
        suits,
        suit,
        width,
        {card: one[number] for card, number in code.items()},
        tuple(bit * full for bit in one),
        one,
        suit_mask,
        tuple(-(bit << width) for bit in one),
    )
    _ENCODINGS[id(strength), width] = (strength, codes)
    return codes


def width(copies: int) -> int:
    """The bits of a count field that holds up to ``copies`` of a card: one for a bit set."""
    return copies.bit_length()


def _width(hands: Sequence[Sequence[str] | None]) -> int:
    """The width the hands need: one bit where no hand holds a card twice."""
    most = 1
    for hand in hands:
        if hand is not None and len(set(hand)) != len(hand):
            most = max(most, *(hand.count(card) for card in hand))
    return width(most)


class Trick:
    """A trick, in progress or finished: who led, the cards in the order played, and which of
    them is winning. A view built when a consumer asks (``Tricks``, ``CardPlay.trick``); the
    play itself holds its tricks as integers."""

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


class Tricks(list[Trick]):
    """The finished tricks of a hand: every card played (as its code), the seat that led each
    trick, and each trick's winning place, as the play records them (the other seats follow
    the leader in turn); a trick becomes a ``Trick`` value only when someone reads it (then it
    is kept, so that a trick read twice is one object). A list, as consumers have always been
    handed, whose own items are the tricks shown so far: read it through its methods.

    An engine may make it before the play begins (a hand's state has its tricks from the deal)
    and hand it to the ``CardPlay`` it opens."""

    __slots__ = ("after", "bests", "cards", "leads", "names", "size")

    def __init__(
        self, size: int = 0, names: tuple[str, ...] = (), after: Sequence[int] = ()
    ) -> None:
        # empty as ``list.__new__`` made it: ``list.__init__`` would only empty it again
        self.cards: list[int] = []
        """The code of every card played, in order (a trick in progress included)."""
        self.leads: list[int] = []
        """The seat that led each trick (a trick in progress included)."""
        self.after = after
        """``after[seat]``: the next seat to play."""
        self.bests: list[int] = []
        """For each finished trick, the place in it of the winning card."""
        self.size = size
        """Cards in a trick."""
        self.names = names
        """Code -> card."""

    def __len__(self) -> int:
        return len(self.bests)

    def seats(self, number: int, count: int) -> list[int]:
        """The seats of the first ``count`` cards of trick ``number`` (from 0), in turn."""
        after, seat = self.after, self.leads[number]
        seats = [seat]
        for _ in range(count - 1):
            seat = after[seat]
            seats.append(seat)
        return seats

    def winners(self) -> list[int]:
        """The seat that won each finished trick, in order, read from the integers: no trick is
        made a ``Trick`` (a scorer's walk over the tricks needs no more)."""
        after, won = self.after, []
        for lead, best in zip(self.leads, self.bests, strict=False):  # a trick in progress: led
            seat = lead
            for _ in range(best):
                seat = after[seat]
            won.append(seat)
        return won

    def _show(self) -> None:
        """Make the tricks not shown yet into values (the list's own items)."""
        size, names = self.size, self.names
        for number in range(list.__len__(self), len(self.bests)):
            first = number * size
            trick = Trick(number + 1, self.leads[number])
            trick.cards = [names[code] for code in self.cards[first : first + size]]
            trick.seats = self.seats(number, size)
            trick.best = self.bests[number]
            list.append(self, trick)

    @overload
    def __getitem__(self, index: SupportsIndex) -> Trick: ...
    @overload
    def __getitem__(self, index: slice) -> list[Trick]: ...
    def __getitem__(self, index: SupportsIndex | slice) -> Trick | list[Trick]:
        self._show()
        return list.__getitem__(self, index)

    def __iter__(self) -> Iterator[Trick]:
        self._show()
        return list.__iter__(self)

    def __reversed__(self) -> Iterator[Trick]:
        self._show()
        return list.__reversed__(self)

    def __contains__(self, value: object) -> bool:
        self._show()
        return list.__contains__(self, value)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sequence):
            return list(self) == list(other)
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    __hash__ = None  # a list, unhashable (say so, as its __eq__ is its own)

    def __repr__(self) -> str:
        return repr(list(self))


class Hands(Sequence[list[str]]):
    """What each seat of a play holds now, as card lists in the order dealt: a live view of the
    play's integer hands (``CardPlay.hand``), built seat by seat when read."""

    __slots__ = ("play",)

    def __init__(self, play: CardPlay) -> None:
        self.play = play

    def __len__(self) -> int:
        return len(self.play.held)

    @overload
    def __getitem__(self, index: int) -> list[str]: ...
    @overload
    def __getitem__(self, index: slice) -> list[list[str]]: ...
    def __getitem__(self, index: int | slice) -> list[str] | list[list[str]]:
        if isinstance(index, int):
            return self.play.hand(range(len(self.play.held))[index])
        return [self.play.hand(seat) for seat in range(len(self.play.held))[index]]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sequence):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return repr(list(self))


LeadFault = Callable[["CardPlay", int, str], tuple[str, str, object] | None]
"""``lead_fault(play, seat, card)``: why ``card`` may not be led, as (code, reason, expected)."""


class Holding(NamedTuple):
    """What a hidden seat is known to hold in part (``CardPlay.hold``): a Bestia seat whose
    exchange or blind draw the record did not log, whose dealt cards (or cards drawn) it may
    still show. Hands are integers (``Codes``)."""

    known: int = 0
    """Cards it surely holds."""
    kept: int = 0
    """Cards of which it holds ``keeps``, not knowing which (its dealt cards, when it changed
    some face down)."""
    keeps: int = 0
    unseen: int | None = None
    """How many cards of the pool (the cards nobody has seen) it holds at most; None: no
    bound."""
    words: str = ""
    """``kept`` in words, for a message (``seat 1 kept 1 of its dealt cards 3c 5c Ab``)."""


class CardPlay:
    """The play of the cards in a hand, the same for every game: what each seat holds, whose
    turn it is, the trick in progress, the tricks finished and won, and the rules of play as
    data. An engine builds one when its hand reaches the play and hands it runs of play actions
    (``play_cards``); phases and what a finished hand means stay in the engine.

    Inside, cards are codes (``Codes``) and a hand is an integer; ``hands``, ``trick`` and
    ``tricks`` show them as the records' strings when asked.

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
        "best",
        "cancels",
        "capped",
        "codes",
        "dealt",
        "discarded",
        "follow",
        "held",
        "hidden",
        "holdings",
        "last",
        "lead_fault",
        "leader",
        "own",
        "placed",
        "places",
        "players",
        "pool",
        "shown",
        "tricks",
        "trump",
        "trump_suit",
        "turn",
        "won",
    )

    def __init__(
        self,
        hands: Sequence[Sequence[str] | None],
        leader: int,
        after: Sequence[int],
        last: int,
        trump: str | None,
        strength: Mapping[str, int],
        follow: FollowRules | Callable[[str], FollowRules],
        lead_fault: LeadFault | None = None,
        players: int | None = None,
        tricks: Tricks | None = None,
        codes: Codes | None = None,
        cancels: bool = False,
        held: list[int] | None = None,
    ) -> None:
        if codes is None:  # the engines give the codes of their deck, worked out once
            codes = encoding(strength, _width(hands))
        self.codes = codes
        self.dealt = tuple(hands)
        """Each seat's cards as given, for the order of ``hands``."""
        unit = codes.unit.__getitem__
        self.hidden = 0
        """The seats whose cards are not known, given as None (a bit a seat): 0 for a full
        deal. The engine says what they may hold (``hide``)."""
        try:
            if held is None:  # (an engine may give them decoded already, ``codes`` its own)
                held = [sum(map(unit, cards)) for cards in hands]  # type: ignore[arg-type]
            self.held = held
            """Each seat's hand now, as an integer (``Codes``); 0 for a hidden seat."""
        except TypeError:  # a seat's cards not known: one seat's view
            self.held = [0 if cards is None else sum(map(unit, cards)) for cards in hands]
            self.hidden = sum(1 << seat for seat, cards in enumerate(hands) if cards is None)
            self.hide(0)
        self.turn = self.leader = leader
        order = after if isinstance(after, tuple) else tuple(after)
        self.after: tuple[int, ...] = order
        """``after[seat]``: the next seat to play (seats out of the play map anywhere)."""
        size = self.players = players if players is not None else len(hands)
        """Cards in a complete trick: the seats that play."""
        self.last = last
        """Tricks in the hand: after this many the play is over."""
        self.trump = trump
        """Trump suit letter, or None."""
        self.trump_suit = codes.suit.get(trump, -1) if trump is not None else -1
        """Trump suit number, or -1."""
        self.follow = follow
        """The duties of a follower, or a function of the led suit giving them (pinochle heads
        only when trump is led)."""
        self.lead_fault = lead_fault
        """Why a card may not be led, for games with a duty to lead (the top trump)."""
        if tricks is None:
            tricks = Tricks(size, codes.name, order)
        else:
            tricks.size, tricks.names, tricks.after = size, codes.name, order
        self.tricks = tricks
        """Finished tricks, in order; their cards, the trick in progress's too."""
        self.placed = 0
        """Cards in the trick in progress."""
        self.best = 0
        """The place in the trick in progress of the card winning it so far."""
        self.won = [0] * len(hands)
        """Tricks won per seat."""
        self.cancels = cancels
        """Identical cards played to one trick cancel each other: neither can win it, and a trick
        with none left goes to its leader (``_cancelling``); else the first played of two
        wins."""

    def hide(
        self,
        unseen: int,
        own: Mapping[int, int] | None = None,
        places: Sequence[tuple[str, Sequence[str]]] = (),
        trump_evidence: bool = False,
        duty_evidence: bool = False,
    ) -> None:
        """Say what the hands given as None (``hidden``: a record from one seat's view) may
        hold between them: ``unseen`` (a hand, ``Codes``), the decks less the known hands, the
        card turned up and the stock where known. Until the engine says, they may hold nothing.

        ``own`` gives a hidden seat cards that only it may hold besides (a pinochle declarer's
        widow and the cards he melded); ``places`` names where the other known cards are, for
        the message of a card nobody can be seen to hold (``[("it is in the widow", cards)]``).
        With ``trump_evidence`` a hidden seat that discards when a trump was due (the duty of
        ``must_trump_when_void``) shows out of trump too: a trump it plays later is
        ``play.must-trump``, naming both tricks. With ``duty_evidence`` a hidden seat that
        follows below the card winning the trick where it had to beat it (``must_head``), or
        trumps below the trump winning it (``must_overtrump``), holds no card of that suit above
        it: a higher one it plays later is ``play.must-head`` or ``play.must-overtrump``,
        naming both tricks.

        A hidden seat holds nothing in ``held``, so no duty is ever judged for it (its hand is
        unknown: whether it had to trump, or could follow, is never guessed); each card it plays
        is judged against what is known instead (``_unseen``): still unseen, and not of a suit
        it showed out of before (a revoke, from evidence). Trick taking and winners stay in
        ``play_cards``, as for every play."""
        self.pool = unseen
        """What the hidden seats may hold between them: the cards nobody has seen yet."""
        self.holdings: dict[int, list[Any]] = {}
        """Hidden seat -> what it is known to hold in part (``hold``), as it stands now."""
        self.own: dict[int, int] = dict(own or {})
        """Hidden seat -> the cards only it may hold, besides ``pool``."""
        self.places = tuple(places)
        """(where, cards): where known cards not in a seat's hand are, for messages."""
        self.shown: dict[tuple[int, int], tuple[int, int]] = {}
        """(hidden seat, suit) -> (trick, card code): where the seat showed out of the suit."""
        self.discarded: dict[int, tuple[int, int, int]] | None = {} if trump_evidence else None
        """Hidden seat -> (trick, card code, suit led) where it discarded although a trump was
        due; None where the engine does not judge trump from evidence."""
        self.capped: dict[tuple[int, int], tuple[int, int, int, str]] | None = (
            {} if duty_evidence else None
        )
        """(hidden seat, suit) -> (card code, trick, card code played, problem code): it holds
        no card of the suit above the first, as the card it played under a duty to head or
        overtrump showed; None where the engine does not judge those duties from evidence."""

    def _unseen(self, seat: int, code: int, led: int, commit: bool, top: int = -1) -> Fault | None:
        """Why hidden ``seat`` cannot have played card ``code`` (``led`` the suit led, -1 for a
        lead; ``top`` the card winning the trick so far): it showed out of that suit before (or
        of trump, or of the cards above one it played under a duty, ``hide``), or the card is not
        unseen (a known seat's, or played as often as the decks hold it). With ``commit`` the
        card is seen from then on, and a card off the suit led is the seat's showing out of it."""
        codes = self.codes
        card, suit, number = codes.name[code], code >> 4, len(self.tricks.bests) + 1
        holding = self.holdings.get(seat)
        if holding is not None:  # known in part (``hold``)
            fault = self._held(holding, seat, code, led, commit)
            if fault is not None:
                return fault
        shown = self.shown.get((seat, suit))
        if shown is not None:
            trick, other = shown
            letter = codes.suits[suit]
            return (
                "play.revoke",
                f"seat {seat} plays {card} in trick {number}, but showed out of {letter} in "
                f"trick {trick} (played {codes.name[other]} when {letter} was led): it held "
                f"{letter} then",
                None,
                card,
            )
        trump, discarded = self.trump_suit, self.discarded
        if discarded is not None and suit == trump and seat in discarded:
            trick, other, suit_led = discarded[seat]
            letter = codes.suits[trump]
            return (
                "play.must-trump",
                f"seat {seat} plays {card} in trick {number}, but discarded {codes.name[other]} "
                f"in trick {trick} when {codes.suits[suit_led]} was led and a trump was due: it "
                f"held {letter} then",
                None,
                card,
            )
        capped = self.capped.get((seat, suit)) if self.capped is not None else None
        if capped is not None and code > capped[0]:
            limit, trick, other, rule = capped
            duty = "beat the trick" if rule == "play.must-head" else "overtrump"
            return (
                rule,
                f"seat {seat} plays {card} in trick {number}, but played {codes.name[other]} in "
                f"trick {trick} where it had to {duty} if it could: it held no "
                f"{codes.suits[suit]} above {codes.name[limit]} then",
                None,
                card,
            )
        own = self.own.get(seat, 0)
        if own & codes.held[code]:
            if commit:
                self.own[seat] = own - codes.one[code]
        elif not self.pool & codes.held[code]:
            return ("play.card-not-held", self._seen(seat, code), None, card)
        elif commit:
            self.pool -= codes.one[code]
        if commit and led >= 0 and suit != led:
            self.shown[seat, led] = (number, code)
            if (
                discarded is not None
                and suit != trump
                and trump >= 0
                and self.duties(codes.suits[led]).must_trump_when_void
            ):
                discarded.setdefault(seat, (number, code, led))
        if commit and self.capped is not None and led >= 0:
            self._cap(self.capped, seat, code, led, top, number)
        return None

    def _cap(
        self,
        capped: dict[tuple[int, int], tuple[int, int, int, str]],
        seat: int,
        code: int,
        led: int,
        top: int,
        number: int,
    ) -> None:
        """What hidden ``seat``'s card ``code`` in trick ``number`` (``led`` its led suit,
        ``top`` the card winning it before) shows under a duty to head or overtrump: that it
        held no card of that suit above ``top`` (``capped``)."""
        rules, suit, high = self.duties(self.codes.suits[led]), code >> 4, top >> 4
        if suit == led == high and rules.must_head and code <= top:
            rule = "play.must-head"
        elif suit == self.trump_suit == high != led and rules.must_overtrump and code <= top:
            rule = "play.must-overtrump"
        else:
            return
        known = capped.get((seat, suit))
        if known is None or top < known[0]:
            capped[seat, suit] = (top, number, code, rule)

    def _seen(self, seat: int, code: int) -> str:
        """Why a hidden seat cannot hold card ``code``: a known seat's, somewhere the engine
        named (``places``), or played already. Where the engine names places (a double deck's
        copies may be in two), every place of the card is named."""
        card = self.codes.name[code]
        found = [
            f"it was dealt to seat {other}"
            for other, cards in enumerate(self.dealt)
            if cards is not None and card in cards
        ]
        if found and not self.places:
            return f"{card} is not in the player's hand: {found[0]}"
        found += [where for where, cards in self.places if card in cards]
        played = self.tricks.cards.count(code)
        if played:
            found.append(f"it was played {'once' if played == 1 else f'{played} times'} already")
        if found:
            return f"{card} is not in the player's hand: {'; '.join(found)}"
        return f"{card} is not in the player's hand: it is the card turned up or in the stock"

    def hold(self, seat: int, holding: Holding) -> None:
        """Say what hidden ``seat`` is known to hold in part, after ``hide``: cards it surely
        holds, cards of which it holds a number, and how many cards of the pool at most. The
        cards it surely holds or may have kept must be among those ``hide`` lets it play (its
        ``own``). Its plays are then judged on them too (``_held``): a card it cannot hold any
        more, and a duty that the cards it surely holds decide (it holds the suit led: a revoke;
        void in it, a trump: the duty to trump; a card that beats the trick: the duty to head)."""
        self.holdings[seat] = list(holding)

    def _held(
        self, holding: list[Any], seat: int, code: int, led: int, commit: bool
    ) -> Fault | None:
        """Why a seat known in part (``hold``) cannot play card ``code`` (``led`` the suit led,
        -1 for a lead): it cannot hold it any more, or the cards it surely holds bind it to
        another; None otherwise, or for a card it holds nowhere (``_unseen`` says why). With
        ``commit`` the card leaves what it holds."""
        known, kept, keeps, unseen, words = holding
        codes = self.codes
        bit, card = codes.held[code], codes.name[code]
        if known & bit:
            source = 0
        elif kept & bit:
            if not keeps:
                why = f"{words}, and has played as many of them already"
                return (
                    "play.card-not-held",
                    f"{card} is not in the player's hand: {why}",
                    None,
                    card,
                )
            source = 1
        elif self.pool & bit:
            if unseen == 0:
                why = f"it can hold only {self._holding_words(holding)}"
                return (
                    "play.card-not-held",
                    f"{card} is not in the player's hand: {why}",
                    None,
                    card,
                )
            source = 2
        else:
            return None  # held nowhere: ``_unseen`` says why
        if led >= 0:
            fault = self._evidence(holding, seat, code, led)
            if fault is not None:
                return fault
        if commit:
            if source == 0:
                holding[0] = known - codes.one[code]
            elif source == 1:
                holding[1], holding[2] = kept - codes.one[code], keeps - 1
            elif unseen is not None:
                holding[3] = unseen - 1
        return None

    def _surely(self, holding: list[Any], mask: int) -> str | None:
        """Why the seat surely holds a card of ``mask`` (a hand), in words, or None."""
        known, kept, keeps, _, words = holding
        codes = self.codes
        found = known & mask
        if found:
            return f"it is known to hold {self._named(found)}"
        if keeps and keeps > _size(codes, kept & ~mask):
            return f"{words}, so one at least is {self._named(kept & mask)}"
        return None

    def _named(self, hand: int) -> str:
        codes = self.codes
        cards = [
            name for number, name in enumerate(codes.name) if name and hand & codes.held[number]
        ]
        return " or ".join(cards) if len(cards) > 1 else cards[0]

    def _holding_words(self, holding: list[Any]) -> str:
        known, kept, keeps, _, _ = holding
        parts = [self._named(known).replace(" or ", " ")] if known else []
        if keeps:
            parts.append(f"{keeps} of {self._named(kept).replace(' or ', ' ')}")
        return " and ".join(parts) or "no card"

    def _evidence(self, holding: list[Any], seat: int, code: int, led: int) -> Fault | None:
        """A duty that the cards a seat known in part surely holds decide (``hold``), broken by
        card ``code`` played to a trick whose led suit is ``led``."""
        codes, trump = self.codes, self.trump_suit
        masks, suit = codes.suit_mask, code >> 4
        follow = self.duties(codes.suits[led])
        size = self.players
        cards = self.tricks.cards
        trick = cards[len(self.tricks.bests) * size :]
        top = trick[0]
        for other in trick[1:]:
            if (other >> 4 == top >> 4 and other > top) or (other >> 4 == trump != top >> 4):
                top = other
        high, card, letter = top >> 4, codes.name[code], codes.suits[led]
        if suit != led:
            why = self._surely(holding, masks[led])
            if why is not None:
                reason = f"{card} does not follow the led suit {letter} although the hand holds {letter}: {why}"
                return ("play.revoke", reason, None, card)
            if not follow.must_trump_when_void or trump < 0:
                return None
            void = self._void(holding, seat, led)
            if void is None:
                return None
            if suit != trump:
                why = self._surely(holding, masks[trump])
                if why is not None:
                    reason = (
                        f"{card} discards although the hand, void in {letter} ({void}), holds "
                        f"trump {codes.suits[trump]}: {why}"
                    )
                    return ("play.must-trump", reason, None, card)
            elif follow.must_overtrump and high == trump and code <= top:
                why = self._surely(holding, masks[trump] & codes.above[top])
                if why is not None:
                    reason = (
                        f"{card} does not beat the trump in the trick although the hand can "
                        f"(void in {letter}: {void}): {why}"
                    )
                    return ("play.must-overtrump", reason, None, card)
            return None
        if not follow.must_head:
            return None
        over = top if high == led else _over(trick, led, top) if follow.head_when_trumped else -1
        if over >= 0 and code <= over:
            why = self._surely(holding, masks[led] & codes.above[over])
            if why is not None:
                reason = (
                    f"{card} follows suit but does not beat the trick although the hand can: {why}"
                )
                return ("play.must-head", reason, None, card)
        return None

    def _void(self, holding: list[Any], seat: int, suit: int) -> str | None:
        """Why a seat known in part surely holds no card of ``suit`` now, in words, or None."""
        shown = self.shown.get((seat, suit))
        if shown is not None:
            return f"it showed out of it in trick {shown[0]}"
        known, kept, keeps, unseen, _ = holding
        mask = self.codes.suit_mask[suit]
        if known & mask or (keeps and kept & mask) or (unseen != 0 and self.pool & mask):
            return None
        return "no card of it is left that it could hold"

    @property
    def completed(self) -> Trick | None:
        """The trick the last card played completed, or None when that card left a trick in
        progress (or no card has been played): an engine asks it right after a card."""
        tricks = self.tricks
        return tricks[-1] if not self.placed and tricks.bests else None

    @property
    def is_over(self) -> bool:
        return len(self.tricks.bests) == self.last

    @property
    def trick_number(self) -> int:
        """The trick being played (or about to be), from 1."""
        return len(self.tricks.bests) + 1

    @property
    def trick(self) -> Trick:
        """The trick being played (or about to be; the last one once the play is over), as a
        value of that moment."""
        tricks, placed = self.tricks, self.placed
        if not placed and tricks.bests and self.is_over:
            return tricks[-1]
        number = len(tricks.bests)
        leader = tricks.leads[number] if placed else self.turn if number else self.leader
        trick = Trick(number + 1, leader)
        if placed:
            names = self.codes.name
            trick.cards = [names[code] for code in tricks.cards[-placed:]]
            trick.seats = tricks.seats(number, placed)
            trick.best = self.best
        return trick

    @property
    def hands(self) -> Hands:
        """Cards each seat holds now, in the order dealt (a live view)."""
        return Hands(self)

    def hand(self, seat: int) -> list[str]:
        """The cards ``seat`` holds now, in the order dealt; of a card held twice and played
        once, the copy dealt first is the one gone."""
        dealt, left, codes = self.dealt[seat], self.held[seat], self.codes
        if dealt is None:  # a hidden seat: what it holds is not known
            return []
        if codes.width == 1:
            unit = codes.unit
            return [card for card in dealt if left & unit[card]]
        gone = {card: 0 for card in dealt}
        for card in dealt:
            gone[card] += 1
        for card in gone:
            gone[card] -= codes.count(left, codes.code[card])
        kept = []
        for card in dealt:
            if gone[card]:
                gone[card] -= 1
            else:
                kept.append(card)
        return kept

    def holds(self, seat: int, card: str) -> bool:
        """Whether ``seat`` holds ``card`` now (a hidden seat: surely holds it, ``hold``)."""
        code = self.codes.code.get(card)
        if code is not None and self.hidden >> seat & 1:
            holding = self.holdings.get(seat)
            return holding is not None and bool(holding[0] & self.codes.held[code])
        return code is not None and bool(self.held[seat] & self.codes.held[code])

    def holds_suit(self, seat: int, suit: str) -> bool:
        """Whether ``seat`` holds a card of ``suit`` now."""
        number = self.codes.suit.get(suit)
        return number is not None and bool(self.held[seat] & self.codes.suit_mask[number])

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
        return [card for card in self.hand(seat) if self.fault(seat, card) is None]

    def owed(self) -> PlayDuty:
        """The duty of the seat to play now, with the cards it allows: decided by the rule that
        judges the card (``_duty``; for a lead, the game's ``lead_fault``, which owes a lead
        when it refuses a card the seat holds)."""
        seat, placed, codes = self.turn, self.placed, self.codes
        allowed = tuple(self.legal())
        led: str | None = None
        if not placed:
            lead = self.lead_fault
            hand = self.hand(seat)
            owes = lead is not None and any(lead(self, seat, card) is not None for card in hand)
            duty = Duty.LEAD_OWED if owes else LEAD
        else:
            trick = self.tricks.cards[-placed:]
            suit, top = trick[0] >> 4, trick[self.best]
            led = codes.suits[suit]
            rules, over = self.duties(led), _over(trick, suit, top)
            duty = _duty(self.held[seat], suit, top, over, rules, self.trump_suit, codes)
        return PlayDuty(seat, self.trick_number, placed, duty, led, self.trump, allowed)


_FREE: Final = FollowRules()


class _Card:
    __slots__ = ("card", "seat")
    type = "play"

    def __init__(self, seat: int, card: str) -> None:
        self.seat, self.card = seat, card


def _duty(
    hand: int, led: int, top: int, over: int, rules: FollowRules, trump: int, codes: Codes
) -> Duty:
    """The duty that binds ``hand`` (an integer hand) at a trick whose led suit is ``led``, whose
    winning card so far is ``top`` and whose highest card of the led suit is ``over`` (codes;
    ``trump`` -1 for none; ``over`` is ``top`` while the led suit wins, and is read only under
    ``head_when_trumped``): the one place the follow rules are decided."""
    masks, high = codes.suit_mask, top >> 4
    suited = hand & masks[led]
    if suited:
        if rules.must_head:
            if high == led:
                if suited & codes.above[top]:
                    return HEAD
            elif rules.head_when_trumped and suited & codes.above[over]:
                return HEAD_TRUMPED
        return FOLLOW
    if not rules.must_trump_when_void or trump < 0:
        return VOID
    trumps = hand & masks[trump]
    if trumps:
        if rules.must_overtrump and high == trump and trumps & codes.above[top]:
            return OVERTRUMP
        return TRUMP
    return NO_TRUMP


def _fault(
    code: int,
    hand: int,
    led: int,
    top: int,
    over: int,
    rules: FollowRules,
    trump: int,
    codes: Codes,
) -> tuple[str, str] | None:
    """Why card ``code`` (held in ``hand``) may not follow to the trick (``_duty``'s terms):
    (code, reason) in a player's words, or None if it keeps the duty that binds the hand."""
    suit = code >> 4
    if suit == led and not rules.must_head:  # the hand holds the suit led, and follows it
        return None
    duty = _duty(hand, led, top, over, rules, trump, codes)
    card, letter = codes.name[code], codes.suits[led]
    if duty is FOLLOW or duty is HEAD or duty is HEAD_TRUMPED:
        if suit != led:
            return (
                "play.revoke",
                f"{card} does not follow the led suit {letter} although the hand holds {letter}",
            )
        if duty is HEAD and code <= top:
            return (
                "play.must-head",
                f"{card} follows suit but does not beat the trick although the hand can",
            )
        if duty is HEAD_TRUMPED and code <= over:
            return (
                "play.must-head",
                f"{card} follows suit but does not beat the highest {letter} in the trumped "
                "trick although the hand can",
            )
    elif duty is TRUMP or duty is OVERTRUMP:
        if suit != trump:
            return (
                "play.must-trump",
                f"{card} discards although the hand, void in {letter}, holds trump "
                f"{codes.suits[trump]}",
            )
        if duty is OVERTRUMP and code <= top:
            return (
                "play.must-overtrump",
                f"{card} does not beat the trump in the trick although the hand can",
            )
    return None


def _size(codes: Codes, hand: int) -> int:
    """The cards ``hand`` holds, copies counted."""
    if codes.width == 1:
        return hand.bit_count()
    return sum(codes.count(hand, number) for number, name in enumerate(codes.name) if name)


def _over(cards: Sequence[int], led: int, top: int) -> int:
    """The highest card of the led suit among a trick's ``cards`` (codes), whose winning card is
    ``top``: ``top`` itself unless a trump is winning."""
    if top >> 4 == led:
        return top
    return max(code for code in cards if code >> 4 == led)


def _encoded(
    hand: Sequence[str], trick: Trick, trump: str | None, strength: Mapping[str, int]
) -> tuple[Codes, int, int, int, int, int]:
    """(codes, hand, led suit, winning card, highest card of the led suit, trump suit) of a
    trick and a hand in strings."""
    codes = encoding(strength, _width([hand]))
    cards = [codes.code[card] for card in trick.cards]
    led, top = cards[0] >> 4, cards[trick.best]
    trumps = codes.suit.get(trump, -1) if trump else -1
    return codes, codes.hand(hand), led, top, _over(cards, led, top), trumps


def follow_duty(
    hand: Sequence[str],
    trick: Trick,
    rules: FollowRules,
    trump: str | None,
    strength: Mapping[str, int],
) -> Duty:
    """The duty that binds a seat holding ``hand`` as it plays to ``trick`` (``_duty``, for
    cards in strings).

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
    if not trick.cards:
        return LEAD
    codes, held, led, top, over, trumps = _encoded(hand, trick, trump, strength)
    return _duty(held, led, top, over, rules, trumps, codes)


def follow_fault(
    card: str,
    hand: Sequence[str],
    trick: Trick,
    rules: FollowRules,
    trump: str | None,
    strength: Mapping[str, int],
) -> tuple[str, str] | None:
    """Why ``card`` (held in ``hand``) may not follow to ``trick``: (code, reason) in a
    player's words, or None if it keeps the duty that binds the hand (``_fault``, for cards in
    strings).

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
    if not trick.cards:
        return None
    codes, held, led, top, over, trumps = _encoded(hand, trick, trump, strength)
    return _fault(codes.code[card], held, led, top, over, rules, trumps, codes)


def legal_cards(
    hand: Sequence[str],
    trick: Trick,
    rules: FollowRules,
    trump: str | None,
    strength: Mapping[str, int],
) -> list[str]:
    """The cards of ``hand`` that may follow to ``trick``, in hand order (a card held twice is
    listed twice, so that a random choice weighs the copies as a player would)."""
    if not trick.cards:
        return list(hand)
    codes, held, led, top, over, trumps = _encoded(hand, trick, trump, strength)
    code = codes.code
    return [c for c in hand if _fault(code[c], held, led, top, over, rules, trumps, codes) is None]


def _cancelling(trick: Sequence[int], led: int, trump: int) -> int:
    """The place of the card winning ``trick`` (codes in the order played; ``led`` its led suit,
    ``trump`` -1 for none) when identical cards cancel (OhHellWeb's rule): the cards of the led
    suit and of trump are ranked in the order played, a card identical to one still ranked
    takes that one out and is not ranked itself (so a third copy is ranked again); the highest
    ranked card wins, trump above the led suit; with none left, the leader's card (place 0).

    A card is ranked where its copies so far are odd in number, the last of them: one bit a
    card, flipped by each copy.
    """
    ranked = 0
    for code in trick:
        if code >> 4 in (led, trump):
            ranked ^= 1 << code
    if not ranked:
        return 0
    suit = trump if trump >= 0 and ranked >> trump * 16 & 0xFFFF else led
    code = suit * 16 + (ranked >> suit * 16 & 0xFFFF).bit_length() - 1
    place = len(trick) - 1
    while trick[place] != code:
        place -= 1
    return place


def trick_winner(
    cards: Sequence[str],
    trump: str | None,
    strength: Mapping[str, int],
    cancels: bool = False,
) -> int:
    """The place in ``cards`` (one whole trick, in the order played) of the card that wins it,
    as ``play_cards`` decides it (it plays them): the highest trump, else the highest card of
    the led suit; of identical cards the first played, or, where they ``cancels``, none of two
    (``_cancelling``). Each card is played by a seat of its own, holding only it, and follow
    duties are not judged. ``ValueError`` for no card, or a card not of the deck of
    ``strength``.

    >>> from records.cards import FRENCH_52
    >>> trick_winner(["KH", "AH", "2S", "QH"], "S", FRENCH_52.strength)
    2
    >>> trick_winner(["AH", "AH", "KH"], "S", FRENCH_52.strength, cancels=True)
    2
    >>> trick_winner(["AH", "AH", "2C"], "S", FRENCH_52.strength, cancels=True)
    0
    """
    codes = encoding(strength)  # one card a hand: a bit set
    unknown = [card for card in cards if card not in codes.code]
    if unknown or not cards:
        raise ValueError(f"{unknown[0]} is not a card of the deck" if unknown else "no card")
    size = len(cards)
    hands = [[card] for card in cards]
    after = Ring(size).order_from(1)
    play = CardPlay(hands, 0, after, 1, trump, strength, _FREE, None, None, None, codes, cancels)
    play_cards(play, [_Card(seat, card) for seat, card in enumerate(cards)], 0)
    return play.tricks.bests[0]


def play_cards(  # noqa: PLR0915 - one loop on locals: it is the audit's hot path
    play: CardPlay, actions: Sequence[Any], start: int, *, commit: bool = True
) -> tuple[int, Fault | None]:
    """Play ``actions[start:]`` while they are plays (``type == "play"``) and legal; stop at
    the first other action, the first illegal card, or the end of the hand.

    Returns (position of the first action not played, fault or None). Without ``commit`` only
    ``actions[start]`` is checked and nothing changes: that is how an engine checks one play.

    Each card is decoded once (``Codes``); a hand is an integer, so holding a card, a suit or
    a card above the trick's is one ``&``; a finished trick is its winner's place in a list.
    """
    codes = play.codes
    code_of, held_bits, ones, names = codes.code, codes.held, codes.one, codes.name
    suit_masks, aboves = codes.suit_mask, codes.above
    hands, trump, after = play.held, play.trump_suit, play.after
    # A list, so that each action is taken by index.
    listed: list[Any] = actions if isinstance(actions, list) else list(actions)
    tricks = play.tricks
    played, leads, bests = tricks.cards, tricks.leads, tricks.bests
    size, won, last, lead_fault = play.players, play.won, play.last, play.lead_fault
    rules, cancels = play.follow, play.cancels
    fixed = rules if isinstance(rules, FollowRules) else None  # else a function of the lead
    placed, best = play.placed, play.best
    # The suit led, and the card winning so far with its suit (-1: no card yet).
    led = high = top = -1
    # The duties of a follower: the game's, where they do not depend on the suit led (a lead
    # reads none), else set at each lead.
    follow, winner = fixed if fixed is not None else _FREE, -1
    if placed:
        led, top = played[-placed] >> 4, played[-placed + best]
        high, winner = top >> 4, tricks.seats(len(bests), best + 1)[best]
        follow = play.duties(codes.suits[led])
    # Whether a duty may bind a card of the led suit (to head), and a hand void in it (to trump).
    binding, void_bound = follow.must_head, follow.must_trump_when_void and trump >= 0
    turn = play.turn
    fault: Fault | None = None
    reached = len(listed)
    for position in range(start, len(listed)):
        action = listed[position]
        if action.type != "play":
            reached = position
            break
        seat: int = action.seat
        card: str = action.card
        if seat != turn:
            fault = ("play.out-of-turn", f"seat {seat} played out of turn", turn, seat)
            reached = position
            break
        hand = hands[seat]
        try:
            code = code_of[card]
            if not hand & held_bits[code]:
                raise KeyError(card)
        except KeyError:  # not held, or not even a card of the deck
            if not (play.hidden >> seat & 1 and card in code_of):
                fault = ("play.card-not-held", f"{card} is not in the player's hand", None, card)
                reached = position
                break
            # a hidden seat (one seat's view): judged on what is known, then played as from a
            # hand of that card alone, which no duty binds
            code = code_of[card]
            fault = play._unseen(seat, code, led if placed else -1, commit, top)
            if fault is not None:
                reached = position
                break
            hand = ones[code]
        suit = code >> 4
        if not placed:
            if lead_fault is not None:
                play.turn, play.placed, play.best = turn, 0, 0  # the game's rule may read them
                lead = lead_fault(play, seat, card)
                if lead is not None:
                    fault = (lead[0], lead[1], lead[2], card)
                    reached = position
                    break
        elif binding or (suit != led and (void_bound or hand & suit_masks[led])):
            # a duty may bind: the cases that surely keep it are passed here (``_duty``), the
            # others are judged by the one rule
            if suit == led:  # under a duty to head: above the trick, or unable to beat it
                judge = high != led or (code <= top and hand & suit_masks[led] & aboves[top])
            elif hand & suit_masks[led]:
                judge = True  # it holds the suit led
            elif not void_bound:
                judge = False  # void, free to play any card
            elif suit == trump:  # void, trumping: below a trump in the trick, if it must beat it
                judge = high == trump and code <= top
            else:  # void, discarding: the question is whether it holds a trump
                judge = hand & suit_masks[trump]
            if judge:
                # the led suit's highest matters only to heading a trumped trick
                over = top
                if high != led and follow.head_when_trumped:
                    over = _over(played[-placed:], led, top)
                broken = _fault(code, hand, led, top, over, follow, trump, codes)
                if broken is not None:
                    fault = (broken[0], broken[1], None, card)
                    reached = position
                    break
        if not commit:
            return position, None
        hands[seat] = hand - ones[code]
        played.append(code)
        # Take the card: the highest trump wins, else the highest card of the led suit; of two
        # identical cards the first played (a strict ">"). Where they cancel, a card that beats
        # the winner, or trumps a trick no trump is winning, is still the one that wins; one of
        # the winner's suit that does not may be a copy that takes a card out, and the trick so
        # far decides (``_cancelling``).
        if not placed:
            led = high = suit
            top, best, winner = code, 0, seat
            leads.append(seat)
            if fixed is None:  # the duties of the suit led (fixed ones are set already)
                follow = rules(names[code][-1])  # type: ignore[operator]
                binding, void_bound = follow.must_head, follow.must_trump_when_void and trump >= 0
        elif suit == high:
            if code > top:
                best, top, winner = placed, code, seat
            elif cancels:
                best = _cancelling(played[-placed - 1 :], led, trump)
                top = played[best - placed - 1]
                high, winner = top >> 4, tricks.seats(len(bests), best + 1)[best]
        elif suit == trump:
            best, high, top, winner = placed, suit, code, seat
        placed += 1
        if placed < size:
            turn = after[seat]
            continue
        turn = winner
        bests.append(best)
        won[turn] += 1
        placed = 0
        if len(bests) == last:
            reached = position + 1
            break
    else:
        reached = len(listed)
    play.turn, play.placed, play.best = turn, placed, best
    return reached, fault
