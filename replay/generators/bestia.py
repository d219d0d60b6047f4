"""Random legal Bestia sittings, for tests and benchmarks.

The generator plays the part of a source system: it shuffles and deals, lets every seat choose at
random among its legal actions (pass or play and how many cards to change, a blind draw, a card),
settles the pot and writes down the claims such a system would log: starting pot, invitos, pot,
tricks, shares, refunds, bestias, what is carried and the running balances. Same seed, same
sitting.
"""

from __future__ import annotations

import random
from typing import Any

from records.base import Player
from records.bestia import (
    PRESETS,
    BestiaRecord,
    BestiaRules,
    BlindDraw,
    Deal,
    Hand,
    HandClaims,
    Join,
    Pass,
    Play,
    SittingClaims,
)
from records.bestia import preset as make_rules
from replay.engines import bestia as engine
from replay.engines import bestia_pot as pot

__all__ = ["PRESETS", "generate"]

NAMES = ("Anna", "Bruno", "Carla", "Dario", "Elsa", "Fabio", "Gina", "Ugo", "Ida", "Luca")

Action = Pass | Join | BlindDraw | Play


def generate(
    rng: random.Random,
    *,
    players: int = 4,
    preset: str = "default",
    hands: int | None = None,
    game_id: str = "generated",
    **overrides: Any,
) -> BestiaRecord:
    """A random legal sitting of ``hands`` consecutive hands under a preset; by default one
    round of the deal (every seat deals once)."""
    rules = make_rules(preset, players, **overrides)
    if hands is None:
        hands = players
    dealer = rng.randrange(players)
    carry = 0
    balances = [0] * players
    recorded: list[Hand] = []
    for number in range(1, hands + 1):
        hand, settled = _hand(rng, rules, number, dealer, carry)
        balances = [b + net for b, net in zip(balances, settled.nets, strict=True)]
        recorded.append(hand.model_copy(update={"claims": _claims(settled, balances)}))
        carry = settled.carried
        dealer = engine.Ring(players).after(dealer)
    return BestiaRecord(
        format_version=1,
        game="bestia",
        id=game_id,
        rules=rules,
        players=[Player(seat=s, name=NAMES[s]) for s in range(players)],
        hands=recorded,
        claims=SittingClaims(balances=balances, carried=carry),
    )


def _claims(s: pot.Settlement, balances: list[int]) -> HandClaims:
    return HandClaims(
        starting_pot=s.starting_pot,
        invitos=list(s.invitos),
        pot=s.pot,
        tricks=list(s.tricks),
        shares=list(s.shares),
        refunds=list(s.refunds),
        bestias=list(s.bestias),
        carried=s.carried,
        balances=list(balances),
    )


def deal_cards(
    rng: random.Random, rules: BestiaRules, dealer: int
) -> tuple[list[list[str]], str, list[str]]:
    """(hands by seat, turned-up card, stock top first), dealt from the dealer's right."""
    deck = list(engine.DECK.cards)
    rng.shuffle(deck)
    n, h = rules.num_players, rules.hand_size
    order = engine.Ring(n).order_from(engine.eldest(rules, dealer))
    dealt: list[list[str]] = [[] for _ in range(n)]
    for i in range(n * h):
        if rules.deal_pattern == "one_at_a_time":
            seat = order[i % n]
        else:
            seat = order[(i // 3) % n] if h == 3 else order[i // h]
        dealt[seat].append(deck[i])
    return dealt, deck[n * h], deck[n * h + 1 :]


def _hand(
    rng: random.Random, rules: BestiaRules, number: int, dealer: int, carry: int
) -> tuple[Hand, pot.Settlement]:
    dealt, turned, stock = deal_cards(rng, rules, dealer)
    state = engine.new_hand(rules, dealer, dealt, turned, stock)
    actions: list[Action] = []
    while state.phase is engine.Phase.DECLARE:
        actions.append(_declare(rng, state))
    for seat in engine.blind_candidates(state):
        if seat in engine.blind_candidates(state) and rng.random() < 0.3:
            drawn = [c for c in state.pile[state.drawn : state.drawn + rules.hand_size] if c]
            engine.apply_blind(state, seat, drawn)
            actions.append(BlindDraw(type="blind_draw", seat=seat, drawn=drawn))
    engine.start_play(state)
    lone = len(state.playing) == 1
    if not (lone and rng.random() < 0.5):
        while state.phase is engine.Phase.PLAY:
            seat = state.turn
            card = rng.choice(engine.legal_plays(state))
            engine.apply_play(state, card)
            actions.append(Play(type="play", seat=seat, card=card))
    engine.finish_unplayed(state)
    settled = pot.settle(rules, dealer, carry, state.playing, state.tricks_won)
    assert isinstance(settled, pot.Settlement), settled  # generators only use dividing rules
    used = stock[: state.drawn] if rng.random() < 0.5 else stock
    deal = Deal(hands=dealt, turned_up=turned, stock=used)
    return Hand(number=number, dealer=dealer, deal=deal, actions=actions), settled


def _declare(rng: random.Random, state: engine.State) -> Action:
    seat = state.turn
    if rng.random() < 0.4:
        engine.apply_declare(state, None)
        return Pass(type="pass", seat=seat)
    limit = min(state.rules.max_exchange, state.rules.hand_size, state.stock_left)
    k = rng.randint(0, limit)
    discards = rng.sample(state.hands[seat], k)
    drawn = [c for c in state.pile[state.drawn : state.drawn + k] if c]
    engine.apply_declare(state, k)
    engine.apply_exchange(state, discards, drawn)
    return Join(type="join", seat=seat, exchange=k, discards=discards, drawn=drawn)
