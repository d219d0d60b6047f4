"""What both pinochle games check alike of an auction kept as its result only (``auction_won``,
docs/partial.md), each with its own fixture, calls and codes: a claim against the result is
judged, a result the rules forbid is one ``illegal`` problem with the code of the bid it stands
for, the result stands for the whole auction, and the summary counts no bids. What is a game's
own is in test_pinochle_auction_won.py and test_partnership_pinochle_auction_won.py."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.driver.auction_won import PARTNERSHIP_PINOCHLE, PINOCHLE, AuctionWon

BOTH = [
    pytest.param(PINOCHLE, id="pinochle"),
    pytest.param(PARTNERSHIP_PINOCHLE, id="partnership_pinochle"),
]


@pytest.mark.parametrize(
    ("game", "claim", "value", "code"),
    [
        pytest.param(PINOCHLE, "declarer", 2, "declarer.mismatch", id="pinochle"),
        pytest.param(
            PARTNERSHIP_PINOCHLE, "contract", 220, "contract.mismatch", id="partnership_pinochle"
        ),
    ],
)
def test_a_claim_that_differs_from_the_result_is_still_a_mismatch(
    game: AuctionWon, claim: str, value: int, code: str
) -> None:
    data = game.data()
    data["hands"][0]["claims"][claim] = value
    assert [p[0] for p in game.problems(data)] == [code]


@pytest.mark.parametrize(
    ("game", "change", "rules", "code", "message"),
    [
        pytest.param(
            PINOCHLE,
            {"seat": 0},
            {},
            "bid.sitting-out",
            "seat 0 sits out this hand and cannot win the auction",
            id="pinochle-sitting-out",
        ),
        pytest.param(
            PINOCHLE,
            {"contract": 290},
            {},
            "bid.below-minimum",
            "contract 290 is below the minimum 300",
            id="pinochle-below-minimum",
        ),
        pytest.param(
            PINOCHLE,
            {"contract": 345},
            {},
            "bid.step",
            "contract 345 breaks the step rule (multiple_of_10)",
            id="pinochle-step",
        ),
        # a Partnership Pinochle contract must be a bid of the grid
        pytest.param(
            PARTNERSHIP_PINOCHLE,
            {"contract": 190},
            {},
            "bid.below-minimum",
            "contract 190 is below the minimum 200",
            id="partnership_pinochle-below-minimum",
        ),
        pytest.param(
            PARTNERSHIP_PINOCHLE,
            {"contract": 215},
            {},
            "bid.step",
            "contract 215 is not a step of the bidding (from 200 by 10)",
            id="partnership_pinochle-step",
        ),
        pytest.param(
            PARTNERSHIP_PINOCHLE,
            {"contract": 520},
            {"big_step_from": 500},
            "bid.step",
            "contract 520 is not a step of the bidding (from 200 by 10 up to 500, 50 from there)",
            id="partnership_pinochle-big-step",
        ),
    ],
)
def test_a_result_the_rules_forbid_is_one_illegal_problem(
    game: AuctionWon, change: dict[str, Any], rules: dict[str, Any], code: str, message: str
) -> None:
    data = game.data(**rules)
    data["hands"][0]["actions"][0].update(change)
    report = game.audit(data)
    assert [(p.code, p.kind.value, p.pointer, p.message) for p in report.problems] == [
        (code, "illegal", "/hands/0/actions/0", message)
    ]
    assert report.hands[0].status.value == "stopped"
    assert report.hands[0].notes == []  # the result itself is at fault: it stood for no auction


@pytest.mark.parametrize(
    ("game", "calls", "problem"),
    [
        pytest.param(
            PINOCHLE,
            [{"type": "bid", "seat": 1, "points": 300}, {"type": "bid", "seat": 2, "points": 310}],
            (
                "auction.after-calls",
                "/hands/0/actions/2",
                "the auction's result after 2 of its calls: it stands in place of every bid and "
                "pass",
            ),
            id="pinochle",
        ),
        pytest.param(
            PARTNERSHIP_PINOCHLE,
            [{"type": "pass", "seat": 1}],
            (
                "auction.after-calls",
                "/hands/0/actions/1",
                "the auction's result after 1 of its calls: it stands in place of every bid and "
                "pass",
            ),
            id="partnership_pinochle",
        ),
    ],
)
def test_the_result_after_some_calls_is_auction_after_calls(
    game: AuctionWon, calls: list[dict[str, Any]], problem: tuple[str, str, str]
) -> None:
    data = game.data()
    data["hands"][0]["actions"][0:0] = calls
    assert game.problems(data) == [problem]


@pytest.mark.parametrize("game", BOTH)
def test_a_call_or_a_second_result_after_the_result_is_bid_after_auction(game: AuctionWon) -> None:
    for late in ({"type": "pass", "seat": 2}, dict(game.result)):
        data = game.data()
        data["hands"][0]["actions"].insert(1, late)
        assert [p[:2] for p in game.problems(data)] == [("bid.after-auction", "/hands/0/actions/1")]


@pytest.mark.parametrize(
    ("game", "code"),
    [
        pytest.param(PINOCHLE, "widow.out-of-phase", id="pinochle"),
        pytest.param(PARTNERSHIP_PINOCHLE, "trump.out-of-order", id="partnership_pinochle"),
    ],
)
def test_a_hand_without_calls_is_not_read_as_an_auction_won(game: AuctionWon, code: str) -> None:
    data = game.data()
    del data["hands"][0]["actions"][0]
    assert [p[:2] for p in game.problems(data)] == [(code, "/hands/0/actions/0")]


@pytest.mark.parametrize(
    ("game", "bids", "kept"),
    [
        pytest.param(
            PINOCHLE,
            {1: 2, 2: 1},
            ("auctions_won", "contract_points", "contracts", "contracts_made", "meld"),
            id="pinochle",
        ),
        pytest.param(
            PARTNERSHIP_PINOCHLE,
            {2: 1, 3: 1},
            ("auctions_won", "contract_points", "contracts_made", "meld", "tricks"),
            id="partnership_pinochle",
        ),
    ],
)
def test_the_summary_counts_auctions_won_and_contracts_but_no_bids(
    game: AuctionWon, bids: dict[int, int], kept: tuple[str, ...]
) -> None:
    """``bids``: how many bids seats made in the fixture's calls; ``kept``: what the summary
    counts of the declarer alike with the calls and with the result in their place."""
    full = game.counters(json.loads(game.base.read_text()))
    partial = game.counters(game.data())
    assert {seat: full[seat]["bids"] for seat in bids} == bids
    assert all("bids" not in seat and "bid_points" not in seat for seat in partial)
    declarer = game.result["seat"]
    for key in kept:
        assert partial[declarer][key] == full[declarer][key], key
