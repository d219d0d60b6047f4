"""An Oh Hell bid not logged is written ``"tricks": null`` (docs/partial.md): the key stays
required; the notation writes it ``SEAT:?`` and reads it back; the score sheet leaves its
cell empty; an OpenSpiel history, which has no such bid, stops there with a loss."""

from __future__ import annotations

import csv
import io
import json
from typing import Any

import pytest

import records.formats.text as notation
from records.parse import dumps, parse
from replay.check import check_bytes
from tests.conftest import FIXTURES

FIXTURE = FIXTURES / "oh_hell/valid/own-bids-only-hook-4p.json"


def _data() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(FIXTURE.read_text())
    return data


def test_a_null_bid_is_read_by_the_models_and_the_structs() -> None:
    record = parse(FIXTURE.read_bytes())
    assert not isinstance(record, list)
    bids = [a for a in record.hands[0].actions if a.type == "bid"]
    assert [b.tricks is None for b in bids] == [s != 0 for s in (b.seat for b in bids)]
    assert check_bytes(FIXTURE.read_bytes(), audit=True).problems == []


def test_leaving_the_key_out_is_still_malformed() -> None:
    data = _data()
    bid = next(a for a in data["hands"][0]["actions"] if a.get("tricks", 0) is None)
    del bid["tricks"]
    report = check_bytes(json.dumps(data).encode(), audit=True)
    assert [p.kind.value for p in report.problems] == ["malformed"]
    assert report.problems[0].pointer.startswith("/hands/0/actions/")


def test_the_notation_writes_a_question_mark_and_reads_it_back() -> None:
    record = parse(FIXTURE.read_bytes())
    text = notation.dumps(record)
    first = next(line for line in text.splitlines() if line.startswith("bid "))
    assert "?" in first and all(
        word.endswith(":?") or word.startswith("0:") for word in first.split()[1:]
    )
    [read] = notation.loads(text)
    assert read.problems == ()
    assert dumps(read.record) == dumps(record)


@pytest.mark.parametrize("value", ["?", "x", ""])
def test_pinochle_bids_take_no_question_mark(value: str) -> None:
    """Only an item that may be unknown reads ``?``: a pinochle bid of ``?`` stays an error."""
    text = (FIXTURES / "pinochle/valid").glob("*.json")
    record = parse(next(iter(sorted(text))).read_bytes())
    written = notation.dumps(record)
    line = next(line for line in written.splitlines() if line.startswith("auction "))
    seat = line.split()[1].split(":")[0]
    broken = written.replace(line, f"auction {seat}:{value}", 1)
    [read] = notation.loads(broken)
    assert read.problems


def test_the_score_sheet_leaves_the_bid_empty(tricklog, tmp_path) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "sheet.csv"
    run = tricklog("convert", str(FIXTURE), "-o", str(out), "--allow-loss")
    assert run.code == 0
    rows = list(csv.DictReader(io.StringIO(out.read_text())))
    assert [r["bid"] == "" for r in rows if r["hand"] == "1"] == [False, True, True, True]
    unknown = next(r for r in rows if r["hand"] == "1" and r["seat"] == "1")
    assert unknown["calls"] == "bid not logged"
    assert unknown["score"] == "" and unknown["score_claimed"] != ""


def test_an_openspiel_history_stops_at_a_bid_not_logged(tricklog, tmp_path) -> None:  # type: ignore[no-untyped-def]
    run = tricklog(
        "convert", str(FIXTURE), "--to", "openspiel", "-o", str(tmp_path / "h.txt"), "--allow-loss"
    )
    assert run.code == 0
    assert "/hands/0/actions/0 bid: a bid not logged; the history stops here" in run.out + run.err
