"""The rules block of Bestia (docs/bestia.md): every parameter, the
defaults and the presets.

A plain dataclass, with no pydantic import, so that the rules engine can take it as it is;
pydantic validates it inside a record (``records.bestia``), reading the configuration below.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Annotated, Literal

from annotated_types import Ge, Le

from records.cards import ITALIAN_40
from records.games import GameFormat
from records.limits import MAX_INT, Text
from records.rules.common import DealerOrder
from records.strict_json import StrictJson

Money = Annotated[int, Ge(0), Le(MAX_INT)]
"""An amount paid or received, in the smallest unit of the table's currency."""


@dataclass(frozen=True, slots=True, kw_only=True)
class BestiaRules:
    """Every rule parameter of Bestia (docs/bestia.md). A record states all of them."""

    # Strict like the record models (and the msgspec decoder, records/structs.py): no "4" for 4.
    # An instance given to a record or to preset() is checked again, field by field.
    __pydantic_config__ = {  # noqa: RUF012
        "extra": "forbid",
        "strict": True,
        "revalidate_instances": "always",
        "use_attribute_docstrings": True,
    }

    preset: Text | None = None
    """Name of the preset these values started from (``default``, ``reference``, ``perugia``,
    ``sisal``). Informative only: the values below are what the engine applies."""
    num_players: Annotated[int, Ge(3), Le(10)]
    """Number of seats, 3-10."""
    hand_size: Annotated[Literal[3, 4, 5], StrictJson()]
    """Cards per hand and tricks per hand: 3 (original text), 4 (Sisal), 5 (pagat's Rome)."""
    deal_pattern: Literal["batch_of_3", "one_at_a_time"]
    """How the cards were dealt, from the dealer's right anticlockwise. Informative: the deal is
    a recorded fact and is never re-simulated."""
    trump_card_turned: Literal["after_deal", "before_deal"]
    """Whether the trump card was turned after the deal (original text) or before it.
    Informative, like ``deal_pattern``."""
    trump_card_drawable: bool
    """If true the turned-up card lies under the stock and is drawn as its last card
    (Briscola-style); if false (original text) it is never drawn."""
    declaration_start: Literal["right_of_eldest", "right_of_dealer"]
    """Who declares first. ``right_of_eldest``: the player at the right of the eldest (literal
    original text, the eldest speaks last); ``right_of_dealer``: the eldest, at the dealer's
    right, speaks first (every other source). The setting records most often get wrong: the
    audit notes which order a record's first round fits."""
    max_exchange: Annotated[int, Ge(0), Le(5)]
    """Most cards a player who plays may exchange: 3 (original text: "even all three"), 2
    (Perugia). Never more than the hand size."""
    blind_allowed: bool
    """Whether the second round of blind draws ("al buio") takes place."""
    blind_eligibility: Literal["passed_only", "any_active"]
    """Who may draw blind: players who passed (tricklog's reading) or any seat that has not drawn
    blind yet (the literal "ogni giocatore attivo"; a player who declared gives up his hand)."""
    blind_min_stock: Annotated[int, Ge(0), Le(MAX_INT)]
    """A blind draw needs at least this many cards left in the stock (3), and never fewer than
    the hand size."""
    top_trump_lead: Literal["first_trick", "every_lead", "off"]
    """The leader holding the dominant trump (the Ace, or the 3 when the Ace is the turned-up
    card) must lead it: at the first trick (original text), at every lead, or never."""
    must_trump_when_void: bool
    """A player void in the suit led who holds a trump must play one, even a lower one than a
    trump already played (original text: true)."""
    must_overtrump: bool
    """When trumping, a player must beat the trumps already played if able (no source: false)."""
    must_beat_in_suit: bool
    """When following suit, a player must beat the winning card if able (no source: false)."""
    first_leader: Literal["eldest_playing", "first_to_declare_play"]
    """Who leads the first trick: the first player of the playing set anticlockwise from the
    eldest (dealer's right), or the first seat that entered the playing set (as one source
    has it)."""
    invito_payers: Literal["all_seated", "players_only", "dealer_only"]
    """Who pays the invito into the pot: every seat before the deal (passing forfeits it), only
    the seats that play, or the dealer alone."""
    invito: Money
    """The invito, per payer, in the smallest unit."""
    share_per_trick: Literal["pot_over_hand_size"]
    """Each trick wins pot / hand_size; the only value so far."""
    bestia_amount: Literal["pot", "previous_pot", "fixed"]
    """What a playing seat that takes no trick pays: the pot of the hand (starting pot plus
    invitos), the previous pot, or ``bestia_fixed``. ``previous_pot`` (one source's "the entire
    amount of the previous pot") is read as the pot the previous hand left on the table, this
    hand's starting pot before its invitos ("piatto iniziale"), which is 0 after a hand that
    carried nothing."""
    bestia_fixed: Money | None
    """The bestia when ``bestia_amount`` is ``fixed``; null otherwise."""
    bestia_cap: Money | None
    """Largest bestia a seat pays, or null for no cap."""
    bestia_destination: Literal["next_pot", "current_pot"]
    """Where the bestias go: into the next hand's starting pot (original text) or into the pot
    being divided (Sisal's rules read literally)."""
    single_player: Literal["wins_pot", "carry_pot"]
    """When one seat plays: he takes every trick and wins the pot, or the pot is carried to the
    next hand untouched."""
    all_pass: Literal["refund_and_carry", "carry_all"]
    """When nobody plays: the invitos are refunded and the starting pot carried, or the whole pot
    (invitos included) is carried."""
    pot_rounding: Literal["floor_carry", "exact"]
    """``floor_carry``: each seat's winnings are floored to the unit and the remainder joins the
    next starting pot; ``exact``: shares that do not divide are carried exactly, as fractions of
    the unit (money claims may then be written ``{"numerator": 10, "denominator": 3}``), and nothing is
    carried for rounding."""
    dealer_order: DealerOrder = "rotation"
    """Who deals each hand: ``rotation``, the deal passes one seat to the right (anticlockwise)
    per hand (the original text); ``as_recorded``, whoever the record names (a log whose
    program picked its dealers by a rule of its own); or the seats themselves, one per hand by
    hand number (``[0, 3, 2]``: seat 0 deals hand 1, seat 3 hand 2 ...)."""


DEFAULT_RULES = BestiaRules(
    preset="default",
    num_players=4,
    hand_size=3,
    deal_pattern="batch_of_3",
    trump_card_turned="after_deal",
    trump_card_drawable=False,
    declaration_start="right_of_eldest",
    max_exchange=3,
    blind_allowed=True,
    blind_eligibility="passed_only",
    blind_min_stock=3,
    top_trump_lead="first_trick",
    must_trump_when_void=True,
    must_overtrump=False,
    must_beat_in_suit=False,
    first_leader="eldest_playing",
    invito_payers="all_seated",
    invito=10,
    share_per_trick="pot_over_hand_size",
    bestia_amount="pot",
    bestia_fixed=None,
    bestia_cap=None,
    bestia_destination="next_pot",
    single_player="wins_pot",
    all_pass="refund_and_carry",
    pot_rounding="floor_carry",
)
"""The original text's rules with the readings of docs/bestia.md, for four
players."""

PRESETS: dict[str, BestiaRules] = {
    "default": DEFAULT_RULES,
    "reference": dataclasses.replace(
        DEFAULT_RULES, preset="reference", declaration_start="right_of_dealer"
    ),
    "perugia": dataclasses.replace(
        DEFAULT_RULES,
        preset="perugia",
        declaration_start="right_of_dealer",
        max_exchange=2,
        invito_payers="dealer_only",
        invito=30,
        pot_rounding="exact",
    ),
    "sisal": dataclasses.replace(
        DEFAULT_RULES,
        preset="sisal",
        declaration_start="right_of_dealer",
        bestia_destination="current_pot",
    ),
}
"""Named bundles of rule values (docs/bestia.md): ``reference`` is the declaration order of every
other source (Q-BES-1); ``perugia`` R-PERUGIA (dealer funds a pot divisible by three, exchange up
to two); ``sisal`` R-SISAL read literally (bestias join the pot being divided)."""


PRESET_NOTES: dict[str, str] = {
    "default": "the Italian online card room's text read literally: the eldest declares last",
    "reference": "the default with the declaration order of every other source: the eldest "
    "declares first",
    "perugia": "the rules of Perugia: the dealer alone pays a pot divisible by three, "
    "exchanges of up to two cards, shares divided exactly",
    "sisal": "Sisal's text read literally: the bestias join the pot being divided",
}
"""One line per preset: where its values come from, and what sets it apart (``tricklog
rules``, the docs page)."""

FORMAT = GameFormat(
    id="bestia",
    deck=ITALIAN_40,
    rules=BestiaRules,
    presets=PRESETS,
    preset_notes=PRESET_NOTES,
    seats_parameter="num_players",
    model_module="records.bestia",
    record_name="BestiaRecord",
    fractions=True,
)
"""The format half of Bestia (``records.games``)."""
