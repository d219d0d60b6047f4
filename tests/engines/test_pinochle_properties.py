"""Property tests of the pinochle referee over random legal sittings from the generator.

* every generated sitting replays clean with ``audit=True`` under every preset;
* trick winners agree with a small independent oracle written here from docs/pinochle.md (highest
  trump, else highest of the led suit, the first of two identical cards), and the declarer's
  claimed counters with an independent count of his tricks and burial;
* on thousands of random hands the card points of a hand played out total 250 (25 in the
  simplified count) and the chip ledger of every hand sums to zero, kitty included; the running
  totals are the sums of the hands;
* mutating exactly one bid, play, meld or burial into one the rules forbid gives exactly one
  problem, with that action's pointer and the expected code.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import orjson
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from records.io import dumps, parse
from records.pinochle import PRESETS, PinochleRecord
from replay.check import check_record
from replay.engines import pinochle as engine
from replay.generators.pinochle import deal, generate

RANKS = "9JQKTA"
POINTS = {  # docs/pinochle.md, written out again here for an independent count
    "classic": {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0},
    "alt_a": {"A": 10, "T": 10, "K": 5, "Q": 5, "J": 0, "9": 0},
    "alt_b": {"A": 10, "T": 10, "K": 10, "Q": 0, "J": 0, "9": 0},
    "simplified": {"A": 1, "T": 1, "K": 1, "Q": 0, "J": 0, "9": 0},
}
SYSTEMS = {"classic": 10, "alt_a": 10, "alt_b": 10, "simplified": 1}

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
seeds = st.integers(0, 2**32 - 1)
presets = st.sampled_from(sorted(PRESETS))
systems = st.sampled_from(sorted(SYSTEMS))


def sitting(seed: int, preset: str, hands: int = 3, **overrides: Any) -> PinochleRecord:
    return generate(random.Random(seed), preset=preset, hands=hands, **overrides)


def as_dict(record: PinochleRecord) -> dict[str, Any]:
    data: dict[str, Any] = orjson.loads(dumps(record))
    return data


def reparse(data: dict[str, Any]) -> PinochleRecord:
    parsed = parse(orjson.dumps(data))
    assert not isinstance(parsed, list), parsed
    assert isinstance(parsed, PinochleRecord)
    return parsed


def oracle_winner(plays: tuple[tuple[int, str], ...], trump: str | None) -> int:
    led = plays[0][1][-1]
    pool = [p for p in plays if p[1][-1] == trump] or [p for p in plays if p[1][-1] == led]
    best = pool[0]
    for seat, card in pool[1:]:
        if RANKS.index(card[0]) > RANKS.index(best[1][0]):  # strict: the first identical wins
            best = (seat, card)
    return best[0]


@SETTINGS
@given(seed=seeds, preset=presets)
def test_generated_sittings_replay_clean(seed: int, preset: str) -> None:
    record = sitting(seed, preset)
    report = check_record(record, audit=True)
    assert report.problems == []
    table = POINTS[record.rules.card_points]
    for hand, out in zip(record.hands, report.hands, strict=True):
        assert out.status.value == "complete"
        for trick in out.tricks:
            assert trick.winner == oracle_winner(trick.plays, out.trump)
        claims = hand.claims
        assert claims is not None
        if len(out.tricks) == engine.HAND_SIZE and claims.declarer is not None:
            bury = next(a for a in reversed(hand.actions) if a.type == "bury")
            mine = [c for t in out.tricks if t.winner == claims.declarer for _, c in t.plays]
            last = record.rules.last_trick_bonus if out.tricks[-1].winner == claims.declarer else 0
            count = sum(table[c[0]] for c in mine + list(bury.cards)) + last
            assert claims.counters == count


def settle_all(record: PinochleRecord) -> list[engine.Settlement]:
    """Drive the engine over every hand of a record through its interface, as the driver
    does: the deal, every action checked then applied, the settlement."""
    game = engine.ENGINE
    table = game.table(record.rules)
    out = []
    for hand in record.hands:
        assert not game.deal_faults(table, hand.number, hand.dealer, hand.deal)
        state = game.start(table, hand.number, hand.dealer, hand.deal)
        for action in hand.actions:
            assert game.check(state, action) is None
            game.apply(state, action)
        assert game.finish(state)
        settled = game.settle(state, None)
        assert isinstance(settled, engine.Settlement)
        out.append(settled)
    return out


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=seeds, preset=presets, system=systems)
def test_250_points_and_zero_sum_chips(seed: int, preset: str, system: str) -> None:
    record = sitting(seed, preset, hands=40, card_points=system, last_trick_bonus=SYSTEMS[system])
    full = 250 if system != "simplified" else 25
    running = [0] * record.rules.table_size
    for hand, settled in zip(record.hands, settle_all(record), strict=True):
        assert sum(settled.chips) + settled.kitty == 0
        if settled.counters is not None:
            assert settled.counters.total + settled.counters.opponents == full
        running = [t + c for t, c in zip(running, settled.chips, strict=True)]
        assert hand.claims is not None and hand.claims.totals == running


def first_index(record: PinochleRecord, kind: str) -> tuple[int, int] | None:
    for h, hand in enumerate(record.hands):
        for a, action in enumerate(hand.actions):
            if action.type == kind:
                return h, a
    return None


Hand = dict[str, Any]


def mutate_bid(hand: Hand, action: dict[str, Any], record: PinochleRecord) -> str:
    action["points"] = record.rules.min_bid - 10
    return "bid.below-minimum"


def mutate_play(hand: Hand, action: dict[str, Any], record: PinochleRecord) -> str:
    held = set(hand["deal"]["hands"][action["seat"]]) | set(hand["deal"]["widow"])
    action["card"] = next(c for c in engine.DECK.cards if c not in held)
    return "play.card-not-held"


def mutate_meld(hand: Hand, action: dict[str, Any], record: PinochleRecord) -> str:
    eighteen = Counter(hand["deal"]["hands"][action["seat"]] + hand["deal"]["widow"])
    for meld in action["melds"]:
        if any(eighteen[c] < 2 * n for c, n in Counter(meld["cards"]).items()):
            action["melds"].append(dict(meld))
            return "meld.reused-card"
    assume(False)
    return ""


def mutate_bury(hand: Hand, action: dict[str, Any], record: PinochleRecord) -> str:
    action["cards"] = action["cards"][:2]
    return "bury.wrong-count"


MUTATIONS = {"bid": mutate_bid, "play": mutate_play, "meld": mutate_meld, "bury": mutate_bury}


@SETTINGS
@given(seed=seeds, kind=st.sampled_from(sorted(MUTATIONS)))
def test_one_mutated_action_gives_one_problem_at_its_path(seed: int, kind: str) -> None:
    record = sitting(seed, "default")
    where = first_index(record, kind)
    assume(where is not None)
    assert where is not None
    h, a = where
    data = as_dict(record)
    code = MUTATIONS[kind](data["hands"][h], data["hands"][h]["actions"][a], record)
    report = check_record(reparse(data), audit=True)
    path = f"/hands/{h}/actions/{a}"
    if kind == "meld":
        path += f"/melds/{len(data['hands'][h]['actions'][a]['melds']) - 1}"
    assert [(p.code, p.pointer) for p in report.problems] == [(code, path)]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=seeds, preset=presets)
def test_random_play_outs_through_legal_actions(seed: int, preset: str) -> None:
    """Every action ``legal_actions`` offers passes ``check``, and choosing among them at
    random (plays weighed up so that the declarer leads in the end, concessions down) finishes
    the hand with a ledger that sums to zero."""
    rng = random.Random(seed)
    rules = PRESETS[preset]
    dealer = rng.randrange(rules.table_size)
    hands, widow = deal(rng, rules, dealer)
    state = engine.new_hand(rules, dealer, hands, widow)
    for _ in range(400):
        if engine.is_settled(state):
            break
        offered = engine.legal_actions(state)
        assert offered and all(engine.ENGINE.check(state, a) is None for a in offered)
        plays = [a for a in offered if a.type == "play"]
        chance = rng.random()
        if plays and chance < 0.9:
            pool = plays
        elif chance < 0.98:
            pool = [a for a in offered if a.type != "concede"] or offered
        else:
            pool = offered
        action = rng.choice(pool)
        engine.ENGINE.apply(state, action)
    assert engine.is_settled(state)
    settled = engine.ENGINE.settle(state, None)
    assert sum(settled.chips) + settled.kitty == 0


@SETTINGS
@given(seed=seeds)
def test_a_wrong_chip_claim_is_one_mismatch(seed: int) -> None:
    record = sitting(seed, "default", hands=2)
    data = as_dict(record)
    data["hands"][0]["claims"]["chips"][0] += 1
    report = check_record(reparse(data), audit=True)
    assert [(p.code, p.pointer) for p in report.problems] == [
        ("chips.mismatch", "/hands/0/claims/chips/0")
    ]
