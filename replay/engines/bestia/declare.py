"""Bestia's first round (declarations, each with its exchange) and second round (blind draws).

docs/bestia.md, Q-BES-1, Q-BES-6, Q-BES-8. A ``join`` is one action: the
declaration and the exchange that follows it at once, checked together without changing anything and
applied together. A seat asked in the blind round may decline (``decline_blind``): nothing on
the table changes, but the seats up to it have been asked, so a later blind draw must come from
a seat after it. Declines are optional in a record: the blind round ends at the first card led or
claim (``replay.engines.bestia.play``), or when the recorded actions run out.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from records.problems import Violation
from records.words import number_of
from replay.engines.bestia import hidden as hiding
from replay.engines.bestia.state import (
    ABANDONED,
    BLIND,
    DECLARE,
    DREW_BLIND,
    JOIN,
    PASS,
    State,
    seat_fault,
)

__all__ = [
    "apply_blind",
    "apply_decline",
    "apply_join",
    "apply_pass",
    "blind_candidates",
    "check_blind",
    "check_decline",
    "check_join",
    "check_pass",
    "describe_blind",
    "describe_decline",
    "describe_join",
    "describe_pass",
    "draw_fault",
    "is_blind_eligible",
]


# --- declarations and exchanges --------------------------------------------------------------


def _declare_fault(state: State, seat: int) -> Violation | None:
    if state.phase is not DECLARE:
        when = "the hand was abandoned" if state.phase is ABANDONED else "the first round"
        return Violation("declare.after-round", f"seat {seat} declares after {when}")
    if seat != state.speaker:
        fault = seat_fault(state, seat, "declare.out-of-turn", "declares")
        if fault is not None:
            return fault
        return Violation(
            "declare.out-of-turn",
            f"seat {seat} declares out of turn ({state.table.rules.declaration_start})",
            expected=state.speaker,
            actual=seat,
        )
    return None


def check_pass(state: State, action: Any) -> Violation | None:
    """A first-round pass: the seat does not take part in the hand."""
    return _declare_fault(state, action.seat)


def apply_pass(state: State, action: Any) -> None:
    state.decisions[state.speaker] = PASS
    _next_speaker(state)


def check_join(state: State, action: Any) -> Violation | None:
    """A first-round declaration of play with its exchange: ``exchange`` cards discarded and
    as many drawn from the top of the stock."""
    fault = _declare_fault(state, action.seat)
    return fault if fault is not None else _exchange_fault(state, action)


def _exchange_fault(state: State, action: Any) -> Violation | None:
    seat, k = action.seat, action.exchange
    limit = state.table.exchange_limit
    if k > limit:
        return Violation(
            "exchange.too-many",
            f"seat {seat} asks to change {number_of(k, 'card')}; at most {limit} (max_exchange)",
            expected=f"0..{limit}",
            actual=k,
        )
    left = len(state.pile) - state.drawn
    if k > left:
        return Violation(
            "exchange.stock-short",
            f"seat {seat} asks to change {number_of(k, 'card')} but the stock holds {left}",
            expected=f"0..{left}",
            actual=k,
        )
    discards, drawn = action.discards, action.drawn
    # Cards not logged (None) are as many as asked for: the number is the table's to see.
    if (discards is not None and len(discards) != k) or (drawn is not None and len(drawn) != k):
        said = ["not logged" if cards is None else str(len(cards)) for cards in (discards, drawn)]
        return Violation(
            "exchange.count-mismatch",
            f"seat {seat} changes {number_of(k, 'card')} but discards {said[0]} and draws "
            f"{said[1]}",
            expected=k,
            actual=[None if cards is None else len(cards) for cards in (discards, drawn)],
        )
    if not k:
        return None
    if discards is not None:
        hidden = state.hidden
        if hidden is not None and hidden.unseen[seat]:  # its cards are not known
            fault = hiding.discard_fault(state, seat, discards)
            if fault is not None:
                return fault
        else:
            hand = list(state.hands[seat])
            for card in discards:
                if card not in hand:
                    return Violation(
                        "exchange.discard-not-held",
                        f"seat {seat} discards {card}, which it does not hold",
                        actual=card,
                    )
                hand.remove(card)
    return None if drawn is None else draw_fault(state, drawn, "exchange")


def apply_join(state: State, action: Any) -> None:
    seat = state.speaker
    state.decisions[seat] = JOIN
    state.entered.append(seat)
    k = action.exchange
    if k:
        discards, drawn = action.discards, action.drawn
        if state.hidden is not None or discards is None or drawn is None:
            hiding.exchange(state, seat, k, discards, drawn)
        else:
            hand = state.hands[seat]
            for card in discards:
                hand.remove(card)
            hand += drawn
            state.drawn += k
            state.takes += [seat] * k
    _next_speaker(state)


def draw_fault(state: State, drawn: Sequence[str], what: str) -> Violation | None:
    """Cards drawn must be the next ones of the stock, in order (where the record does not know
    the stock, cards the record shows nowhere else: ``hidden.open_draw_fault``)."""
    top = state.pile[state.drawn : state.drawn + len(drawn)]
    hidden = state.hidden
    if hidden is not None and hidden.open_stock:
        return hiding.open_draw_fault(state, drawn, what)
    if drawn == top:  # the common case: the recorded top of the stock, card for card
        return None
    if None in top:
        return Violation(
            "draw.stock-unrecorded",
            f"the {what} draws past the part of the stock the record shows",
            expected=f"stock recorded to at least {number_of(state.drawn + len(drawn), 'card')}",
            actual=sum(c is not None for c in state.pile),
        )
    drawn = list(drawn)
    if drawn != top:
        shown = " ".join(c for c in top if c is not None)
        return Violation(
            "draw.not-top-of-stock",
            f"the {what} draws {' '.join(drawn)}, but the top of the stock is {shown}",
            expected=top,
            actual=drawn,
        )
    return None


def _next_speaker(state: State) -> None:
    state.cursor += 1
    if state.cursor < len(state.order):
        state.speaker = state.order[state.cursor]
    else:
        state.phase = BLIND
        state.cursor = 0


def describe_pass(table: object, action: Any) -> str:
    return "pass"


def describe_join(table: object, action: Any) -> str:
    if not action.exchange:
        return "play, keeps the hand"
    if action.discards is None and action.drawn is None:
        return f"play, changes {action.exchange} ({NOT_LOGGED})"
    discards, drawn = (
        NOT_LOGGED if cards is None else " ".join(cards)
        for cards in (action.discards, action.drawn)
    )
    return f"play, changes {action.exchange}: {discards} for {drawn}"


NOT_LOGGED = "cards not logged"
"""How a call shows cards an exchange or a blind draw did not log."""


# --- blind draws -----------------------------------------------------------------------------


def is_blind_eligible(state: State, seat: int) -> bool:
    decision = state.decisions[seat]
    if state.table.rules.blind_eligibility == "passed_only":
        return decision == PASS
    return decision != DREW_BLIND


def blind_candidates(state: State) -> list[int]:
    """Seats that may still draw blind now, in the order they are asked."""
    if state.phase is not BLIND or not state.table.rules.blind_allowed:
        return []
    if len(state.pile) - state.drawn < state.table.blind_need:
        return []
    return [s for s in state.order[state.cursor :] if is_blind_eligible(state, s)]


def check_blind(state: State, action: Any) -> Violation | None:
    """A second-round blind draw: the top ``hand_size`` cards of the stock as a new hand."""
    seat, drawn = action.seat, action.drawn
    fault = _blind_turn_fault(state, seat, "draws blind")
    if fault is not None:
        return fault
    size = state.table.rules.hand_size
    if drawn is None:  # cards not logged: the draw takes the hand size all the same
        return None
    if len(drawn) != size:
        return Violation(
            "blind.count-mismatch",
            f"a blind draw takes {size} cards, not {len(drawn)}",
            expected=size,
            actual=len(drawn),
        )
    return draw_fault(state, drawn, "blind draw")


def _blind_turn_fault(state: State, seat: int, does: str) -> Violation | None:
    """Whether ``seat`` may be asked for a blind draw now (to draw or to decline)."""
    if state.phase is DECLARE:
        return Violation("blind.too-early", f"seat {seat} {does} before the first round ends")
    if state.phase is not BLIND:
        when = "the hand was abandoned" if state.phase is ABANDONED else "the play began"
        return Violation("blind.after-round", f"seat {seat} {does} after {when}")
    rules = state.table.rules
    if not rules.blind_allowed:
        return Violation("blind.not-allowed", "blind draws are not allowed (blind_allowed)")
    fault = seat_fault(state, seat, "blind.not-eligible", does)
    if fault is not None:
        return fault
    if not is_blind_eligible(state, seat):
        return Violation(
            "blind.not-eligible",
            f"seat {seat} may not draw blind ({state.decisions[seat]}; "
            f"blind_eligibility = {rules.blind_eligibility})",
        )
    if seat not in state.order[state.cursor :]:
        return Violation(
            "blind.out-of-turn",
            f"seat {seat} {does} after a later seat was asked",
            actual=seat,
        )
    need, left = state.table.blind_need, len(state.pile) - state.drawn
    if left < need:
        return Violation(
            "blind.stock-short",
            f"seat {seat} {does} with {number_of(left, 'card')} left; a blind draw needs {need}",
            expected=need,
            actual=left,
        )
    return None


def apply_blind(state: State, action: Any) -> None:
    seat, drawn = action.seat, action.drawn
    if state.hidden is not None or drawn is None:
        hiding.blind(state, seat, drawn)
    else:
        hands = list(state.hands)
        hands[seat] = list(drawn)
        state.hands = hands
        state.drawn += len(drawn)
        state.takes += [seat] * len(drawn)
    if state.decisions[seat] != JOIN:
        state.entered.append(seat)
    state.decisions[seat] = DREW_BLIND
    state.cursor = state.order.index(seat) + 1


def describe_blind(table: object, action: Any) -> str:
    drawn = action.drawn
    return "blind draw: " + (NOT_LOGGED if drawn is None else " ".join(drawn))


def check_decline(state: State, action: Any) -> Violation | None:
    """A seat asked in the blind round declines: legal where a blind draw from it would be
    (its turn, eligible, the stock long enough for the round to go on)."""
    return _blind_turn_fault(state, action.seat, "declines the blind draw")


def apply_decline(state: State, action: Any) -> None:
    state.cursor = state.order.index(action.seat) + 1


def describe_decline(table: object, action: Any) -> str:
    return "declines the blind draw"
