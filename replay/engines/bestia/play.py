"""Bestia's play of the cards (docs/bestia.md, Q-BES-5, Q-BES-7), through
the shared loop.

The first card led closes the blind round: the playing set is every seat that joined or drew
blind, from the eldest anticlockwise, and the first of them leads (or the first to enter it,
under ``first_to_declare_play``). The cards are then played by ``records.tricks.play_cards``
among the playing seats only, with Bestia's duties as data: follow suit, else trump (even under
a trump already played), and the leader's duty to lead the dominant trump as a ``lead_fault``.
Checking the first card works the playing set out without changing anything; applying it
closes the round. A lone player takes every trick whether or not his cards are recorded.

Claims and abandonment, as Oh Hell has them: a claim shares out the tricks not yet played
among the playing seats, between tricks (before the first lead it closes the blind round), and
the hand ends as played. A hand may be abandoned from its deal until it ends; it is then void
(``replay.engines.bestia.pot.void``), and nothing may follow. A hand that has ended, by its last
trick or a claim, cannot be abandoned.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from records.problems import Violation
from records.tricks import CardPlay, LeadFault, PlayDuty, Ring, Trick, play_cards
from records.words import number_of
from replay.engines.bestia import hidden as hiding
from replay.engines.bestia.state import (
    ABANDONED,
    BLIND,
    CODES,
    DECLARE,
    DREW_BLIND,
    JOIN,
    PLAY,
    SETTLE,
    STRENGTH,
    State,
    dominant_trump,
)

__all__ = [
    "apply_abandon",
    "apply_claim",
    "apply_play",
    "check_abandon",
    "check_claim",
    "check_play",
    "close_round",
    "finish",
    "legal_plays",
    "opening",
    "play_duty",
    "play_run",
    "playing_seats",
]


def playing_seats(state: State) -> tuple[int, ...]:
    """The playing set, from the eldest anticlockwise: fixed once the blind round is closed,
    else the seats that joined or drew blind so far."""
    if state.phase is PLAY or state.phase is SETTLE:
        return state.playing
    decisions = state.decisions
    return tuple(
        [s for s in state.table.from_eldest[state.dealer] if decisions[s] in (JOIN, DREW_BLIND)]
    )


def opening(state: State) -> CardPlay | None:
    """The play as it would start if the blind round closed now (nothing changes), or None
    if nobody plays. ``close_round`` attaches it to the state."""
    opened = _open(state)
    return opened[0] if opened is not None else None


def _open(state: State) -> tuple[CardPlay, tuple[int, ...]] | None:
    """(the play, the playing set) as they would be if the blind round closed now."""
    playing = playing_seats(state)
    if not playing:
        return None
    table = state.table
    rules = table.rules
    leader = state.entered[0] if rules.first_leader == "first_to_declare_play" else playing[0]
    hands: Sequence[Sequence[str] | None] = state.hands
    hidden = hiding.hidden_seats(state) if state.hidden is not None else ()
    if hidden:  # cards not all known: the play judges those seats on what the record shows
        hands = [None if seat in hidden else cards for seat, cards in enumerate(hands)]
    play = CardPlay(
        hands,
        leader,
        _after(table.seats, playing),
        rules.hand_size,
        state.trump,
        STRENGTH,
        table.follow,
        _lead_rule(rules.top_trump_lead, dominant_trump(state.turned_up)),
        len(playing),
        state.tricks,
        CODES,
    )
    play.won = state.tricks_won
    if hidden:
        hiding.hide(state, play)
    return play, playing


@functools.cache
def _after(seats: int, playing: tuple[int, ...]) -> tuple[int, ...]:
    """``after[seat]`` of a play among ``playing`` (``Ring.among``). A table has few playing
    sets: each is worked out once."""
    return Ring(seats).among(playing)


def close_round(state: State, opened: tuple[CardPlay, tuple[int, ...]] | None = None) -> None:
    """Close the blind round: fix the playing set and the first leader (``opened`` if they
    were already worked out)."""
    if opened is None:
        opened = _open(state)
    if opened is None:
        state.phase = SETTLE
        return
    state.play, state.playing = opened
    state.hands = opened[0].hands  # what each seat holds from now on is the play's
    state.leader = opened[0].turn
    state.phase = PLAY


@functools.cache
def _lead_rule(mode: str, dominant: str) -> LeadFault | None:
    """The leader holding the dominant trump must lead it: at the first trick, at every lead,
    or never (``top_trump_lead``)."""
    if mode == "off":
        return None
    every = mode == "every_lead"

    def lead_fault(play: CardPlay, seat: int, card: str) -> tuple[str, str, object] | None:
        if card == dominant or not (every or play.trick_number == 1):
            return None
        if not play.holds(seat, dominant):
            return None
        reason = (
            f"seat {seat} leads {card} but holds the dominant trump {dominant} and must lead it"
        )
        return "play.must-lead-top-trump", reason, dominant

    return lead_fault


def _not_now(state: State, action: Any) -> Violation:
    """A card played outside the play: before the declarations end, or after the hand."""
    if state.phase is DECLARE:
        return Violation(
            "play.before-declarations-end",
            f"seat {action.seat} plays before every seat declared",
        )
    return Violation(
        "play.after-hand-end", f"seat {action.seat} plays {action.card} after the hand ended"
    )


def _current(state: State, action: Any) -> tuple[CardPlay, tuple[int, ...]] | Violation:
    """The play a card is played into (with the playing set): the state's, or the one the
    blind round would open."""
    phase = state.phase
    if phase is PLAY and state.play is not None:
        return state.play, state.playing
    if phase is BLIND:
        opened = _open(state)
        if opened is not None:
            return opened
    return _not_now(state, action)


def check_play(state: State, action: Any) -> Violation | None:
    found = _current(state, action)
    if isinstance(found, Violation):
        return found
    fault = play_cards(found[0], (action,), 0, commit=False)[1]
    return None if fault is None else Violation(*fault)


def apply_play(state: State, action: Any) -> Trick | None:
    """Play a checked card; return the trick if this card completed it."""
    if state.phase is BLIND:
        close_round(state)
    play = state.play
    assert play is not None  # a checked card is played in the play
    play_cards(play, (action,), 0)
    if play.is_over:
        state.phase = SETTLE
    return play.completed


def play_run(state: State, actions: Sequence[Any], at: int) -> tuple[int, Violation | None]:
    """Play ``actions[at:]`` while they are legal plays (``records.tricks.play_cards``); the
    position reached and the first illegal play's violation. The first card of the hand closes
    the blind round only if it is legal: a play refused at its first card changes nothing."""
    play = state.play
    if state.phase is not PLAY or play is None:
        found = _current(state, actions[at])
        if isinstance(found, Violation):
            return at, found
        play = found[0]
        reached, fault = play_cards(play, actions, at)
        if reached == at:  # refused before anything was played: the round stays open
            return at, None if fault is None else Violation(*fault)
        close_round(state, found)
    else:
        reached, fault = play_cards(play, actions, at)
    if play.is_over:
        state.phase = SETTLE
    return reached, None if fault is None else Violation(*fault)


def legal_plays(state: State) -> list[str]:
    """The cards the seat to play may play now (the leader's, in the blind round)."""
    if state.phase is PLAY and state.play is not None:
        return state.play.legal()
    play = opening(state) if state.phase is BLIND else None
    return play.legal() if play is not None else []


def play_duty(state: State) -> PlayDuty | None:
    """The duty of the seat to play now (``records.tricks.CardPlay.owed``; the leader's in the
    blind round), None where no card can be played and for a seat whose cards the record does
    not all show (``replay.engines.bestia.hidden``)."""
    play = state.play if state.phase is PLAY else opening(state) if state.phase is BLIND else None
    if play is None or play.hidden >> play.turn & 1:
        return None
    return play.owed()


def finish(state: State) -> bool:
    """End a hand whose recorded actions ran out: close the blind round, and let a lone player
    take every trick unplayed. True if the hand is now over; False if play was required or had
    begun."""
    if state.phase is BLIND:
        close_round(state)
    if state.phase is SETTLE or state.phase is ABANDONED:
        return True
    play = state.play
    if play is not None and len(state.playing) == 1 and not play.tricks and not play.placed:
        state.tricks_won[state.playing[0]] = state.table.rules.hand_size
        state.phase = SETTLE
        return True
    return False


# --- claims and abandonment ------------------------------------------------------------------


def check_claim(state: State, action: Any) -> Violation | None:
    """A claim of the remaining tricks, between tricks, giving tricks to playing seats only."""
    phase = state.phase
    opened = _open(state) if phase is BLIND else None
    if phase is PLAY and state.play is not None:
        play, playing = state.play, state.playing
    elif opened is not None:
        play, playing = opened
    else:
        why = "nobody plays" if phase is BLIND else "outside the play of the cards"
        return Violation("claim.out-of-phase", f"a claim {why}")
    if play.placed:
        return Violation("claim.mid-trick", "a claim in the middle of a trick")
    remaining = action.remaining
    left = state.table.rules.hand_size - len(play.tricks)
    if len(remaining) != state.table.seats or sum(remaining) != left:
        return Violation(
            "claim.tricks-sum",
            f"the claim shares out {number_of(sum(remaining), 'trick')} but {left} remain",
            expected=left,
            actual=sum(remaining),
        )
    for seat, count in enumerate(remaining):
        if count and seat not in playing:
            return Violation(
                "claim.not-playing",
                f"the claim gives {number_of(count, 'trick')} to seat {seat}, which does not play",
                path=("remaining", seat),
                expected=0,
                actual=count,
            )
    return None


def apply_claim(state: State, action: Any) -> None:
    if state.phase is BLIND:
        close_round(state)
    for seat, count in enumerate(action.remaining):
        state.tricks_won[seat] += count
    state.phase = SETTLE


def check_abandon(state: State, action: Any) -> Violation | None:
    """An abandonment stops a hand that has not ended; one that has ended counts as played."""
    phase = state.phase
    if phase is not SETTLE and phase is not ABANDONED:
        return None
    if phase is ABANDONED:
        how = "it had already been abandoned"
    elif len(state.tricks) < state.table.rules.hand_size and state.playing:
        how = "a claim had already ended it"
    else:
        how = "it had ended"
    return Violation(
        "abandon.after-hand-end",
        f"an abandonment after {how}: a hand that has ended cannot be abandoned",
    )


def apply_abandon(state: State, action: Any) -> None:
    state.phase = ABANDONED
