"""Property tests of the Bestia referee over random legal sittings from the generator.

* every generated sitting replays clean with ``audit=True``; the cards each seat may play, the
  trick winners and (for the presets with the original text's money rules) every amount agree
  with a small independent oracle written here from docs/bestia.md;
* mutating exactly one action (an illegal card, a declaration by the wrong seat, a card drawn
  that is not the top of the stock) gives exactly one problem, at that action's pointer;
* money is conserved on thousands of random sittings: in every hand what the seats paid equals
  what they received plus the change of the pot, and over the sitting likewise.
"""

from __future__ import annotations

import random
from typing import Any

import orjson
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from records.bestia import BestiaRecord
from records.io import dumps, parse
from replay.check import check_record
from replay.generators.bestia import generate
from replay.report import ClaimStatus

RANKS = "24567JNK3A"
DECK = [r + s for s in "bcds" for r in RANKS]
SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

seeds = st.integers(0, 2**32 - 1)
players = st.integers(3, 10)
presets = st.sampled_from(["default", "reference", "perugia", "sisal"])


def _sitting(seed: int, n: int, name: str, hands: int = 3) -> BestiaRecord:
    return generate(random.Random(seed), players=n, preset=name, hands=hands)


def _reparse(data: dict[str, Any]) -> BestiaRecord:
    parsed = parse(orjson.dumps(data))
    assert not isinstance(parsed, list), parsed
    assert isinstance(parsed, BestiaRecord)
    return parsed


# --- an independent oracle (docs/bestia.md) -----------------------------------------------


def _beats(card: str, best: str, trump: str) -> bool:
    if card[-1] == best[-1]:
        return RANKS.index(card[0]) > RANKS.index(best[0])
    return card[-1] == trump


def _may_play(card: str, holding: list[str], trick: list[str], turned: str, first: bool) -> bool:
    trump = turned[-1]
    dominant = ("3" if turned[0] == "A" else "A") + trump
    if card not in holding:
        return False
    if not trick:
        return card == dominant if first and dominant in holding else True
    led = trick[0][-1]
    if any(c[-1] == led for c in holding):
        return card[-1] == led
    if any(c[-1] == trump for c in holding):
        return card[-1] == trump
    return True


Walked = tuple[list[list[str]], list[list[str]], list[int], list[int], bool]


def _walk(record: BestiaRecord, index: int) -> Walked:
    """Replay one hand by hand: (holding before each play, trick so far, trick winners, tricks
    claimed per seat, abandoned).

    Asserts on the way that every play is one the rules allow."""
    hand = record.hands[index]
    holding = [list(h) for h in hand.deal.hands]
    before: list[list[str]] = []
    so_far: list[list[str]] = []
    winners: list[int] = []
    trick: list[tuple[int, str]] = []
    playing: set[int] = set()
    claimed = [0] * len(holding)
    for action in hand.actions:
        if action.type == "abandon":
            return before, so_far, winners, claimed, True
        if action.type == "claim":
            assert trick == []
            claimed = list(action.remaining)
        if action.type == "join":
            for card in action.discards:
                holding[action.seat].remove(card)
            holding[action.seat] += action.drawn
            playing.add(action.seat)
        elif action.type == "blind_draw":
            holding[action.seat] = list(action.drawn)
            playing.add(action.seat)
        elif action.type == "play":
            cards = [c for _, c in trick]
            before.append(list(holding[action.seat]))
            so_far.append(cards)
            first = not winners and not trick
            assert _may_play(action.card, holding[action.seat], cards, hand.deal.turned_up, first)
            holding[action.seat].remove(action.card)
            trick.append((action.seat, action.card))
            if len(trick) == len(playing):
                best = trick[0]
                for seat, card in trick[1:]:
                    if _beats(card, best[1], hand.deal.turned_up[-1]):
                        best = (seat, card)
                winners.append(best[0])
                trick = []
    assert trick == []
    return before, so_far, winners, claimed, False


def _oracle_money(n: int, start: int, tricks: list[int], playing: set[int]) -> tuple[int, ...]:
    """(carried, *nets) under the original text's money rules with an invito of 10."""
    pot = start + 10 * n
    if not playing:
        return (start, *([0] * n))
    shares = [pot * tricks[s] // 3 if s in playing else 0 for s in range(n)]
    bestias = [pot if s in playing and tricks[s] == 0 else 0 for s in range(n)]
    carried = pot - sum(shares) + sum(bestias)
    return (carried, *(shares[s] - 10 - bestias[s] for s in range(n)))


# --- clean sittings --------------------------------------------------------------------------


@SETTINGS
@given(seed=seeds, n=players, name=presets)
def test_random_sittings_replay_clean(seed: int, n: int, name: str) -> None:
    record = _sitting(seed, n, name)
    report = check_record(_reparse(orjson.loads(dumps(record))), audit=True)
    assert report.problems == []
    carry = 0
    for index, (hand, replayed) in enumerate(zip(record.hands, report.hands, strict=True)):
        _, _, winners, claimed, abandoned = _walk(record, index)
        assert [t.winner for t in replayed.tricks] == winners
        if name not in ("default", "reference"):
            continue
        if abandoned:  # void: nobody's money moves, the starting pot goes on
            assert replayed.scores is None
            continue
        playing = {a.seat for a in hand.actions if a.type in ("join", "blind_draw")}
        tricks = [winners.count(s) + claimed[s] for s in range(n)]
        if len(playing) == 1 and not sum(tricks):
            tricks[next(iter(playing))] = 3
        expected = _oracle_money(n, carry, tricks, playing)
        assert replayed.scores == list(expected[1:])
        carry = expected[0]


# --- one mutated action, one problem ---------------------------------------------------------


def _spots(record: BestiaRecord, kind: str) -> list[tuple[int, int]]:
    return [
        (i, j)
        for i, hand in enumerate(record.hands)
        for j, action in enumerate(hand.actions)
        if action.type == kind
    ]


def _one_problem(data: dict[str, Any], i: int, j: int) -> str:
    report = check_record(_reparse(data), audit=True)
    assert [p.pointer for p in report.problems] == [f"/hands/{i}/actions/{j}"], report.problems
    return report.problems[0].code


@SETTINGS
@given(seed=seeds, n=players, data=st.data())
def test_one_illegal_card_gives_one_problem(seed: int, n: int, data: st.DataObject) -> None:
    record = _sitting(seed, n, "default")
    spots = _spots(record, "play")
    if not spots:
        return
    i, j = data.draw(st.sampled_from(spots), label="spot")
    plays = [k for k, a in enumerate(record.hands[i].actions) if a.type == "play"]
    before, so_far, *_ = _walk(record, i)
    holding, trick = before[plays.index(j)], so_far[plays.index(j)]
    first = plays.index(j) == 0
    turned = record.hands[i].deal.turned_up
    illegal = [c for c in DECK if not _may_play(c, holding, trick, turned, first)]
    card = data.draw(st.sampled_from(illegal), label="card")
    mutated: dict[str, Any] = orjson.loads(dumps(record))
    mutated["hands"][i]["actions"][j]["card"] = card
    code = _one_problem(mutated, i, j)
    if card not in holding:
        assert code == "play.card-not-held"
    elif not trick:
        assert code == "play.must-lead-top-trump"
    else:
        assert code in ("play.revoke", "play.must-trump")


@SETTINGS
@given(seed=seeds, n=players, data=st.data())
def test_one_wrong_declarer_or_draw_gives_one_problem(
    seed: int, n: int, data: st.DataObject
) -> None:
    record = _sitting(seed, n, "default")
    mutated: dict[str, Any] = orjson.loads(dumps(record))
    spots = _spots(record, "pass") + _spots(record, "join")
    i, j = data.draw(st.sampled_from(spots), label="declaration")
    action = mutated["hands"][i]["actions"][j]
    draws = [(i2, j2) for i2, j2 in spots if mutated["hands"][i2]["actions"][j2].get("drawn")]
    draws += _spots(record, "blind_draw")
    if draws and data.draw(st.booleans(), label="mutate a draw"):
        i, j = data.draw(st.sampled_from(draws), label="draw")
        action = mutated["hands"][i]["actions"][j]
        other = [c for c in DECK if c != action["drawn"][0]]
        action["drawn"][0] = data.draw(st.sampled_from(other), label="card")
        expected = "draw.not-top-of-stock"
    else:
        action["seat"] = data.draw(st.sampled_from([s for s in range(n) if s != action["seat"]]))
        expected = "declare.out-of-turn"
    assert _one_problem(mutated, i, j) == expected


# --- money is conserved ----------------------------------------------------------------------


def test_money_is_conserved_on_thousands_of_sittings() -> None:
    rng = random.Random(20261130)
    checked = 0
    for _ in range(2000):
        n = rng.randint(3, 10)
        name = rng.choice(["default", "reference", "perugia", "sisal"])
        record = generate(random.Random(rng.getrandbits(64)), players=n, preset=name, hands=3)
        report = check_record(record, audit=True)
        assert report.problems == []
        start = record.opening_pot
        whole = record.rules.pot_rounding != "exact"
        for replayed in report.hands:
            carried = next(c.computed for c in replayed.claims if c.name == "carried")
            if replayed.scores is None:  # abandoned: void, the starting pot goes on
                assert carried == start
                continue
            assert all(isinstance(x, int) for x in replayed.scores) or not whole
            assert sum(replayed.scores) == start - carried  # paid - received = pot growth
            start = carried
        assert report.totals is not None
        final = next(c for c in report.claims if c.name == "carried")
        assert final.status is ClaimStatus.MATCH
        assert sum(report.totals) == record.opening_pot - final.computed
        checked += 1
    assert checked == 2000


VARIANTS = st.fixed_dictionaries(
    {},
    optional={
        "trump_card_drawable": st.booleans(),
        "max_exchange": st.integers(0, 3),
        "blind_allowed": st.booleans(),
        "blind_eligibility": st.sampled_from(["passed_only", "any_active"]),
        "top_trump_lead": st.sampled_from(["first_trick", "every_lead", "off"]),
        "must_overtrump": st.booleans(),
        "must_beat_in_suit": st.booleans(),
        "first_leader": st.sampled_from(["eldest_playing", "first_to_declare_play"]),
        "invito_payers": st.sampled_from(["all_seated", "players_only"]),
        "bestia_cap": st.none() | st.integers(0, 100),
        "single_player": st.sampled_from(["wins_pot", "carry_pot"]),
        "all_pass": st.sampled_from(["refund_and_carry", "carry_all"]),
        "hand_size": st.sampled_from([3, 4]),
    },
)


@SETTINGS
@given(seed=seeds, n=st.integers(3, 8), overrides=VARIANTS)
def test_sittings_under_rule_variants_replay_clean(
    seed: int, n: int, overrides: dict[str, Any]
) -> None:
    record = generate(random.Random(seed), players=n, hands=3, **overrides)
    report = check_record(_reparse(orjson.loads(dumps(record))), audit=True)
    assert report.problems == []
    assert report.totals is not None
    assert record.claims is not None
    assert sum(report.totals) == record.opening_pot - (record.claims.carried or 0)
