"""The rules block of Oh Hell (docs/oh_hell.md): every parameter, the
defaults and the presets.

A plain dataclass, with no pydantic import, so that the rules engine can take it as it is;
pydantic validates it inside a record (``records.oh_hell``), reading the configuration below.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Annotated, Literal

from annotated_types import Ge, Le, MinLen

from records.cards import FRENCH_52
from records.games import GameFormat
from records.limits import MAX_INT, Int, Text
from records.rules.common import DealerOrder
from records.strict_json import StrictJson

HandSizes = Literal[
    "ascending_to_max",
    "descending",
    "up_and_down",
    "down_and_up",
    "single",
    "hoyle_table",
    "down_ones_up",
]
MAX_DECKS = 4
"""The most 52-card decks a table may shuffle together."""
MAX_CARDS = 52 * MAX_DECKS // 3
"""The largest deal any table can have (three players, every deck dealt)."""
HandSize = Annotated[int, Ge(1), Le(MAX_CARDS)]
ExplicitSizes = Annotated[tuple[HandSize, ...], MinLen(1)]
NoTrumpRule = Literal[
    "stock_empty", "last_deal_always", "largest_deals", "dealer_last_card", "cap_hand_size"
]
MissScore = Literal["zero", "tricks", "minus_diff", "minus_triangular"]
NilScore = Literal[10, 5, "5_plus_h"]
Team = Annotated[tuple[Annotated[int, Ge(0), Le(9)], ...], MinLen(1)]


@dataclass(frozen=True, slots=True, kw_only=True)
class OhHellRules:
    """Every rule parameter of Oh Hell (docs/oh_hell.md). A record states all of them."""

    # Strict like the record models (and the msgspec decoder, records/structs.py): no "4" for 4.
    # An instance given to a record or to preset() is checked again, field by field.
    __pydantic_config__ = {  # noqa: RUF012
        "extra": "forbid",
        "strict": True,
        "revalidate_instances": "always",
        "use_attribute_docstrings": True,
    }

    preset: Text | None = None
    """Name of the preset these values started from (``default``, ``openspiel``, ``hoyle``,
    ``ohhellweb``).
    Informative only: the values below are what the engine applies."""
    num_players: Annotated[int, Ge(3), Le(10)]
    """Number of seats, 3-7 in the references; up to 10 since the original text says
    "three or more"."""
    hand_sizes: HandSizes | ExplicitSizes
    """The schedule of cards dealt per deal: a named schedule, or the sizes themselves as a
    list (``[10, 9, 8]``: deal 1 gives 10 cards, deal 2 nine...). ``ascending_to_max``: 1, 2,
    ... up to the largest size (original text); ``descending``; ``up_and_down``: 1..max..1;
    ``down_and_up``: max..1..max; ``single``: one deal of ``single_hand_size`` cards
    (OpenSpiel); ``hoyle_table``: ascending to the Hoyle maximum (3p 15, 4p 13, 5p 10, 6p 8,
    7p 7); ``down_ones_up``: max..2, then one deal of one card for each player, then 2..max
    (OhHellWeb). The largest size is what the decks allow (``decks``, ``no_trump_rule``),
    capped by ``max_hand_size``."""
    single_hand_size: Annotated[int, Ge(1), Le(17)] | None
    """With ``hand_sizes = single``: the cards dealt, or null for any size from 1 to the maximum
    (OpenSpiel draws it at random). Must be null with the other schedules."""
    no_trump_rule: NoTrumpRule
    """When a deal has no trump. ``stock_empty``: only when no card is left to turn (original
    text); ``last_deal_always``: the last deal of the schedule; ``largest_deals``: every deal of
    the largest size; ``dealer_last_card``: never, the dealer turns his own last card when the
    stock is empty; ``cap_hand_size``: never, the largest size is floor(51 / players) so a card
    is always left (OpenSpiel)."""
    first_bidder: Literal["dealer", "dealer_left"]
    """Who bids first; bidding goes clockwise from there. ``dealer`` (original text) or
    ``dealer_left`` (the rule books and OpenSpiel)."""
    hook: bool
    """If true, the last bidder may not bid so that the bids add up to the cards dealt."""
    first_leader: Literal["dealer_left", "first_bidder"]
    """Who leads the first trick: the dealer's left (original text) or the first bidder."""
    must_trump_when_void: bool
    """If true, a player void in the led suit who holds a trump must play one ("Basas")."""
    nil_score: Annotated[NilScore, StrictJson()]
    """Points for a bid of zero made: 10 (default), 5, or ``5_plus_h`` (5 plus cards dealt)."""
    miss_score: MissScore
    """Points for a missed bid: ``zero`` (original text), ``tricks`` (points_per_trick per
    trick taken, OpenSpiel), ``minus_diff`` (minus points_per_trick per trick off the bid,
    OpenSpiel's off_bid_penalty), ``minus_triangular`` (-5 x d(d+1)/2 for a bid missed by d
    tricks: -5, -15, -30, ..., OhHellWeb)."""
    made_bonus: Int
    """Bonus for a bid of one or more made exactly (10)."""
    points_per_trick: Int
    """Points per trick of a bid made exactly (1)."""
    slam_bonuses: bool
    """Award the small and grand slam bonuses (a scoring variant of the original text)."""
    slam_min_hand: Annotated[int, Ge(1), Le(MAX_INT)]
    """Smallest deal on which a slam bonus counts ("more than five cards": 6)."""
    small_slam: Int
    """Bonus for bidding and taking all tricks but one (25)."""
    grand_slam: Int
    """Bonus for bidding and taking every trick (50)."""
    cut_tiebreak_suits: Literal["none", "CDHS"]
    """How ties of the cut for the first dealer are broken: re-cut, or suit order C<D<H<S.
    Informative: the cut is not part of a record."""
    max_hand_size: HandSize | None = None
    """The largest deal of a named schedule when it is smaller than the decks allow (OhHellWeb:
    10); null: as many cards as the decks allow. No effect with a list of sizes, which states
    every size itself."""
    decks: Annotated[int, Ge(1), Le(MAX_DECKS)] = 1
    """Standard 52-card decks shuffled together (OhHellWeb offers 2). With more than one a card
    may be dealt more than once, and ``identical_cards`` says what two of them in one trick
    do."""
    identical_cards: Literal["first_wins", "cancel"] = "first_wins"
    """With several decks, identical cards played to one trick: ``first_wins``, the first
    played ranks above the later one; ``cancel`` (OhHellWeb), a card identical to one still
    in contention takes both out of contention (a third copy counts again), and when no card
    of the led suit or trump is left in contention the leader wins the trick."""
    teams: tuple[Team, ...] | None = None
    """Which seats play together, each seat in exactly one team (``[[0, 3], [1, 4], [2, 5]]``),
    or null for every player on their own. A team's bid and tricks are the sums of its
    members', and every member scores the team's score for the deal (OhHellWeb)."""
    made_score: Literal["per_trick", "bid_squared"] = "per_trick"
    """Points for a bid of one or more made exactly: ``per_trick``, ``points_per_trick`` x bid
    + ``made_bonus``; ``bid_squared``, ``made_bonus`` + bid x bid (OhHellWeb: 10 + bid²). A
    nil made scores ``nil_score`` either way."""
    dealer_order: DealerOrder = "rotation"
    """Who deals each hand: ``rotation``, the deal passes one seat to the left (clockwise)
    per hand (the original text); ``as_recorded``, whoever the record names (a log whose
    program picked its dealers by a rule of its own); or the seats themselves, one per hand by
    hand number (``[0, 3, 2]``: seat 0 deals hand 1, seat 3 hand 2 ...)."""


DEFAULT_RULES = OhHellRules(
    preset="default",
    num_players=4,
    hand_sizes="ascending_to_max",
    single_hand_size=None,
    no_trump_rule="stock_empty",
    first_bidder="dealer",
    hook=False,
    first_leader="dealer_left",
    must_trump_when_void=False,
    nil_score=10,
    miss_score="zero",
    made_bonus=10,
    points_per_trick=1,
    slam_bonuses=False,
    slam_min_hand=6,
    small_slam=25,
    grand_slam=50,
    cut_tiebreak_suits="none",
)
"""The original text's rules with the readings of docs/oh_hell.md, for four
players."""

PRESETS: dict[str, OhHellRules] = {
    "default": DEFAULT_RULES,
    "openspiel": dataclasses.replace(
        DEFAULT_RULES,
        preset="openspiel",
        hand_sizes="single",
        first_bidder="dealer_left",
        hook=True,
        first_leader="dealer_left",
        no_trump_rule="cap_hand_size",
        miss_score="tricks",
    ),
    "hoyle": dataclasses.replace(
        DEFAULT_RULES,
        preset="hoyle",
        hand_sizes="hoyle_table",
        first_bidder="dealer_left",
        no_trump_rule="last_deal_always",
    ),
}
"""Named bundles of rule values (docs/oh_hell.md for ``openspiel``)."""

PRESETS["ohhellweb"] = dataclasses.replace(
    DEFAULT_RULES,
    preset="ohhellweb",
    hand_sizes="down_ones_up",
    max_hand_size=10,
    no_trump_rule="cap_hand_size",
    first_bidder="dealer_left",
    hook=True,
    first_leader="dealer_left",
    nil_score=10,
    made_score="bid_squared",
    made_bonus=10,
    miss_score="minus_triangular",
    identical_cards="cancel",
)
"""The rules the OhHellWeb server applies (github.com/campbellsoup37/OhHellWeb): from
min(10, floor(51 x decks / players)) cards down to 2, one card once per player, back up; a card
always turned for trump; the dealer's left bids and leads first; the dealer is hooked; 10 + bid²
for a bid made, -5 x d(d+1)/2 for one missed by d; identical cards of two decks cancel. A game's
``decks`` and ``teams`` are chosen per table: state them beside the preset."""


PRESET_NOTES: dict[str, str] = {
    "default": "the Russian original text, with tricklog's readings of the points it leaves "
    "open: the dealer bids first, no hook, no trump only when the stock is empty",
    "openspiel": "as OpenSpiel's oh_hell game: one deal, the dealer's left bids first, the "
    "hook, a trump card always turned, a missed bid still scores its tricks",
    "hoyle": "the Hoyle family of rule books: the deals of the Hoyle table, the dealer's left "
    "bids first, the last deal without trumps",
    "ohhellweb": "as the OhHellWeb server: from min(10, 51 x decks / players) cards down to "
    "2, a deal of one card per player, back up; the hook; 10 + bid² for a bid made, "
    "-5 x d(d+1)/2 for one missed by d; identical cards of two decks cancel (state `decks` "
    "and `teams` beside it)",
}
"""One line per preset: where its values come from, and what sets it apart (``tricklog
rules``, the docs page)."""

FORMAT = GameFormat(
    id="oh_hell",
    deck=FRENCH_52,
    rules=OhHellRules,
    presets=PRESETS,
    preset_notes=PRESET_NOTES,
    seats_parameter="num_players",
    model_module="records.oh_hell",
    record_name="OhHellRecord",
)
"""The format half of Oh Hell (Blackout) (``records.games``)."""
