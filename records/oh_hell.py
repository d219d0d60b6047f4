"""Record format of Oh Hell ("Blackout"): rules block, deal, events, claims.

The rules block is a plain dataclass (no pydantic import) so that the rules engine in
``replay/engines/oh_hell.py`` can take it as it is; pydantic validates it inside a record.
Parameter names and values follow docs/oh_hell.md.
"""

from __future__ import annotations

from typing import Annotated, Literal

from annotated_types import Ge, Le
from pydantic import Field, TypeAdapter

from records.base import Count, HandBase, RecordBase, Seat, Strict
from records.cards import FRENCH_52
from records.formats.text.grammar import GameNotation, Item
from records.formats.text.words import ABANDON, CLAIM, PLAY
from records.limits import MAX_ACTIONS, MAX_HANDS, MAX_INT, Int, Text
from records.messages import rules_with
from records.rules.oh_hell import DEFAULT_RULES as DEFAULT_RULES
from records.rules.oh_hell import PRESETS as PRESETS
from records.rules.oh_hell import OhHellRules as OhHellRules


def preset(name: str, num_players: int, **overrides: object) -> OhHellRules:
    """The rules of a named preset for a number of players, with some values changed.

    Raises ``TypeError`` for a parameter the rules do not have and ``ValueError`` for values the
    format does not allow, each in words (``records.messages.rules_with``). The values are
    checked as strictly as in a record: ``num_players="4"`` is an error, not 4.
    """
    rules: OhHellRules = rules_with(
        PRESETS[name], _RULES, "oh_hell", num_players=num_players, **overrides
    )
    return rules


_RULES: TypeAdapter[OhHellRules] = TypeAdapter(OhHellRules)


Card = Annotated[
    str,
    Field(
        pattern=FRENCH_52.pattern,
        description=("A card: rank (2-9, T, J, Q, K, A) then suit (C, D, H, S), e.g. AS, TD, 9H."),
    ),
]


Suit = Annotated[Literal["C", "D", "H", "S"], Field(description="A suit: C, D, H or S.")]


class Deal(Strict):
    """The cards as dealt: a recorded fact that replay checks, never re-simulates."""

    hands: list[list[Card] | None]
    """Each seat's cards, indexed by seat; null for a seat whose cards the source did not know
    (a record written from one seat's view: the others' cards are known only as they are
    played). Replay then checks what public information allows, and leaves the rest unchecked
    (docs/partial.md, "A seat's view")."""
    turned_up: Card | None
    """The card turned up to fix trumps, or null for a deal without trumps or one whose source
    records only the trump suit (``trump``)."""
    stock: list[Card] | None = None
    """The undealt cards left under the turned-up card, top first, when known; null (or left
    out) when not."""
    trump: Suit | None = None
    """The trump suit, for a source that records the suit but not the card turned up
    (``turned_up`` null; if both are given they must agree). Replay checks it against the rules
    (a deal without trump has none) and, when the dealer turns his own card, his hand; one card
    of the stock is then unknown, so the stock is checked for repeated cards only."""
    rebuilt: bool = False
    """True when the source logs no separate deal and ``hands`` were rebuilt from the cards
    each seat played. In a hand played out those are the cards dealt; in one cut short by a
    claim or an abandonment the cards never played are unknown: ``hands`` then hold fewer
    cards, and what they would decide (a revoke with an unplayed card, the deal's size where
    the schedule does not fix it) is not checked; the report says so in a note."""


class Bid(Strict):
    """A bid: the number of tricks the seat means to take exactly (0 is nil)."""

    type: Literal["bid"]
    seat: Seat
    tricks: Count | None
    """The tricks bid, or null where the source did not log this seat's bid (the key is
    present all the same). Replay checks that the seat bid in turn; what depends on the value
    (the hook, the seat's score and running total, a winner they decide) is left unchecked and
    the report says why (docs/partial.md)."""


class Play(Strict):
    """A card played to the current trick."""

    type: Literal["play"]
    seat: Seat
    card: Card


class Claim(Strict):
    """A claim agreed by the table: the tricks not yet played go as stated, and the hand ends.
    Allowed only between tricks."""

    type: Literal["claim"]
    seat: Seat
    """The seat that made the claim."""
    remaining: list[Count]
    """Per seat, how many of the remaining tricks it takes."""


class Abandon(Strict):
    """The hand was stopped before its end and is not scored."""

    type: Literal["abandon"]
    reason: Text | None = None


Action = Annotated[Bid | Play | Claim | Abandon, Field(discriminator="type")]


class HandClaims(Strict):
    """What the source wrote down after the hand. All optional; replay never fills them in."""

    tricks: list[Count | None] | None = None
    """Tricks taken, per seat."""
    scores: list[Int | None] | None = None
    """Points scored in this hand, per seat."""
    totals: list[Int | None] | None = None
    """Running totals after this hand, per seat."""
    hand_size: Count | None = None
    """The cards dealt to each seat in this deal, as the source states it; compared with the
    size the schedule (or the deal) gives."""
    trump: Suit | Literal["none"] | None = None
    """The trump suit of this deal as the source states it, or ``none`` for a deal the source
    says was played without trump; compared with the trump replay found."""


class Hand(HandBase):
    """One deal, from the deal to the last trick."""

    number: Annotated[int, Ge(1), Le(MAX_INT)]
    """Position of the deal in the game's schedule, from 1."""
    deal: Deal
    actions: Annotated[list[Action], Field(max_length=MAX_ACTIONS)]
    """Bids, plays and any claim or abandonment, in the order they happened."""
    claims: HandClaims | None = None


class GameClaims(Strict):
    """What the source wrote down about the whole game."""

    totals: list[Int | None] | None = None
    """Final totals per seat."""
    winners: list[Seat] | None = None
    """The winning seats: one, or more on a tie."""


class OhHellRecord(RecordBase):
    """One table's game of Oh Hell: its rules, players and hands in order."""

    game: Literal["oh_hell"]
    rules: OhHellRules
    hands: Annotated[list[Hand], Field(min_length=1, max_length=MAX_HANDS)]
    claims: GameClaims | None = None


# --- the text notation -----------------------------------------------------------------------

NOTATION = GameNotation(
    items=(Item("bid", "bid", "tricks", number=True, unknown=True), PLAY),
    lines=(
        CLAIM,
        ABANDON,
    ),
    hand_claims=HandClaims,
    record_claims=GameClaims,
    deal=Deal,
    presets=PRESETS,
    rules=OhHellRules,
)
"""The words of this game in the text notation (``records.formats.text``)."""
