"""Property tests of the ``ohhellweb`` preset: random legal games with teams and two decks
audit clean, every claim (tricks, scores, totals, hand sizes, trump suits) matching, and each
team's members score alike; one wrong claim is found."""

from __future__ import annotations

import json
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from records.io import dumps, loads
from replay.check import check_record
from replay.generators.oh_hell import generate

TABLES = {
    4: ((0, 2), (1, 3)),
    6: ((0, 3), (1, 4), (2, 5)),
    9: ((0, 3, 6), (1, 4, 7), (2, 5, 8)),
}


@settings(max_examples=8, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    players=st.sampled_from(sorted(TABLES)),
    decks=st.sampled_from([1, 2]),
)
def test_generated_ohhellweb_games_audit_clean(seed: int, players: int, decks: int) -> None:
    teams = TABLES[players]
    record = generate(
        random.Random(seed), players=players, preset="ohhellweb", decks=decks, teams=teams
    )
    report = check_record(loads(dumps(record)), "generated", audit=True)
    assert report.problems == []
    statuses = Counter(c.status.value for h in report.hands for c in h.claims)
    assert set(statuses) == {"match"}
    names = {c.name for h in report.hands for c in h.claims}
    assert {"tricks", "score", "total", "hand_size", "trump"} <= names
    for hand in record.hands:
        scores = hand.claims.scores if hand.claims else None
        assert scores is not None
        for team in teams:
            assert len({scores[seat] for seat in team}) == 1


@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_a_wrong_trump_claim_is_found(seed: int) -> None:
    record = generate(random.Random(seed), players=6, preset="ohhellweb", decks=2, hands=3)
    data = json.loads(dumps(record))
    claims = data["hands"][1]["claims"]
    claims["trump"] = next(s for s in "CDHS" if s != claims["trump"])
    report = check_record(loads(json.dumps(data)), "changed", audit=True)
    assert [p.code for p in report.problems] == ["trump.mismatch"]


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(3, 6))
def test_logs_without_the_turned_card_or_the_deal_audit_clean(seed: int, players: int) -> None:
    """A generated game as a log keeping only the trump suit, and as one keeping no deal at
    all (each seat's cards rebuilt from its plays): the same claims match."""
    record = generate(random.Random(seed), players=players, hands=6)
    for rebuilt in (False, True):
        data = json.loads(dumps(record))
        for hand in data["hands"]:
            deal = hand["deal"]
            if deal["turned_up"] is not None:
                deal["trump"] = deal["turned_up"][-1]
            deal["turned_up"], deal["stock"] = None, None
            if rebuilt:
                deal["rebuilt"] = True
                deal["hands"] = [
                    [a["card"] for a in hand["actions"] if a["type"] == "play" and a["seat"] == s]
                    for s in range(players)
                ]
        report = check_record(loads(json.dumps(data)), "log", audit=True)
        assert report.problems == []
        assert {c.status.value for h in report.hands for c in h.claims} == {"match"}
