"""A hand of Auction Pinochle from one seat's view (docs/partial.md, "Auction Pinochle: a seat's
view"): the hands the record does not know are None, and what they may hold is worked out from
what the table saw.

The widow is shown when the declarer takes it, his melds are laid on the table and the record
gives his burial, so even where his hand is not known his 18 cards are bounded on both sides:
at most the widow and the cards nobody can be seen to hold (``State.held18`` then holds that
bound: a meld or a burial it cannot make is one he cannot have made), at least the widow, each
class's meld cards and the burial (``known18``). The play is the shared loop's
(``records.tricks.CardPlay.hide``): the hidden seats draw on the cards nobody has seen, and a
hidden declarer on the cards he is known to hold besides. What follows only from the cards a
hidden declarer holds (whether the burial took a card of a scored meld, where the copies are
not known; the bury restrictions where they count his other cards) is judged only as far as
those bounds decide it. Part of the engine in ``replay.engines.pinochle``; pure, no pydantic,
no I/O.
"""

from __future__ import annotations

from records.tricks import CardPlay
from replay.engines.pinochle import melds
from replay.engines.pinochle.melds import Counts
from replay.engines.pinochle.state import HAND_SIZE, WIDOW_SIZE, State

_HAND18 = HAND_SIZE + WIDOW_SIZE


def is_hidden(state: State, seat: int | None) -> bool:
    """Whether the record does not know ``seat``'s cards."""
    return seat is not None and bool(state.hidden >> seat & 1)


def known18(state: State) -> dict[str, int]:
    """The fewest cards a hidden declarer's 18 can hold, as a multiset: the widow, the cards of
    each class of his melds (a card serves once per class) and his burial, each one of them."""
    rules = state.rules
    groups = [melds.counts(state.widow), melds.counts(state.buried or ())]
    by_class: dict[str, dict[str, int]] = {}
    for meld in state.melds:
        for cls in melds.meld_classes(rules, meld.kind):
            need = by_class.setdefault(cls, {})
            for card in meld.cards:
                need[card] = need.get(card, 0) + 1
    groups += by_class.values()
    found: dict[str, int] = {}
    for group in groups:
        for card, times in group.items():
            found[card] = max(found.get(card, 0), times)
    return found


def free_cards(state: State, rule: str) -> int:
    """The fewest cards a hidden declarer's 18 hold that ``rule`` does not bar from the burial
    (``declare.burial_fault``): those he is known to hold, or the 18 less every barred card he
    may hold, whichever is more."""
    trump = state.trump
    aces = rule == "no_trump_no_aces"

    def barred(card: str) -> bool:
        return card[-1] == trump or (aces and card[0] == "A")

    known = sum(times for card, times in known18(state).items() if not barred(card))
    barred_at_most = sum(times for card, times in state.held18.items() if barred(card))
    return max(known, _HAND18 - barred_at_most)


def _less(cards: Counts, other: Counts) -> dict[str, int]:
    """``cards`` less ``other``, as multisets (never below none)."""
    return {card: left for card, times in cards.items() if (left := times - other.get(card, 0)) > 0}


def hide(state: State, play: CardPlay) -> None:
    """Tell the play what the hidden seats may hold (``CardPlay.hide``) as the first lead
    begins it: the cards nobody has seen, less those a hidden declarer is known to hold, which
    only he may play."""
    declarer, buried = state.declarer, state.buried or []
    assert declarer is not None
    pool = dict(state.unseen)
    own: dict[int, int] = {}
    codes = play.codes
    places: list[tuple[str, list[str]]] = [(f"seat {declarer} buried it", list(buried))]
    places.append((f"it was in the widow, which seat {declarer} took", list(state.widow)))
    if is_hidden(state, declarer):
        known = known18(state)
        pool = _less(pool, _less(known, melds.counts(state.widow)))
        own[declarer] = codes.hand(list(_elements(_less(known, melds.counts(buried)))))
        shown = [card for meld in state.melds for card in meld.cards]
        places.append((f"seat {declarer} melded it", shown))
    play.hide(
        codes.hand(list(_elements(pool))), own, places, trump_evidence=True, duty_evidence=True
    )


def _elements(cards: Counts) -> list[str]:
    return [card for card, times in cards.items() for _ in range(times)]


def lost_card(state: State) -> tuple[str | None, bool]:
    """At the first lead of a hidden declarer: (a card of a scored meld his burial took, whether
    that cannot be known yet). Known lost where his 18 cannot hold the meld's cards besides the
    burial, known kept where the cards he is known to hold do; else unknown until he has played
    his cards (``resolve``)."""
    rules, buried, scored = state.rules, state.buried or [], state.melds
    lost = melds.lost_meld_card(rules, state.held18, buried, scored)
    if lost is not None:
        return lost, False
    kept = melds.lost_meld_card(rules, known18(state), buried, scored) is None
    return None, not kept


def resolve(state: State) -> None:
    """Whether a hidden declarer's burial took a card of a scored meld, as far as the cards he
    has played show it (``lost_card`` left it unknown): they and the burial are his 18 once
    the play is over, and before that the fewest he held, so a meld copy he played shows that
    he kept it."""
    if not state.lost_unknown:
        return
    declarer, buried = state.declarer, state.buried or []
    played = [card for trick in state.tricks for seat, card in trick.plays if seat == declarer]
    trick = state.trick
    if trick is not None and trick.cards and len(state.tricks) < HAND_SIZE:
        played += [card for seat, card in trick.plays if seat == declarer]
    shown = melds.counts([*played, *buried])
    rules, scored = state.rules, state.melds
    if len(played) == HAND_SIZE:  # his 18, every one of them
        state.lost_card = melds.lost_meld_card(rules, shown, buried, scored)
        state.lost_unknown = False
        return
    fewest = known18(state)
    for card, times in shown.items():
        fewest[card] = max(fewest.get(card, 0), times)
    if melds.lost_meld_card(rules, fewest, buried, scored) is None:
        state.lost_unknown = False
