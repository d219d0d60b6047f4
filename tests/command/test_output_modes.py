"""Output that scales: problems and a summary by default, -v for every record, JSON Lines."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from records.io import ReadFailure
from records.problems import Kind, Problem
from replay.cli.reporters import TOP_CODES, Timing, summary_lines
from replay.report import RecordReport
from replay.summary import Summary
from tests.conftest import FIXTURES

VALID = FIXTURES / "oh_hell" / "valid"
REVOKE = FIXTURES / "oh_hell" / "invalid" / "play.revoke--discard-while-holding-hearts.json"
VALIDS = len(list(VALID.glob("*.json")))
"""The valid Oh Hell fixtures: counted, so that a new one changes no test."""


def test_text_shows_problems_and_the_summary_and_v_adds_every_record(tricklog) -> None:  # type: ignore[no-untyped-def]
    run = tricklog("validate", "-j1", str(VALID), str(REVOKE))
    assert run.code == 1
    lines = run.out.splitlines()
    assert lines[0] == f"FAIL {REVOKE}  oh_hell play.revoke--discard-while-holding-hearts"
    assert lines[1].startswith(f"  {REVOKE}::/hands/1/actions/5 play.revoke [illegal]")
    assert lines[2].startswith(f"{VALIDS + 1} records, ")
    assert lines[3:5] == ["problems by code:", "  1  play.revoke"]
    assert lines[5].startswith("checked in ") and "records/s" in lines[5]
    assert len(lines) == 6  # no line for any valid record
    verbose = tricklog("validate", "-j1", "-v", str(VALID), str(REVOKE)).out.splitlines()
    assert sum(line.startswith("ok   ") for line in verbose) == VALIDS
    assert verbose[VALIDS:-1] == lines[:-1]  # then the same, but for the time it took


def test_quiet_is_silent_when_all_is_well_and_shows_problems_otherwise(tricklog) -> None:  # type: ignore[no-untyped-def]
    clean = tricklog("validate", "-q", str(VALID))
    assert (clean.code, clean.out, clean.err) == (0, "", "")
    broken = tricklog("validate", "-q", str(REVOKE))
    assert broken.code == 1 and broken.out.startswith("FAIL ") and "1 record" in broken.out


def test_the_summary_lists_the_ten_most_frequent_codes_then_the_rest() -> None:
    summary = Summary()
    for number in range(14):
        problems = [Problem(f"code.{number:02d}", Kind.ILLEGAL, "x")] * (number + 1)
        summary.add(RecordReport(source="s", problems=problems))
    summary.add(ReadFailure("gone.json", "no such file or directory"))
    lines = summary_lines(summary, Timing(4.0))
    assert lines[0] == (
        "14 records, 0 hands: 0 valid, 14 with problems; 105 problems (illegal 105); "
        "1 input unreadable"
    )
    assert lines[1:4] == ["problems by code:", "  14  code.13", "  13  code.12"]
    assert lines[1 + TOP_CODES] == "   5  code.04"
    assert lines[2 + TOP_CODES] == "  10  in 4 other codes"  # 1 + 2 + 3 + 4
    assert lines[-1] == "checked in 4.00 s: 4 records/s, 0 hands/s"


@pytest.mark.parametrize("command", ["validate", "audit"])
def test_no_rate_is_printed_when_nothing_was_checked(
    command: str, tricklog, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    missing = str(tmp_path / "missing.jsonl")
    run = tricklog(command, missing)
    assert run.code == 3
    assert run.out == "0 records, 0 hands: 0 valid, 0 with problems; 1 input unreadable\n"
    assert "checked in" not in run.out + run.err  # it said "checked in 0.01 s: 0 records/s"
    summary = json.loads(tricklog(command, "--format", "json", missing).out)["summary"]
    assert summary["records_per_second"] is None and summary["hands_per_second"] is None
    assert summary["elapsed_seconds"] >= 0
    assert summary_lines(Summary(), Timing(4.0)) == [
        "0 records, 0 hands: 0 valid, 0 with problems; 0 inputs unreadable"
    ]


def test_jsonl_streams_a_line_per_record_then_the_summary(tricklog, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    missing = tmp_path / "missing.jsonl"
    run = tricklog("audit", "-j1", "--format", "jsonl", str(REVOKE), str(missing), str(VALID))
    assert run.code == 3
    lines = [json.loads(line) for line in run.out.splitlines()]
    assert len(lines) == 1 + 1 + VALIDS + 1
    assert lines[0]["source"] == str(REVOKE) and lines[0]["valid"] is False
    assert lines[0]["problems"][0]["code"] == "play.revoke" and "hands" in lines[0]
    assert lines[1] == {
        "unreadable": {"file": str(missing), "message": "no such file or directory"}
    }
    assert all(line["valid"] for line in lines[2:-1])
    last = lines[-1]
    assert last["command"] == "audit"
    assert last["summary"]["records"] == VALIDS + 1 and last["summary"]["unreadable"] == 1
    assert last["summary"]["elapsed_seconds"] >= 0 and "records_per_second" in last["summary"]


@pytest.mark.parametrize("form", ["json", "jsonl"])
def test_problems_only_leaves_valid_records_out_but_counts_them(form: str, tricklog) -> None:  # type: ignore[no-untyped-def]
    run = tricklog("validate", "--format", form, "--problems-only", str(VALID), str(REVOKE))
    assert run.code == 1
    if form == "json":
        report = json.loads(run.out)
        records, summary = report["records"], report["summary"]
    else:
        *records, last = [json.loads(line) for line in run.out.splitlines()]
        summary = last["summary"]
    assert [r["source"] for r in records] == [str(REVOKE)]
    assert (summary["records"], summary["valid"], summary["invalid"]) == (VALIDS + 1, VALIDS, 1)


def test_verbose_and_problems_only_contradict(tricklog) -> None:  # type: ignore[no-untyped-def]
    run = tricklog("validate", "-v", "--problems-only", str(VALID))
    assert run.code == 2
    assert "give -v or --problems-only, not both" in run.err


def test_explain_names_each_valid_record_before_its_hands(tricklog) -> None:  # type: ignore[no-untyped-def]
    folder = FIXTURES / "oh_hell" / "valid"
    records = sorted(folder.glob("*.json"))
    out = tricklog("audit", "-j1", "--explain", str(folder)).out.splitlines()
    heads = [line for line in out if line.startswith("ok ")]
    assert len(heads) == len(records)
    first_hand = next(i for i, line in enumerate(out) if line.strip().startswith("hand 1 "))
    assert out[first_hand - 1].startswith("ok ")  # the record's line, then its hands
