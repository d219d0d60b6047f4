"""The pinochle claims a score sheet writes beyond the chips: tricks per seat, each seat's melds,
the opponents' counters, the declarer's points and the outcome.

* hand-worked values (fixtures/pinochle/make_valid.py works them out; here they are written
  again from docs/pinochle.md) and a recount of the tricks and counters of the
  hands played out, with this file's own card-point table;
* each new claim, wrong, is one problem with its own code at its pointer; melds in another
  order still match;
* properties over generated sittings: the tricks per seat add up to the tricks played, the
  declarer's points are his meld plus his counters, counters on both sides make 250, and the
  outcome agrees with the contract and the count;
* the burial restrictions hold for a hand that ends by a concession before the first lead.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import orjson
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from records.formats.text import dumps as text_dumps
from records.formats.text import loads as text_loads
from records.io import dumps, loads, parse
from records.pinochle import PRESETS, PinochleRecord
from replay.check import check_record
from replay.engines import pinochle as engine
from replay.generators.pinochle import generate
from replay.report import RecordReport
from tests.conftest import FIXTURES

VALID = FIXTURES / "pinochle" / "valid"
CLASSIC = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0}
NEW = ("tricks", "melds", "opponents_counters", "declarer_points", "outcome")


def replay(name: str) -> tuple[PinochleRecord, RecordReport]:
    record = loads((VALID / f"{name}.json").read_text())
    assert isinstance(record, PinochleRecord)
    return record, check_record(record, audit=True)


def melds(*pairs: tuple[str, int]) -> list[dict[str, Any]]:
    return [{"meld": kind, "points": points} for kind, points in pairs]


def claimed(record: PinochleRecord) -> dict[str, Any]:
    claims = record.hands[0].claims
    assert claims is not None
    return claims.model_dump(mode="json")


# --- hand-worked values ----------------------------------------------------------------------

WORKED: dict[str, dict[str, Any]] = {
    # meld_requires_trick: two pinochles (2 x 40) declared but no trick taken, so meld 0;
    # counters are the buried QC QC QD = 3 x 3 = 9, the opponents' 250 - 9; 9 < 300.
    "meld-requires-trick-no-trick": {
        "meld": 0,
        "melds": [[], melds(("pinochle", 40), ("pinochle", 40)), [], []],
        "counters": 9,
        "opponents_counters": 241,
        "declarer_points": 9,
        "outcome": "double_bete",
        "chips": [6, -18, 6, 6],  # 300: 3 chips, x 2 played and lost, hearts single
    },
    # An opponent concedes after the burial: paid as made, 350 -> 5 x 2 (spades).
    "opponent-concedes-after-the-burial": {
        "tricks": [0, 0, 0, 0],
        "melds": [[], [], [], melds(("royal_marriage", 40), ("marriage", 20), ("dix", 10))],
        "outcome": "opponent_conceded",
        "chips": [-10, -10, -10, 30],
    },
    # Thrown in at the minimum before the widow: only the kitty is paid, 300 -> 3.
    "thrown-in-at-the-minimum": {
        "tricks": [0, 0, 0, 0],
        "melds": [[], [], [], []],
        "outcome": "thrown_in",
        "chips": [0, -3, 0, 0],
        "kitty": 3,
    },
    "declarer-concedes-spades": {"outcome": "single_bete", "tricks": [0, 0, 0, 0]},
    "all-pass-void": {"outcome": "void", "melds": [[], [], [], []]},
    "meld-card-buried-loses": {
        "outcome": "double_bete",
        "melds": [[], [], melds(("flush", 150), ("dix", 10), ("pinochle", 40)), []],
    },
    "double-pinochle-spades-made": {
        "outcome": "made",
        "melds": [
            [],
            melds(("flush", 150), ("dix", 10), ("aces", 100), ("pinochle", 40), ("pinochle", 40)),
            [],
            [],
        ],
    },
    "plays-and-fails-double-bete": {"outcome": "double_bete"},
    "flush-and-royal-marriage-hearts": {"outcome": "made"},
}


@pytest.mark.parametrize("name", sorted(WORKED))
def test_hand_worked_values(name: str) -> None:
    record, report = replay(name)
    assert report.problems == []
    claims = claimed(record)
    for key, value in WORKED[name].items():
        assert claims[key] == value, key
    checks = report.hands[0].claims
    assert {c.name for c in checks} >= {"tricks", "melds", "outcome"}
    assert all(c.status.value == "match" for c in checks)


@pytest.mark.parametrize(
    "name",
    [
        "double-pinochle-spades-made",
        "flush-and-royal-marriage-hearts",
        "plays-and-fails-double-bete",
        "meld-requires-trick-no-trick",
    ],
)
def test_tricks_and_counters_recounted_from_the_tricks(name: str) -> None:
    record, report = replay(name)
    hand, claims = report.hands[0], claimed(record)
    declarer = claims["declarer"]
    taken = [sum(t.winner == seat for t in hand.tricks) for seat in range(4)]
    assert claims["tricks"] == taken and sum(taken) == 15 and taken[0] == 0  # seat 0 sits out
    bury = [a for a in record.hands[0].actions if a.type == "bury"][-1]
    won = [c for t in hand.tricks if t.winner == declarer for _, c in t.plays]
    lost = [c for t in hand.tricks if t.winner != declarer for _, c in t.plays]
    last = 10 if hand.tricks[-1].winner == declarer else 0
    mine = sum(CLASSIC[c[0]] for c in won + list(bury.cards)) + last
    assert claims["counters"] == mine
    assert claims["opponents_counters"] == sum(CLASSIC[c[0]] for c in lost) + 10 - last
    assert claims["declarer_points"] == claims["meld"] + mine
    assert (claims["outcome"] == "made") == (claims["declarer_points"] >= claims["contract"])


def test_under_meld_requires_trick_the_list_keeps_the_values_the_total_scores_none() -> None:
    record, report = replay("meld-requires-trick-no-trick")
    assert record.rules.meld_requires_trick
    claims = claimed(record)
    assert sum(m["points"] for m in claims["melds"][1]) == 80
    assert claims["meld"] == 0 and claims["tricks"][1] == 0
    assert "meld total: 0 (meld_requires_trick: the declarer took no trick)" in (
        report.hands[0].derivation
    )


# --- wrong claims ----------------------------------------------------------------------------


def mutated(name: str, **claims: Any) -> RecordReport:
    data: dict[str, Any] = orjson.loads((VALID / f"{name}.json").read_bytes())
    data["hands"][0]["claims"].update(claims)
    parsed = parse(orjson.dumps(data))
    assert isinstance(parsed, PinochleRecord)
    return check_record(parsed, audit=True)


BASE = "double-pinochle-spades-made"


@pytest.mark.parametrize(
    ("claims", "code", "pointer"),
    [
        ({"tricks": [0, 12, 2, 0]}, "tricks.mismatch", "tricks/1"),
        (
            {"melds": [[], melds(("flush", 150), ("aces", 100)), [], []]},
            "melds.mismatch",
            "melds/1",
        ),
        ({"melds": [melds(("dix", 10)), None, [], []]}, "melds.mismatch", "melds/0"),
        ({"opponents_counters": 0}, "opponents_counters.mismatch", "opponents_counters"),
        ({"declarer_points": 340}, "declarer_points.mismatch", "declarer_points"),
        ({"outcome": "opponent_conceded"}, "outcome.mismatch", "outcome"),
    ],
)
def test_a_wrong_new_claim_is_one_problem_at_its_pointer(
    claims: dict[str, Any], code: str, pointer: str
) -> None:
    report = mutated(BASE, **claims)
    found = [(p.code, p.pointer) for p in report.problems]
    assert found == [(code, f"/hands/0/claims/{pointer}")]


def test_a_meld_mismatch_says_both_lists_and_the_difference() -> None:
    report = mutated(BASE, melds=[[], melds(("flush", 150), ("marriage", 20)), [], []])
    (problem,) = report.problems
    assert problem.seat == 1
    assert problem.message == (
        "recorded melds flush 150, marriage 20; recomputed flush 150, dix 10, aces 100, "
        "pinochle 40, pinochle 40: aces 100, dix 10, pinochle 40, pinochle 40 left out; "
        "marriage 20 not among them"
    )


def test_melds_in_another_order_match() -> None:
    listed = melds(("pinochle", 40), ("aces", 100), ("pinochle", 40), ("dix", 10), ("flush", 150))
    report = mutated(BASE, melds=[[], listed, [], []])
    assert report.problems == []
    check = next(c for c in report.hands[0].claims if c.name == "melds" and c.seat == 1)
    assert check.status.value == "match" and check.computed == listed


def test_a_claim_replay_cannot_work_out_is_unchecked() -> None:
    """A conceded hand has no counters: a claimed count is listed as unchecked, not filled in."""
    report = mutated("declarer-concedes-spades", declarer_points=70, opponents_counters=0)
    assert report.problems == []
    status = {c.name: c.status.value for c in report.hands[0].claims}
    assert status["declarer_points"] == status["opponents_counters"] == "unchecked"


def test_the_text_notation_carries_the_new_claims() -> None:
    record, _ = replay(BASE)
    text = text_dumps(record)
    assert 'claims outcome "made"' in text
    assert 'claims melds [] [{"meld": "flush", "points": 150}, ' in text
    (read,) = text_loads(text)
    assert read.record is not None and dumps(read.record) == dumps(record)


# --- properties over generated sittings ------------------------------------------------------

FULL = {"classic": 250, "alt_a": 250, "alt_b": 250, "simplified": 25}


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32 - 1),
    preset=st.sampled_from(sorted(PRESETS)),
    requires_trick=st.booleans(),
    throw_in=st.booleans(),
)
def test_generated_claims_agree_with_each_other_and_with_replay(
    seed: int, preset: str, requires_trick: bool, throw_in: bool
) -> None:
    record = generate(
        random.Random(seed),
        preset=preset,
        hands=6,
        meld_requires_trick=requires_trick,
        throw_in_at_min_without_widow=throw_in,
    )
    report = check_record(record, audit=True)
    assert report.problems == []
    rules = record.rules
    for hand, out in zip(record.hands, report.hands, strict=True):
        c = hand.claims
        assert c is not None and c.tricks is not None and c.melds is not None
        assert all(check.status.value == "match" for check in out.claims)
        assert {check.name for check in out.claims} >= {"tricks", "melds", "outcome"}
        assert sum(t or 0 for t in c.tricks) == len(out.tricks)
        active = engine.active_seats(rules, hand.dealer)
        assert all(c.tricks[s] == 0 for s in range(rules.table_size) if s not in active)
        assert (c.outcome == "void") == (c.declarer is None)
        assert c.made == (
            None if c.declarer is None else c.outcome in ("made", "opponent_conceded")
        )
        listed = [m for seat in c.melds for m in seat or []]
        assert all(not seat for s, seat in enumerate(c.melds) if s != c.declarer)
        if c.declarer is None:
            continue
        points = sum(m.points for m in listed)
        if len(out.tricks) == engine.HAND_SIZE:
            assert c.counters is not None and c.opponents_counters is not None
            assert c.declarer_points == (c.meld or 0) + c.counters
            assert c.counters + c.opponents_counters == FULL[rules.card_points]
            assert c.contract is not None
            made = c.declarer_points >= c.contract
            assert c.outcome in (("made", "opponent_conceded") if made else ("double_bete",))
            lost = requires_trick and c.tricks[c.declarer] == 0
            assert c.meld == (0 if lost else points)
        else:
            assert c.declarer_points is None and c.opponents_counters is None
            assert c.meld == points
            assert c.outcome != "made"
        if c.outcome == "thrown_in":
            assert throw_in and c.contract == rules.min_bid and not c.melds[c.declarer]


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), which=st.sampled_from(NEW), hand=st.integers(0, 2))
def test_one_wrong_new_claim_in_a_generated_sitting_is_one_problem(
    seed: int, which: str, hand: int
) -> None:
    record = generate(random.Random(seed), preset="default", hands=3)
    data: dict[str, Any] = orjson.loads(dumps(record))
    claims = data["hands"][hand]["claims"]
    pointer = f"/hands/{hand}/claims/{which}"
    if which == "tricks":
        claims["tricks"][1] += 1
        pointer += "/1"
    elif which == "melds":
        claims["melds"][2] = [*claims["melds"][2], {"meld": "dix", "points": 10}]
        pointer += "/2"
    elif which == "outcome":
        claims["outcome"] = "void" if claims["outcome"] != "void" else "made"
    elif claims.get(which) is None:
        claims[which] = 1  # a value replay cannot work out: unchecked, no problem
        pointer = ""
    else:
        claims[which] += 10
    parsed = parse(orjson.dumps(data))
    assert isinstance(parsed, PinochleRecord)
    found = [(p.code, p.pointer) for p in check_record(parsed, audit=True).problems]
    assert found == ([(f"{which}.mismatch", pointer)] if pointer else [])


# --- burial restrictions at a concession before the first lead -------------------------------


def declaring(rule: str) -> engine.State:
    """The hand of fixture declarer-concedes-spades up to its burial, under ``rule``: the
    declarer (seat 3) buries JS 9D 9D with spades trump, not announced."""
    record, _ = replay("declarer-concedes-spades")
    rules = dataclasses.replace(record.rules, bury_restrictions=rule)
    hand = record.hands[0]
    state = engine.new_hand(rules, hand.dealer, hand.deal.hands, hand.deal.widow)
    for action in hand.actions[:7]:  # auction, widow, trump, melds
        engine.ENGINE.apply(state, action)
    engine.ENGINE.apply(state, engine.Bury(seat=3, cards=["JS", "9D", "9D"]))
    return state


@pytest.mark.parametrize(
    ("rule", "code"),
    [
        ("no_trump", "bury.trump"),
        ("no_trump_no_aces", "bury.trump"),
        ("announce_trump", "bury.unannounced-trump"),
        ("meld_only", None),
    ],
)
@pytest.mark.parametrize("seat", [3, 2])  # the declarer, an opponent
def test_a_concession_after_the_burial_checks_the_restrictions(
    rule: str, code: str | None, seat: int
) -> None:
    state = declaring(rule)
    found = engine.ENGINE.check(state, engine.Concede(seat=seat))
    assert (None if found is None else (found.code, found.action)) == (
        None if code is None else (code, 7)
    )
    offered = [a.seat for a in engine.legal_actions(state) if a.type == "concede"]
    assert (seat in offered) == (code is None)
