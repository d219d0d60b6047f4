"""A report's ``to_dict()`` is plain JSON data for every fixture: what any JSON library writes."""

from __future__ import annotations

from pathlib import Path

import orjson
import pytest

import tricklog
from tests.conftest import FIXTURES

RECORDS = sorted(FIXTURES.glob("*/*valid/*.json"))


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: f"{p.parent.parent.name}/{p.name}")
def test_every_report_is_plain_json_data(path: Path) -> None:
    data = path.read_bytes()
    for audit in (True, False):
        for detail in (True, False):
            orjson.dumps(tricklog.check_bytes(data, audit=audit).to_dict(detail=detail))


def test_an_exact_share_is_written_as_the_record_writes_money() -> None:
    path = FIXTURES / "bestia" / "valid" / "exact-shares-carried-as-fractions.json"
    out = tricklog.check_bytes(path.read_bytes()).to_dict()
    scores = [score for hand in out["hands"] for score in hand["scores"] or []]
    fractions = [s for s in scores if isinstance(s, dict)]
    assert fractions, "the fixture has shares that do not divide"
    assert all(set(f) == {"numerator", "denominator"} and f["denominator"] > 1 for f in fractions)
    assert all(isinstance(s, (int, dict)) for s in scores)
