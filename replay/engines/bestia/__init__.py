"""Bestia rules engine, after docs/bestia.md and the Italian original text (S-BES, an online room);
docs/bestia.md says the same for users, with the readings below under the same Q-BES labels.

Implemented readings (docs/bestia.md), each selectable by a rule parameter of the record:

* seats are numbered anticlockwise, the direction of play: ``Ring.after(s)`` is the seat at the
  right of ``s`` (``s + 1`` mod n); the eldest sits at the dealer's right and the deal passes
  to the right;
* declarations start at the right of the eldest, who speaks last (Q-BES-1, the literal text;
  ``right_of_dealer`` is every reference's order). Each seat passes or plays, and a seat that
  plays exchanges at once with the top of the stock, up to ``max_exchange`` cards and never
  more than the stock holds (one ``join`` action: declaration and exchange together);
* then, in the same order, seats that passed may draw blind (Q-BES-6): the top ``hand_size``
  cards, while the stock holds at least ``max(blind_min_stock, hand_size)``. A seat may record
  that it declines (``decline_blind``: nothing on the table changes); declines may also be left
  out, so a blind draw or decline must come from a later seat than the one asked before it; a
  draw once the stock ran short is reported as ``blind.stock-short``, the cause of it being out
  of turn;
* the turned-up card is never drawn unless ``trump_card_drawable`` (Q-BES-8);
* the first trick is led by the first playing seat from the eldest anticlockwise; play goes
  anticlockwise among the playing seats; follow suit, else trump (even under a trump already
  played), else any card; the first leader holding the dominant trump (the Ace, or the 3 when
  the Ace is the turned-up card) must lead it (Q-BES-5);
* one playing seat takes every trick whether or not his cards are recorded (Q-BES-7); the pot
  ledger is in ``replay.engines.bestia.pot``: shares floored with the remainder carried
  (``floor_carry``) or carried exactly as fractions (``exact``), and ``bestia_amount =
  previous_pot`` read as this hand's starting pot, the pot the previous hand left;
* a claim shares out the tricks not yet played among the playing seats, between tricks, and the
  hand is settled on them; a hand may be abandoned from its deal until it ends, and is void: the
  invitos are given back and the starting pot is carried unchanged (Oh Hell's claim and
  abandonment, with their consequence for the pot).

The engine is a small state machine (declare -> blind draw -> play -> settle) over plain values:
cards are the strings of ``records.cards``, the rules the ``BestiaRules`` dataclass, actions any
value with the fields of a record event: the pydantic events of ``records.bestia``, or the
structs generated from them (``records.structs``; ``Pass``, ``Join``, ``BlindDraw``,
``DeclineBlind``, ``Play``, ``Claim``, ``Abandon`` below name them, for generators and tests).
``check_*`` functions say whether an action is legal without changing anything; ``apply_*``
functions change the state and assume the action was checked. No pydantic, no I/O. ``ENGINE``
gathers them behind the interface of ``replay.engine``:

* ``state`` -- the table worked out once per rules block, the deal check, the hand's state;
* ``declare`` -- declarations with their exchanges, and blind draws;
* ``play`` -- the close of the blind round and the play, through ``records.tricks.play_cards``;
  claims and abandonment;
* ``pot`` -- the settlement of the pot.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from typing import Any, cast

from records.problems import Violation
from records.rules.bestia import BestiaRules
from records.structs import (
    BestiaAbandon,
    BestiaBlindDraw,
    BestiaClaim,
    BestiaDeclineBlind,
    BestiaJoin,
    BestiaPass,
    BestiaPlay,
    Italian40Card,
)
from records.tricks import Ring
from replay.engine import Engine, kind
from replay.engines.bestia import pot
from replay.engines.bestia.declare import (
    apply_blind,
    apply_decline,
    apply_join,
    apply_pass,
    blind_candidates,
    check_blind,
    check_decline,
    check_join,
    check_pass,
    describe_blind,
    describe_decline,
    describe_join,
    describe_pass,
    is_blind_eligible,
)
from replay.engines.bestia.hidden import hidden_seats
from replay.engines.bestia.play import (
    apply_abandon,
    apply_claim,
    apply_play,
    check_abandon,
    check_claim,
    check_play,
    close_round,
    finish,
    legal_plays,
    opening,
    play_duty,
    play_run,
    playing_seats,
)
from replay.engines.bestia.pot import Settlement
from replay.engines.bestia.state import (
    ABANDONED,
    BLIND,
    DECK,
    DECLARE,
    PLAY,
    Phase,
    State,
    Table,
    blind_stock_needed,
    current_player,
    deal_faults,
    declaration_order,
    dominant_trump,
    eldest,
    is_over,
    new_hand,
    rules_fault,
    start,
    stock_size,
    table,
    to_move,
    trick_number,
    unfinished,
)

__all__ = [
    "DECK",
    "ENGINE",
    "Abandon",
    "BlindDraw",
    "Claim",
    "DeclineBlind",
    "Join",
    "Pass",
    "Phase",
    "Play",
    "Ring",
    "Settlement",
    "State",
    "Table",
    "apply_blind",
    "apply_join",
    "apply_pass",
    "apply_play",
    "blind_candidates",
    "blind_stock_needed",
    "check_blind",
    "check_join",
    "check_pass",
    "check_play",
    "close_round",
    "current_player",
    "deal_faults",
    "declaration_order",
    "dominant_trump",
    "eldest",
    "finish",
    "hidden_seats",
    "is_blind_eligible",
    "is_over",
    "legal_actions",
    "legal_plays",
    "new_hand",
    "opening",
    "playing_seats",
    "settle",
    "start",
    "stock_size",
    "table",
    "to_move",
]


# --- actions: any value with the fields of a record event will do (record events do); these are
# the structs generated from the events (``records.structs``), under the events' own names -----

Pass = BestiaPass
Join = BestiaJoin
BlindDraw = BestiaBlindDraw
DeclineBlind = BestiaDeclineBlind
Play = BestiaPlay
Claim = BestiaClaim
Abandon = BestiaAbandon


def legal_actions(state: State) -> list[Any]:
    """Every legal action now, for generators and random play-outs: a pass or every exchange
    of the seat to declare; in the blind round every blind draw, every decline and every lead
    that would close it; a card in the play. Draws past the part of the stock the record shows
    are left out; so are claims and abandonment, which a generator makes on purpose."""
    if state.phase is DECLARE:
        return [Pass(seat=state.speaker), *_joins(state)]
    found: list[Any] = []
    if state.phase is BLIND:
        need = state.table.rules.hand_size
        for seat in blind_candidates(state):
            drawn = state.pile[state.drawn : state.drawn + need]
            if None not in drawn:
                found.append(BlindDraw(seat=seat, drawn=_cards(c for c in drawn if c is not None)))
            found.append(DeclineBlind(seat=seat))
    if state.phase is BLIND or state.phase is PLAY:
        seat = state.turn if state.play is not None else _leader(state)
        found += [Play(seat=seat, card=cast(Italian40Card, card)) for card in legal_plays(state)]
    return found


def _joins(state: State) -> list[Join]:
    seat, hand = state.speaker, state.hands[state.speaker]
    most = min(state.table.exchange_limit, state.stock_left)
    joins = []
    for k in range(most + 1):
        drawn = state.pile[state.drawn : state.drawn + k]
        if None in drawn:
            break
        cards = [c for c in drawn if c is not None]
        joins += [
            Join(seat=seat, exchange=k, discards=_cards(out), drawn=_cards(cards))
            for out in itertools.combinations(hand, k)
        ]
    return joins


def _cards(cards: Iterable[str]) -> list[Italian40Card]:
    """The engine's cards (strings of the deck) as the action structs type them."""
    return cast("list[Italian40Card]", list(cards))


def _leader(state: State) -> int:
    play = opening(state)
    return play.turn if play is not None else 0


def settle(state: State, carried: pot.Money) -> Settlement | Violation:
    """The pot of a finished hand from the starting pot ``carried`` (``pot.settle``; an
    abandoned hand is void, ``pot.void``)."""
    rules, dealer = state.table.rules, state.dealer
    if state.phase is ABANDONED:
        return pot.void(rules, dealer, carried, playing_seats(state), state.tricks_won)
    return pot.settle(rules, dealer, carried, state.playing, state.tricks_won)


def undealt(table: Table, number: int, deal: Any) -> int:
    """The cards every deal leaves in the stock (``Table.stock``), whether or not the record
    lists them all."""
    return table.stock


ENGINE: Engine[BestiaRules, Table, State] = Engine(
    game="bestia",
    deck=DECK,
    seats_parameter="num_players",
    rules_fault=rules_fault,
    table=table,
    deal_faults=deal_faults,
    start=start,
    kinds={
        "play": kind(check_play, apply_play, run=play_run, duty=play_duty),
        "pass": kind(check_pass, apply_pass, describe_pass),
        "join": kind(check_join, apply_join, describe_join),
        "blind_draw": kind(check_blind, apply_blind, describe_blind),
        "decline_blind": kind(check_decline, apply_decline, describe_decline),
        "claim": kind(check_claim, apply_claim),
        "abandon": kind(check_abandon, apply_abandon),
    },
    to_move=to_move,
    is_over=is_over,
    trick_number=trick_number,
    finish=finish,
    unfinished=unfinished,
    legal_actions=legal_actions,
    settle=settle,
    undealt=undealt,
)
"""The Bestia engine behind the interface every game shares."""
