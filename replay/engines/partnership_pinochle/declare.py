"""Between the auction and the first lead (pagat.com): the bidder names trump; his partner passes
him ``pass_cards`` cards face down and he passes as many back; each player melds from the 12
cards he then holds; the bidding team may throw the hand in.

The meld table is the single-pinochle table of ``replay.engines.pinochle.melds`` (imported, not
copied): run 150, royal marriage 40, marriage 20, dix 10, pinochle 40, aces 100, kings 80,
queens 60, jacks 40, each double in place of two (double run 1500, double pinochle 300, double
aces 1000, kings 800, queens 600, jacks 400), divided by ten under ``one_point``. A card may
serve in melds of different kinds but never twice in one kind (its classes: sequences,
arounds, pinochles). Under ``stated`` the melds each player states are checked and score as
stated; under ``automatic`` each hand's best meld is worked out (``available_melds``, which
takes every meld of each class the hand holds, the doubles in place of two). Part of the engine
in ``replay.engines.partnership_pinochle``; pure, no pydantic, no I/O.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from records.problems import Violation
from records.words import number_of
from replay.engines.partnership_pinochle.state import (
    KIND_OF,
    MELD,
    NAME_OF,
    OVER,
    PASS,
    SUIT_NAMES,
    TRUMP,
    State,
    Table,
    fanned,
    is_hidden,
    melds_due,
    partner,
    team,
)
from replay.engines.pinochle import melds
from replay.engines.pinochle.melds import ScoredMeld

# --- trump -----------------------------------------------------------------------------------


def check_trump(state: State, action: Any) -> Violation | None:
    if state.phase is not TRUMP:
        return Violation(
            "trump.out-of-order",
            f"trump is named once, as the auction ends; this is the {state.phase.value} phase",
        )
    if action.seat != state.declarer:
        return Violation(
            "trump.not-declarer",
            f"seat {action.seat} is not the bidder; only seat {state.declarer} names trump",
            expected=state.declarer,
            actual=action.seat,
        )
    return None


def apply_trump(state: State, action: Any) -> None:
    state.trump = action.suit
    state.applied += 1
    if state.rules.pass_cards:
        state.phase = PASS
        assert state.declarer is not None
        state.turn = partner(state.declarer)
    else:
        _end_passing(state)


def describe_trump(game: Table, action: Any) -> str:
    return f"trump {SUIT_NAMES[action.suit]}"


# --- passing cards ---------------------------------------------------------------------------


def check_pass_cards(state: State, action: Any) -> Violation | None:
    if state.phase is not PASS:
        return Violation(
            "pass_cards.out-of-order",
            "cards are passed after trump is named, the bidder's partner first "
            f"(pass_cards = {state.rules.pass_cards}); this is the {state.phase.value} phase",
        )
    seat, cards = action.seat, action.cards
    if seat != state.turn:
        who = "the bidder's partner" if state.turn != state.declarer else "the bidder"
        return Violation(
            "pass_cards.wrong-seat",
            f"seat {seat} passed cards; seat {state.turn} ({who}) passes now",
            expected=state.turn,
            actual=seat,
        )
    if cards is None:  # passed face down and not logged: nothing more to judge
        return None
    wanted = state.rules.pass_cards
    if len(cards) != wanted:
        return Violation(
            "pass_cards.wrong-count",
            f"{number_of(len(cards), 'card')} passed; the rules pass {wanted}",
            expected=wanted,
            actual=len(cards),
        )
    hidden = is_hidden(state, seat)  # one seat's view, or an earlier pass not logged
    held = could_hold(state, seat) if hidden else melds.counts(state.hands[seat])
    if any(held.get(card, 0) < cards.count(card) for card in cards):
        whose = (
            f"seat {seat}'s cards are not known, and those it may hold do not include all of"
            if hidden
            else f"seat {seat} does not hold all of"
        )
        return Violation(
            "pass_cards.cards-not-held", f"{whose} {' '.join(cards)}", actual=list(cards)
        )
    return None


def apply_pass_cards(state: State, action: Any) -> None:
    seat, cards, mate = action.seat, action.cards, partner(action.seat)
    hands = state.hands
    assert isinstance(hands, list)
    if cards is None:
        _hide(state, seat)
    else:
        if is_hidden(state, seat):
            _take_hidden(state, seat, cards)
        else:
            for card in cards:
                hands[seat].remove(card)
        if is_hidden(state, mate):
            known = Counter(state.known.get(mate, {}))
            known.update(cards)
            state.known[mate] = dict(known)
        else:
            hands[mate] += cards
    state.passes.append((seat, None if cards is None else tuple(cards)))
    state.applied += 1
    if len(state.passes) == 2:
        _end_passing(state)
    else:
        state.turn = mate


def could_hold(state: State, seat: int) -> dict[str, int]:
    """What a hidden seat may hold: the cards the hidden seats share (``unseen``) and those it
    is known to hold."""
    return dict(Counter(state.unseen or {}) + Counter(state.known.get(seat, {})))


def _take_hidden(state: State, seat: int, cards: Sequence[str]) -> None:
    """A hidden seat passes cards the record logged: those it was known to hold first, the rest
    from the cards the hidden seats share."""
    known, unseen = Counter(state.known.get(seat, {})), Counter(state.unseen or {})
    for card in cards:
        if known[card]:
            known[card] -= 1
        else:
            unseen[card] -= 1
    state.known[seat], state.unseen = dict(+known), dict(+unseen)


def _hide(state: State, seat: int) -> None:
    """A pass not logged: from now on the cards of ``seat`` and its partner are not known (their
    hands here hold none): what they held joins the cards the hidden seats share, and so does
    what the passer was known to hold (it may have passed it)."""
    hands, mate = state.hands, partner(seat)
    assert isinstance(hands, list)
    unseen = Counter(state.unseen or {})
    for who in (seat, mate):
        if not is_hidden(state, who):
            unseen.update(hands[who])
            hands[who] = []
    unseen.update(state.known.pop(seat, {}))
    state.unseen = dict(unseen)
    state.hidden |= 1 << seat | 1 << mate


def _end_passing(state: State) -> None:
    assert state.declarer is not None
    state.after_pass = tuple(tuple(h) for h in state.hands)
    state.held = tuple(
        could_hold(state, seat) if is_hidden(state, seat) else melds.counts(hand)
        for seat, hand in enumerate(state.after_pass)
    )
    state.phase = MELD
    state.turn = state.declarer


def describe_pass_cards(game: Table, action: Any) -> str:
    if action.cards is None:
        return f"passes cards to seat {partner(action.seat)} (not logged)"
    return f"passes {fanned(action.cards)} to seat {partner(action.seat)}"


# --- melds -----------------------------------------------------------------------------------


def _declared(action: Any) -> list[tuple[str, Sequence[str]]]:
    return [(KIND_OF.get(m.meld, m.meld), m.cards) for m in action.melds]


def check_meld(state: State, action: Any) -> Violation | None:
    """Whether the meld event is legal; a fault of one meld points at it (``melds/<k>``)."""
    return step_meld(state, action, commit=False)


def step_meld(state: State, action: Any, commit: bool = True) -> Violation | None:
    """Check the meld event and, if it is legal and ``commit``, apply it: the melds are read
    off the event once for both."""
    seat = action.seat
    if state.rules.meld_declared == "automatic":
        return Violation(
            "meld.automatic",
            "melds are worked out from the hands (meld_declared = automatic); the record states "
            "none",
        )
    if state.phase is not MELD or seat in state.melded:
        why = (
            f"seat {seat} declared melds already; each player melds once"
            if state.phase is MELD
            else f"melds come after the passing and before the first lead; this is the "
            f"{state.phase.value} phase"
        )
        return Violation("meld.out-of-order", why)
    assert state.trump is not None
    held = state.held[seat] if not is_hidden(state, seat) else _may_hold(state, seat)
    declared = _declared(action)
    found = melds.check_melds(state.table.melds, state.trump, held, declared)
    if found is None:
        if commit:
            _apply(state, seat, declared)
        return None
    index, violation = found
    return Violation(
        violation.code,
        _in_our_words(violation, state, seat, held, action.melds[index].cards),
        violation.expected,
        violation.actual,
        ("melds", index),
    )


def _may_hold(state: State, seat: int) -> dict[str, int]:
    """What a hidden seat may hold at the meld: what it could hold (``could_hold``) less the
    cards the other hidden seats showed in melds stated before and must have taken from the
    cards they share (each card as often as one class of a seat's melds uses it)."""
    shared = Counter(state.unseen or {})
    for other, shown in state.melded.items():
        if other != seat and is_hidden(state, other):
            shared -= Counter(holding(state.table.melds, shown)) - Counter(
                state.known.get(other, {})
            )
    return dict(shared + Counter(state.known.get(seat, {})))


def holding(known: melds.MeldRules, found: Sequence[ScoredMeld]) -> dict[str, int]:
    """The fewest cards a seat must hold to state ``found``: of each card, as many copies as
    the one class that uses it most (a card serves once per class)."""
    used: dict[tuple[str, str], int] = {}
    for meld in found:
        for cls in known.classes[meld.kind]:
            for card in meld.cards:
                used[cls, card] = used.get((cls, card), 0) + 1
    least: dict[str, int] = {}
    for (_, card), times in used.items():
        least[card] = max(least.get(card, 0), times)
    return least


def _in_our_words(
    violation: Violation, state: State, seat: int, held: dict[str, int], cards: Any
) -> str:
    """The meld table's message with this game's words: a seat's 12 cards (not the auction
    game's declarer's 18), a run (not a flush); for a hidden seat, what it may hold."""
    if violation.code == "meld.cards-not-held":
        missing = " ".join(sorted((Counter(cards) - Counter(held)).elements()))
        if is_hidden(state, seat):
            return (
                f"seat {seat} cannot hold {missing}: its cards are not known, and these are not "
                "among those it may hold (nobody else is seen to hold them: dealt, passed or "
                "shown in melds)"
            )
        return f"seat {seat}'s cards do not hold {missing}"
    return violation.message.replace("flush", "run")


def apply_meld(state: State, action: Any) -> None:
    _apply(state, action.seat, _declared(action))


def _apply(state: State, seat: int, declared: list[tuple[str, Sequence[str]]]) -> None:
    state.melded[seat] = melds.score_melds(state.table.melds, declared)
    state.applied += 1


def describe_meld(game: Table, action: Any) -> str:
    values = game.melds.values
    text = "; ".join(
        f"{m.meld} {fanned(m.cards)} = {values[KIND_OF.get(m.meld, m.meld)]}" for m in action.melds
    )
    return f"melds {text or 'nothing'}"


def seat_melds(state: State) -> list[tuple[ScoredMeld, ...]] | None:
    """Each seat's melds (stated, or worked out under ``automatic``), None before the passing
    is over. Under ``automatic`` a seat whose cards are not known (``is_hidden``: a pass not
    logged) has none here: its melds are unknown (``melds_unknown``), never guessed."""
    if not state.after_pass or state.trump is None:
        return None
    if state.rules.meld_declared == "stated":
        return [state.melded.get(seat, ()) for seat in range(4)]
    game = state.table
    values = game.melds.values
    found = []
    for hand in state.after_pass:
        best = melds.available_melds(game.meld_rules, hand, state.trump) if hand else []
        found.append(tuple(ScoredMeld(k, tuple(c), values[k]) for k, c in best))
    return found


def melds_unknown(state: State) -> list[int]:
    """The seats whose melds the record cannot give: worked out from the hands
    (``automatic``) where a pass was not logged, for the bidding team's two seats."""
    if state.rules.meld_declared == "stated" or not state.hidden:
        return []
    return [seat for seat in range(4) if is_hidden(state, seat)]


def meld_name(kind: str) -> str:
    """A meld's name in the record (``run``) from its name in the meld table."""
    return NAME_OF.get(kind, kind)


# --- the throw-in ----------------------------------------------------------------------------


def check_throw_in(state: State, action: Any) -> Violation | None:
    if state.rules.throw_in == "not_allowed":
        return Violation("throw_in.not-allowed", "the hand must be played (throw_in = not_allowed)")
    if state.phase is not MELD or melds_due(state):
        return Violation(
            "throw_in.out-of-order",
            "the bidding team throws in after the melds and before the first lead; this is the "
            f"{state.phase.value} phase",
        )
    assert state.declarer is not None
    if team(action.seat) != team(state.declarer):
        bidders = sorted((state.declarer, partner(state.declarer)))
        return Violation(
            "throw_in.not-bidding-team",
            f"seat {action.seat} is a defender; only seats {bidders[0]} and {bidders[1]} may "
            "throw the hand in",
        )
    return None


def apply_throw_in(state: State, action: Any) -> None:
    state.thrown_in = action.seat
    state.phase = OVER
    state.applied += 1


def describe_throw_in(game: Table, action: Any) -> str:
    return "throws the hand in"
