"""Property tests of pinochle auctions logged as their result only (``auction_won``,
docs/partial.md), over random legal sittings of every preset, some under the other bidding
rules (``last_forced``, ``eldest_forced``, ``exactly_plus_10``):

* replacing the bids and passes of any hands by their result never turns a valid record
  invalid, whether the record is read by the models or by the structs of an audit, and the
  text notation writes it and reads it back unchanged;
* every claim that matched still matches or is ``unchecked``: never a problem, and the trick
  winners are the same;
* a result the rules forbid (a contract below the minimum or off the step, a declarer who sits
  out) is exactly one problem, at that action, with the code of the bid it stands for.
"""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from records.pinochle import PRESETS, preset
from replay.engines import pinochle as engine
from tests.engines.partial import (
    assert_results_in_place_of_the_calls_kept,
    audit,
    result_only,
)
from tests.engines.test_pinochle_seat_view_properties import _sitting

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
BIDDING = [{}, {"no_bid_rule": "last_forced"}, {"no_bid_rule": "eldest_forced"}]
BIDDING += [{"bid_step_rule": "exactly_plus_10"}]


@SETTINGS
@given(
    seed=st.integers(0, 2**32 - 1),
    preset=st.sampled_from(sorted(PRESETS)),
    bidding=st.sampled_from(BIDDING),
    share=st.sampled_from([0.3, 1.0]),
)
def test_the_result_in_place_of_the_calls_never_makes_a_problem(
    seed: int, preset: str, bidding: dict[str, Any], share: float
) -> None:
    assert_results_in_place_of_the_calls_kept(_sitting(seed, preset, bidding), seed, share)


def _bad(data: dict[str, Any], fault: str) -> tuple[int, str] | None:
    """Put a result the rules forbid into the first hand with a declarer: (its index, the
    code expected), or None where the sitting has no such hand or no such seat."""
    index = next((i for i, h in enumerate(data["hands"]) if result_only(h)), None)
    if index is None:
        return None
    hand, rules = data["hands"][index], data["rules"]
    won = hand["actions"][0]
    if fault == "below":
        won["contract"] = rules["min_bid"] - 10
        return index, "bid.below-minimum"
    if fault == "step":
        won["contract"] += 5
        return index, "bid.step"
    out = [s for s in range(rules["table_size"]) if len(hand["deal"]["hands"][s]) == 0]
    if not out:
        return None  # three at the table: nobody sits out
    won["seat"] = out[0]
    return index, "bid.sitting-out"


@SETTINGS
@given(
    seed=st.integers(0, 2**32 - 1),
    preset=st.sampled_from(sorted(PRESETS)),
    fault=st.sampled_from(["below", "step", "sitting-out"]),
)
def test_a_result_the_rules_forbid_is_one_problem_at_it(seed: int, preset: str, fault: str) -> None:
    data = _sitting(seed, preset, {})
    found = _bad(data, fault)
    assume(found is not None)
    assert found is not None
    index, code = found
    report = audit(data)
    assert [(p.code, p.pointer) for p in report.problems] == [(code, f"/hands/{index}/actions/0")]
    assert report.hands[index].status.value == "stopped"


def test_a_contract_is_a_legal_result_exactly_when_an_auction_ends_there() -> None:
    """``contract_fault`` against the auction itself: a contract is a legal result exactly
    when some auction of legal calls ends there (the seats bid on by the smallest step, none
    passing, until one bids it)."""
    for name in sorted(PRESETS):
        for bidding in BIDDING:
            rules = preset(name, **bidding)
            for contract in range(rules.min_bid - 20, rules.min_bid + 200, 5):
                legal = engine.auction.contract_fault(rules, contract) is None
                assert legal == _reached(rules, contract), (name, bidding, contract)
    brooklyn = preset("brooklyn", bid_step_rule="exactly_plus_10")
    fault = engine.auction.contract_fault(brooklyn, 350)  # 340 would be bid on the way
    assert fault is not None and fault.code == "bid.step"
    assert fault.message == (
        "contract 350 cannot be reached by 10 a bid from the minimum 300 (exactly_plus_10): "
        "bids ending in 40 are not allowed"
    )


def _reached(rules: Any, contract: int) -> bool:
    if rules.no_bid_rule == "last_forced" and contract == rules.min_bid:
        return True  # two passes leave the last seat declarer at the minimum
    state = engine.new_hand(rules, 0, [[] for _ in range(rules.table_size)], [])
    while True:
        bids = [c for c in engine.legal_calls(state) if c is not None]
        if contract in bids:
            return True
        below = [c for c in bids if c < contract]
        if rules.bid_step_rule != "exactly_plus_10" or not below:
            return False  # any bid the rules allow may open: none is this one
        engine.auction.apply_call(state, below[0])
