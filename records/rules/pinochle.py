"""The rules block of Auction Pinochle (docs/pinochle.md): every
parameter, the defaults and the presets.

A plain dataclass, with no pydantic import, so that the rules engine can take it as it is;
pydantic validates it inside a record (``records.pinochle``), reading the configuration below.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Annotated, Literal

from annotated_types import Ge, Le

from records.cards import PINOCHLE_48
from records.games import GameFormat
from records.limits import MAX_INT, Int, Text
from records.rules.common import DealerOrder
from records.strict_json import StrictJson

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
    """Every rule parameter of Auction Pinochle (docs/pinochle.md). A record states all of them."""

    # Strict like the record models (and the msgspec decoder, records/structs.py): no "4" for 4.
    # An instance given to a record or to preset() is checked again, field by field.
    __pydantic_config__ = {  # noqa: RUF012
        "extra": "forbid",
        "strict": True,
        "revalidate_instances": "always",
        "use_attribute_docstrings": True,
    }

    preset: Text | None = None
    """Name of the preset these values started from (``default``, ``hoyle``, ...).
    Informative only: the values below are what the engine applies."""
    table_size: Annotated[Literal[3, 4, 5], StrictJson()]
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
    min_bid: Annotated[int, Ge(10), Le(MAX_INT)]
    """The lowest bid (300 in the original text; 250 in some rule books)."""
    bid_step_rule: Literal["multiple_of_10", "exactly_plus_10"]
    """``multiple_of_10``: any higher multiple of 10 (jump bids allowed);
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
    last_trick_bonus: Int
    """Points for the declarer when he wins the last trick (10)."""
    meld_values: Literal["classic"]
    """The meld table: flush 150, royal marriage 40, marriage 20, dix 10, aces
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
    """Allow the grand pinochle KS QS JD for 60."""
    round_house_bonus: bool
    """Allow the round house (King and Queen of every suit) as one meld for 250."""
    bury_restrictions: BuryRestrictions
    """Which cards may be buried. ``meld_only``: anything, but a card of a scored meld loses
    the hand; ``no_trump`` / ``no_trump_no_aces``: no trumps (nor aces) unless the hand has
    fewer than three other cards; ``announce_trump``: trumps only if announced."""
    first_lead: Literal["any", "trump"]
    """``trump``: the declarer must lead a trump to the first trick if he holds one."""
    head_rule: HeadRule
    """Whether a player must beat the card winning the trick. ``none`` (the original text, whose
    garbled sentence on it is read this way); ``trump_led``: only when trump is led;
    ``always``: whenever able, and a void player must overtrump (pre-1945 rules)."""
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
    payment_table: Annotated[dict[int, Int], StrictJson()]
    """Chips paid per player by bid bracket: the key is the bracket's lowest bid, the value the
    chips (300: 3, 350: 5, 400: 10, 450: 15, 500: 20, 550: 25, 600: 30)."""
    trump_multiplier: dict[Suit, Int]
    """Factor on the payment when that suit is trump (original text: spades double)."""
    bete_rule: BeteRule
    """What a failed declarer pays each payee. ``hoyle``: once the table amount after
    conceding, twice after playing and losing; ``symmetric``: once in either case;
    ``scarne_spades``: as ``hoyle`` but a concession pays no trump multiplier."""
    kitty: bool
    """Keep a kitty: a pool that pays and is paid like one more player for bids of at least
    ``kitty_threshold``, and receives the table amount on every concession."""
    kitty_threshold: Int
    """The lowest bid for which the kitty pays and is paid (350)."""
    dealer_order: DealerOrder = "rotation"
    """Who deals each hand: ``rotation``, the deal passes one seat to the left (clockwise)
    per hand (the original text); ``as_recorded``, whoever the record names (a log whose
    program picked its dealers by a rule of its own); or the seats themselves, one per hand by
    hand number (``[0, 3, 2]``: seat 0 deals hand 1, seat 3 hand 2 ...)."""


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
"""The original text's rules with the readings of docs/pinochle.md."""

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


PRESET_NOTES: dict[str, str] = {
    "default": "the Italian original text, with tricklog's readings where it is cut off or "
    "unclear: a table of four where the dealer sits out, no duty to head or overtrump",
    "three": "the default at a table of three: nobody sits out",
    "hoyle": "the eldest hand must open, hearts pay triple, a kitty",
    "brooklyn": "the player at the dealer's right sits out, no bids ending in 40 or 90",
    "pre1945": "every player must beat the trick when able, and overtrump",
    "bonus": "the melds played by agreement: double melds, flushes with an extra marriage, "
    "grand pinochle, round house",
}
"""One line per preset: where its values come from, and what sets it apart (``tricklog
rules``, the docs page)."""

FORMAT = GameFormat(
    id="pinochle",
    deck=PINOCHLE_48,
    rules=PinochleRules,
    presets=PRESETS,
    preset_notes=PRESET_NOTES,
    seats_parameter="table_size",
    model_module="records.pinochle",
    record_name="PinochleRecord",
)
"""The format half of Auction Pinochle (three-handed) (``records.games``)."""
