"""Property tests of Bestia's exact money and of the new events over generated sittings.

* under ``pot_rounding = exact`` every generated sitting, read back from its JSON by both
  decoders (msgspec's fast path and pydantic's), audits clean: the fractional shares, nets and
  balances it claims match the recomputation;
* in every hand money sums to zero across the seats and the pot: the nets add up to the
  starting pot less what is carried, both as recomputed and as the record claims them;
* the generator writes every new event and claim: declines, claims, abandoned hands, nets, who
  played, fractions.
"""

from __future__ import annotations

import dataclasses
import random
import typing
from collections import Counter
from fractions import Fraction
from typing import Any

import orjson
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from records.bestia import PRESETS, BestiaRecord, BestiaRules, amount
from records.io import dumps, parse
from replay.check import check_bytes, check_record
from replay.engines.bestia.state import rules_fault
from replay.generators.bestia import generate
from replay.report import ClaimStatus, RecordReport

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

MONEY_RULES = st.fixed_dictionaries(
    {},
    optional={
        "invito": st.integers(0, 25),
        "invito_payers": st.sampled_from(["all_seated", "players_only", "dealer_only"]),
        "bestia_amount": st.sampled_from(["pot", "previous_pot"]),
        "bestia_cap": st.none() | st.integers(0, 100),
        "bestia_destination": st.sampled_from(["next_pot", "current_pot"]),
        "single_player": st.sampled_from(["wins_pot", "carry_pot"]),
        "all_pass": st.sampled_from(["refund_and_carry", "carry_all"]),
        "hand_size": st.sampled_from([3, 4, 5]),
    },
)


def _sitting(seed: int, n: int, overrides: dict[str, Any]) -> BestiaRecord:
    if overrides.get("hand_size", 3) * n > 36:
        overrides = {**overrides, "hand_size": 3}
    return generate(random.Random(seed), players=n, hands=4, pot_rounding="exact", **overrides)


def _sums_to_zero(record: BestiaRecord, report: RecordReport) -> None:
    """Each hand: nets + carried == starting pot, as recomputed and as claimed."""
    for hand, replayed in zip(record.hands, report.hands, strict=True):
        computed = {c.name: c.computed for c in replayed.claims if c.seat is None}
        nets = [c.computed for c in replayed.claims if c.name == "net"]
        assert sum(nets) + computed["carried"] == computed["starting_pot"]
        claims = hand.claims
        assert claims is not None and claims.nets is not None
        claimed = sum(amount(v) for v in claims.nets if v is not None)
        assert claims.carried is not None and claims.starting_pot is not None
        assert claimed + amount(claims.carried) == amount(claims.starting_pot)


@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(3, 8), overrides=MONEY_RULES)
def test_exact_sittings_audit_clean_and_money_sums_to_zero(
    seed: int, n: int, overrides: dict[str, Any]
) -> None:
    record = _sitting(seed, n, overrides)
    data = dumps(record)
    fast = check_bytes(data, audit=True)
    assert fast.problems == []
    parsed = parse(data)
    assert isinstance(parsed, BestiaRecord)
    report = check_record(parsed, audit=True)
    assert report.problems == []
    fractions = [
        c
        for h in report.hands
        for c in h.claims
        if isinstance(c.computed, Fraction) and c.name in ("share", "net", "balance")
    ]
    assert all(c.status is ClaimStatus.MATCH for c in fractions)
    _sums_to_zero(record, report)
    assert report.totals is not None and record.claims is not None
    assert record.claims.carried is not None
    assert sum(report.totals) + amount(record.claims.carried) == record.opening_pot


def test_exact_fractions_are_written_and_matched_on_fixed_seeds() -> None:
    matched = 0
    for seed in range(40):
        record = _sitting(seed, 4, {})
        report = check_bytes(dumps(record), audit=True)
        assert report.problems == []
        matched += sum(
            1
            for h in report.hands
            for c in h.claims
            if isinstance(c.computed, Fraction) and c.status is ClaimStatus.MATCH
        )
    assert matched > 40  # pots of 40 and 80 split in thirds: fractions in most sittings


def test_a_fraction_in_a_floor_carry_sitting_is_one_problem_at_its_place() -> None:
    record = generate(random.Random(7), players=4, hands=2)
    data = orjson.loads(dumps(record))
    data["hands"][0]["claims"]["nets"][2] = {"numerator": 1, "denominator": 3}
    report = check_bytes(orjson.dumps(data), audit=True)
    assert [(p.code, p.pointer, p.seat) for p in report.problems] == [
        ("money.fraction", "/hands/0/claims/nets/2", 2)
    ]


def test_the_generator_writes_every_new_event_and_claim() -> None:
    kinds: Counter[str] = Counter()
    claims: Counter[str] = Counter()
    for seed in range(60):
        record = generate(random.Random(seed), players=5, hands=4)
        for hand in record.hands:
            kinds.update(a.type for a in hand.actions)
            assert hand.claims is not None
            claims.update(k for k, v in hand.claims.model_dump().items() if v is not None)
    for kind in ("decline_blind", "claim", "abandon", "blind_draw", "join", "pass", "play"):
        assert kinds[kind] > 0, kind
    assert claims["nets"] == claims["played"] == 240


def _values() -> list[tuple[str, object]]:
    """Every value of every rules parameter with a fixed set of values (docs/bestia.md)."""
    hints = typing.get_type_hints(BestiaRules, include_extras=True)
    found: list[tuple[str, object]] = []
    for name, annotated in hints.items():
        hint = annotated
        while typing.get_origin(hint) is typing.Annotated:
            hint = typing.get_args(hint)[0]
        if hint is bool:
            found += [(name, True), (name, False)]
        elif typing.get_origin(hint) is typing.Literal:
            found += [(name, value) for value in typing.get_args(hint)]
    return found


@pytest.mark.parametrize(("name", "value"), _values(), ids=str)
def test_no_rules_value_is_refused_and_each_is_applied(name: str, value: object) -> None:
    extra: dict[str, Any] = {"bestia_fixed": 15} if value == "fixed" else {}
    rules = dataclasses.replace(PRESETS["default"], **{name: value, **extra})
    assert rules_fault(rules) is None
    record = generate(random.Random(3), players=4, hands=3, **{name: value, **extra})
    report = check_bytes(dumps(record), audit=True)
    assert report.problems == []
