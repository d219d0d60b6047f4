"""Record format of three-handed Auction Pinochle: rules block, deal, events, claims.

The rules block is a plain dataclass (no pydantic import) so that the rules engine in
``replay/engines/pinochle.py`` can take it as it is; pydantic validates it inside a record.
Parameter names and values follow RULES.md §1.10; suits are the card letters ``C D H S``.

A hand records what happened at the table, in order: the auction calls, the declarer taking
(and showing) the widow, the trump named, the melds declared with the cards that make each one,
the three cards buried, the plays and any concession. Trump, melds and burial may be declared
again before the first lead; the last declaration stands (RULES.md §1.4, §5).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Annotated, Literal

from annotated_types import Ge, Le
from pydantic import ConfigDict, Field

from records.base import Extensions, Metadata, Player, Seat, Strict
from records.cards import PINOCHLE_48

Suit = Literal["C", "D", "H", "S"]
SitoutRule = Literal["dealer", "dealer_right", "dealer_and_second_left"]
NoBidRule = Literal["redeal", "eldest_forced", "last_forced"]
CardPoints = Literal["classic", "alt_a", "alt_b", "simplified"]
BuryRestrictions = Literal["meld_only", "no_trump", "no_trump_no_aces", "announce_trump"]
HeadRule = Literal["none", "trump_led", "always"]
BeteRule = Literal["hoyle", "symmetric", "scarne_spades"]
MeldKind = Literal[
    "flush",
    "royal_marriage",
    "marriage",
    "dix",
    "aces",
    "kings",
    "queens",
    "jacks",
    "pinochle",
    "double_flush",
    "double_aces",
    "double_kings",
    "double_queens",
    "double_jacks",
    "double_pinochle",
    "flush_extra_king",
    "flush_extra_queen",
    "flush_extra_marriage",
    "grand_pinochle",
    "round_house",
]


@dataclass(frozen=True, slots=True, kw_only=True)
class PinochleRules:
    """Every rule parameter of Auction Pinochle (RULES.md §1.10). A record states all of them."""

    __pydantic_config__ = ConfigDict(extra="forbid", use_attribute_docstrings=True)

    preset: str | None = None
    """Name of the preset these values started from (``default``, ``hoyle``, ...).
    Informative only: the values below are what the engine applies."""
    table_size: Literal[3, 4, 5]
    """Players seated at the table. Three always play; at a table of four the dealer sits out
    (original text), at five two players sit out. Seated players who sit out still pay and are
    paid."""
    sitout_rule: SitoutRule
    """Who sits out. ``dealer`` (original text; at a table of five the dealer and the player
    second to his left), ``dealer_right`` (table of four, Brooklyn: the dealer plays and the
    player on his right sits out), ``dealer_and_second_left`` (table of five)."""
    deal_pattern: Literal["3-W3-3-3-3-3", "4-W3-4-4-3"]
    """Packets of the deal: threes with the widow after the first round (original text), or
    4-(3)-4-4-3. Informative: a record holds the hands as dealt, not the packets."""
    min_bid: Annotated[int, Ge(10)]
    """The lowest bid (300 in the original text; 250 in some rule books)."""
    bid_step_rule: Literal["multiple_of_10", "exactly_plus_10"]
    """``multiple_of_10``: any higher multiple of 10 (jump bids allowed, RULES.md Q-PIN-2);
    ``exactly_plus_10``: the opening bid is ``min_bid`` and every later bid adds exactly 10."""
    no_bid_rule: NoBidRule
    """When nobody wants to bid. ``redeal``: if all three pass the hand is void and no chips
    move; ``eldest_forced``: the player on the dealer's left must open; ``last_forced``: after
    two passes the third player is declarer at ``min_bid`` (the literal original text)."""
    forbidden_bid_endings: tuple[Annotated[int, Ge(0), Le(90)], ...]
    """Bids whose last two digits are one of these may not be made (Brooklyn: 40 and 90)."""
    card_points: CardPoints
    """Points of the cards taken in tricks or buried. ``classic`` A 11, 10 10, K 4, Q 3, J 2;
    ``alt_a`` A and 10 10, K and Q 5; ``alt_b`` A, 10 and K 10; ``simplified`` A, 10, K 1 with
    all meld values divided by ten (``last_trick_bonus`` then 1)."""
    last_trick_bonus: int
    """Points for the declarer when he wins the last trick (10)."""
    meld_values: Literal["classic"]
    """The meld table (RULES.md §1.4): flush 150, royal marriage 40, marriage 20, dix 10, aces
    100, kings 80, queens 60, jacks 40, pinochle 40."""
    dix_class: Literal["A", "special"]
    """The class of the dix for the card-reuse rule: ``A`` with the sequences (original text:
    "first class") or a class of its own. The result is the same; kept for fidelity."""
    double_meld_values: Literal["additive", "bonus"]
    """``additive``: two identical melds score twice the value; ``bonus``: a meld held twice
    may be declared as its double (double pinochle 300, double aces 1000, kings 800, queens
    600, jacks 400, double flush 1500) in place of the two single melds."""
    flush_extra_marriage: bool
    """Allow a flush with the second trump King or Queen (190) or both (230) as one meld."""
    grand_pinochle_60: bool
    """Allow the grand pinochle K♠ Q♠ J♦ for 60."""
    round_house_bonus: bool
    """Allow the round house (King and Queen of every suit) as one meld for 250."""
    bury_restrictions: BuryRestrictions
    """Which cards may be buried. ``meld_only``: anything, but a card of a scored meld loses
    the hand; ``no_trump`` / ``no_trump_no_aces``: no trumps (nor aces) unless the hand has
    fewer than three other cards; ``announce_trump``: trumps only if announced."""
    first_lead: Literal["any", "trump"]
    """``trump``: the declarer must lead a trump to the first trick if he holds one."""
    head_rule: HeadRule
    """Whether a player must beat the card winning the trick. ``none`` (original text,
    repaired: RULES.md Q-PIN-3); ``trump_led``: only when trump is led; ``always``: whenever
    able, and a void player must overtrump (pre-1945 rules)."""
    must_overtrump: bool
    """A player who trumps must beat a trump already in the trick if able."""
    meld_requires_trick: bool
    """The declarer's meld counts only if he wins at least one trick (other versions)."""
    allow_declarer_concede: bool
    """The declarer may concede before the first lead and pay a single bete."""
    allow_opponent_concede: bool
    """An opponent may concede the hand to the declarer, who is paid as if he had made it."""
    throw_in_at_min_without_widow: bool
    """A declarer at the minimum bid may throw the hand in before taking the widow, paying only
    the kitty."""
    payment_table: dict[int, int]
    """Chips paid per player by bid bracket: the key is the bracket's lowest bid, the value the
    chips (300: 3, 350: 5, 400: 10, 450: 15, 500: 20, 550: 25, 600: 30)."""
    trump_multiplier: dict[Suit, int]
    """Factor on the payment when that suit is trump (original text: spades double)."""
    bete_rule: BeteRule
    """What a failed declarer pays each payee. ``hoyle``: once the table amount after
    conceding, twice after playing and losing; ``symmetric``: once in either case;
    ``scarne_spades``: as ``hoyle`` but a concession pays no trump multiplier."""
    kitty: bool
    """Keep a kitty: a pool that pays and is paid like one more player for bids of at least
    ``kitty_threshold``, and receives the table amount on every concession."""
    kitty_threshold: int
    """The lowest bid for which the kitty pays and is paid (350)."""


DEFAULT_PAYMENT_TABLE = {300: 3, 350: 5, 400: 10, 450: 15, 500: 20, 550: 25, 600: 30}
"""Chips per payee by bid bracket (original text, "Di solito: a) 300-340 tre fiches ...")."""

DEFAULT_RULES = PinochleRules(
    preset="default",
    table_size=4,
    sitout_rule="dealer",
    deal_pattern="3-W3-3-3-3-3",
    min_bid=300,
    bid_step_rule="multiple_of_10",
    no_bid_rule="redeal",
    forbidden_bid_endings=(),
    card_points="classic",
    last_trick_bonus=10,
    meld_values="classic",
    dix_class="A",
    double_meld_values="additive",
    flush_extra_marriage=False,
    grand_pinochle_60=False,
    round_house_bonus=False,
    bury_restrictions="meld_only",
    first_lead="any",
    head_rule="none",
    must_overtrump=False,
    meld_requires_trick=False,
    allow_declarer_concede=True,
    allow_opponent_concede=True,
    throw_in_at_min_without_widow=False,
    payment_table=DEFAULT_PAYMENT_TABLE,
    trump_multiplier={"S": 2},
    bete_rule="hoyle",
    kitty=False,
    kitty_threshold=350,
)
"""The original text's rules with RULES.md §1.11's recommended readings."""

PRESETS: dict[str, PinochleRules] = {
    "default": DEFAULT_RULES,
    "three": dataclasses.replace(DEFAULT_RULES, preset="three", table_size=3),
    "hoyle": dataclasses.replace(
        DEFAULT_RULES,
        preset="hoyle",
        no_bid_rule="eldest_forced",
        trump_multiplier={"S": 2, "H": 3},
        kitty=True,
    ),
    "brooklyn": dataclasses.replace(
        DEFAULT_RULES,
        preset="brooklyn",
        sitout_rule="dealer_right",
        forbidden_bid_endings=(40, 90),
    ),
    "pre1945": dataclasses.replace(
        DEFAULT_RULES, preset="pre1945", head_rule="always", must_overtrump=True
    ),
    "bonus": dataclasses.replace(
        DEFAULT_RULES,
        preset="bonus",
        double_meld_values="bonus",
        flush_extra_marriage=True,
        grand_pinochle_60=True,
        round_house_bonus=True,
    ),
}
"""Named bundles of rule values: ``three`` (three at the table, nobody sits out), ``hoyle``
(eldest opens, hearts triple, kitty), ``brooklyn`` (dealer's right sits out, no bids ending in
40 or 90), ``pre1945`` (head the trick, overtrump), ``bonus`` (the "by agreement" melds)."""


def preset(name: str, **overrides: object) -> PinochleRules:
    """The rules of a named preset with some values changed."""
    return dataclasses.replace(PRESETS[name], **overrides)  # type: ignore[arg-type]


Card = Annotated[
    str,
    Field(
        pattern=PINOCHLE_48.pattern,
        description="A card: rank (9, J, Q, K, T for the ten, A) then suit (C, D, H, S), e.g. TS.",
    ),
]


class Deal(Strict):
    """The cards as dealt: a recorded fact that replay checks, never re-simulates."""

    hands: list[list[Card]]
    """Each seat's cards, indexed by seat: 15 for each of the three players, none for a seat
    that sits out. A multiset: the deck holds two of every card and order does not matter."""
    widow: list[Card]
    """The three cards dealt face down to the widow."""


class Bid(Strict):
    """An auction call naming the points the seat undertakes to make."""

    type: Literal["bid"]
    seat: Seat
    points: Annotated[int, Ge(0)]
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
    """The meld's name in the meld table (RULES.md §1.4); a marriage in trumps is a
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
    Bid | Pass | TakeWidow | NameTrump | Meld | Bury | Play | Concede,
    Field(discriminator="type"),
]


class HandClaims(Strict):
    """What the source wrote down after the hand. All optional; replay never fills them in."""

    declarer: Seat | None = None
    """The seat that won the auction."""
    contract: int | None = None
    """The winning bid."""
    meld: int | None = None
    """The declarer's scored meld points."""
    counters: int | None = None
    """The declarer's card points: counters in his tricks, counters buried and the last-trick
    bonus if he won the last trick."""
    made: bool | None = None
    """Whether the declarer made his contract (true when the opponents conceded)."""
    chips: list[int | None] | None = None
    """Chips won (positive) or paid (negative) in this hand, per seat, sitting-out seats
    included."""
    kitty: int | None = None
    """Chips the kitty received (positive) or paid (negative) in this hand."""
    totals: list[int | None] | None = None
    """Running chip totals per seat after this hand."""


class Hand(Strict):
    """One deal, from the deal to the settlement."""

    number: Annotated[int, Ge(1)]
    """Position of the deal in the sitting, from 1."""
    dealer: Seat
    deal: Deal
    actions: list[Action]
    """Auction calls, widow, trump, melds, burial, plays and any concession, in order."""
    claims: HandClaims | None = None
    extensions: Extensions = None


class SittingClaims(Strict):
    """What the source wrote down about the whole sitting."""

    totals: list[int | None] | None = None
    """Final chip totals per seat."""
    kitty: int | None = None
    """The kitty's balance at the end of the sitting."""


class PinochleRecord(Strict):
    """One table's sitting of Auction Pinochle: its rules, players and hands in order."""

    format_version: Literal[1]
    """Version of the tricklog record format."""
    game: Literal["pinochle"]
    id: str
    """Identifier of this sitting, unique within its archive."""
    rules: PinochleRules
    players: list[Player]
    """Everyone seated, sitting-out seats included (``table_size`` players)."""
    meta: Metadata | None = None
    hands: Annotated[list[Hand], Field(min_length=1)]
    claims: SittingClaims | None = None
    extensions: Extensions = None
    """Free-form data of the source system (e.g. a note on what a fixture shows)."""
