"""Structured claim values (a pinochle seat's melds) read as a person writes them."""

from __future__ import annotations

import json

from replay.text import plain
from tests.conftest import FIXTURES

MELDS = next((FIXTURES / "pinochle" / "invalid").glob("melds.mismatch--*.json"))


def test_plain_reads_an_object_by_its_values() -> None:
    melds = [{"meld": "flush", "points": 150}, {"meld": "pinochle", "points": 40}]
    assert plain(melds) == "flush 150, pinochle 40"
    assert plain({"meld": "dix", "points": 10}) == "dix 10"
    assert plain({}) == "none"
    assert plain([[1, 2], {"cards": ["QS", "JD"]}]) == "[1, 2], [QS, JD]"


def test_melds_mismatch_in_text_output(tricklog) -> None:  # type: ignore[no-untyped-def]
    run = tricklog("audit", str(MELDS))
    assert run.code == 1
    assert (
        "(expected flush 150, dix 10, aces 100, pinochle 40, pinochle 40, "
        "got flush 150, dix 10, aces 100, pinochle 40)"
    ) in run.out
    assert "claim melds seat 1: recorded flush 150, dix 10, aces 100, pinochle 40, " in run.out
    assert "meld:" not in run.out and "points:" not in run.out


def test_melds_mismatch_in_json_output_keeps_the_objects(tricklog) -> None:  # type: ignore[no-untyped-def]
    run = tricklog("audit", "--format", "json", str(MELDS))
    problem = json.loads(run.out)["records"][0]["problems"][0]
    assert problem["code"] == "melds.mismatch"
    assert problem["actual"][-1] == {"meld": "pinochle", "points": 40}
    assert len(problem["expected"]) == len(problem["actual"]) + 1
