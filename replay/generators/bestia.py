"""Random legal Bestia sittings, for tests and benchmarks.

The generator plays the part of a source system: it shuffles and deals, lets every seat choose at
random among its legal actions (``Engine.legal_actions``: pass or play and how many cards to
change, a blind draw or its decline, a card), sometimes ends a hand by a claim or abandons it,
settles the pot and writes down the claims such a system would log: starting pot, invitos, pot,
who played, tricks, shares, refunds, bestias, nets, what is carried and the running balances
(exact fractions under ``pot_rounding = exact``). Same seed, same sitting.

Its choices are not uniform over the legal actions: a seat passes two times in five, else
changes a uniform number of cards chosen uniformly from its hand; a seat that may draw blind
does so three times in ten, and a seat that does not has its decline recorded half the time; a
lone player's cards are recorded half the time; before each trick the tricks left are claimed
one time in twelve (shared out at random among the playing seats, as a table may agree); and
one hand in twenty-five is abandoned after a random number of its actions.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from records.base import Player
from records.bestia import (
    PRESETS,
    Abandon,
    BestiaRecord,
    BestiaRules,
    BlindDraw,
    Claim,
    Deal,
    DeclineBlind,
    Exact,
    Hand,
    HandClaims,
    Join,
    Pass,
    Play,
    SittingClaims,
)
from records.bestia import preset as make_rules
from records.rules.common import dealer_of
from replay.engines import bestia as engine
from replay.steps import HandSettled, RecordSettled

__all__ = ["PRESETS", "deal_cards", "generate", "growing_pot"]

NAMES = ("Anna", "Bruno", "Carla", "Dario", "Elsa", "Fabio", "Gina", "Ugo", "Ida", "Luca")

ENGINE = engine.ENGINE

Action = Pass | Join | BlindDraw | DeclineBlind | Play | Claim | Abandon
Money = int | Fraction

CLAIM_RATE = 1 / 12
"""How often the tricks left are claimed, before each trick."""
ABANDON_RATE = 1 / 25
"""How often a hand is abandoned."""


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
    first = rng.randrange(players)
    carry: Money = 0
    balances: list[Money] = [0] * players
    recorded: list[Hand] = []
    for number in range(1, hands + 1):
        dealer = dealer_of(rules.dealer_order, number, first, players)
        hand, settled = _hand(rng, rules, number, dealer, carry)
        balances = [b + net for b, net in zip(balances, settled.nets, strict=True)]
        recorded.append(hand.model_copy(update={"claims": _claims(settled, balances)}))
        carry = settled.carried
    return BestiaRecord(
        format_version=1,
        game="bestia",
        id=game_id,
        rules=rules,
        players=[Player(seat=s, name=NAMES[s]) for s in range(players)],
        hands=recorded,
        claims=SittingClaims(balances=[_written(v) for v in balances], carried=_written(carry)),
    )


def growing_pot(
    rng: random.Random, *, players: int = 10, hands: int = 20, game_id: str = "growing-pot"
) -> BestiaRecord:
    """A legal sitting under the default rules in which every seat plays every hand, so that
    every seat that takes no trick pays a bestia of the whole pot into the next one: at ten
    seats the pot grows about eightfold a hand, past the format's integer limit (2^53 - 1)
    around hand 16 and past 4,300 digits by hand 5,000. It claims nothing (no claim could
    state such money): the worst case of computed values, for the tests of their limit. One
    round of the deal is played, then played again and again (the play of a hand does not
    depend on the pot), so that a long sitting costs little to make."""
    rules = make_rules("default", players)
    dealer = 0
    recorded: list[Hand] = []
    for number in range(1, min(hands, players) + 1):
        dealt, turned, stock = deal_cards(rng, rules, dealer)
        state = engine.new_hand(rules, dealer, dealt, turned, stock)
        actions: list[Action] = []
        while state.phase is engine.Phase.DECLARE:
            join = next(a for a in ENGINE.legal_actions(state) if a.type == "join")
            _act(state, engine.Join(seat=join.seat, exchange=0, discards=[], drawn=[]))
            actions.append(Join(type="join", seat=join.seat, exchange=0, discards=[], drawn=[]))
        while options := [a for a in ENGINE.legal_actions(state) if a.type == "play"]:
            action = rng.choice(options)
            _act(state, action)
            actions.append(Play(type="play", seat=action.seat, card=action.card))
        deal = Deal(hands=[*dealt], turned_up=turned, stock=[])
        recorded.append(Hand(number=number, dealer=dealer, deal=deal, actions=actions))
        dealer = engine.Ring(players).after(dealer)
    again = [recorded[i % players].model_copy(update={"number": i + 1}) for i in range(hands)]
    return BestiaRecord(
        format_version=1,
        game="bestia",
        id=game_id,
        rules=rules,
        players=[Player(seat=s, name=NAMES[s]) for s in range(players)],
        hands=again,
    )


# --- what a table (``replay.table``) asks of the game --------------------------------------


def deal_hand(rng: random.Random, rules: BestiaRules, number: int, dealer: int) -> Deal:
    """A hand's deal as a record writes it, the whole stock shown (``deal_cards``)."""
    dealt, turned, stock = deal_cards(rng, rules, dealer)
    return Deal(hands=[*dealt], turned_up=turned, stock=stock)


def planned_hands(rules: BestiaRules) -> int:
    """A sitting ends whenever the table rises: one round of the deal, as ``generate`` plays."""
    return int(rules.num_players)


def finished(rules: BestiaRules, results: Sequence[HandSettled], end: RecordSettled) -> bool:
    """A sitting has no end of its own: the table says how many hands it plays."""
    return False


def hand_claims(rules: BestiaRules, result: HandSettled) -> HandClaims | None:
    """What a source logs of a settled hand (``generate``'s claims)."""
    if result.settlement is None or result.totals is None:
        return None
    return _claims(result.settlement, list(result.totals))


def record_claims(
    rules: BestiaRules, results: Sequence[HandSettled], end: RecordSettled
) -> SittingClaims | None:
    """The balances each seat ends with, and the money carried into a next hand."""
    if end.totals is None or not results or results[-1].settlement is None:
        return None
    carried = results[-1].settlement.carried
    return SittingClaims(balances=[_written(v) for v in end.totals], carried=_written(carried))


def _claims(s: engine.Settlement, balances: list[Money]) -> HandClaims:
    return HandClaims(
        starting_pot=_written(s.starting_pot),
        invitos=list(s.invitos),
        pot=_written(s.pot),
        played=list(s.played),
        tricks=list(s.tricks),
        shares=[_written(v) for v in s.shares],
        refunds=list(s.refunds),
        bestias=[_written(v) for v in s.bestias],
        nets=[_written(v) for v in s.nets],
        carried=_written(s.carried),
        balances=[_written(v) for v in balances],
    )


def _written(value: Money) -> int | Exact:
    """An amount as a record writes it: an integer, or an exact fraction."""
    if isinstance(value, int):
        return value
    return Exact(numerator=value.numerator, denominator=value.denominator)


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
    rng: random.Random, rules: BestiaRules, number: int, dealer: int, carry: Money
) -> tuple[Hand, engine.Settlement]:
    dealt, turned, stock = deal_cards(rng, rules, dealer)
    state = engine.new_hand(rules, dealer, dealt, turned, stock)
    actions: list[Action] = []
    while state.phase is engine.Phase.DECLARE:
        actions.append(_declare(rng, state))
    actions += _blind_round(rng, state)
    lone = len(engine.playing_seats(state)) == 1
    if not (lone and rng.random() < 0.5):
        actions += _play(rng, state)
    if rng.random() < ABANDON_RATE:
        state, actions = _abandon(rng, rules, dealer, (dealt, turned, stock), actions)
    ENGINE.finish(state)  # closes the blind round; a lone player takes his tricks unplayed
    settled = ENGINE.settle(state, carry)
    assert isinstance(settled, engine.Settlement), settled  # every rules block settles
    used = stock[: state.drawn] if rng.random() < 0.5 else stock
    deal = Deal(hands=[*dealt], turned_up=turned, stock=used)
    return Hand(number=number, dealer=dealer, deal=deal, actions=actions), settled


def _act(state: engine.State, action: Any) -> None:
    violation = ENGINE.check(state, action)
    assert violation is None, violation
    ENGINE.apply(state, action)


def _declare(rng: random.Random, state: engine.State) -> Action:
    options = ENGINE.legal_actions(state)  # the pass, then every exchange
    seat = options[0].seat
    if rng.random() < 0.4:
        _act(state, options[0])
        return Pass(type="pass", seat=seat)
    joins = [a for a in options if a.type == "join"]
    k = rng.randint(0, max(a.exchange for a in joins))
    discards = rng.sample(state.hands[seat], k)
    drawn = next(a.drawn for a in joins if a.exchange == k)
    _act(state, engine.Join(seat=seat, exchange=k, discards=discards, drawn=drawn))
    return Join(type="join", seat=seat, exchange=k, discards=discards, drawn=drawn)


def _blind_draws(state: engine.State) -> dict[int, Any]:
    return {a.seat: a for a in ENGINE.legal_actions(state) if a.type == "blind_draw"}


def _blind_round(rng: random.Random, state: engine.State) -> list[Action]:
    """Each seat that may draw blind is asked once, in order; a decline is recorded half the
    time."""
    drawn: list[Action] = []
    for seat in list(_blind_draws(state)):
        action = _blind_draws(state).get(seat)
        if action is None:
            continue
        if rng.random() < 0.3:
            _act(state, action)
            drawn.append(BlindDraw(type="blind_draw", seat=seat, drawn=list(action.drawn)))
        elif rng.random() < 0.5:
            _act(state, engine.DeclineBlind(seat=seat))
            drawn.append(DeclineBlind(type="decline_blind", seat=seat))
    return drawn


def _play(rng: random.Random, state: engine.State) -> list[Action]:
    """The cards, until the hand is over or, between tricks, the tricks left are claimed."""
    played: list[Action] = []
    while True:
        options = [a for a in ENGINE.legal_actions(state) if a.type == "play"]
        if not options:
            return played
        trick = state.trick
        between = trick is None or not trick.cards
        if between and rng.random() < CLAIM_RATE:
            played.append(_claim(rng, state, options[0].seat))
            return played
        action = rng.choice(options)
        _act(state, action)
        played.append(Play(type="play", seat=action.seat, card=action.card))


def _claim(rng: random.Random, state: engine.State, seat: int) -> Claim:
    """The tricks left, shared out at random among the playing seats, claimed by ``seat``."""
    playing = engine.playing_seats(state)
    remaining = [0] * state.table.seats
    for _ in range(state.table.rules.hand_size - len(state.tricks)):
        remaining[rng.choice(playing)] += 1
    _act(state, engine.Claim(seat=seat, remaining=remaining))
    return Claim(type="claim", seat=seat, remaining=remaining)


def _abandon(
    rng: random.Random,
    rules: BestiaRules,
    dealer: int,
    deal: tuple[list[list[str]], str, list[str]],
    actions: list[Action],
) -> tuple[engine.State, list[Action]]:
    """The hand replayed up to a random point short of its end, then abandoned."""
    kept = actions[: rng.randrange(len(actions))]
    state = engine.new_hand(rules, dealer, *deal)
    for action in kept:
        _act(state, action)
    _act(state, engine.Abandon())
    return state, [*kept, Abandon(type="abandon", reason="generated")]
