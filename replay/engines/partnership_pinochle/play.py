"""The play of a Partnership Pinochle hand (pagat.com): the bidder leads to the first trick once
the passing is over and every player's melds are stated; twelve tricks of four cards, played by
the shared loop of ``records.tricks`` (follow suit, trump when void, heading and overtrumping as
``head_rule`` and ``must_overtrump`` say; of two identical cards the first played wins). Part of
the engine in ``replay.engines.partnership_pinochle``; pure, no pydantic, no I/O.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any, cast

from records.problems import Violation
from records.rules.partnership_pinochle import MeldKind, Suit
from records.structs import (
    PartnershipPinochleBid,
    PartnershipPinochleMeld,
    PartnershipPinochleMeldDeclaration,
    PartnershipPinochleNameTrump,
    PartnershipPinochlePass,
    PartnershipPinochlePassCards,
    PartnershipPinochlePlay,
    PartnershipPinochleThrowIn,
    Pinochle48Card,
)
from records.tricks import CardPlay, PlayDuty, Trick, encoding, play_cards, width
from replay.engines.partnership_pinochle import declare
from replay.engines.partnership_pinochle.auction import legal_calls
from replay.engines.partnership_pinochle.state import (
    AFTER,
    AUCTION,
    DECK,
    HAND_SIZE,
    MELD,
    OVER,
    PASS,
    PLAY,
    SUITS,
    TRUMP,
    State,
    is_hidden,
    melds_due,
    partner,
    team,
)
from replay.engines.pinochle import melds

STRENGTH = DECK.strength
CODES = encoding(STRENGTH, width(DECK.copies))
"""The deck's cards as the play holds them (``records.tricks.Codes``)."""


def lead_fault(state: State, seat: int) -> Violation | None:
    """Why ``seat`` may not make the first lead now, whatever the card."""
    if state.phase is PASS or (state.phase is MELD and melds_due(state)):
        due = melds_due(state)
        why = (
            f"before seat {due[0]} declared melds"
            if state.phase is MELD
            else "before the passing is over"
        )
        return Violation("play.before-meld", f"the first lead comes {why}")
    if seat != state.declarer:
        return Violation(
            "play.out-of-turn",
            f"seat {seat} played; the bidder leads first",
            expected=state.declarer,
            actual=seat,
        )
    return None


def card_play(state: State) -> CardPlay:
    """The play as the first lead begins it: the hands after the passing, the bidder to lead.

    The hands not known (one seat's view, or the bidding team's after a pass not logged) are
    hidden (None): each card such a seat plays is judged against what the table can see
    (``records.tricks.CardPlay.hide``): one the hidden seats share not played yet, or one it
    is known to hold (passed to it, shown in its melds: no other seat may hold those), and of
    no suit it showed out of before; a seat that discarded when a trump was due (always, in
    this game) has no trump."""
    assert state.declarer is not None and state.trump is not None
    hands: Sequence[Sequence[str] | None] = state.hands
    if state.hidden:
        hands = [None if is_hidden(state, seat) else cards for seat, cards in enumerate(hands)]
    play = CardPlay(
        hands,
        state.declarer,
        AFTER,
        HAND_SIZE,
        state.trump,
        STRENGTH,
        state.table.follow,
        None,
        4,
        state.tricks,
        CODES,
    )
    if state.unseen is not None:
        pool = Counter(state.unseen)
        own: dict[int, int] = {}
        places: list[tuple[str, list[str]]] = []
        shown = _shown(state)
        for seat in range(4):
            if not is_hidden(state, seat):
                continue
            known = Counter(state.known.get(seat, {}))
            melded = shown.get(seat, Counter())
            pool -= melded - known  # shown in melds beyond what it was passed: from the pool
            own[seat] = CODES.hand(list((known | melded).elements()))
            places.append((f"seat {seat} melded it", list(melded)))
            places.append((f"it was passed to seat {seat}", list(known)))
        play.hide(CODES.hand(list(pool.elements())), own, places, trump_evidence=True)
    return play


def _shown(state: State) -> dict[int, Counter[str]]:
    """Hidden seat -> the cards its stated melds show it holds (each as often as one class of
    them uses it): only it may hold them."""
    if state.rules.meld_declared != "stated":
        return {}
    return {
        seat: Counter(declare.holding(state.table.melds, state.melded.get(seat, ())))
        for seat in range(4)
        if is_hidden(state, seat)
    }


def _revoke_shown(play: CardPlay, seat: int, card: str) -> Violation | None:
    """A hidden seat that plays off the suit led while a card its melds showed, not played yet,
    is of that suit: it held the suit (``CardPlay.own``, what only that seat may hold)."""
    own = play.own.get(seat, 0) if play.hidden >> seat & 1 and play.placed else 0
    code = CODES.code.get(card)
    if not own or code is None:
        return None
    led = play.tricks.cards[-play.placed] >> 4
    of_led = own & CODES.suit_mask[led]
    if code >> 4 == led or not of_led:
        return None
    shown = CODES.name[((of_led & -of_led).bit_length() - 1) // CODES.width]
    letter = CODES.suits[led]
    return Violation(
        "play.revoke",
        f"seat {seat} plays {card} when {letter} is led, but showed {shown} in its melds and has "
        f"not played it: it holds {letter}",
        actual=card,
    )


def _out_of_phase(state: State, action: Any) -> Violation:
    return Violation(
        "play.out-of-phase",
        f"seat {action.seat} played {action.card} during the {state.phase.value}",
    )


def play_run(state: State, actions: Sequence[Any], at: int) -> tuple[int, Violation | None]:
    """Play ``actions[at:]`` while they are legal plays (``records.tricks.play_cards``); one at a
    time where the melds of hidden seats show cards they hold (``_revoke_shown``)."""
    phase = state.phase
    if phase is PLAY:
        play = state.play
        assert play is not None
    elif phase is MELD or phase is PASS:
        violation = lead_fault(state, actions[at].seat)
        if violation is not None:
            return at, violation
        play = card_play(state)
    else:
        return at, _out_of_phase(state, actions[at])
    if play.hidden and any(play.own.values()):
        reached, fault = _one_by_one(play, actions, at)
    else:
        reached, fault = play_cards(play, actions, at)
    if reached > at and state.play is None:
        state.play, state.hands, state.phase = play, play.hands, PLAY
    state.applied += reached - at
    state.turn = play.turn
    if len(play.tricks) == HAND_SIZE:
        state.phase = OVER
    if fault is None or isinstance(fault, Violation):
        return reached, fault
    return reached, Violation(*fault)


def _one_by_one(play: CardPlay, actions: Sequence[Any], at: int) -> tuple[int, Any]:
    """``play_cards`` a card at a time, each first judged by ``_revoke_shown``."""
    reached = at
    while reached < len(actions) and actions[reached].type == "play":
        if play.is_over:
            break
        action = actions[reached]
        violation = _revoke_shown(play, action.seat, action.card)
        if violation is not None:
            return reached, violation
        done, fault = play_cards(play, (action,), 0)
        if fault is not None or not done:
            return reached, fault
        reached += 1
    return reached, None


def check_play(state: State, action: Any) -> Violation | None:
    phase = state.phase
    if phase is PLAY:
        assert state.play is not None
        play = state.play
    elif phase is MELD or phase is PASS:
        violation = lead_fault(state, action.seat)
        if violation is not None:
            return violation
        play = card_play(state)
    else:
        return _out_of_phase(state, action)
    if play.hidden:
        shown = _revoke_shown(play, action.seat, action.card)
        if shown is not None:
            return shown
    fault = play_cards(play, (action,), 0, commit=False)[1]
    return None if fault is None else Violation(*fault)


def apply_play(state: State, action: Any) -> Trick | None:
    """Play a checked card; return the trick if this card completed it."""
    if state.play is None:
        play = card_play(state)
        state.play, state.hands, state.phase = play, play.hands, PLAY
    play = state.play
    play_cards(play, (action,), 0)
    state.applied += 1
    state.turn = play.turn
    if len(play.tricks) == HAND_SIZE:
        state.phase = OVER
    return play.completed


def play_duty(state: State) -> PlayDuty | None:
    """The duty of the seat to play now; None outside the play and for a seat whose cards are
    not known (a pass not logged)."""
    if is_hidden(state, state.turn):
        return None
    if state.phase is PLAY:
        assert state.play is not None
        return state.play.owed()
    if state.phase is MELD and lead_fault(state, state.turn) is None:
        return card_play(state).owed()
    return None


def legal_plays(state: State) -> list[str]:
    """The cards the seat to move may play (copies repeated)."""
    if state.phase is PLAY:
        assert state.play is not None
        return state.play.legal()
    if state.phase is MELD and lead_fault(state, state.turn) is None:
        return card_play(state).legal()
    return []


# --- every legal action ----------------------------------------------------------------------


def legal_actions(state: State) -> list[Any]:
    """Every legal action now, for generators and random play-outs: the calls (bids up to
    ``auction.LEGAL_STEPS_ABOVE`` steps over the high bid), each trump, each set of cards to
    pass (only the first few hundred, in card order: the sets are many), each seat's melds
    (every meld its hand holds, ``available_melds``), the throw-in by either player of the
    bidding team, and the cards."""
    phase, seat = state.phase, state.turn
    if phase is AUCTION:
        return [
            PartnershipPinochlePass(seat=seat)
            if c is None
            else PartnershipPinochleBid(seat=seat, points=c)
            for c in legal_calls(state)
        ]
    if phase is TRUMP:
        return [PartnershipPinochleNameTrump(seat=seat, suit=cast(Suit, s)) for s in SUITS]
    if phase is PASS:
        return [
            PartnershipPinochlePassCards(seat=seat, cards=_cards(c))
            for c in _passes(state.hands[seat], state.rules.pass_cards)
        ]
    found: list[Any] = []
    if phase is MELD:
        for due in melds_due(state):
            found.append(PartnershipPinochleMeld(seat=due, melds=offered_melds(state, due)))
        if state.rules.throw_in != "not_allowed" and not melds_due(state):
            assert state.declarer is not None
            for who in (state.declarer, partner(state.declarer)):
                found.append(PartnershipPinochleThrowIn(seat=who))
    if phase is MELD or phase is PLAY:
        found += [PartnershipPinochlePlay(seat=seat, card=_card(c)) for c in legal_plays(state)]
    return found


def offered_melds(state: State, seat: int) -> list[PartnershipPinochleMeldDeclaration]:
    """Every meld seat ``seat``'s hand holds after the passing, as one meld event's list."""
    assert state.trump is not None
    held = melds.available_melds(state.table.meld_rules, state.after_pass[seat], state.trump)
    return [
        PartnershipPinochleMeldDeclaration(
            meld=cast(MeldKind, declare.meld_name(kind)), cards=_cards(cards)
        )
        for kind, cards in held
    ]


def _passes(hand: Sequence[str], size: int, most: int = 300) -> list[tuple[str, ...]]:
    """Up to ``most`` multisets of ``size`` cards of ``hand``, in card order."""
    cards = sorted(hand)
    found: list[tuple[str, ...]] = []
    seen: set[tuple[str, ...]] = set()

    def pick(start: int, chosen: list[str]) -> None:
        if len(found) >= most:
            return
        if len(chosen) == size:
            key = tuple(chosen)
            if key not in seen:
                seen.add(key)
                found.append(key)
            return
        for i in range(start, len(cards)):
            pick(i + 1, [*chosen, cards[i]])

    pick(0, [])
    return found


def _cards(cards: Iterable[str]) -> list[Pinochle48Card]:
    return cast("list[Pinochle48Card]", list(cards))


def _card(card: str) -> Pinochle48Card:
    return cast("Pinochle48Card", card)


def bidding_team(state: State) -> int | None:
    return None if state.declarer is None else team(state.declarer)
