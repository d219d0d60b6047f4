"""Record format of Bestia: rules block, a sitting of consecutive hands, events, claims.

A Bestia record is one table's sitting: money moves between hands through the pot, so the hands
of a record are consecutive and the record states the pot on the table before its first hand.
Seats are numbered 0, 1, 2, ... **anticlockwise**, the game's direction of play: seat ``s + 1``
(mod the number of players) sits at the right of seat ``s``, deals and plays after it.

The rules block is a plain dataclass (no pydantic import) so that the rules engine in
``replay/engines/bestia.py`` can take it as it is; pydantic validates it inside a record.
Parameter names and values follow docs/bestia.md. Amounts are integers in the
smallest unit; under ``pot_rounding = exact`` an amount the source wrote down may also be an
exact fraction of the unit, ``{"numerator": 10, "denominator": 3}`` for 10/3, since shares of a
pot that does not divide by the hand size are carried exactly (docs/bestia.md). A fraction is
an object rather than the text ``"10/3"`` so that the schema checks it whole (a denominator of at
least 1; no pattern to read, which the two decoders would read differently).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated, Any, Literal

from annotated_types import Ge, Le
from pydantic import Field, TypeAdapter

from records.base import Count, HandBase, Player, RecordBase, Seat, Strict
from records.cards import ITALIAN_40
from records.formats.text.grammar import Cursor, GameNotation, LineAction, NotationError
from records.formats.text.words import (
    ABANDON,
    CLAIM,
    PLAY,
    cards_words,
    seat_only,
    seat_words,
)
from records.limits import MAX_ACTIONS, MAX_HANDS, MAX_INT, Int, Text
from records.messages import rules_with
from records.rules.bestia import DEFAULT_RULES as DEFAULT_RULES
from records.rules.bestia import PRESETS as PRESETS
from records.rules.bestia import BestiaRules as BestiaRules
from records.rules.bestia import Money as Money


def preset(name: str, num_players: int, **overrides: object) -> BestiaRules:
    """The rules of a named preset for a number of players, with some values changed.

    Raises ``TypeError`` for a parameter the rules do not have and ``ValueError`` for values the
    format does not allow, each in words (``records.messages.rules_with``). The values are
    checked as strictly as in a record: ``num_players="4"`` is an error, not 4.
    """
    rules: BestiaRules = rules_with(
        PRESETS[name], _RULES, "bestia", num_players=num_players, **overrides
    )
    return rules


_RULES: TypeAdapter[BestiaRules] = TypeAdapter(BestiaRules)


class Exact(Strict):
    """An exact fraction of the unit, numerator / denominator: ``{"numerator": 10,
    "denominator": 3}`` is 10/3. Allowed only under ``pot_rounding = exact``, where shares that
    do not divide are carried exactly; under any other rounding it is reported as
    ``money.fraction``."""

    numerator: Int
    """Negative for money paid (a net, a balance)."""
    denominator: Annotated[int, Ge(1), Le(MAX_INT)]
    """At least 1."""


Amount = Int | Exact
"""An amount of money the source wrote down: an integer in the smallest unit, or (under
``pot_rounding = exact``) an exact fraction of it."""


def amount(value: int | Exact) -> int | Fraction:
    """A recorded amount as a number: an integer as it is, a fraction as its exact value (an
    integer when the denominator divides the numerator). Decoded structs work alike."""
    if isinstance(value, int):
        return value
    exact = Fraction(value.numerator, value.denominator)
    return exact.numerator if exact.denominator == 1 else exact


def is_fraction(value: object) -> bool:
    """Whether a recorded amount is written as a fraction (not as an integer)."""
    return value is not None and not isinstance(value, int)


Card = Annotated[
    str,
    Field(
        pattern=ITALIAN_40.pattern,
        description=(
            "A card of the 40-card Italian deck: upper-case rank then lower-case suit. Ranks "
            "low to high: 2 4 5 6 7 J (Fante) N (Cavallo) K (Re) 3 A; suits b (bastoni), "
            "c (coppe), d (denari), s (spade). E.g. Ad, 3c, Ns."
        ),
    ),
]


class Deal(Strict):
    """The cards as dealt: a recorded fact that replay checks, never re-simulates."""

    hands: list[list[Card] | None]
    """Each seat's cards as dealt, indexed by seat; null for a seat whose cards the source did
    not know (a record written from one seat's view: the others' cards are known only as they
    are played). Replay then checks what public information allows and leaves the rest
    unchecked (docs/partial.md, "Bestia: a seat's view")."""
    turned_up: Card
    """The card turned up to fix trumps."""
    stock: list[Card] | None
    """The undealt cards ("mazzo"), top first, at least as far as the exchanges and blind draws
    whose cards the record gives used them (the whole stock when known). The turned-up card is
    not part of it. Null when the source did not know the stock (one seat's view): the cards a
    seat drew are then checked only against the cards the record shows elsewhere, not against
    their place."""


class Pass(Strict):
    """First round: the seat does not take part in the hand."""

    type: Literal["pass"]
    seat: Seat


class Join(Strict):
    """First round: the seat takes part ("gioca"), exchanging some cards at once with the top of
    the stock."""

    type: Literal["join"]
    seat: Seat
    exchange: Count
    """How many cards the seat asked to change (0 to keep the hand). Never null: the table sees
    how many cards a seat changes, so every log written at it knows the number."""
    discards: list[Card] | None
    """The cards given up, face down to a dead pile; null where the source did not log them (a
    log written from another seat: the discards go face down)."""
    drawn: list[Card] | None
    """The cards drawn in their place, in the order taken from the top of the stock; null where
    the source did not log them. Where the record's stock shows those places, the cards are read
    from it; otherwise the seat's hand is known only in part, and its plays are judged as a
    hidden seat's (docs/partial.md, "Bestia: an exchange not logged")."""


class BlindDraw(Strict):
    """Second round ("al buio"): the seat takes the top cards of the stock as its new hand without
    seeing them, and is committed to play. Its old hand is dead."""

    type: Literal["blind_draw"]
    seat: Seat
    drawn: list[Card] | None
    """The cards drawn (as many as the hand size), in order from the top of the stock; null
    where the source did not log them (a log written from another seat: nobody sees them). The
    draw still takes the hand size from the stock, and where the record's stock shows those
    places the cards are read from it."""


class DeclineBlind(Strict):
    """Second round: the seat, asked whether it draws blind, declines. Nothing on the table
    changes, but the seats before it in the round have now been asked: a blind draw from one of
    them after this is out of turn. Optional: a record may leave declines out."""

    type: Literal["decline_blind"]
    seat: Seat


class Play(Strict):
    """A card played to the current trick."""

    type: Literal["play"]
    seat: Seat
    card: Card


class Claim(Strict):
    """A claim agreed by the table: the tricks not yet played go as stated, and the hand ends
    and is settled as if they had been played. Allowed between tricks once someone plays
    (before the first lead, the claim closes the blind round)."""

    type: Literal["claim"]
    seat: Seat
    """The seat that made the claim."""
    remaining: list[Count]
    """Per seat, how many of the remaining tricks it takes (0 for a seat that does not
    play)."""


class Abandon(Strict):
    """The hand was stopped before its end. It is void: the invitos are given back, nobody
    wins a share or pays a bestia, and the starting pot is carried unchanged to the next
    hand."""

    type: Literal["abandon"]
    reason: Text | None = None


Action = Annotated[
    Pass | Join | BlindDraw | DeclineBlind | Play | Claim | Abandon, Field(discriminator="type")
]


class HandClaims(Strict):
    """What the source wrote down about the hand. All optional; replay never fills them in.
    Per-seat lists are indexed by seat; money is in the smallest unit, or an exact fraction
    ``{"numerator": n, "denominator": d}`` under ``pot_rounding = exact``."""

    starting_pot: Amount | None = None
    """The pot before the invitos ("piatto iniziale"): what the previous hand carried."""
    invitos: list[Amount | None] | None = None
    """Invito paid by each seat."""
    pot: Amount | None = None
    """The pot of the hand: starting pot plus invitos."""
    played: list[bool | None] | None = None
    """Who played (true: declared play or drew blind) and who passed (false), per seat."""
    tricks: list[Count | None] | None = None
    """Tricks taken by each seat."""
    shares: list[Amount | None] | None = None
    """What each seat won from the pot for its tricks."""
    refunds: list[Amount | None] | None = None
    """Invitos given back to each seat (when nobody plays under ``refund_and_carry``, or the
    hand is abandoned)."""
    bestias: list[Amount | None] | None = None
    """Bestia paid by each seat that played and took no trick."""
    nets: list[Amount | None] | None = None
    """Each seat's net money for the hand: share and refund less invito and bestia."""
    carried: Amount | None = None
    """What this hand carries into the next hand's starting pot."""
    balances: list[Amount | None] | None = None
    """Each seat's running balance over the sitting after this hand (received minus paid)."""


class Hand(HandBase):
    """One hand, from the deal to the settlement."""

    number: Annotated[int, Ge(1), Le(MAX_INT)]
    """Position of the hand in the sitting, from 1; hands of a record are consecutive."""
    deal: Deal
    actions: Annotated[list[Action], Field(max_length=MAX_ACTIONS)]
    """Declarations (with their exchanges), blind draws and declines, plays and any claim or
    abandonment, in the order they happened."""
    claims: HandClaims | None = None


class SittingClaims(Strict):
    """What the source wrote down at the end of the sitting."""

    balances: list[Amount | None] | None = None
    """Each seat's final balance (received minus paid)."""
    carried: Amount | None = None
    """The pot left on the table after the last hand."""


class BestiaRecord(RecordBase):
    """One table's sitting of Bestia: its rules, players and consecutive hands."""

    game: Literal["bestia"]
    rules: BestiaRules
    players: list[Player]
    """The players; seats are numbered anticlockwise."""
    opening_pot: Money = 0
    """The pot on the table before the first recorded hand (0 for a new table)."""
    hands: Annotated[list[Hand], Field(min_length=1, max_length=MAX_HANDS)]
    claims: SittingClaims | None = None


# --- the text notation -----------------------------------------------------------------------


def _write_cards(cards: Any) -> list[str] | None:
    """Cards as words, or ``?`` for cards the source did not log (null)."""
    return ["?"] if cards is None else cards_words(cards)


def _write_join(action: dict[str, Any]) -> list[str] | None:
    seat, exchange = seat_words(action), action.pop("exchange", None)
    listed = action.pop("discards", None)
    discards, drawn = _write_cards(listed), _write_cards(action.pop("drawn", None))
    if seat is None or discards is None or drawn is None:
        return None
    if isinstance(exchange, bool) or not isinstance(exchange, int):
        return None
    # Without ``exchange N`` the number is that of the discards, which cards not logged lack.
    said = listed is None or exchange != len(listed)
    words = seat + (["exchange", str(exchange)] if said else [])
    words += ["discard", *discards] if discards else []
    return words + (["draw", *drawn] if drawn else [])


def _read_cards(cursor: Cursor, path: tuple[str], stop: tuple[str, ...] = ()) -> list[str] | None:
    """Cards up to the end of the line or a word of ``stop``; ``?`` alone for cards the source
    did not log (null)."""
    token = cursor.peek()
    if token is not None and token.text == "?":
        cursor.at += 1
        cursor.places[path] = token
        follows = cursor.peek()
        if follows is not None and follows.text not in stop:
            raise NotationError(
                f"'?' stands for all the cards, alone: unexpected {follows.text!r}",
                follows.line,
                follows.column,
            )
        return None
    return cursor.cards(path, stop=stop)


def _read_join(cursor: Cursor) -> dict[str, Any]:
    seat = cursor.seat()
    exchange: int | None = None
    parts: dict[str, list[str] | None] = {"discards": [], "drawn": []}
    sections = ("exchange", "discard", "draw")
    seen = -1
    while cursor.more():
        token = cursor.word("exchange, discard or draw")
        order = sections.index(token.text) if token.text in sections else -1
        if order > seen and token.text == "exchange":
            exchange = cursor.integer("the number of cards asked for", ("exchange",))
        elif order > seen:
            name = "discards" if token.text == "discard" else "drawn"
            parts[name] = _read_cards(cursor, (name,), sections)
        else:
            raise NotationError(
                f"exchange N, discard CARDS, draw CARDS expected (in that order), not "
                f"{token.text!r}",
                token.line,
                token.column,
            )
        seen = order
    discards = parts["discards"]
    if exchange is None and discards is None:
        raise NotationError(
            "'exchange N' must say how many cards a seat changes whose discards are '?'",
            cursor.tokens[0].line,
            cursor.tokens[0].column,
        )
    count = exchange if exchange is not None else len(discards or ())
    return {"seat": seat, "exchange": count, **parts}


def _write_blind(action: dict[str, Any]) -> list[str] | None:
    seat, drawn = seat_words(action), _write_cards(action.pop("drawn", None))
    return None if seat is None or drawn is None else seat + drawn


def _read_blind(cursor: Cursor) -> dict[str, Any]:
    return {"seat": cursor.seat(), "drawn": _read_cards(cursor, ("drawn",))}


NOTATION = GameNotation(
    items=(PLAY,),
    lines=(
        LineAction("pass", "pass", *seat_only()),
        LineAction("join", "join", _write_join, _read_join),
        LineAction("blind", "blind_draw", _write_blind, _read_blind),
        LineAction("decline", "decline_blind", *seat_only()),
        CLAIM,
        ABANDON,
    ),
    hand_claims=HandClaims,
    record_claims=SittingClaims,
    deal=Deal,
    presets=PRESETS,
    rules=BestiaRules,
)
"""The words of this game in the text notation (``records.formats.text``)."""
