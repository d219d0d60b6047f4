"""Random legal Auction Pinochle sittings, for tests and benchmarks.

The generator plays the part of a source system: it shuffles and deals in packets, lets every
seat choose among its legal actions (with a little sense, so that contracts are sometimes made:
the declarer names his longest suit and melds most of what he holds), now and then revises a
declaration, buries a meld card or concedes, and writes down the claims such a system would log.
Same seed, same sitting.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from records.base import Player
from records.pinochle import (
    PRESETS,
    Bid,
    Bury,
    Concede,
    Deal,
    Hand,
    HandClaims,
    Meld,
    MeldDeclaration,
    NameTrump,
    Pass,
    PinochleRecord,
    PinochleRules,
    Play,
    SittingClaims,
    Suit,
    TakeWidow,
)
from records.pinochle import preset as make_rules
from replay.engines import pinochle as engine
from replay.engines import pinochle_declare as declare
from replay.engines import pinochle_melds as melds
from replay.engines import pinochle_scoring as scoring

__all__ = ["PRESETS", "generate"]

NAMES = ("Anna", "Bruno", "Carla", "Dario", "Elsa")
Action = Bid | Pass | TakeWidow | NameTrump | Meld | Bury | Play | Concede
SUITS: tuple[Suit, ...] = ("C", "D", "H", "S")


def generate(
    rng: random.Random,
    *,
    preset: str = "default",
    hands: int | None = None,
    game_id: str = "generated",
    players: int | None = None,
    **overrides: Any,
) -> PinochleRecord:
    """A random legal sitting; ``players`` sets the table size, ``hands`` the number of deals
    (one round of the table if omitted)."""
    if players is not None:
        overrides["table_size"] = players
    rules = make_rules(preset, **overrides)
    problem = engine.rules_problem(rules)
    if problem is not None:
        raise ValueError(problem.message)
    n = rules.table_size
    dealer = rng.randrange(n)
    totals, kitty = [0] * n, 0
    recorded: list[Hand] = []
    for number in range(1, (hands if hands is not None else n) + 1):
        hand, settled = _hand(rng, rules, number, dealer)
        totals = [t + c for t, c in zip(totals, settled.chips, strict=True)]
        kitty += settled.kitty
        claims = _claims(rules, settled, totals)
        recorded.append(hand.model_copy(update={"claims": claims}))
        dealer = (dealer + 1) % n
    return PinochleRecord(
        format_version=1,
        game="pinochle",
        id=game_id,
        rules=rules,
        players=[Player(seat=s, name=NAMES[s]) for s in range(n)],
        hands=recorded,
        claims=SittingClaims(totals=totals, kitty=kitty if rules.kitty else None),
    )


def _claims(rules: PinochleRules, settled: scoring.Settlement, totals: list[int]) -> HandClaims:
    counters = settled.counters
    return HandClaims(
        declarer=settled.declarer,
        contract=settled.contract,
        meld=settled.meld if settled.declarer is not None else None,
        counters=counters.total if counters is not None else None,
        made=settled.made,
        chips=list(settled.chips),
        kitty=settled.kitty if rules.kitty else None,
        totals=list(totals),
    )


def deal(
    rng: random.Random, rules: PinochleRules, dealer: int
) -> tuple[list[list[str]], list[str]]:
    """Shuffle and deal in packets from the eldest hand, the widow after the first round."""
    cards = list(engine.DECK.cards)
    rng.shuffle(cards)
    packets = (3, 3, 3, 3, 3) if rules.deal_pattern == "3-W3-3-3-3-3" else (4, 4, 4, 3)
    active = engine.active_seats(rules, dealer)
    hands: list[list[str]] = [[] for _ in range(rules.table_size)]
    widow: list[str] = []
    for round_, size in enumerate(packets):
        for seat in active:
            hands[seat] += [cards.pop() for _ in range(size)]
        if round_ == 0:
            widow = [cards.pop() for _ in range(engine.WIDOW_SIZE)]
    return hands, widow


def _hand(
    rng: random.Random, rules: PinochleRules, number: int, dealer: int
) -> tuple[Hand, scoring.Settlement]:
    hands, widow = deal(rng, rules, dealer)
    state = engine.new_hand(rules, dealer, hands, widow)
    actions: list[Action] = []
    _auction(rng, state, actions)
    if state.phase is engine.Phase.WIDOW:
        _declare(rng, state, actions)
    while not engine.is_settled(state):
        seat = state.turn
        if state.phase is engine.Phase.PLAY and _concedes(rng, state, seat):
            engine.apply_concede(state, seat)
            actions.append(Concede(type="concede", seat=seat))
            break
        card = rng.choice(engine.legal_plays(state))
        engine.apply_play(state, card)
        actions.append(Play(type="play", seat=seat, card=card))
    hand = Hand(number=number, dealer=dealer, deal=Deal(hands=hands, widow=widow), actions=actions)
    return hand, scoring.settle(state)


def _auction(rng: random.Random, state: engine.State, actions: list[Action]) -> None:
    while state.phase is engine.Phase.AUCTION:
        seat = state.turn
        calls = engine.legal_calls(state)
        bids = [c for c in calls if c is not None]
        keen = (state.high or 0) < 400 and rng.random() < 0.55
        call = rng.choice(bids[:3]) if bids and (keen or None not in calls) else None
        engine.apply_call(state, call)
        actions.append(
            Pass(type="pass", seat=seat)
            if call is None
            else Bid(type="bid", seat=seat, points=call)
        )


def _declare(rng: random.Random, state: engine.State, actions: list[Action]) -> None:
    seat = state.turn
    if rng.random() < 0.04 and engine.check_concede(state, seat) is None:
        engine.apply_concede(state, seat)  # conceded (or thrown in) without taking the widow
        actions.append(Concede(type="concede", seat=seat))
        return
    declare.apply_take_widow(state)
    actions.append(TakeWidow(type="widow", seat=seat, cards=list(state.widow)))
    longest = max(SUITS, key=lambda s: sum(c[-1] == s for c in state.hand18))
    if rng.random() < 0.1:  # a trump named, then changed: the melds start again
        _name_trump(state, actions, rng.choice(SUITS))
    _name_trump(state, actions, longest)
    chosen = [
        m for m in melds.available_melds(state.rules, state.hand18, longest) if rng.random() < 0.9
    ]
    declare.apply_melds(state, chosen)
    actions.append(
        Meld(type="meld", seat=seat, melds=[MeldDeclaration(meld=k, cards=c) for k, c in chosen])
    )
    buried, announced = _burial(rng, state, chosen)
    declare.apply_bury(state, buried, announced)
    actions.append(Bury(type="bury", seat=seat, cards=buried, announced=announced))
    if rng.random() < 0.05 and engine.check_concede(state, seat) is None:
        engine.apply_concede(state, seat)
        actions.append(Concede(type="concede", seat=seat))


def _name_trump(state: engine.State, actions: list[Action], suit: Suit) -> None:
    declare.apply_trump(state, suit)
    actions.append(NameTrump(type="trump", seat=state.turn, suit=suit))


def _burial(
    rng: random.Random, state: engine.State, chosen: list[tuple[str, list[str]]]
) -> tuple[list[str], bool]:
    """Three cards to bury: mostly cards outside the melds and allowed by the restrictions;
    rarely (a mistake a table makes) any three cards."""
    hand = Counter(state.hand18)
    if rng.random() < 0.03:
        return rng.sample(sorted(hand.elements()), engine.BURY_SIZE), True
    in_melds: Counter[str] = Counter()
    for _, cards in chosen:
        in_melds |= Counter(cards)
    spare = sorted((hand - in_melds).elements())
    trump = state.trump
    rule = state.rules.bury_restrictions
    safe = [c for c in spare if c[-1] != trump and not (rule == "no_trump_no_aces" and c[0] == "A")]
    pool = safe if len(safe) >= engine.BURY_SIZE else spare
    if len(pool) < engine.BURY_SIZE:
        pool = sorted(hand.elements())
    for _ in range(20):
        cards = rng.sample(pool, engine.BURY_SIZE)
        state.buried, state.announced = cards, True
        if declare.check_burial_restrictions(state) is None:
            return cards, True
    raise AssertionError("no legal burial found")  # pragma: no cover - pool is never barred


def _concedes(rng: random.Random, state: engine.State, seat: int) -> bool:
    if state.trick or rng.random() >= 0.01:
        return False
    return engine.check_concede(state, seat) is None
