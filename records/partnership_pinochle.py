"""Record format of Partnership Pinochle: rules block, deal, events, claims.

The rules block is a plain dataclass (``records.rules.partnership_pinochle``, no pydantic import)
so that the rules engine in ``replay.engines.partnership_pinochle`` can take it as it is;
pydantic validates it inside a record. Suits are the card letters ``C D H S``; seats 0 and 2
are one team (team 0), seats 1 and 3 the other (team 1).

A hand records what happened at the table, in order: the auction calls (or, where the source
kept only who won the auction and for how much, its result: ``auction_won``), the trump the bidder
names, the cards his partner passes him and those he passes back (``pass_cards``, none when the
rules pass no cards; their cards null where the source did not log them), each player's melds
(one ``meld`` event per seat under ``meld_declared = stated``), a throw-in by the bidding team if it concedes before the first lead, and the plays.
A claim is about a seat (a list of four) or a team (a list of two: team 0, then team 1).
"""

from __future__ import annotations

from typing import Annotated, Literal

from annotated_types import Ge, Le
from pydantic import Field, TypeAdapter

from records.base import HandBase, Player, RecordBase, Seat, Strict
from records.cards import PINOCHLE_48
from records.events import AuctionWon
from records.formats.text.grammar import (
    GameNotation,
    Item,
    LineAction,
)
from records.formats.text.words import (
    AUCTION_WON,
    PLAY,
    seat_and_cards,
    seat_and_melds,
    seat_and_suit,
    seat_only,
)
from records.limits import MAX_ACTIONS, MAX_HANDS, MAX_INT, Int
from records.messages import rules_with
from records.rules.partnership_pinochle import DEFAULT_RULES as DEFAULT_RULES
from records.rules.partnership_pinochle import PRESETS as PRESETS
from records.rules.partnership_pinochle import MeldKind as MeldKind
from records.rules.partnership_pinochle import PartnershipPinochleRules as PartnershipPinochleRules
from records.rules.partnership_pinochle import Suit as Suit

Team = Annotated[int, Ge(0), Le(1)]
"""A team: 0 (seats 0 and 2) or 1 (seats 1 and 3)."""


def preset(name: str, **overrides: object) -> PartnershipPinochleRules:
    """The rules of a named preset with some values changed (``records.messages.rules_with``:
    ``TypeError`` for a parameter the rules lack, ``ValueError`` for a value the format does not
    allow)."""
    rules: PartnershipPinochleRules = rules_with(
        PRESETS[name], _RULES, "partnership_pinochle", **overrides
    )
    return rules


_RULES: TypeAdapter[PartnershipPinochleRules] = TypeAdapter(PartnershipPinochleRules)


Card = Annotated[
    str,
    Field(
        pattern=PINOCHLE_48.pattern,
        description="A card: rank (9, J, Q, K, T for the ten, A) then suit (C, D, H, S), e.g. TS.",
    ),
]


class Deal(Strict):
    """The cards as dealt: a recorded fact that replay checks, never re-simulates."""

    hands: list[list[Card] | None]
    """Each seat's 12 cards, indexed by seat. A multiset: the deck holds two of every card and
    order does not matter. null for a seat whose cards the source did not know (a record
    written from one seat's view: the others' cards are known only as they are passed, melded
    and played); replay then checks what public information allows and leaves the rest
    unchecked (docs/partial.md, "Partnership Pinochle: a seat's view")."""


class Bid(Strict):
    """An auction call naming the points the seat's team undertakes to make."""

    type: Literal["bid"]
    seat: Seat
    points: Annotated[int, Ge(0), Le(MAX_INT)]
    """The bid: above the high bid by the step the rules give (``bid_step``, ``big_step``)."""


class Pass(Strict):
    """An auction call giving up the bidding for this hand; a pass is final."""

    type: Literal["pass"]
    seat: Seat


class NameTrump(Strict):
    """The bidder names trump, once, as the auction ends."""

    type: Literal["trump"]
    seat: Seat
    suit: Suit


class PassCards(Strict):
    """Cards passed face down to a partner: first by the bidder's partner to the bidder, then by
    the bidder back (``pass_cards`` of them each way)."""

    type: Literal["pass_cards"]
    seat: Seat
    """The seat passing the cards."""
    cards: list[Card] | None
    """The cards passed; they must be in the passer's hand. Null where the source did not log
    them (they go face down between partners, docs/partial.md): the hands of the bidder and his
    partner are then known only as their team's cards, and their melds and plays are judged on
    what the table can see."""


class MeldDeclaration(Strict):
    """One meld laid on the table, with the cards that make it."""

    meld: MeldKind
    """The meld's name in the meld table (docs/partnership_pinochle.md); a marriage in trumps is
    a ``royal_marriage``."""
    cards: list[Card]
    """Exactly the cards the meld needs, e.g. ``["QS", "JD"]`` for a pinochle."""


class Meld(Strict):
    """A player lays down his melds after the passing (``meld_declared = stated``): one event per
    seat, an empty list for a player who melds nothing."""

    type: Literal["meld"]
    seat: Seat
    melds: list[MeldDeclaration]


class ThrowIn(Strict):
    """The bidding team concedes before the first lead: it loses its bid (``throw_in``)."""

    type: Literal["throw_in"]
    seat: Seat
    """The bidder or his partner."""


class Play(Strict):
    """A card played to the current trick."""

    type: Literal["play"]
    seat: Seat
    card: Card


Action = Annotated[
    Bid | Pass | AuctionWon | NameTrump | PassCards | Meld | ThrowIn | Play,
    Field(discriminator="type"),
]

TeamValues = list[Int | None]
"""A value per team: team 0 (seats 0 and 2), then team 1 (seats 1 and 3)."""


class HandClaims(Strict):
    """What the source wrote down after the hand. All optional; replay never fills them in."""

    declarer: Seat | None = None
    """The seat that won the auction (the bidder)."""
    contract: Int | None = None
    """The winning bid."""
    player_meld: list[Int | None] | None = None
    """Each player's meld points, per seat, as melded after the passing (before any team loses
    its meld for taking nothing in play)."""
    team_meld: TeamValues | None = None
    """Each team's meld that counts: its players' meld, or 0 when ``save_meld`` takes it (a team
    that won no trick, or no counter)."""
    team_counters: TeamValues | None = None
    """Each team's card points: counters in the tricks it won and the last-trick points (0 each
    when the hand was thrown in)."""
    made: bool | None = None
    """Whether the bidding team made its bid (false when it threw the hand in)."""
    team_scores: TeamValues | None = None
    """Each team's score for the hand (negative: set)."""
    team_totals: TeamValues | None = None
    """Each team's running total after this hand."""
    tricks: list[Int | None] | None = None
    """Tricks each seat took in this hand, per seat."""


class Hand(HandBase):
    """One deal, from the deal to the score."""

    deal: Deal
    actions: Annotated[list[Action], Field(max_length=MAX_ACTIONS)]
    """Auction calls (or the auction's result, ``auction_won``), trump, the passing, melds, a
    throw-in and plays, in order."""
    claims: HandClaims | None = None


class GameClaims(Strict):
    """What the source wrote down about the whole game."""

    team_totals: TeamValues | None = None
    """Final totals per team."""
    winner: Team | None = None
    """The team that won the game (the first to reach the target; ``both_reach`` when both did
    in the same hand)."""


class PartnershipPinochleRecord(RecordBase):
    """One game of Partnership Pinochle: its rules, players and hands in order."""

    game: Literal["partnership_pinochle"]
    rules: PartnershipPinochleRules
    players: list[Player]
    """The four players; seats 0 and 2 are partners, as are 1 and 3."""
    hands: Annotated[list[Hand], Field(min_length=1, max_length=MAX_HANDS)]
    claims: GameClaims | None = None


# --- the text notation -----------------------------------------------------------------------

NOTATION = GameNotation(
    items=(
        Item("auction", "bid", "points", number=True),
        Item("auction", "pass", None, literal="pass"),
        PLAY,
    ),
    lines=(
        AUCTION_WON,
        LineAction("trump", "trump", *seat_and_suit("suit")),
        LineAction("pass_cards", "pass_cards", *seat_and_cards("cards", unknown=True)),
        LineAction("meld", "meld", *seat_and_melds("run, dix")),
        LineAction("throw_in", "throw_in", *seat_only()),
    ),
    hand_claims=HandClaims,
    record_claims=GameClaims,
    deal=Deal,
    presets=PRESETS,
    rules=PartnershipPinochleRules,
)
"""The words of this game in the text notation (``records.formats.text``)."""
