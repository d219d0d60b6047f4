"""Record format of three-handed Auction Pinochle: rules block, deal, events, claims.

The rules block is a plain dataclass (no pydantic import) so that the rules engine in
``replay.engines.pinochle`` can take it as it is; pydantic validates it inside a record.
Parameter names and values follow docs/pinochle.md; suits are the card letters
``C D H S``.

A hand records what happened at the table, in order: the auction calls (or, where the source
kept only who won the auction and for how much, its result: ``auction_won``), the declarer taking
(and showing) the widow, the trump named, the melds declared with the cards that make each one,
the three cards buried, the plays and any concession. Trump, melds and burial may be declared
again before the first lead; the last declaration stands (docs/pinochle.md).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from annotated_types import Ge, Le
from pydantic import Field, TypeAdapter

from records.base import HandBase, Player, RecordBase, Seat, Strict
from records.cards import PINOCHLE_48
from records.events import AuctionWon
from records.formats.text.grammar import (
    Cursor,
    GameNotation,
    Item,
    LineAction,
)
from records.formats.text.words import (
    AUCTION_WON,
    PLAY,
    cards_words,
    seat_and_cards,
    seat_and_melds,
    seat_and_suit,
    seat_only,
    seat_words,
)
from records.limits import MAX_ACTIONS, MAX_HANDS, MAX_INT, Int
from records.messages import rules_with
from records.rules.pinochle import DEFAULT_PAYMENT_TABLE as DEFAULT_PAYMENT_TABLE
from records.rules.pinochle import DEFAULT_RULES as DEFAULT_RULES
from records.rules.pinochle import PRESETS as PRESETS
from records.rules.pinochle import MeldKind as MeldKind
from records.rules.pinochle import PinochleRules as PinochleRules
from records.rules.pinochle import Suit as Suit


def preset(name: str, **overrides: object) -> PinochleRules:
    """The rules of a named preset with some values changed.

    Raises ``TypeError`` for a parameter the rules do not have and ``ValueError`` for values the
    format does not allow, each in words (``records.messages.rules_with``). The values are
    checked as strictly as in a record: a list for ``forbidden_bid_endings`` is an error, not a
    tuple.
    """
    rules: PinochleRules = rules_with(PRESETS[name], _RULES, "pinochle", **overrides)
    return rules


_RULES: TypeAdapter[PinochleRules] = TypeAdapter(PinochleRules)


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
    """Each seat's cards, indexed by seat: 15 for each of the three players, none for a seat
    that sits out. A multiset: the deck holds two of every card and order does not matter.
    null for a seat whose cards the source did not know (a record written from one seat's
    view: the others' cards are known only as they are played); replay then checks what
    public information allows and leaves the rest unchecked (docs/partial.md, "Auction
    Pinochle: a seat's view")."""
    widow: list[Card]
    """The three cards dealt face down to the widow; always known, even in a seat's view: the
    declarer shows it when he takes it."""


class Bid(Strict):
    """An auction call naming the points the seat undertakes to make."""

    type: Literal["bid"]
    seat: Seat
    points: Annotated[int, Ge(0), Le(MAX_INT)]
    """The bid, a multiple of 10 above the current high bid."""


class Pass(Strict):
    """An auction call giving up the bidding for this hand; a pass is final."""

    type: Literal["pass"]
    seat: Seat


class TakeWidow(Strict):
    """The declarer turns up the widow, shows it and adds it to his hand."""

    type: Literal["widow"]
    seat: Seat
    cards: list[Card]
    """The cards shown; they must be the widow as dealt."""


class NameTrump(Strict):
    """The declarer names trump. Naming a different suit again before the first lead voids the
    melds declared so far."""

    type: Literal["trump"]
    seat: Seat
    suit: Suit


class MeldDeclaration(Strict):
    """One meld laid on the table, with the cards that make it."""

    meld: MeldKind
    """The meld's name in the meld table (docs/pinochle.md); a marriage in trumps is a
    ``royal_marriage``."""
    cards: list[Card]
    """Exactly the cards the meld needs, e.g. ``["QS", "JD"]`` for a pinochle."""


class Meld(Strict):
    """The declarer lays down his melds. A later ``meld`` event replaces the whole list."""

    type: Literal["meld"]
    seat: Seat
    melds: list[MeldDeclaration]
    """Every meld declared; only these score (the dix too)."""


class Bury(Strict):
    """The declarer discards three cards face down; their counters are his. A later ``bury``
    event before the first lead replaces this one."""

    type: Literal["bury"]
    seat: Seat
    cards: list[Card]
    """The three cards buried."""
    announced: bool = False
    """The declarer announced that he buries trump (``announce_trump`` rule)."""


class Play(Strict):
    """A card played to the current trick."""

    type: Literal["play"]
    seat: Seat
    card: Card


class Concede(Strict):
    """The hand ends by agreement. By the declarer: he gives up (before the first lead a single
    bete; after it, played and lost). By an opponent: the declarer is paid as if he had made
    his contract."""

    type: Literal["concede"]
    seat: Seat


Action = Annotated[
    Bid | Pass | AuctionWon | TakeWidow | NameTrump | Meld | Bury | Play | Concede,
    Field(discriminator="type"),
]


Outcome = Literal["void", "made", "opponent_conceded", "single_bete", "double_bete", "thrown_in"]
"""How a hand ended, in the words of the rule books (docs/pinochle.md, concessions and
settlement)."""


class MeldClaim(Strict):
    """One meld as a score sheet lists it: its name and what it is worth."""

    meld: MeldKind
    """The meld's name in the meld table, as in the ``meld`` event."""
    points: Int
    """Its value in the meld table under the record's rules (``card_points = simplified``
    divides it by ten; ``double_meld_values = bonus`` gives the doubles their own values)."""


class HandClaims(Strict):
    """What the source wrote down after the hand. All optional; replay never fills them in."""

    declarer: Seat | None = None
    """The seat that won the auction."""
    contract: Int | None = None
    """The winning bid."""
    meld: Int | None = None
    """The declarer's scored meld points: the sum of his melds, or 0 under
    ``meld_requires_trick`` when he played the hand out without taking a trick."""
    counters: Int | None = None
    """The declarer's card points: counters in his tricks, counters buried and the last-trick
    bonus if he won the last trick."""
    made: bool | None = None
    """Whether the declarer made his contract (true when the opponents conceded)."""
    chips: list[Int | None] | None = None
    """Chips won (positive) or paid (negative) in this hand, per seat, sitting-out seats
    included."""
    kitty: Int | None = None
    """Chips the kitty received (positive) or paid (negative) in this hand."""
    totals: list[Int | None] | None = None
    """Running chip totals per seat after this hand."""
    tricks: list[Int | None] | None = None
    """Tricks each seat took in this hand, per seat (0 for a seat that sits out, and for every
    seat when the hand ended before the first lead)."""
    melds: list[list[MeldClaim] | None] | None = None
    """Each seat's melds, per seat: the melds that stand when the hand ends (the last ``meld``
    event, unless trump changed after it), in any order, each with its table value; an empty
    list for a seat that did not meld (only the declarer melds). The values are listed even where they do not score
    (``meld_requires_trick``); ``meld`` is what scored."""
    opponents_counters: Int | None = None
    """The defenders' card points together: counters in the tricks the two opponents took and
    the last-trick bonus if one of them won the last trick. With the declarer's ``counters``
    they make 250 (25 under ``card_points = simplified``); only for a hand played out."""
    declarer_points: Int | None = None
    """The declarer's count against his contract: ``meld`` plus ``counters`` (docs/pinochle.md,
    the count); only for a hand played out."""
    outcome: Outcome | None = None
    """How the hand ended: ``made`` (the count reached the contract), ``opponent_conceded``
    (an opponent conceded; paid as made), ``single_bete`` (the declarer conceded before the
    first lead), ``double_bete`` (played and lost: short of the contract, conceded after the
    first lead, or a scored meld card buried), ``thrown_in`` (thrown in at the minimum
    without taking the widow, ``throw_in_at_min_without_widow``) or ``void`` (everybody
    passed)."""


class Hand(HandBase):
    """One deal, from the deal to the settlement."""

    deal: Deal
    actions: Annotated[list[Action], Field(max_length=MAX_ACTIONS)]
    """Auction calls (or the auction's result, ``auction_won``), widow, trump, melds, burial,
    plays and any concession, in order."""
    claims: HandClaims | None = None


class SittingClaims(Strict):
    """What the source wrote down about the whole sitting."""

    totals: list[Int | None] | None = None
    """Final chip totals per seat."""
    kitty: Int | None = None
    """The kitty's balance at the end of the sitting."""


class PinochleRecord(RecordBase):
    """One table's sitting of Auction Pinochle: its rules, players and hands in order."""

    game: Literal["pinochle"]
    rules: PinochleRules
    players: list[Player]
    """Everyone seated, sitting-out seats included (``table_size`` players)."""
    hands: Annotated[list[Hand], Field(min_length=1, max_length=MAX_HANDS)]
    claims: SittingClaims | None = None


# --- the text notation -----------------------------------------------------------------------


def _write_bury(action: dict[str, Any]) -> list[str] | None:
    seat, cards = seat_words(action), cards_words(action.pop("cards", None))
    announced = action.pop("announced", False)
    if seat is None or cards is None or not isinstance(announced, bool):
        return None
    return seat + cards + (["announced"] if announced else [])


def _read_bury(cursor: Cursor) -> dict[str, Any]:
    seat = cursor.seat()
    cards = cursor.cards(("cards",), stop=("announced",))
    if cursor.more():
        cursor.places[("announced",)] = cursor.take("announced")
        cursor.end()
        return {"seat": seat, "cards": cards, "announced": True}
    return {"seat": seat, "cards": cards}


NOTATION = GameNotation(
    items=(
        Item("auction", "bid", "points", number=True),
        Item("auction", "pass", None, literal="pass"),
        PLAY,
    ),
    lines=(
        AUCTION_WON,
        LineAction("widow", "widow", *seat_and_cards("cards")),
        LineAction("trump", "trump", *seat_and_suit("suit")),
        LineAction("meld", "meld", *seat_and_melds("flush, dix")),
        LineAction("bury", "bury", _write_bury, _read_bury),
        LineAction("concede", "concede", *seat_only()),
    ),
    hand_claims=HandClaims,
    record_claims=SittingClaims,
    deal=Deal,
    presets=PRESETS,
    rules=PinochleRules,
)
"""The words of this game in the text notation (``records.formats.text``)."""
