"""What a Bestia hand's record does not show, and what the cards it does show still decide
(docs/partial.md, "Bestia: an exchange not logged").

An exchange whose cards were not logged (a ``join`` whose ``discards`` or ``drawn`` is null: the
discards go face down, and a log written from another seat does not see them) and a blind draw
whose cards were not logged leave a seat's hand known only in part. The number of cards changed
is always known, so the stock's places stay known: a draw takes the next places, and where the
record's stock shows them the cards drawn are read from it (the rules say the draw takes the top,
so this is no guess). What is left unknown is kept here, per seat:

* the cards it surely holds, in ``State.hands`` as for every seat (the cards it drew, read from
  the record or from the stock; its hand as dealt less the discards the record gives);
* ``kept``: its dealt cards of which it kept some, not knowing which (an exchange whose discards
  were not logged);
* ``unseen``: how many of its cards are none of the cards the record shows anywhere (cards drawn
  from places of the stock the record does not show).

``seen`` holds every card whose place the record shows, so that a card drawn or discarded where
the record does not show the stock can be checked against the cards seen elsewhere, and the
play learns which cards the hidden hands may hold (``CardPlay.hide`` and ``CardPlay.hold``, the
trick core's judgment of a hidden seat: a card nobody can be seen to hold, a revoke from a suit
it showed out of, a duty that the cards it surely holds decide). Nothing here is built for a
record that shows every card: ``State.hidden`` stays None. Part of the engine in
``replay.engines.bestia``; pure, no pydantic, no I/O.
"""

from __future__ import annotations

from collections.abc import Sequence

from records.problems import Violation
from records.tricks import CardPlay, Holding
from records.words import number_of
from replay.engines.bestia.state import CODES, DECK, Hidden, State, conceal

__all__ = [
    "Hidden",
    "blind",
    "discard_fault",
    "exchange",
    "hidden_seats",
    "hide",
    "open_draw_fault",
    "track",
    "where",
]


def track(state: State) -> Hidden:
    """The state's ``Hidden``, made the first time something is not shown (``conceal``)."""
    hidden = state.hidden
    if hidden is None:
        hidden = state.hidden = conceal(state, open_stock=False)
    return hidden


def hidden_seats(state: State) -> list[int]:
    """The seats whose cards are not all known now."""
    hidden = state.hidden
    if hidden is None:
        return []
    return [s for s in range(state.table.seats) if hidden.unseen[s] or s in hidden.kept]


def where(state: State, card: str) -> str | None:
    """Where the record shows ``card``, in words (``it was dealt to seat 0``), or None."""
    for seat, cards in enumerate(state.dealt):
        if cards is not None and card in cards:
            return f"it was dealt to seat {seat}"
    hidden = state.hidden
    if hidden is not None and card in hidden.discarded:
        return f"seat {hidden.discarded[card]} discarded it"
    if card in state.pile:
        place = state.pile.index(card)
        if place < state.drawn:
            return f"seat {state.takes[place]} drew it"
        return "it is the card turned up" if card == state.turned_up else "it is in the stock"
    if card == state.turned_up:
        return "it is the card turned up"
    return None


def _unseen(state: State, cards: Sequence[str]) -> str | None:
    """Why ``cards`` cannot all be cards nobody has seen: one seen elsewhere, or one twice."""
    hidden = track(state)
    for at, card in enumerate(cards):
        if card in hidden.seen:
            return f"{card}: {where(state, card) or 'the record shows it elsewhere'}"
        if card in cards[:at]:
            return f"{card} twice"
    return None


def open_draw_fault(state: State, drawn: Sequence[str], what: str) -> Violation | None:
    """Cards drawn from places of the stock the record does not know (``Deal.stock`` null):
    they must be cards the record shows nowhere else (the places themselves are unknown)."""
    top = state.pile[state.drawn : state.drawn + len(drawn)]
    for card, known in zip(drawn, top, strict=False):
        if known is not None and card != known:  # the turned-up card, drawable at the bottom
            shown = " ".join(c or "?" for c in top)
            return Violation(
                "draw.not-top-of-stock",
                f"the {what} draws {' '.join(drawn)}, but the top of the stock is {shown}",
                expected=[c or "?" for c in top],
                actual=list(drawn),
            )
    why = _unseen(state, [c for c, known in zip(drawn, top, strict=False) if known is None])
    if why is None:
        return None
    return Violation(
        "draw.not-top-of-stock",
        f"the {what} draws {' '.join(drawn)}, but they cannot all be in the stock ({why})",
        actual=list(drawn),
    )


def discard_fault(state: State, seat: int, discards: Sequence[str]) -> Violation | None:
    """The discards the record gives of a seat whose cards it does not know: each must be a
    card nobody has seen (the seat's own cards are none of those the record shows)."""
    why = _unseen(state, discards)
    if why is None:
        return None
    card = why.split(":")[0].split(" ")[0]
    return Violation(
        "exchange.discard-not-held",
        f"seat {seat} discards {card}, which it cannot hold ({why})",
        actual=card,
    )


def _take(state: State, seat: int, count: int, drawn: Sequence[str] | None) -> None:
    """The seat draws ``count`` cards: ``drawn`` as the record gives them, or (None) the cards
    of the stock's places where the record shows them, unknown elsewhere."""
    start = state.drawn
    hand = state.hands[seat]
    assert isinstance(hand, list)
    hidden = state.hidden
    if drawn is not None:
        if hidden is not None:  # cards from places the record did not show are seen now
            for place, card in enumerate(drawn, start):
                if state.pile[place] is None:
                    state.pile[place] = card
                    hidden.drew_open = hidden.open_stock
                hidden.seen.add(card)
        hand += drawn
    else:
        hidden = track(state)
        for shown in state.pile[start : start + count]:
            if shown is None:
                hidden.unseen[seat] += 1
            else:
                hand.append(shown)
    state.drawn += count
    state.takes += [seat] * count


def exchange(
    state: State, seat: int, count: int, discards: Sequence[str] | None, drawn: Sequence[str] | None
) -> None:
    """Apply a checked exchange whose cards are not all logged, or made by a seat whose cards
    are not all known."""
    hidden = track(state)
    hand = state.hands[seat]
    assert isinstance(hand, list)
    if hidden.unseen[seat]:  # a hand not known: the discards leave its unknown cards
        hidden.unseen[seat] -= count
        for card in discards or ():
            hidden.seen.add(card)
            hidden.discarded[card] = seat
    elif discards is not None:
        for card in discards:
            hand.remove(card)
    elif count == len(hand):  # every card changed: the discards are the whole hand
        hand.clear()
    elif count:
        hidden.kept[seat] = (tuple(hand), len(hand) - count)
        hand.clear()
    if count and (discards is None or drawn is None):
        why = ["it changed its whole hand"] if discards is None else []
        if drawn is None:
            why.append("the cards it drew are read from the stock the record shows")
        what = f"exchange ({number_of(count, 'card')} changed)"
        hidden.unlogged.append((seat, what, ", and ".join(why)))
    _take(state, seat, count, drawn)


def blind(state: State, seat: int, drawn: Sequence[str] | None) -> None:
    """Apply a checked blind draw whose cards are not logged, or made where some cards are not
    known: the seat's old hand is dead, whatever it was."""
    hidden = track(state)
    hidden.unseen[seat] = 0
    hidden.kept.pop(seat, None)
    hands = list(state.hands)
    hands[seat] = []
    state.hands = hands
    if drawn is None:
        why = "the cards it drew are read from the stock the record shows"
        hidden.unlogged.append((seat, "blind draw", why))
    _take(state, seat, state.table.rules.hand_size, drawn)


def hide(state: State, play: CardPlay) -> None:
    """Tell the play what the seats whose cards are not all known may hold (``CardPlay.hide``,
    ``CardPlay.hold``) as the first card opens it: the cards nobody has seen, and each such
    seat's cards known, kept or unseen."""
    hidden = state.hidden
    assert hidden is not None
    codes = CODES
    pool = codes.hand([card for card in DECK.cards if card not in hidden.seen])
    own: dict[int, int] = {}
    held: dict[int, Holding] = {}
    for seat in hidden_seats(state):
        known = state.hands[seat]
        cards, keeps = hidden.kept.get(seat, ((), 0))
        own[seat] = codes.hand([*known, *cards])
        held[seat] = Holding(
            codes.hand(list(known)),
            codes.hand(list(cards)),
            keeps,
            hidden.unseen[seat],
            _kept_words(seat, cards, keeps),
        )
    kept = {card for seat, cards in enumerate(state.hands) if seat not in own for card in cards}
    # where the cards are that no known seat holds (the play names a known seat's itself)
    places = [
        (words, [card])
        for card in sorted(hidden.seen - kept)
        if (words := where(state, card)) is not None
    ]
    play.hide(pool, own, places, trump_evidence=True, duty_evidence=True)
    for seat, holding in held.items():
        play.hold(seat, holding)


def _kept_words(seat: int, cards: Sequence[str], keeps: int) -> str:
    if not cards:
        return ""
    changed = len(cards) - keeps
    return (
        f"seat {seat} kept {keeps} of its dealt cards {' '.join(cards)} (it changed "
        f"{changed} face down)"
    )
