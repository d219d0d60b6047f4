"""Computed amounts beyond the format's integer limit, and records tricklog fails on.

A valid Bestia sitting whose seats all play every hand pays the whole pot as a bestia again and
again: at ten seats the pot grows about eightfold a hand, past 2^53 - 1 by hand 16 and past
4,300 digits by hand 5,000, where every output that wrote it as a number failed (``ValueError:
Exceeds the limit (4300 digits) for integer string conversion``), JSON was left cut off, and
under ``-j 2`` one such record ended the run. The record now stops at the hand that first
computes an amount no record can state (``limit.computed-value``); and whatever fails on one
record becomes a problem of that record (``record.internal-error``), never the end of a run.
"""

from __future__ import annotations

import json
import os
import random
from fractions import Fraction
from pathlib import Path

import pytest

import replay.check
import replay.rendering
import tricklog
from records.io import dumps
from records.limits import MAX_INT
from replay.driver import _beyond, _fits
from replay.engines import bestia as engine
from replay.generators.bestia import generate, growing_pot

LIMIT = "limit.computed-value"


@pytest.fixture(scope="module")
def grown(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The sitting of the report: 5,000 hands at ten seats, about 10 MB."""
    path = tmp_path_factory.mktemp("limit") / "grown.json"
    path.write_bytes(dumps(growing_pot(random.Random(1), players=10, hands=5000)))
    return path


def test_the_pot_really_passes_4300_digits() -> None:
    # the failure needs the amounts to be there: replayed without the limit, the pot of the
    # last hand has more than 4,300 digits (written as a number, Python refuses it)
    record = growing_pot(random.Random(1), players=10, hands=5000)
    rules, carry = record.rules, 0
    for hand in record.hands:
        state = engine.new_hand(rules, hand.dealer, hand.deal.hands, hand.deal.turned_up, [])
        for action in hand.actions:
            assert engine.ENGINE.kinds[action.type].step(state, action) is None
        engine.ENGINE.finish(state)
        carry = engine.ENGINE.settle(state, carry).carried
    assert carry.bit_length() > 4300 * 3.33


def test_the_record_stops_where_an_amount_passes_the_limit(grown: Path) -> None:
    report = tricklog.check(tricklog.load(grown))
    [problem] = report.problems
    assert (problem.code, problem.kind.value, problem.pointer) == (LIMIT, "malformed", "/hands/15")
    assert problem.hand == 16 and problem.seat is None
    assert problem.message.startswith("in hand 16, the pot carried to the next hand comes to ")
    assert "beyond the integers a record can state (±9,007,199,254,740,991" in problem.message
    assert len(report.hands) == 16 and report.hands[-1].status.value == "stopped"
    amounts = [v for h in report.hands for v in (h.scores or []) + (h.totals or [])]
    assert all(abs(v) <= MAX_INT for v in amounts)
    json.dumps(report.to_dict())  # every value an output could be asked to write


@pytest.mark.parametrize(
    "args",
    [
        ("audit", "--format", "json"),
        ("audit", "--format", "jsonl"),
        ("audit", "--explain"),
        ("validate",),
        ("show", "--record", "1"),
    ],
    ids=" ".join,
)
def test_every_output_of_the_grown_sitting(grown: Path, args: tuple[str, ...], tricklog) -> None:  # type: ignore[no-untyped-def]
    run = tricklog(*args, str(grown))
    assert run.code == 1, run.err
    assert "internal error" not in run.err and LIMIT in run.out
    if "json" in args:
        lines = run.out.splitlines() if "jsonl" in args else [run.out]
        assert all(json.loads(line) for line in lines)


def test_view_and_convert_of_the_grown_sitting(grown: Path, tmp_path: Path, tricklog) -> None:  # type: ignore[no-untyped-def]
    page = tmp_path / "grown.html"
    run = tricklog("view", str(grown), "--hand", "1-100", "-o", str(page))  # a page's most
    assert run.code == 1 and LIMIT in page.read_text()
    sheet = tmp_path / "grown.csv"
    run = tricklog("convert", str(grown), "-o", str(sheet), "--allow-loss")
    assert run.code == 0, run.err
    rows = sheet.read_text().splitlines()
    assert len(rows) == 1 + 16 * 10 and rows[-1].endswith(f",{LIMIT}")
    pytest.importorskip("pyarrow")
    run = tricklog("convert", str(grown), "-o", str(tmp_path / "grown.parquet"), "--allow-loss")
    assert run.code == 0, run.err


def test_one_grown_sitting_among_many_on_two_workers(grown: Path, tmp_path: Path, tricklog) -> None:  # type: ignore[no-untyped-def]
    # the report's case: one such record among 600 ended the run under -j 2, with no summary
    archive = tmp_path / "mixed.jsonl"
    with archive.open("wb") as out:
        for index in range(300):
            out.write(dumps(generate(random.Random(index), hands=2)) + b"\n")
        out.write(grown.read_bytes().strip() + b"\n")
        for index in range(300, 600):
            out.write(dumps(generate(random.Random(index), hands=2)) + b"\n")
    run = tricklog("audit", "-j", "2", "--format", "json", "--problems-only", str(archive))
    assert run.code == 1, run.err
    report = json.loads(run.out)
    assert report["summary"]["records"] == 601 and report["summary"]["valid"] == 600
    [record] = report["records"]
    assert record["source"] == f"{archive}:301"
    assert [p["code"] for p in record["problems"]] == [LIMIT]


def test_the_limit_holds_exact_fractions_by_their_terms() -> None:
    assert _fits(MAX_INT) and _fits(-MAX_INT) and not _fits(MAX_INT + 1)
    assert _fits(Fraction(MAX_INT, 3)) and _fits(Fraction(-MAX_INT, MAX_INT))
    # 2^53 - 2 and a third is below the limit, but a record writes it as numerator / 3
    assert not _fits(Fraction(3 * (MAX_INT - 1) + 1, 3))
    assert not _fits(Fraction(1, MAX_INT + 1))


# --- a record tricklog fails on ----------------------------------------------------------------


def _fail_on(seat_name: str, real):  # type: ignore[no-untyped-def]
    def failing(record, **kwargs):  # type: ignore[no-untyped-def]
        if any(p.name == seat_name for p in record.players):
            raise ValueError("a fault of tricklog's")
        return real(record, **kwargs)

    return failing


def test_the_library_reports_a_record_it_fails_on(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TRICKLOG_DEBUG", raising=False)
    good = dumps(generate(random.Random(1), hands=1))
    bad = good.replace(b'"Anna"', b'"Zoe"')
    monkeypatch.setattr(replay.check, "check", _fail_on("Zoe", replay.check.check))
    report = tricklog.check_bytes(bad, source="bad.json")
    [problem] = report.problems
    assert problem.code == "record.internal-error" and problem.kind.value == "malformed"
    assert problem.message.startswith("tricklog failed on this record (ValueError at ")
    assert (
        "test_computed_limit.py:" in problem.message and "a fault of tricklog's" in problem.message
    )
    assert tricklog.check_bytes(good).valid
    monkeypatch.setenv("TRICKLOG_DEBUG", "1")
    with pytest.raises(ValueError, match="a fault of tricklog's"):
        tricklog.check_bytes(bad)


@pytest.mark.parametrize("where", ["check", "render"])
def test_a_run_goes_on_past_a_record_it_fails_on(
    where: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, tricklog
) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.delenv("TRICKLOG_DEBUG", raising=False)
    lines = [dumps(generate(random.Random(i), hands=1)) for i in range(5)]
    lines[2] = lines[2].replace(b'"Anna"', b'"Zoe"')
    archive = tmp_path / "five.jsonl"
    archive.write_bytes(b"\n".join(lines) + b"\n")
    if where == "check":
        monkeypatch.setattr(replay.check, "check", _fail_on("Zoe", replay.check.check))
    else:
        real = replay.rendering.render

        def render(report, how):  # type: ignore[no-untyped-def]
            if "Zoe" in report.players:
                raise ValueError("a fault of tricklog's")
            return real(report, how)

        monkeypatch.setattr(replay.rendering, "render", render)
    run = tricklog("audit", "-j", "1", "--format", "jsonl", str(archive))
    assert run.code == 3
    found = [json.loads(line) for line in run.out.splitlines()]
    assert [r.get("source") for r in found[:5]] == [f"{archive}:{n}" for n in range(1, 6)]
    assert [p["code"] for p in found[2]["problems"]] == ["record.internal-error"]
    assert found[-1]["summary"]["records"] == 5 and found[-1]["summary"]["valid"] == 4
    with pytest.raises(ValueError, match="a fault of tricklog's"):  # --debug: its traceback
        tricklog("--debug", "audit", "-j", "1", str(archive))
    assert "TRICKLOG_DEBUG" not in os.environ


def test_the_bound_on_amounts_judges_each_amount_not_their_sum() -> None:
    # the quick test sums the amounts' sizes; a sum beyond the limit is judged amount by amount
    near = MAX_INT // 2 + 1
    assert _beyond(0, 1, (("running total", [near, -near, near]),)) is None
    assert _beyond(0, 1, (("score for the hand", [1, None]), ("running total", [near, 5]))) is None
    assert _beyond(0, 1, (("pot", (Fraction(near, 3), Fraction(-1, 2))),)) is None
    assert _beyond(0, 1, ()) is None
    problem = _beyond(0, 7, (("score for the hand", [3, 4]), ("running total", [1, MAX_INT + 1])))
    assert problem is not None and problem.code == "limit.computed-value"
    assert (problem.seat, problem.hand) == (1, 7)
    problem = _beyond(0, 7, (("pot", (Fraction(1, MAX_INT + 1),)),))
    assert problem is not None and problem.seat is None
