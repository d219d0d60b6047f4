"""Bestia rules engine, after RULES.md §3 and the Italian original text (S-BES, an online room).

Implemented readings (RULES.md §3.8 and §5), each selectable by a rule parameter of the record:

* seats are numbered anticlockwise, the direction of play: ``Ring.after(s)`` is the seat at the
  right of ``s`` (``s + 1`` mod n); the eldest sits at the dealer's right and the deal passes
  to the right;
* declarations start at the right of the eldest, who speaks last (Q-BES-1, the literal text;
  ``right_of_dealer`` is every reference's order). Each seat passes or plays, and a seat that
  plays exchanges at once (phase ``EXCHANGE``) with the top of the stock, up to
  ``max_exchange`` cards and never more than the stock holds;
* then, in the same order, seats that passed may draw blind (Q-BES-6): the top ``hand_size``
  cards, while the stock holds at least ``max(blind_min_stock, hand_size)``. Declining is not
  recorded, so a blind draw must come from a later seat than the one before it; a draw once the
  stock ran short is reported as ``blind.stock-short``, the cause of it being out of turn;
* the turned-up card is never drawn unless ``trump_card_drawable`` (Q-BES-8);
* the first trick is led by the first playing seat from the eldest anticlockwise; play goes
  anticlockwise among the playing seats; follow suit, else trump (even under a trump already
  played), else any card; the first leader holding the dominant trump (the Ace, or the 3 when
  the Ace is the turned-up card) must lead it (Q-BES-5);
* one playing seat takes every trick whether or not his cards are recorded (Q-BES-7); the pot
  ledger is in ``replay.engines.bestia_pot``.

The engine is a small state machine (declare -> exchange -> blind draw -> play -> settle) over
plain values: cards are the strings of ``records.cards``, the rules the ``BestiaRules``
dataclass. ``check_*`` functions say whether an action is legal without changing anything;
``apply_*`` functions change the state and assume the action was checked. No pydantic, no I/O.
"""

from __future__ import annotations

from collections.abc import Sequence

from records.problems import Violation
from records.rules.bestia import BestiaRules
from replay.engines.bestia_state import (
    DECK,
    Phase,
    Ring,
    State,
    current_player,
    declaration_order,
    dominant_trump,
    eldest,
    is_over,
    new_hand,
    stock_size,
)
from replay.tricks import Trick, explain_illegal, legal_cards, winning_index

__all__ = [
    "DECK",
    "Phase",
    "Ring",
    "State",
    "current_player",
    "declaration_order",
    "dominant_trump",
    "eldest",
    "is_over",
    "new_hand",
    "stock_size",
]


# --- declarations and exchanges --------------------------------------------------------------


def check_declare(state: State, seat: int, exchange: int | None) -> Violation | None:
    """A first-round declaration: ``exchange`` None to pass, else the cards to change."""
    if state.phase is not Phase.DECLARE:
        return Violation("declare.after-round", f"seat {seat} declares after the first round")
    if seat != state.turn:
        return Violation(
            "declare.out-of-turn",
            f"seat {seat} declares out of turn ({state.rules.declaration_start})",
            expected=state.turn,
            actual=seat,
        )
    if exchange is None:
        return None
    limit = min(state.rules.max_exchange, state.rules.hand_size)
    if exchange > limit:
        return Violation(
            "exchange.too-many",
            f"seat {seat} asks to change {exchange} card(s); at most {limit} (max_exchange)",
            expected=f"0..{limit}",
            actual=exchange,
        )
    if exchange > state.stock_left:
        return Violation(
            "exchange.stock-short",
            f"seat {seat} asks to change {exchange} card(s) but the stock holds {state.stock_left}",
            expected=f"0..{state.stock_left}",
            actual=exchange,
        )
    return None


def apply_declare(state: State, exchange: int | None) -> None:
    seat = state.turn
    if exchange is None:
        state.decisions[seat] = "pass"
        _next_declarer(state)
        return
    state.decisions[seat] = "join"
    state.entered.append(seat)
    state.pending = exchange
    state.phase = Phase.EXCHANGE


def check_exchange(state: State, discards: Sequence[str], drawn: Sequence[str]) -> Violation | None:
    """The exchange of the seat that just declared play: ``pending`` discards and draws."""
    seat = state.turn
    if len(discards) != state.pending or len(drawn) != state.pending:
        return Violation(
            "exchange.count-mismatch",
            f"seat {seat} changes {state.pending} card(s) but discards {len(discards)} and "
            f"draws {len(drawn)}",
            expected=state.pending,
            actual=[len(discards), len(drawn)],
        )
    hand = list(state.hands[seat])
    for card in discards:
        if card not in hand:
            return Violation(
                "exchange.discard-not-held",
                f"seat {seat} discards {card}, which it does not hold",
                actual=card,
            )
        hand.remove(card)
    return check_draw(state, drawn, "exchange")


def check_draw(state: State, drawn: Sequence[str], what: str) -> Violation | None:
    """Cards drawn must be the next ones of the stock, in order."""
    top = state.pile[state.drawn : state.drawn + len(drawn)]
    if None in top:
        return Violation(
            "draw.stock-unrecorded",
            f"the {what} draws past the part of the stock the record shows",
            expected=f"stock recorded to at least {state.drawn + len(drawn)} card(s)",
            actual=sum(c is not None for c in state.pile),
        )
    if list(drawn) != top:
        return Violation(
            "draw.not-top-of-stock",
            f"the {what} draws {' '.join(drawn)}, but the top of the stock is {' '.join(top)}",  # type: ignore[arg-type]
            expected=top,
            actual=list(drawn),
        )
    return None


def apply_exchange(state: State, discards: Sequence[str], drawn: Sequence[str]) -> None:
    hand = state.hands[state.turn]
    for card in discards:
        hand.remove(card)
    hand.extend(drawn)
    state.drawn += len(drawn)
    state.pending = 0
    state.phase = Phase.DECLARE
    _next_declarer(state)


def _next_declarer(state: State) -> None:
    state.cursor += 1
    if state.cursor < len(state.order):
        state.turn = state.order[state.cursor]
    else:
        state.phase = Phase.BLIND
        state.cursor = 0


# --- blind draws -----------------------------------------------------------------------------


def blind_stock_needed(rules: BestiaRules) -> int:
    return max(rules.blind_min_stock, rules.hand_size)


def is_blind_eligible(state: State, seat: int) -> bool:
    decision = state.decisions[seat]
    if state.rules.blind_eligibility == "passed_only":
        return decision == "pass"
    return decision != "blind"


def blind_candidates(state: State) -> list[int]:
    """Seats that may still draw blind now, in the order they are asked."""
    if state.phase is not Phase.BLIND or not state.rules.blind_allowed:
        return []
    if state.stock_left < blind_stock_needed(state.rules):
        return []
    return [s for s in state.order[state.cursor :] if is_blind_eligible(state, s)]


def check_blind(state: State, seat: int, drawn: Sequence[str]) -> Violation | None:
    if state.phase in (Phase.DECLARE, Phase.EXCHANGE):
        return Violation("blind.too-early", f"seat {seat} draws blind before the first round ends")
    if state.phase is not Phase.BLIND:
        return Violation("blind.after-round", f"seat {seat} draws blind after the play began")
    if not state.rules.blind_allowed:
        return Violation("blind.not-allowed", "blind draws are not allowed (blind_allowed)")
    if not is_blind_eligible(state, seat):
        return Violation(
            "blind.not-eligible",
            f"seat {seat} may not draw blind ({state.decisions[seat]}; "
            f"blind_eligibility = {state.rules.blind_eligibility})",
        )
    if seat not in state.order[state.cursor :]:
        return Violation(
            "blind.out-of-turn",
            f"seat {seat} draws blind after a later seat already did",
            actual=seat,
        )
    need = blind_stock_needed(state.rules)
    if state.stock_left < need:
        return Violation(
            "blind.stock-short",
            f"seat {seat} draws blind with {state.stock_left} card(s) left; a blind draw needs "
            f"{need}",
            expected=need,
            actual=state.stock_left,
        )
    if len(drawn) != state.rules.hand_size:
        return Violation(
            "blind.count-mismatch",
            f"a blind draw takes {state.rules.hand_size} cards, not {len(drawn)}",
            expected=state.rules.hand_size,
            actual=len(drawn),
        )
    return check_draw(state, drawn, "blind draw")


def apply_blind(state: State, seat: int, drawn: Sequence[str]) -> None:
    state.hands[seat] = list(drawn)
    state.drawn += len(drawn)
    if state.decisions[seat] != "join":
        state.entered.append(seat)
    state.decisions[seat] = "blind"
    state.cursor = state.order.index(seat) + 1


def start_play(state: State) -> None:
    """Close the blind round: fix the playing set and the first leader."""
    ring = state.ring
    from_eldest = ring.order_from(eldest(state.rules, state.dealer))
    state.playing = tuple(s for s in from_eldest if state.decisions[s] in ("join", "blind"))
    if not state.playing:
        state.phase = Phase.SETTLE
        return
    if state.rules.first_leader == "first_to_declare_play":
        state.leader = state.entered[0]
    else:
        state.leader = state.playing[0]
    state.turn = state.leader
    state.phase = Phase.PLAY


# --- play ------------------------------------------------------------------------------------


def has_lead_duty(state: State) -> bool:
    match state.rules.top_trump_lead:
        case "first_trick":
            return state.trick_number == 1
        case "every_lead":
            return True
    return False


def legal_plays(state: State) -> list[str]:
    if state.phase is not Phase.PLAY:
        return []
    hand = state.hands[state.turn]
    if not state.trick and has_lead_duty(state):
        dominant = dominant_trump(state.turned_up)
        if dominant in hand:
            return [dominant]
    return legal_cards(hand, state.trick, state.trump, DECK.strength, state.follow)


def check_play(state: State, seat: int, card: str) -> Violation | None:
    if state.phase in (Phase.DECLARE, Phase.EXCHANGE):
        return Violation(
            "play.before-declarations-end", f"seat {seat} plays before every seat declared"
        )
    if state.phase is not Phase.PLAY:
        return Violation("play.after-hand-end", f"seat {seat} plays {card} after the hand ended")
    if seat != state.turn:
        return Violation(
            "play.out-of-turn", f"seat {seat} plays out of turn", expected=state.turn, actual=seat
        )
    hand = state.hands[seat]
    if card in hand and card in legal_plays(state):
        return None
    if card in hand and not state.trick:
        dominant = dominant_trump(state.turned_up)
        return Violation(
            "play.must-lead-top-trump",
            f"seat {seat} leads {card} but holds the dominant trump {dominant} and must lead it",
            expected=dominant,
            actual=card,
        )
    code, reason = explain_illegal(card, hand, state.trick, state.trump)
    return Violation(code, reason, actual=card)


def apply_play(state: State, card: str) -> Trick | None:
    """Play ``card`` for the seat to move; return the trick if this card completed it."""
    state.hands[state.turn].remove(card)
    state.trick.append(card)
    players = state.playing
    if len(state.trick) < len(players):
        state.turn = _next_player(state, state.turn)
        return None
    seats = [state.leader]
    while len(seats) < len(players):
        seats.append(_next_player(state, seats[-1]))
    winner = seats[winning_index(state.trick, state.trump, DECK.strength)]
    done = Trick(
        number=state.trick_number,
        leader=state.leader,
        plays=tuple(zip(seats, state.trick, strict=True)),
        winner=winner,
    )
    state.tricks.append(done)
    state.tricks_won[winner] += 1
    state.trick = []
    state.leader = state.turn = winner
    if len(state.tricks) == state.rules.hand_size:
        state.phase = Phase.SETTLE
    return done


def _next_player(state: State, seat: int) -> int:
    nxt = state.ring.after(seat)
    while nxt not in state.playing:
        nxt = state.ring.after(nxt)
    return nxt


def finish_unplayed(state: State) -> bool:
    """End a hand whose cards need not be played: a lone player takes every trick.

    True if the hand is now over; False if play was required or had begun.
    """
    if state.phase is Phase.SETTLE:
        return True
    if (
        state.phase is Phase.PLAY
        and len(state.playing) == 1
        and not state.tricks
        and not state.trick
    ):
        state.tricks_won[state.playing[0]] = state.rules.hand_size
        state.phase = Phase.SETTLE
        return True
    return False
