"""The play holds cards as integers and shows them as the records' strings: what it shows must
be what a play of strings would have held, card for card and in order."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import ClassVar

from records.cards import FRENCH_52, ITALIAN_40, PINOCHLE_48, Deck
from records.tricks import CardPlay, FollowRules, Ring, encoding, play_cards, width


@dataclass(frozen=True)
class P:
    type: ClassVar[str] = "play"
    seat: int
    card: str


def test_codes_order_the_cards_of_a_suit_as_the_deck_does() -> None:
    for deck in (FRENCH_52, PINOCHLE_48, ITALIAN_40):
        codes = encoding(deck.strength, width(deck.copies))
        for card, strength in deck.strength.items():
            code = codes.code[card]
            assert codes.name[code] == card and codes.suits[code >> 4] == card[-1]
            assert all(
                (code > codes.code[other]) == (strength > deck.strength[other])
                for other in deck.strength
                if other[-1] == card[-1]
            )


def test_a_hand_counts_its_copies() -> None:
    codes = encoding(PINOCHLE_48.strength, width(2))
    hand = codes.hand(["AH", "9C", "AH"])
    assert codes.count(hand, codes.code["AH"]) == 2 and codes.count(hand, codes.code["9C"]) == 1
    assert codes.count(hand, codes.code["TH"]) == 0


def _random_play(rng: random.Random, deck: Deck, seats: int, size: int) -> None:
    """Random legal cards, a trick at a time: the hands shown are the cards dealt less the cards
    played (of two copies, the one dealt first goes first), in the order dealt."""
    cards = list(deck.cards)
    rng.shuffle(cards)
    dealt = [cards[i * size : (i + 1) * size] for i in range(seats)]
    play = CardPlay(
        dealt,
        leader=0,
        after=Ring(seats).order_from(1),
        last=size,
        trump=rng.choice([*deck.suits, None]),
        strength=deck.strength,
        follow=FollowRules(*(rng.random() < 0.5 for _ in range(3))),
    )
    mirror = [list(hand) for hand in dealt]
    while not play.is_over:
        seat = play.turn
        card = rng.choice(play.legal())
        mirror[seat].remove(card)
        assert play_cards(play, [P(seat, card)], 0) == (1, None)
        assert list(play.hands) == mirror and play.hands == mirror
        assert play.holds(seat, card) == (card in mirror[seat])
    assert len(play.tricks) == size and sum(play.won) == size
    assert all(trick is play.tricks[trick.number - 1] for trick in play.tricks)
    assert play.trick is play.tricks[-1]
    played = [card for trick in play.tricks for card in trick.cards]
    assert sorted(played) == sorted(card for hand in dealt for card in hand)


def test_the_hands_shown_are_the_hands_a_list_of_strings_would_hold() -> None:
    rng = random.Random(7)
    for _ in range(40):
        _random_play(rng, PINOCHLE_48, 4, 12)
        _random_play(rng, FRENCH_52, 4, 13)
        _random_play(rng, ITALIAN_40, 5, 3)


def test_the_trick_in_progress_is_a_value_of_its_moment() -> None:
    play = CardPlay(
        [["KH", "2C"], ["AH", "3C"], ["2S", "4C"]],
        leader=0,
        after=(1, 2, 0),
        last=2,
        trump="S",
        strength=FRENCH_52.strength,
        follow=FollowRules(),
    )
    play_cards(play, [P(0, "KH"), P(1, "AH")], 0)
    trick = play.trick
    assert (trick.number, trick.leader, trick.plays, trick.winner) == (
        1,
        0,
        ((0, "KH"), (1, "AH")),
        1,
    )
    play_cards(play, [P(2, "2S")], 0)
    assert trick.plays == ((0, "KH"), (1, "AH"))  # the value shown before does not change
    assert play.trick.cards == [] and play.trick.leader == 2 and play.trick.number == 2
    assert play.tricks[0].winner == 2 and len(play.tricks) == 1
