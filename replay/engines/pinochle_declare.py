"""The declarer's steps between the auction and the first lead: taking the widow, naming
trump, declaring melds and burying three cards (RULES.md §1.4, §1.5, §5).

Each may be done again until the first lead and the last one stands; naming another trump suit
voids the melds declared so far. The bury restrictions of the variants are checked on the final
burial at the first lead, like the loss for burying a scored meld card. Part of the engine in
``replay.engines.pinochle``; pure, no pydantic, no I/O.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from records.problems import Violation
from replay.engines import pinochle_melds as melds
from replay.engines.pinochle import BURY_SIZE, DECK, Phase, State

# --- widow, trump, melds, burial -------------------------------------------------------------


def _declarer_step(state: State, seat: int, what: str, phase: Phase) -> Violation | None:
    if state.phase is not phase:
        when = {
            Phase.WIDOW: "the declarer takes the widow once, as soon as the auction ends",
            Phase.DECLARE: f"the {what} comes after the widow is taken and before the first lead",
        }[phase]
        return Violation(f"{what}.out-of-phase", f"{when}; this is the {state.phase.value} phase")
    if seat != state.declarer:
        return Violation(
            f"{what}.not-declarer",
            f"seat {seat} is not the declarer; only seat {state.declarer} may do this ({what})",
            expected=state.declarer,
            actual=seat,
        )
    return None


def check_take_widow(state: State, seat: int, cards: Sequence[str]) -> Violation | None:
    violation = _declarer_step(state, seat, "widow", Phase.WIDOW)
    if violation is None and Counter(cards) != Counter(state.widow):
        return Violation(
            "widow.cards",
            "the cards shown are not the widow as dealt",
            expected=DECK.sorted(state.widow),
            actual=list(cards),
        )
    return violation


def apply_take_widow(state: State) -> None:
    assert state.declarer is not None
    state.hands[state.declarer] += state.widow
    state.hand18 = list(state.hands[state.declarer])
    state.phase = Phase.DECLARE


def check_trump(state: State, seat: int, suit: str) -> Violation | None:
    return _declarer_step(state, seat, "trump", Phase.DECLARE)


def apply_trump(state: State, suit: str) -> None:
    if state.trump is not None and suit != state.trump:
        state.melds = ()  # RULES.md §5: a change of trump voids the melds declared so far
    state.trump = suit


def check_melds(
    state: State, seat: int, declared: Sequence[tuple[str, list[str]]]
) -> tuple[int | None, Violation] | None:
    """(index of the failing meld or None for the event, violation), or None if legal."""
    violation = _declarer_step(state, seat, "meld", Phase.DECLARE)
    if violation is None and state.trump is None:
        violation = Violation("meld.before-trump", "melds are declared after trump is named")
    if violation is not None:
        return None, violation
    assert state.trump is not None
    found = melds.check_melds(state.rules, state.trump, state.hand18, declared)
    return (found[0], found[1]) if found is not None else None


def apply_melds(state: State, declared: Sequence[tuple[str, list[str]]]) -> None:
    state.melds = melds.score_melds(state.rules, declared)


def check_bury(state: State, seat: int, cards: Sequence[str]) -> Violation | None:
    violation = _declarer_step(state, seat, "bury", Phase.DECLARE)
    if violation is not None:
        return violation
    if len(cards) != BURY_SIZE:
        return Violation(
            "bury.wrong-count",
            f"{len(cards)} card(s) buried; the declarer buries exactly {BURY_SIZE}",
            expected=BURY_SIZE,
            actual=len(cards),
        )
    if not melds.is_sub_multiset(Counter(cards), Counter(state.hand18)):
        return Violation(
            "bury.cards-not-held",
            f"the declarer's 18 cards do not hold all of {' '.join(cards)}",
            actual=list(cards),
        )
    return None


def apply_bury(state: State, cards: Sequence[str], announced: bool) -> None:
    state.buried = list(cards)
    state.announced = announced


def check_burial_restrictions(state: State) -> Violation | None:
    """The ``bury_restrictions`` variants on the final burial, checked at the first lead."""
    rule = state.rules.bury_restrictions
    buried, trump = state.buried or [], state.trump
    trumps = [c for c in buried if c[-1] == trump]
    if rule == "announce_trump" and trumps and not state.announced:
        return Violation("bury.unannounced-trump", f"trump {' '.join(trumps)} buried unannounced")
    if rule not in ("no_trump", "no_trump_no_aces"):
        return None
    aces = rule == "no_trump_no_aces"

    def barred(card: str) -> bool:
        return card[-1] == trump or (aces and card[0] == "A")

    free = sum(not barred(c) for c in state.hand18)
    over = sum(barred(c) for c in buried) - max(0, BURY_SIZE - free)
    if over > 0:
        code = "bury.trump" if any(c[-1] == trump for c in buried) else "bury.ace"
        return Violation(
            code,
            f"{' '.join(buried)} buries {over} card(s) barred by {rule} "
            "although the hand had other cards",
            actual=buried,
        )
    return None
