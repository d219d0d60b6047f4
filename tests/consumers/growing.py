"""A valid Bestia sitting whose pot grows without end: every seat plays every hand, one seat
takes every trick (by an agreed claim), and every other seat pays a bestia of the whole pot
into the next (default rules). With ten seats the pot grows ninefold a hand: past 64 bits
after 20 hands, past a float's range after 330."""

from __future__ import annotations

import random

from records.base import Player
from records.bestia import BestiaRecord, Claim, Deal, Hand, Join
from records.bestia import preset as make_rules
from replay.engines import bestia as engine
from replay.generators.bestia import deal_cards


def growing_pot(hands: int, players: int = 10, game_id: str = "growing") -> BestiaRecord:
    """The sitting, without claims (its amounts are the replay's to work out)."""
    rules = make_rules("default", players)
    rng = random.Random(hands)
    dealer = 0
    recorded = []
    for number in range(1, hands + 1):
        dealt, turned, stock = deal_cards(rng, rules, dealer)
        state = engine.new_hand(rules, dealer, dealt, turned, stock)
        actions: list[Join | Claim] = []
        while state.phase is engine.Phase.DECLARE:
            seat = engine.ENGINE.legal_actions(state)[0].seat
            engine.ENGINE.apply(state, engine.Join(seat, 0, [], []))
            actions.append(Join(type="join", seat=seat, exchange=0, discards=[], drawn=[]))
        taker = number % players  # each seat in turn takes every trick
        remaining = [rules.hand_size if seat == taker else 0 for seat in range(players)]
        seat = next(a.seat for a in engine.ENGINE.legal_actions(state) if a.type == "play")
        actions.append(Claim(type="claim", seat=seat, remaining=remaining))
        deal = Deal(hands=dealt, turned_up=turned, stock=stock)
        recorded.append(Hand(number=number, dealer=dealer, deal=deal, actions=actions))
        dealer = engine.Ring(players).after(dealer)
    return BestiaRecord(
        format_version=1,
        game="bestia",
        id=game_id,
        rules=rules,
        players=[Player(seat=s, name=f"P{s}") for s in range(players)],
        hands=recorded,
    )
