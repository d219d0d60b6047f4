"""Random legal Partnership Pinochle games, for tests and benchmarks.

The generator plays the part of a source system: it shuffles and deals in packets, and lets every
seat choose among the legal actions the engine offers (``legal_actions``, then ``apply``) with a
little sense so that bids are sometimes made: a seat bids while the bid stays below what its meld
and a share of the counters promise, the bidder names his longest suit, his partner passes him
trumps and aces and he passes back low cards of other suits, each player melds what he holds
(now and then leaving a meld out), a hopeless bidding team sometimes throws in, and the cards are
played at random. It writes down every claim such a system would log, from the engine's
settlement. Same seed, same game; a game is played until a team wins (at most ``MOST_HANDS``
hands) unless ``hands`` says how many.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from records.base import Player
from records.partnership_pinochle import (
    PRESETS,
    Action,
    Bid,
    Deal,
    GameClaims,
    Hand,
    HandClaims,
    Meld,
    MeldDeclaration,
    NameTrump,
    PartnershipPinochleRecord,
    PartnershipPinochleRules,
    Pass,
    PassCards,
    Play,
    Suit,
    ThrowIn,
)
from records.partnership_pinochle import preset as make_rules
from records.rules.common import dealer_of
from replay.engines import partnership_pinochle as engine
from replay.engines.partnership_pinochle.play import offered_melds
from replay.engines.pinochle import melds
from replay.steps import HandSettled, RecordSettled

__all__ = ["PRESETS", "generate"]

NAMES = ("Anna", "Bruno", "Carla", "Dario")
SUITS: tuple[Suit, ...] = ("C", "D", "H", "S")
MOST_HANDS = 60
"""A game nobody has won after this many hands is cut off there (no winner)."""
Do = Callable[[Any], None]


def generate(
    rng: random.Random,
    *,
    preset: str = "default",
    hands: int | None = None,
    game_id: str = "generated",
    players: int | None = None,
    **overrides: Any,
) -> PartnershipPinochleRecord:
    """A random legal game; ``hands`` cuts it off after that many deals (it ends earlier when a
    team wins). ``players`` may only be 4."""
    if players is not None:
        overrides["players"] = players
    rules = make_rules(preset, **overrides)
    first = rng.randrange(4)
    carried = engine.Carried((0, 0), False)
    recorded: list[Hand] = []
    winner: int | None = None
    for number in range(1, (hands if hands is not None else MOST_HANDS) + 1):
        dealer = dealer_of(rules.dealer_order, number, first, 4)
        hand, settled = _hand(rng, rules, number, dealer, carried)
        assert settled.totals is not None
        recorded.append(hand.model_copy(update={"claims": _claims(settled)}))
        carried = engine.Carried(settled.totals, settled.winner is not None)
        if settled.winner is not None:
            winner = settled.winner
            break
    return PartnershipPinochleRecord(
        format_version=1,
        game="partnership_pinochle",
        id=game_id,
        rules=rules,
        players=[Player(seat=s, name=NAMES[s]) for s in range(4)],
        hands=recorded,
        claims=GameClaims(team_totals=list[int | None](carried.totals), winner=winner),
    )


# --- what a table (``replay.table``) asks of the game --------------------------------------


def deal_hand(
    rng: random.Random, rules: PartnershipPinochleRules, number: int, dealer: int
) -> Deal:
    """A hand's deal as a record writes it (``deal``)."""
    return Deal(hands=[*deal(rng, rules, dealer)])


def planned_hands(rules: PartnershipPinochleRules) -> int:
    """A game is played until a team wins, cut off after ``MOST_HANDS`` hands."""
    return MOST_HANDS


def finished(
    rules: PartnershipPinochleRules, results: Sequence[HandSettled], end: RecordSettled
) -> bool:
    """A game ends with the hand in which a team wins it."""
    return end.winners is not None


def hand_claims(rules: PartnershipPinochleRules, result: HandSettled) -> HandClaims | None:
    """What a source logs of a settled hand (``generate``'s claims)."""
    settled = result.settlement
    if settled is None or settled.totals is None:
        return None
    return _claims(settled)


def record_claims(
    rules: PartnershipPinochleRules, results: Sequence[HandSettled], end: RecordSettled
) -> GameClaims | None:
    """The teams' totals, and the team that won (None while nobody has)."""
    if not results or results[-1].settlement is None or results[-1].settlement.totals is None:
        return None
    winner = None if end.winners is None else end.winners[0]
    return GameClaims(team_totals=list[int | None](results[-1].settlement.totals), winner=winner)


def _claims(settled: engine.Settlement) -> HandClaims:
    assert settled.totals is not None
    return HandClaims(
        declarer=settled.declarer,
        contract=settled.contract,
        player_meld=list[int | None](settled.player_meld),
        team_meld=list[int | None](settled.team_meld),
        team_counters=None if settled.counters is None else list[int | None](settled.counters),
        made=settled.made,
        team_scores=list[int | None](settled.team_scores),
        team_totals=list[int | None](settled.totals),
        tricks=list[int | None](settled.tricks),
    )


def deal(rng: random.Random, rules: PartnershipPinochleRules, dealer: int) -> list[list[str]]:
    """Shuffle and deal in packets clockwise from the dealer's left."""
    cards = list(engine.DECK.cards)
    rng.shuffle(cards)
    hands: list[list[str]] = [[] for _ in range(4)]
    while cards:
        for step in range(1, 5):
            seat = (dealer + step) % 4
            hands[seat] += [cards.pop() for _ in range(rules.deal_packet)]
    return hands


def _hand(
    rng: random.Random,
    rules: PartnershipPinochleRules,
    number: int,
    dealer: int,
    carried: engine.Carried,
) -> tuple[Hand, engine.Settlement]:
    hands = deal(rng, rules, dealer)
    state = engine.new_hand(rules, dealer, hands)
    actions: list[Action] = []

    def do(action: Any) -> None:
        assert engine.ENGINE.check(state, action) is None, action
        engine.ENGINE.apply(state, action)
        actions.append(_event(action))

    _auction(rng, state, do)
    if state.phase is engine.Phase.TRUMP:
        _declare(rng, state, do)
    while not engine.is_over(state):
        do(rng.choice([a for a in engine.legal_actions(state) if a.type == "play"]))
    hand = Hand(number=number, dealer=dealer, deal=Deal(hands=[*hands]), actions=actions)
    return hand, engine.settle(state, carried)


def _scale(rules: PartnershipPinochleRules) -> int:
    """Points of the counters in all (250; 25 under ``one_point``)."""
    return 25 if rules.counters == "one_point" else 250


def _best_meld(state: engine.State, seat: int) -> tuple[int, str]:
    """The most meld ``seat``'s hand holds, and the trump it holds it with."""
    game = state.table
    found = []
    for suit in SUITS:
        held = melds.available_melds(game.meld_rules, state.hands[seat], suit)
        found.append((sum(game.melds.values[k] for k, _ in held), suit))
    return max(found)


def _auction(rng: random.Random, state: engine.State, do: Do) -> None:
    total = _scale(state.rules)
    ceilings = [
        _best_meld(state, seat)[0] + total * rng.randint(60, 100) // 100 for seat in range(4)
    ]
    while state.phase is engine.Phase.AUCTION:
        seat = state.turn
        bids = [a for a in engine.legal_actions(state) if a.type == "bid"]
        if bids and bids[0].points <= ceilings[seat] and rng.random() < 0.8:
            do(bids[0] if rng.random() < 0.8 else rng.choice(bids[:3]))
        else:
            do(engine.Pass(seat=seat))


def _declare(rng: random.Random, state: engine.State, do: Do) -> None:
    declarer = state.turn
    hand = state.hands[declarer]
    longest = max(SUITS, key=lambda s: (sum(c[-1] == s for c in hand), _best_meld_in(state, s)))
    do(engine.NameTrump(seat=declarer, suit=longest))
    size = state.rules.pass_cards
    if size:
        mate = engine.partner(declarer)
        do(engine.PassCards(seat=mate, cards=_strong(state.hands[mate], longest, size)))
        do(engine.PassCards(seat=declarer, cards=_weak(state.hands[declarer], longest, size)))
    if state.rules.meld_declared == "stated":
        for seat in (declarer, *(s for s in range(4) if s != declarer)):
            offered = offered_melds(state, seat)
            if offered and rng.random() < 0.05:
                offered.pop(rng.randrange(len(offered)))  # a meld left out: legal, scores less
            do(engine.Meld(seat=seat, melds=offered))
    if _hopeless(state) and rng.random() < 0.5:
        do(engine.ThrowIn(seat=declarer))


def _best_meld_in(state: engine.State, suit: str) -> int:
    game = state.table
    held = melds.available_melds(game.meld_rules, state.hands[state.turn], suit)
    return sum(game.melds.values[k] for k, _ in held)


def _strong(hand: list[str], trump: str, size: int) -> list[Any]:
    """The partner's gift: trumps, then aces, then high cards."""
    strength = engine.DECK.strength
    return sorted(hand, key=lambda c: (c[-1] == trump, c[0] == "A", strength[c]), reverse=True)[
        :size
    ]


def _weak(hand: list[str], trump: str, size: int) -> list[Any]:
    """The bidder's return: low cards of the other suits first."""
    strength = engine.DECK.strength
    return sorted(hand, key=lambda c: (c[-1] == trump, c[0] == "A", strength[c]))[:size]


def _hopeless(state: engine.State) -> bool:
    """Whether the bidding team may throw in and its meld leaves the bid far out of reach."""
    if state.rules.throw_in == "not_allowed" or state.declarer is None:
        return False
    assert state.contract is not None
    found = engine.declare.seat_melds(state) or []
    side = engine.team(state.declarer)
    meld = sum(sum(m.value for m in found[s]) for s in (side, side + 2) if s < len(found))
    return meld + _scale(state.rules) * 7 // 10 < state.contract


def _event(action: Any) -> Action:
    """The record's event for an engine action."""
    seat = action.seat
    match action.type:
        case "bid":
            return Bid(type="bid", seat=seat, points=action.points)
        case "pass":
            return Pass(type="pass", seat=seat)
        case "trump":
            return NameTrump(type="trump", seat=seat, suit=action.suit)
        case "pass_cards":
            return PassCards(type="pass_cards", seat=seat, cards=list(action.cards))
        case "meld":
            declared = [MeldDeclaration(meld=m.meld, cards=list(m.cards)) for m in action.melds]
            return Meld(type="meld", seat=seat, melds=declared)
        case "throw_in":
            return ThrowIn(type="throw_in", seat=seat)
    return Play(type="play", seat=seat, card=action.card)
