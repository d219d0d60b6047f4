"""The play of an Auction Pinochle hand: the first lead, the tricks, and concessions
(docs/pinochle.md).

The first lead ends the declaring: the declarer must lead with trump named and three cards
buried, and the final burial must keep the ``bury_restrictions`` (a violation points at that
burial). From that lead on the cards are played by the shared loop of ``records.tricks``
(``CardPlay``, ``play_cards``): the declarer's 18 cards minus the burial, the three active seats
in turn, 15 tricks, follow suit else trump (Q-PIN-3: no duty to head or overtrump unless the
rules say so; under ``trump_led`` the duty depends on the suit led), the first lead a trump
under ``first_lead = trump``. A card of a scored meld found buried at the first lead loses the
hand (Q-PIN-5); play may stop there.

Concessions: a declarer who concedes after the first lead has played and lost; before it
``allow_declarer_concede`` governs the single bete (a reading of our own where the texts are
silent), and the throw-in at the minimum before the widow is its own rule. An opponent may
concede only once trump is named and the cards are buried. A concession before the first lead
ends the declaring as the lead would: the final burial must keep the ``bury_restrictions``. Part of the engine in
``replay.engines.pinochle``; pure, no pydantic, no I/O.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from typing import Any, cast

from records.problems import Violation
from records.rules.pinochle import MeldKind, Suit
from records.structs import (
    Pinochle48Card,
    PinochleBid,
    PinochleBury,
    PinochleConcede,
    PinochleMeld,
    PinochleMeldDeclaration,
    PinochleNameTrump,
    PinochlePass,
    PinochlePlay,
    PinochleTakeWidow,
)
from records.tricks import CardPlay, PlayDuty, Trick, encoding, play_cards, width
from replay.engines.pinochle import melds, view
from replay.engines.pinochle.auction import legal_calls
from replay.engines.pinochle.declare import burial_fault, check_burial_restrictions
from replay.engines.pinochle.state import (
    AUCTION,
    DECK,
    DECLARE,
    HAND_SIZE,
    OVER,
    PLAY,
    SUITS,
    WIDOW,
    State,
    Table,
    kept_cards,
)

STRENGTH = DECK.strength
CODES = encoding(STRENGTH, width(DECK.copies))
"""The deck's cards as the play holds them (``records.tricks.Codes``)."""

# --- the first lead --------------------------------------------------------------------------


def check_ready(state: State, seat: int) -> Violation | None:
    """Before the first lead: trump named, cards buried, the declarer to lead."""
    if seat != state.declarer:
        return Violation(
            "play.out-of-turn",
            f"seat {seat} played; the declarer leads first",
            expected=state.declarer,
            actual=seat,
        )
    if state.trump is None:
        return Violation("play.before-trump", "the first lead comes before trump is named")
    if state.buried is None:
        return Violation("play.before-bury", "the first lead comes before the burial")
    return None


def lead_fault(state: State, seat: int) -> Violation | None:
    """Why ``seat`` may not make the first lead now, whatever the card."""
    return check_ready(state, seat) or check_burial_restrictions(state)


def _first_lead_trump(play: CardPlay, seat: int, card: str) -> tuple[str, str, object] | None:
    """``first_lead = trump``: the declarer leads a trump to the first trick if he holds one."""
    trump = play.trump
    if play.tricks or trump is None or card[-1] == trump or not play.holds_suit(seat, trump):
        return None
    return "play.first-lead-trump", f"{card} led; the first lead must be a trump", None


def card_play(state: State) -> CardPlay:
    """The play as the first lead would begin it: the declarer's 18 cards minus the burial,
    the three active seats in turn, the declarer to lead."""
    declarer, trump, buried = state.declarer, state.trump, state.buried
    assert declarer is not None and trump is not None and buried is not None
    hands = list(state.hands)
    if state.hand18:  # else not known (one seat's view)
        hands[declarer] = kept_cards(state.hand18, buried)
    first = _first_lead_trump if state.rules.first_lead == "trump" else None
    game = state.table
    # the hand's tricks are the play's from the start
    play = CardPlay(
        hands,
        declarer,
        state.after,
        HAND_SIZE,
        trump,
        STRENGTH,
        game.follow[trump],
        first,
        3,
        state.tricks,
        CODES,
    )
    if play.hidden:  # a seat's view: what the hidden seats may hold
        view.hide(state, play)
    return play


def _begin(state: State, play: CardPlay) -> None:
    """The first lead was made: the play has begun, and a buried meld card is found."""
    buried = state.buried
    assert buried is not None
    state.play = play
    state.hands = play.hands
    state.phase = PLAY
    scored = state.melds
    # The melds were checked against the 18 cards, so only a buried card can be missing.
    gone = set(buried)
    if scored and not all(gone.isdisjoint(meld.cards) for meld in scored):
        if state.hand18:
            state.lost_card = melds.lost_meld_card(state.rules, state.held18, buried, scored)
        else:  # a hidden declarer: his copies may not be known
            state.lost_card, state.lost_unknown = view.lost_card(state)


# --- plays -----------------------------------------------------------------------------------


def play_run(state: State, actions: Sequence[Any], at: int) -> tuple[int, Violation | None]:
    """Play ``actions[at:]`` while they are legal plays (``records.tricks.play_cards``); the
    position reached and the first illegal play's violation."""
    phase = state.phase
    if phase is PLAY:
        play = state.play
        assert play is not None
        reached, fault = play_cards(play, actions, at)
    elif phase is DECLARE:
        violation = lead_fault(state, actions[at].seat)
        if violation is not None:
            return at, violation
        play = card_play(state)
        reached, fault = play_cards(play, actions, at)
        if reached == at:  # the lead itself was refused: the play has not begun
            return at, None if fault is None else Violation(*fault)
        _begin(state, play)
    else:
        return at, _out_of_phase(state, actions[at])
    state.applied += reached - at
    state.turn = play.turn
    if len(play.tricks) == HAND_SIZE:
        _over(state)
    return reached, None if fault is None else Violation(*fault)


def check_play(state: State, action: Any) -> Violation | None:
    phase = state.phase
    if phase is PLAY:
        assert state.play is not None
        fault = play_cards(state.play, (action,), 0, commit=False)[1]
    elif phase is DECLARE:
        violation = lead_fault(state, action.seat)
        if violation is not None:
            return violation
        fault = play_cards(card_play(state), (action,), 0, commit=False)[1]
    else:
        return _out_of_phase(state, action)
    return None if fault is None else Violation(*fault)


def apply_play(state: State, action: Any) -> Trick | None:
    """Play a checked card; return the trick if this card completed it."""
    if state.phase is DECLARE:
        _begin(state, card_play(state))
    play = state.play
    assert play is not None
    play_cards(play, (action,), 0)
    state.applied += 1
    state.turn = play.turn
    if len(play.tricks) == HAND_SIZE:
        _over(state)
    return play.completed


def _over(state: State) -> None:
    """The 15th trick is taken: the hand is over (a hidden declarer's cards are known now)."""
    state.phase = OVER
    if state.lost_unknown:
        view.resolve(state)


def _out_of_phase(state: State, action: Any) -> Violation:
    return Violation(
        "play.out-of-phase",
        f"seat {action.seat} played {action.card} during the {state.phase.value}",
    )


def play_duty(state: State) -> PlayDuty | None:
    """The duty of the seat to play now (``records.tricks.CardPlay.owed``; the declarer's at the
    first lead), None where no card can be played and for a seat whose cards the record does
    not know (one seat's view)."""
    if view.is_hidden(state, state.turn):  # its cards are not known: no duty is given
        return None
    if state.phase is PLAY:
        assert state.play is not None
        return state.play.owed()
    if state.phase is DECLARE and lead_fault(state, state.turn) is None:
        return card_play(state).owed()
    return None


def legal_plays(state: State) -> list[str]:
    """The cards the seat to move may play, in the order it holds them (copies repeated).
    The declarer holds his cards in the order his 18 first held each card, copies together (as
    earlier releases offered them, so that a seed plays the same game)."""
    if state.phase is PLAY:
        assert state.play is not None
        legal = state.play.legal()
    elif state.phase is DECLARE and lead_fault(state, state.turn) is None:
        legal = card_play(state).legal()
    else:
        return []
    if state.turn == state.declarer:
        first = {card: index for index, card in enumerate(state.held18)}
        legal.sort(key=first.__getitem__)
    return legal


# --- concessions -----------------------------------------------------------------------------


def check_concede(state: State, action: Any) -> Violation | None:
    """Whether the concession is legal; one that ends the hand before the first lead also
    settles the burial, so the ``bury_restrictions`` are checked on it as at the lead."""
    violation = _concede_fault(state, action)
    ending = state.phase is DECLARE and state.buried is not None
    if violation is None and ending and state.trump is not None:  # the restrictions need trump
        return check_burial_restrictions(state)
    return violation


def _concede_fault(state: State, action: Any) -> Violation | None:
    seat, rules, phase = action.seat, state.rules, state.phase
    if phase is not WIDOW and phase is not DECLARE and phase is not PLAY:
        return Violation("concede.out-of-phase", f"a concession during the {phase.value}")
    if seat not in state.active:
        return Violation("concede.sitting-out", f"seat {seat} sits out and cannot concede")
    if seat == state.declarer:
        throw_in = phase is WIDOW and is_throw_in_allowed(state)
        if phase is not PLAY and not rules.allow_declarer_concede and not throw_in:
            return Violation(
                "concede.not-allowed",
                "declarer concessions are not allowed (allow_declarer_concede = false)",
            )
        return None
    if not rules.allow_opponent_concede:
        return Violation(
            "concede.not-allowed", "opponents may not concede (allow_opponent_concede = false)"
        )
    if phase is not PLAY and (state.trump is None or state.buried is None):
        return Violation(
            "concede.too-early",
            "an opponent may concede only once trump is named and the cards are buried",
        )
    return None


def is_throw_in_allowed(state: State) -> bool:
    return state.rules.throw_in_at_min_without_widow and state.contract == state.rules.min_bid


def apply_concede(state: State, action: Any) -> None:
    state.conceded_by = action.seat
    state.conceded_in = state.phase
    state.phase = OVER
    state.applied += 1
    if state.lost_unknown:
        view.resolve(state)


def describe_concede(game: Table, action: Any) -> str:
    return "concedes"


# --- every legal action ----------------------------------------------------------------------


def legal_actions(state: State) -> list[Any]:
    """Every legal action now, for generators and random play-outs. Bids go up to
    ``auction.LEGAL_BIDS_ABOVE`` over the high bid. Between the widow and the first lead the
    declarer may name each suit; once trump is named, declare the melds his 18 cards hold
    (``melds.available_melds``: any part of them is legal too) or bury any three of them that
    the ``bury_restrictions`` let him lead after (each multiset once, announced when it holds
    trump); once trump and burial stand, lead. From the widow on, each seat that may concede."""
    phase, seat = state.phase, state.turn
    if phase is AUCTION:
        return [
            PinochlePass(seat=seat) if c is None else PinochleBid(seat=seat, points=c)
            for c in legal_calls(state)
        ]
    found: list[Any] = []
    if phase is WIDOW:
        found.append(PinochleTakeWidow(seat=seat, cards=_cards(state.widow)))
    elif phase is DECLARE:
        found += [PinochleNameTrump(seat=seat, suit=_suit(suit)) for suit in SUITS]
        trump = state.trump
        if trump is not None:
            held = melds.available_melds(state.rules, state.hand18, trump)
            declared = [PinochleMeldDeclaration(meld=_kind(k), cards=_cards(c)) for k, c in held]
            found.append(PinochleMeld(seat=seat, melds=declared))
            rule = state.rules.bury_restrictions
            found += _burials(seat, tuple(sorted(state.hand18)), trump, rule)
    if phase is DECLARE or phase is PLAY:
        found += [PinochlePlay(seat=seat, card=_card(card)) for card in legal_plays(state)]
    if phase is WIDOW or phase is DECLARE or phase is PLAY:
        found += [
            PinochleConcede(seat=s)
            for s in state.active
            if check_concede(state, PinochleConcede(seat=s)) is None
        ]
    return found


def _cards(cards: Iterable[str]) -> list[Pinochle48Card]:
    """The engine's cards (strings of the deck) as the action structs type them."""
    return cast("list[Pinochle48Card]", list(cards))


def _card(card: str) -> Pinochle48Card:
    return cast("Pinochle48Card", card)


def _suit(suit: str) -> Suit:
    return cast("Suit", suit)


def _kind(kind: str) -> MeldKind:
    return cast("MeldKind", kind)


@functools.lru_cache(maxsize=8)  # a generator asks for one hand's burials a few times running
def _burials(seat: int, hand18: tuple[str, ...], trump: str, rule: str) -> tuple[PinochleBury, ...]:
    """Every multiset of three of the declarer's 18 cards (in ``sorted`` order) he may lead
    after burying, in card order; announced when it holds trump."""
    held = melds.counts(hand18)
    cards = list(held)
    out = []
    for i, first in enumerate(cards):
        for j in range(i, len(cards)):
            second = cards[j]
            for k in range(j, len(cards)):
                third = cards[k]
                if i == k or (i == j and held[first] < 2) or (j == k and held[second] < 2):
                    continue  # held too few times (no card is held three times)
                buried = (first, second, third)
                announced = trump in (first[-1], second[-1], third[-1])
                if burial_fault(rule, trump, hand18, buried, announced) is None:
                    out.append(PinochleBury(seat=seat, cards=_cards(buried), announced=announced))
    return tuple(out)
