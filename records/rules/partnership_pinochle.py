"""The rules block of Partnership Pinochle (docs/partnership_pinochle.md): every parameter, the
defaults and the presets.

The defaults follow the partnership auction pinochle of pagat.com ("Partnership Auction
Pinochle", John McLeod) and Hoyle's four-handed auction game with a pass: four players, partners
opposite, 12 cards each and no widow; an auction from the dealer's left at a minimum of 250 in
steps of 10, a pass final, the dealer stuck at the minimum when all four pass; the bidder names
trump, his partner passes him four cards and he passes four back; the single-pinochle meld table
with the doubles in place of two singles; the counters ace, ten and king 10 each and 10 for the
last trick (250 in all); a bidding team that makes its bid scores what it took, a team that fails
loses the bid; the game to 1500, the bidders winning when both teams reach it in one hand.

The duties of play are the shared trick core's (``records.tricks.FollowRules``): follow suit,
trump when void, and as ``head_rule`` says:

* ``head``: beat the card winning the trick with the suit led, while no trump is winning it (the
  core's ``must_head``);
* ``head_when_trumped``: as ``head``, and in a trick a trump is winning still play above the
  highest card of the suit led (``must_head`` with ``head_when_trumped``; some online programs);
* ``always``: "head always", read as beating the trick whenever able: heading while no trump is
  winning, and, void in the suit led, trumping above a trump already in the trick (``must_head``
  with ``must_overtrump``, whatever ``must_overtrump`` says); a follower of a trick a trump is
  winning has no duty beyond following suit, as under ``head``;
* ``never``: follow suit and trump when void, nothing more.

A plain dataclass, with no pydantic import, so that the rules engine can take it as it is;
pydantic validates it inside a record (``records.partnership_pinochle``).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Annotated, Literal

from annotated_types import Ge, Le

from records.cards import PINOCHLE_48
from records.games import GameFormat
from records.limits import MAX_INT, Text
from records.rules.common import DealerOrder
from records.strict_json import StrictJson

Suit = Literal["C", "D", "H", "S"]
HeadRule = Literal["head", "head_when_trumped", "always", "never"]
CounterRule = Literal["aces_tens_kings", "classic", "one_point"]
AllPassRule = Literal["dealer_stuck", "redeal"]
MadeScore = Literal["taken", "bid"]
SaveMeld = Literal["always", "trick", "counter"]
ThrowIn = Literal["defenders_meld", "defenders_nothing", "not_allowed"]
BothReach = Literal["bidders", "higher"]
MeldDeclared = Literal["stated", "automatic"]
MeldKind = Literal[
    "run",
    "royal_marriage",
    "marriage",
    "dix",
    "pinochle",
    "aces",
    "kings",
    "queens",
    "jacks",
    "double_run",
    "double_pinochle",
    "double_aces",
    "double_kings",
    "double_queens",
    "double_jacks",
]
"""The melds of the single-pinochle table, a double (``double_run`` ...) in place of two."""
Points = Annotated[int, Ge(1), Le(MAX_INT)]


@dataclass(frozen=True, slots=True, kw_only=True)
class PartnershipPinochleRules:
    """Every rule parameter of Partnership Pinochle (docs/partnership_pinochle.md). A record
    states all of them."""

    # Strict like the record models (and the msgspec decoder, records/structs.py): no "4" for 4.
    # An instance given to a record or to preset() is checked again, field by field.
    __pydantic_config__ = {  # noqa: RUF012
        "extra": "forbid",
        "strict": True,
        "revalidate_instances": "always",
        "use_attribute_docstrings": True,
    }

    preset: Text | None = None
    """Name of the preset these values started from (``default``, ``pass3``, ...).
    Informative only: the values below are what the engine applies."""
    players: Annotated[Literal[4], StrictJson()]
    """Players at the table: always four, partners opposite (seats 0 and 2 against 1 and 3)."""
    deal_packet: Annotated[Literal[3, 4], StrictJson()]
    """Cards in each packet of the deal, clockwise from the dealer's left (3 or 4; 12 cards each
    in all). Informative: a record holds the hands as dealt, not the packets."""
    min_bid: Points
    """The lowest bid (250; 300 and 200 are common)."""
    bid_step: Points
    """What each bid rises by at least: a bid is the minimum plus a multiple of this (10)."""
    big_step_from: Points | None
    """From this bid on, bids rise by ``big_step`` instead (None: ``bid_step`` throughout; the
    variant: 10 up to 500, 50 above)."""
    big_step: Points
    """The step at and above ``big_step_from`` (50); unused when that is None."""
    all_pass: AllPassRule
    """When all four pass: ``dealer_stuck`` (the dealer is the bidder at the minimum; pagat's
    usual rule) or ``redeal`` (the hand is void and the deal passes on)."""
    pass_cards: Annotated[Literal[0, 3, 4], StrictJson()]
    """Cards the bidder's partner passes him face down after trump is named, and he passes back
    (4; 3 in some circles; 0: no passing)."""
    meld_declared: MeldDeclared
    """``stated``: the record states each player's melds (a ``meld`` event per seat), which are
    checked (cards held, melds of the table, no card twice in one kind) and score as stated;
    ``automatic``: no meld events, each hand's best meld after the passing is worked out (as a
    program scores it) and scores."""
    head_rule: HeadRule
    """The duty to beat the trick (the module docstring): ``head``, ``head_when_trumped``,
    ``always`` or ``never``."""
    must_overtrump: bool
    """A player void in the suit led who trumps must beat a trump already in the trick if able
    (implied by ``head_rule = always``)."""
    counters: CounterRule
    """Points of the cards won in tricks: ``aces_tens_kings`` A, 10 and K 10 each, last trick 10
    (250 in all); ``classic`` A 11, 10 10, K 4, Q 3, J 2, last trick 10 (250); ``one_point`` A,
    10 and K 1 each, last trick 1 (25), the meld table divided by ten."""
    made_score: MadeScore
    """What a bidding team that makes its bid scores: ``taken`` (its meld and counters) or
    ``bid`` (the bid only)."""
    save_meld: SaveMeld
    """What a team must win in play for its meld to count: ``always`` (nothing: the meld always
    counts), ``trick`` (a trick), ``counter`` (a counter, or the last trick's points)."""
    throw_in: ThrowIn
    """Whether the bidding team may concede before the first lead, having seen the meld, and
    what follows: it loses its bid, and the defenders score their meld (``defenders_meld``) or
    nothing (``defenders_nothing``); ``not_allowed``: the hand must be played."""
    target: Points
    """The game ends after the hand in which a team reaches this total (1500; 1000 and 2000 are
    common)."""
    both_reach: BothReach
    """When both teams reach the target in the same hand: ``bidders`` (the bidding team wins)
    or ``higher`` (the higher total wins; the bidders on a tie)."""
    dealer_order: DealerOrder = "rotation"
    """Who deals each hand: ``rotation``, the deal passes one seat to the left (clockwise) per
    hand (pagat.com); ``as_recorded``, whoever the record names (a log whose program picked its
    dealers by a rule of its own); or the seats themselves, one per hand by hand number
    (``[0, 3, 2]``: seat 0 deals hand 1, seat 3 hand 2 ...)."""


DEFAULT_RULES = PartnershipPinochleRules(
    preset="default",
    players=4,
    deal_packet=3,
    min_bid=250,
    bid_step=10,
    big_step_from=None,
    big_step=50,
    all_pass="dealer_stuck",
    pass_cards=4,
    meld_declared="stated",
    head_rule="head",
    must_overtrump=True,
    counters="aces_tens_kings",
    made_score="taken",
    save_meld="always",
    throw_in="defenders_meld",
    target=1500,
    both_reach="bidders",
)
"""pagat.com's partnership auction pinochle with a pass of four (the module docstring)."""

PRESETS: dict[str, PartnershipPinochleRules] = {
    "default": DEFAULT_RULES,
    "pass3": dataclasses.replace(DEFAULT_RULES, preset="pass3", pass_cards=3, min_bid=200),
    "no_pass": dataclasses.replace(
        DEFAULT_RULES,
        preset="no_pass",
        pass_cards=0,
        min_bid=200,
        all_pass="redeal",
        save_meld="trick",
        throw_in="not_allowed",
    ),
    "one_point": dataclasses.replace(
        DEFAULT_RULES,
        preset="one_point",
        counters="one_point",
        min_bid=25,
        bid_step=1,
        target=150,
    ),
    "online": dataclasses.replace(
        DEFAULT_RULES,
        preset="online",
        min_bid=300,
        meld_declared="automatic",
        head_rule="head_when_trumped",
        save_meld="trick",
        both_reach="higher",
    ),
    "big_steps": dataclasses.replace(
        DEFAULT_RULES,
        preset="big_steps",
        big_step_from=500,
        counters="classic",
        made_score="bid",
        target=2000,
    ),
}
"""Named bundles of rule values (``PRESET_NOTES`` says what sets each apart)."""

PRESET_NOTES: dict[str, str] = {
    "default": "pagat.com's partnership auction pinochle: minimum 250 in tens, a pass of four "
    "each way, counters A/10/K 10 each, game to 1500",
    "pass3": "a pass of three each way, bidding from 200",
    "no_pass": "no passing, bidding from 200, a redeal when all pass, a team must win a trick "
    "to save its meld, no throwing in",
    "one_point": "A, 10 and K count 1 each and the meld table is divided by ten: bids from 25 "
    "in ones, game to 150",
    "online": "as online programs play it: bids from 300, meld worked out from the hands, "
    "heading even a trumped trick, meld saved by a trick, the higher total wins a tie",
    "big_steps": "bids rise by 10 up to 500 and by 50 above, classic counters 11/10/4/3/2, a "
    "made bid scores only the bid, game to 2000",
}
"""One line per preset: where its values come from, and what sets it apart (``tricklog
rules``, the docs page)."""

FORMAT = GameFormat(
    id="partnership_pinochle",
    deck=PINOCHLE_48,
    rules=PartnershipPinochleRules,
    presets=PRESETS,
    preset_notes=PRESET_NOTES,
    seats_parameter="players",
    model_module="records.partnership_pinochle",
    record_name="PartnershipPinochleRecord",
    raises=(
        "bid.out-of-turn",
        "bid.after-pass",
        "bid.after-auction",
        "bid.below-minimum",
        "bid.not-higher",
        "bid.step",
        "auction.after-calls",
        "trump.not-declarer",
        "meld.wrong-cards",
        "meld.cards-not-held",
        "meld.reused-card",
        "play.must-overtrump",
        "play.must-head",
        "play.out-of-phase",
        "tricks.mismatch",
        "declarer.mismatch",
        "contract.mismatch",
        "made.mismatch",
    ),
)
"""The format half of Partnership Pinochle (``records.games``)."""
