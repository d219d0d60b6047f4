"""The declarer's steps between the auction and the first lead: taking the widow, naming
trump, declaring melds and burying three cards (docs/pinochle.md)
.

Each may be done again until the first lead and the last one stands; naming another trump suit
voids the melds declared so far. The bury restrictions of the variants are checked on the final
burial when the declaring ends: at the first lead, like the loss for burying a scored meld card,
or at a concession before it (``check_burial_restrictions``, called by the play). Part of the engine in ``replay.engines.pinochle``; pure, no
pydantic, no I/O.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from records.problems import Violation
from records.words import number_of
from replay.engines.pinochle import melds, view
from replay.engines.pinochle.state import (
    BURY_SIZE,
    DECK,
    DECLARE,
    SUIT_NAMES,
    WIDOW,
    Phase,
    State,
    Table,
    fanned,
)

_WHEN = {
    WIDOW: "the declarer takes the widow once, as soon as the auction ends",
    DECLARE: "the {what} comes after the widow is taken and before the first lead",
}


def _declarer_step(state: State, seat: int, what: str, phase: Phase) -> Violation | None:
    if state.phase is not phase:
        when = _WHEN[phase].format(what=what)
        return Violation(f"{what}.out-of-phase", f"{when}; this is the {state.phase.value} phase")
    if seat != state.declarer:
        return Violation(
            f"{what}.not-declarer",
            f"seat {seat} is not the declarer; only seat {state.declarer} may do this ({what})",
            expected=state.declarer,
            actual=seat,
        )
    return None


# --- the widow -------------------------------------------------------------------------------


def check_take_widow(state: State, action: Any) -> Violation | None:
    violation = _declarer_step(state, action.seat, "widow", WIDOW)
    cards, widow = action.cards, state.widow
    if violation is None and cards != widow and sorted(cards) != sorted(widow):
        return Violation(
            "widow.cards",
            "the cards shown are not the widow as dealt",
            expected=DECK.sorted(state.widow),
            actual=list(action.cards),
        )
    return violation


def apply_take_widow(state: State, action: Any) -> None:
    """The declarer's 18 cards; in a seat's view where his hand is not known, ``hand18`` stays
    empty and ``held18`` holds what his 18 may be (the widow and every card nobody can be seen
    to hold): a meld or a burial it cannot make is one he cannot have made."""
    assert state.declarer is not None
    hand = state.hands[state.declarer]
    if hand is None:
        state.held18 = melds.counts(state.widow)
        for card, times in state.unseen.items():
            state.held18[card] = state.held18.get(card, 0) + times
    else:
        hand += state.widow
        state.hand18 = list(hand)
        state.held18 = melds.counts(hand)
    state.phase = DECLARE
    state.applied += 1


def describe_widow(game: Table, action: Any) -> str:
    return "takes the widow " + fanned(action.cards)


# --- trump -----------------------------------------------------------------------------------


def check_trump(state: State, action: Any) -> Violation | None:
    return _declarer_step(state, action.seat, "trump", DECLARE)


def apply_trump(state: State, action: Any) -> None:
    suit = action.suit
    if state.trump is not None and suit != state.trump:
        state.melds = ()  # docs/pinochle.md: a change of trump voids the melds declared so far
    state.trump = suit
    state.applied += 1


def describe_trump(game: Table, action: Any) -> str:
    return f"trump {SUIT_NAMES[action.suit]}"


# --- melds -----------------------------------------------------------------------------------


def _declared(action: Any) -> list[tuple[str, Sequence[str]]]:
    return [(m.meld, m.cards) for m in action.melds]


def check_melds(state: State, action: Any) -> Violation | None:
    """Whether the meld event is legal; a fault of one meld points at it (``melds/<k>``)."""
    violation = _declarer_step(state, action.seat, "meld", DECLARE)
    if violation is None and state.trump is None:
        violation = Violation("meld.before-trump", "melds are declared after trump is named")
    if violation is not None:
        return violation
    assert state.trump is not None
    found = melds.check_melds(state.table.melds, state.trump, state.held18, _declared(action))
    if found is None:
        return None
    index, violation = found
    return Violation(
        violation.code,
        violation.message + _unknown_hand(state),
        violation.expected,
        violation.actual,
        ("melds", index),
    )


def _unknown_hand(state: State) -> str:
    """What a hidden declarer's 18 may be, for a message about them (one seat's view)."""
    if state.hand18:
        return ""
    return (
        " (a seat's view: his 18 can hold only the widow and the cards nobody can be seen to hold)"
    )


def apply_melds(state: State, action: Any) -> None:
    state.melds = melds.score_melds(state.table.melds, _declared(action))
    state.applied += 1


def describe_melds(game: Table, action: Any) -> str:
    rules = game.rules
    text = "; ".join(
        f"{m.meld} {fanned(m.cards)} = {melds.meld_value(rules, m.meld)}" for m in action.melds
    )
    return f"melds {text or 'nothing'}"


# --- the burial ------------------------------------------------------------------------------


def check_bury(state: State, action: Any) -> Violation | None:
    violation = _declarer_step(state, action.seat, "bury", DECLARE)
    if violation is not None:
        return violation
    cards = action.cards
    if len(cards) != BURY_SIZE:
        return Violation(
            "bury.wrong-count",
            f"{number_of(len(cards), 'card')} buried; the declarer buries exactly {BURY_SIZE}",
            expected=BURY_SIZE,
            actual=len(cards),
        )
    held = state.held18
    if any(held.get(card, 0) < cards.count(card) for card in cards):
        return Violation(
            "bury.cards-not-held",
            f"the declarer's 18 cards do not hold all of {' '.join(cards)}" + _unknown_hand(state),
            actual=list(cards),
        )
    return None


def apply_bury(state: State, action: Any) -> None:
    state.buried = list(action.cards)
    state.announced = action.announced
    state.last_bury = state.applied
    state.applied += 1


def describe_bury(game: Table, action: Any) -> str:
    return "buries " + fanned(action.cards) + (" (trump announced)" if action.announced else "")


def check_burial_restrictions(state: State) -> Violation | None:
    """The ``bury_restrictions`` variants on the final burial, checked at the first lead or at
    a concession before it; a violation points at that burial (``Violation.action``)."""
    assert state.trump is not None
    rule, buried = state.rules.bury_restrictions, state.buried or []
    free = view.free_cards(state, rule) if not state.hand18 else None
    found = burial_fault(rule, state.trump, state.hand18, buried, state.announced, free)
    if found is None:
        return None
    return Violation(found.code, found.message, actual=found.actual, action=state.last_bury)


def burial_fault(
    rule: str,
    trump: str,
    hand18: Sequence[str],
    buried: Sequence[str],
    announced: bool,
    free: int | None = None,
) -> Violation | None:
    """Why ``bury_restrictions = rule`` forbid leading after burying ``buried`` from
    ``hand18``; ``free`` counts the cards of the 18 the rule does not bar where ``hand18`` is
    not known (a seat's view: the fewest his 18 can hold, ``view.free_cards``)."""
    if rule == "meld_only":
        return None
    if rule == "announce_trump":
        trumps = [c for c in buried if c[-1] == trump]
        if trumps and not announced:
            return Violation(
                "bury.unannounced-trump", f"trump {' '.join(trumps)} buried unannounced"
            )
        return None
    aces = rule == "no_trump_no_aces"

    def barred(card: str) -> bool:
        return card[-1] == trump or (aces and card[0] == "A")

    if free is None:
        free = sum(not barred(c) for c in hand18)
    over = sum(barred(c) for c in buried) - max(0, BURY_SIZE - free)
    if over > 0:
        code = "bury.trump" if any(c[-1] == trump for c in buried) else "bury.ace"
        return Violation(
            code,
            f"{' '.join(buried)} buries {number_of(over, 'card')} barred by {rule} "
            "although the hand had other cards",
            actual=list(buried),
        )
    return None
