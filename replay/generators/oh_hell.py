"""Random legal Oh Hell games, for tests and benchmarks.

The generator plays the part of a source system: it shuffles and deals, lets every seat choose
uniformly among its legal actions, and writes down the claims (tricks, scores, totals, winners)
that such a system would log: tricks, scores, totals, winners, and each deal's size and trump
suit. Same seed, same game (the claims take nothing from the random stream).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, cast

from records.base import Metadata, Player
from records.oh_hell import (
    PRESETS,
    Action,
    Bid,
    Deal,
    GameClaims,
    Hand,
    HandClaims,
    OhHellRecord,
    Play,
)
from records.oh_hell import preset as make_rules
from records.rules.common import dealer_of
from replay.engines import oh_hell as engine
from replay.steps import HandSettled, RecordSettled

__all__ = ["PRESETS", "generate"]

NAMES = ("Anna", "Boris", "Clara", "Dmitri", "Elena", "Fyodor", "Galina", "Hugo", "Ida", "Jan")


def generate(
    rng: random.Random,
    *,
    players: int = 4,
    preset: str = "default",
    hands: int | None = None,
    game_id: str = "generated",
    **overrides: Any,
) -> OhHellRecord:
    """A random legal game under a preset; ``hands`` keeps only the first so many deals."""
    rules = make_rules(preset, players, **overrides)
    plan = engine.schedule(rules)
    if plan is None:
        plan = (rng.randint(1, engine.max_hand_size(rules)),)
    if hands is not None:
        plan = plan[:hands]
    first = rng.randrange(players)
    totals = [0] * players
    recorded: list[Hand] = []
    for number, size in enumerate(plan, start=1):
        dealer = dealer_of(rules.dealer_order, number, first, players)
        hand, scores = _hand(rng, rules, number, dealer, size)
        totals = [t + s for t, s in zip(totals, scores, strict=True)]
        recorded.append(
            hand.model_copy(
                update={
                    "claims": HandClaims(
                        tricks=hand.claims.tricks if hand.claims else None,
                        scores=list[int | None](scores),
                        totals=list[int | None](totals),
                        hand_size=size,
                        trump=_trump_claim(hand.deal),
                    )
                }
            )
        )
    full = hands is None or hands >= len(plan)
    return OhHellRecord(
        format_version=1,
        game="oh_hell",
        id=game_id,
        rules=rules,
        players=[Player(seat=s, name=NAMES[s]) for s in range(players)],
        meta=Metadata(source="tricklog generate (random legal play)"),
        hands=recorded,
        claims=GameClaims(totals=list[int | None](totals), winners=engine.winners(totals))
        if full
        else None,
    )


def _hand(
    rng: random.Random, rules: Any, number: int, dealer: int, size: int
) -> tuple[Hand, list[int]]:
    deal = deal_cards(rng, rules, number, dealer, size)
    dealt: list[list[str]] = deal.hands  # type: ignore[assignment]  # every hand known
    turned = deal.turned_up
    state = engine.new_hand(rules, dealer, size, dealt, turned[-1] if turned else None)
    actions: list[Action] = []
    while not engine.is_over(state):
        action = rng.choice(engine.legal_actions(state))
        engine.ENGINE.apply(state, action)
        if isinstance(action, engine.Bid):
            actions.append(Bid(type="bid", seat=action.seat, tricks=action.tricks))
        else:
            actions.append(Play(type="play", seat=action.seat, card=action.card))
    bids = [b if b is not None else 0 for b in state.bids]
    scores = [s.points for s in engine.score_hand(rules, size, bids, state.tricks_won)]
    hand = Hand(
        number=number,
        dealer=dealer,
        deal=deal,
        actions=actions,
        claims=HandClaims(tricks=list(state.tricks_won)),
    )
    return hand, scores


def deal_cards(rng: random.Random, rules: Any, number: int, dealer: int, size: int) -> Deal:
    """Shuffle and deal ``size`` cards a seat, one at a time from the dealer's left; the trump
    turned up from the stock or the dealer's last card, as the rules say for deal ``number``."""
    n = rules.num_players
    deck = list(engine.DECKS[rules.decks].cards)
    rng.shuffle(deck)
    dealt: list[list[str]] = [[] for _ in range(n)]
    for i in range(size * n):  # one card at a time, starting at the dealer's left
        dealt[(dealer + 1 + i) % n].append(deck[i])
    rest = deck[size * n :]
    source = engine.trump_source(rules, number, size)
    turned = rest[0] if source == "stock" else dealt[dealer][-1] if source == "dealer" else None
    stock = rest[1:] if source == "stock" else rest
    return Deal(hands=[*dealt], turned_up=turned, stock=stock)


# --- what a table (``replay.table``) asks of the game --------------------------------------


def deal_hand(rng: random.Random, rules: Any, number: int, dealer: int) -> Deal:
    """Deal ``number`` of a game: of the schedule's size (a single deal: of a random size)."""
    plan = engine.schedule(rules)
    size = plan[number - 1] if plan is not None else rng.randint(1, engine.max_hand_size(rules))
    return deal_cards(rng, rules, number, dealer, size)


def planned_hands(rules: Any) -> int:
    """The deals of a whole game: the schedule's."""
    plan = engine.schedule(rules)
    return 1 if plan is None else len(plan)


def finished(rules: Any, results: Sequence[HandSettled], end: RecordSettled) -> bool:
    """A game is over after the schedule's last deal."""
    return len(results) >= planned_hands(rules)


def hand_claims(rules: Any, result: HandSettled) -> HandClaims | None:
    """What a source logs of a settled deal (none of one abandoned): its tricks, scores,
    running totals, size and trump."""
    if result.scores is None:
        return None
    return HandClaims(
        tricks=list[int | None](result.taken or ()),
        scores=list[int | None](result.scores),
        totals=None if result.totals is None else list[int | None](result.totals),
        hand_size=result.size,
        trump=cast(Any, result.trump or "none"),
    )


def record_claims(
    rules: Any, results: Sequence[HandSettled], end: RecordSettled
) -> GameClaims | None:
    """The final totals and the winners, of a whole game only."""
    if end.winners is None or end.totals is None:
        return None
    return GameClaims(totals=list[int | None](end.totals), winners=list(end.winners))


def _trump_claim(deal: Deal) -> Any:
    """The trump suit a source would log: the turned card's suit, or ``none``."""
    return deal.turned_up[-1] if deal.turned_up is not None else "none"
