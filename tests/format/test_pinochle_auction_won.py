"""A pinochle auction kept as its result only is the action ``auction_won`` (docs/partial.md):
explicit, with both keys required; the models and the structs read it alike; the notation
writes it ``auction_won SEAT CONTRACT`` and reads it back; the schema describes it."""

from __future__ import annotations

import json
from typing import Any

import pytest

import records.formats.text as notation
from records.events import AuctionWon
from records.parse import dumps, parse
from records.pinochle import PinochleRecord
from records.structs import AuctionWon as AuctionWonStruct
from replay.check import check_bytes
from tests.conftest import FIXTURES, ROOT

FIXTURE = FIXTURES / "pinochle/valid/auction-results-only-hoyle-sitting.json"


def _data() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(FIXTURE.read_text())
    return data


def test_the_models_and_the_structs_read_the_result() -> None:
    record = parse(FIXTURE.read_bytes())
    assert isinstance(record, PinochleRecord)
    first = record.hands[0].actions[0]
    assert isinstance(first, AuctionWon)
    assert (first.seat, first.contract) == (2, 350)
    assert not any(a.type in ("bid", "pass") for h in record.hands for a in h.actions)
    report = check_bytes(FIXTURE.read_bytes(), audit=True)  # an audit reads the structs
    assert report.problems == []
    assert AuctionWonStruct(seat=2, contract=350).type == "auction_won"


@pytest.mark.parametrize("key", ["seat", "contract"])
def test_leaving_a_key_out_is_malformed(key: str) -> None:
    data = _data()
    del data["hands"][0]["actions"][0][key]
    report = check_bytes(json.dumps(data).encode(), audit=True)
    assert [p.kind.value for p in report.problems] == ["malformed"]
    assert report.problems[0].pointer.startswith("/hands/0/actions/0")


@pytest.mark.parametrize("value", [None, -10, "350"])
def test_a_contract_that_is_no_whole_number_is_malformed(value: Any) -> None:
    data = _data()
    data["hands"][0]["actions"][0]["contract"] = value
    report = check_bytes(json.dumps(data).encode(), audit=True)
    assert report.problems[0].kind.value == "malformed"
    assert report.problems[0].pointer.startswith("/hands/0/actions/0")


def test_the_notation_writes_its_own_line_and_reads_it_back() -> None:
    record = parse(FIXTURE.read_bytes())
    text = notation.dumps(record)
    lines = text.splitlines()
    assert "auction_won 2 350" in lines
    assert not any(line.startswith("auction ") for line in lines)
    [read] = notation.loads(text)
    assert read.problems == ()
    assert dumps(read.record) == dumps(record)


@pytest.mark.parametrize("line", ["auction_won 2", "auction_won 2 x", "auction_won 2 350 9"])
def test_a_broken_result_line_is_an_error_at_its_place(line: str) -> None:
    text = notation.dumps(parse(FIXTURE.read_bytes())).replace("auction_won 2 350", line, 1)
    [read] = notation.loads(text)
    assert read.problems


def test_the_schema_describes_it() -> None:
    schema = json.loads((ROOT / "schema/pinochle.v1.schema.json").read_text())
    found = schema["$defs"]["AuctionWon"]
    assert found["required"] == ["type", "seat", "contract"]
    assert found["properties"]["type"]["const"] == "auction_won"
    assert "declarer" in found["properties"]["seat"]["description"]
