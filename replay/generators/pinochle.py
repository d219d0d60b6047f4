"""Random legal Auction Pinochle sittings, for tests and benchmarks.

The generator plays the part of a source system: it shuffles and deals in packets, lets every
seat choose among the legal actions the engine offers (``legal_actions``, then ``apply``), with
a little sense so that contracts are sometimes made: the declarer names his longest suit and
melds most of what he holds, now and then revises a declaration, buries a meld card or concedes.
It writes down the claims such a system would log. Same seed, same sitting.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, cast

from records.base import Player
from records.pinochle import (
    PRESETS,
    Action,
    Bid,
    Bury,
    Concede,
    Deal,
    Hand,
    HandClaims,
    Meld,
    MeldClaim,
    MeldDeclaration,
    MeldKind,
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
from records.rules.common import dealer_of
from records.structs import Pinochle48Card
from replay.engines import pinochle as engine
from replay.steps import HandSettled, RecordSettled

__all__ = ["PRESETS", "generate"]

NAMES = ("Anna", "Bruno", "Carla", "Dario", "Elsa")
SUITS: tuple[Suit, ...] = ("C", "D", "H", "S")
Do = Callable[[Any], None]
"""Apply an engine action and write it down."""


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
    first = rng.randrange(n)
    totals, kitty = [0] * n, 0
    recorded: list[Hand] = []
    for number in range(1, (hands if hands is not None else n) + 1):
        dealer = dealer_of(rules.dealer_order, number, first, n)
        hand, settled = _hand(rng, rules, number, dealer)
        totals = [t + c for t, c in zip(totals, settled.chips, strict=True)]
        kitty += settled.kitty
        claims = _claims(rules, settled, totals)
        recorded.append(hand.model_copy(update={"claims": claims}))
    return PinochleRecord(
        format_version=1,
        game="pinochle",
        id=game_id,
        rules=rules,
        players=[Player(seat=s, name=NAMES[s]) for s in range(n)],
        hands=recorded,
        claims=SittingClaims(totals=list[int | None](totals), kitty=kitty if rules.kitty else None),
    )


# --- what a table (``replay.table``) asks of the game --------------------------------------


def deal_hand(rng: random.Random, rules: PinochleRules, number: int, dealer: int) -> Deal:
    """A hand's deal as a record writes it (``deal``)."""
    hands, widow = deal(rng, rules, dealer)
    return Deal(hands=[*hands], widow=widow)


def planned_hands(rules: PinochleRules) -> int:
    """A sitting ends whenever the table rises: one round of the deal, as ``generate`` plays."""
    return int(rules.table_size)


def finished(rules: PinochleRules, results: Sequence[HandSettled], end: RecordSettled) -> bool:
    """A sitting has no end of its own: the table says how many hands it plays."""
    return False


def hand_claims(rules: PinochleRules, result: HandSettled) -> HandClaims | None:
    """What a source logs of a settled hand (``generate``'s claims)."""
    settled = result.settlement
    if settled is None or result.totals is None:
        return None
    return _claims(rules, settled, list(result.totals))


def record_claims(
    rules: PinochleRules, results: Sequence[HandSettled], end: RecordSettled
) -> SittingClaims | None:
    """The chips each seat ends with, and the kitty where the rules keep one."""
    if end.totals is None or any(r.settlement is None for r in results):
        return None
    kitty = sum(r.settlement.kitty for r in results)
    return SittingClaims(totals=list[int | None](end.totals), kitty=kitty if rules.kitty else None)


def _claims(rules: PinochleRules, settled: engine.Settlement, totals: list[int]) -> HandClaims:
    counters = settled.counters
    return HandClaims(
        declarer=settled.declarer,
        contract=settled.contract,
        meld=settled.meld if settled.declarer is not None else None,
        counters=counters.total if counters is not None else None,
        made=settled.made,
        chips=list[int | None](settled.chips),
        kitty=settled.kitty if rules.kitty else None,
        totals=list[int | None](totals),
        tricks=list[int | None](settled.tricks),
        melds=_melds(settled),
        opponents_counters=counters.opponents if counters is not None else None,
        declarer_points=settled.count,
        outcome=settled.outcome.value,
    )


def _melds(settled: engine.Settlement) -> list[list[MeldClaim] | None]:
    """Each seat's melds as a score sheet lists them: the declarer's, nobody else's."""
    found: list[list[MeldClaim] | None] = [[] for _ in settled.chips]
    if settled.declarer is not None:
        found[settled.declarer] = [
            MeldClaim(meld=cast(MeldKind, m.kind), points=m.value) for m in settled.melds
        ]
    return found


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
) -> tuple[Hand, engine.Settlement]:
    hands, widow = deal(rng, rules, dealer)
    state = engine.new_hand(rules, dealer, hands, widow)
    actions: list[Action] = []

    def do(action: Any) -> None:
        engine.ENGINE.apply(state, action)
        actions.append(_event(action))

    _auction(rng, state, do)
    if state.phase is engine.Phase.WIDOW:
        _declare(rng, state, do)
    while not engine.is_settled(state):
        seat = state.turn
        if state.phase is engine.Phase.PLAY and _concedes(rng, state, seat):
            do(engine.Concede(seat=seat))
            break
        do(rng.choice([a for a in engine.legal_actions(state) if a.type == "play"]))
    hand = Hand(
        number=number, dealer=dealer, deal=Deal(hands=[*hands], widow=widow), actions=actions
    )
    return hand, engine.settle(state)


def _auction(rng: random.Random, state: engine.State, do: Do) -> None:
    while state.phase is engine.Phase.AUCTION:
        legal = engine.legal_actions(state)
        bids = [a for a in legal if a.type == "bid"]
        passes = [a for a in legal if a.type == "pass"]
        keen = (state.high or 0) < 400 and rng.random() < 0.55
        do(rng.choice(bids[:3]) if bids and (keen or not passes) else engine.Pass(seat=state.turn))


def _declare(rng: random.Random, state: engine.State, do: Do) -> None:
    seat = state.turn
    if rng.random() < 0.04 and _may_concede(state, seat):
        do(engine.Concede(seat=seat))  # conceded (or thrown in) without taking the widow
        return
    do(next(a for a in engine.legal_actions(state) if a.type == "widow"))
    longest = max(SUITS, key=lambda s: sum(c[-1] == s for c in state.hand18))
    if rng.random() < 0.1:  # a trump named, then changed: the melds start again
        do(engine.NameTrump(seat=seat, suit=rng.choice(SUITS)))
    do(engine.NameTrump(seat=seat, suit=longest))
    legal = engine.legal_actions(state)
    offered = next(a for a in legal if a.type == "meld")
    chosen = [m for m in offered.melds if rng.random() < 0.9]
    do(engine.Meld(seat=seat, melds=chosen))
    buried = _burial(rng, state, chosen, {tuple(a.cards) for a in legal if a.type == "bury"})
    do(engine.Bury(seat=seat, cards=cast("list[Pinochle48Card]", buried), announced=True))
    if rng.random() < 0.05 and _may_concede(state, seat):
        do(engine.Concede(seat=seat))


def _burial(
    rng: random.Random,
    state: engine.State,
    chosen: list[engine.MeldDeclaration],
    allowed: set[tuple[str, ...]],
) -> list[str]:
    """Three cards to bury: mostly cards outside the melds that the restrictions allow (the
    engine's ``allowed`` burials, in card order); rarely (a mistake a table makes) any three."""
    hand = Counter(state.hand18)
    if rng.random() < 0.03:
        cards = rng.sample(sorted(hand.elements()), engine.BURY_SIZE)
        if tuple(sorted(cards)) in allowed:  # any three the restrictions allow
            return cards
    in_melds: Counter[str] = Counter()
    for meld in chosen:
        in_melds |= Counter(meld.cards)
    spare = sorted((hand - in_melds).elements())
    trump = state.trump
    rule = state.rules.bury_restrictions
    safe = [c for c in spare if c[-1] != trump and not (rule == "no_trump_no_aces" and c[0] == "A")]
    pool = safe if len(safe) >= engine.BURY_SIZE else spare
    if len(pool) < engine.BURY_SIZE:
        pool = sorted(hand.elements())
    for _ in range(20):
        cards = rng.sample(pool, engine.BURY_SIZE)
        if tuple(sorted(cards)) in allowed:
            return cards
    # the pool held too few cards the restrictions let him bury (no_trump rules with few free
    # cards): any burial they allow
    return list(rng.choice(sorted(allowed)))


def _may_concede(state: engine.State, seat: int) -> bool:
    return engine.ENGINE.check(state, engine.Concede(seat=seat)) is None


def _concedes(rng: random.Random, state: engine.State, seat: int) -> bool:
    trick = state.trick
    if (trick is not None and trick.cards) or rng.random() >= 0.01:
        return False
    return _may_concede(state, seat)


def _event(action: Any) -> Action:
    """The record's event for an engine action."""
    seat = action.seat
    match action.type:
        case "bid":
            return Bid(type="bid", seat=seat, points=action.points)
        case "pass":
            return Pass(type="pass", seat=seat)
        case "widow":
            return TakeWidow(type="widow", seat=seat, cards=list(action.cards))
        case "trump":
            return NameTrump(type="trump", seat=seat, suit=action.suit)
        case "meld":
            declared = [MeldDeclaration(meld=m.meld, cards=list(m.cards)) for m in action.melds]
            return Meld(type="meld", seat=seat, melds=declared)
        case "bury":
            return Bury(
                type="bury", seat=seat, cards=list(action.cards), announced=action.announced
            )
        case "play":
            return Play(type="play", seat=seat, card=action.card)
    return Concede(type="concede", seat=seat)
