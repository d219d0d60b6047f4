"""The format plugins: the registry, the JSON forms, and conversion with its loss report (formats
found from names and content, outputs written whole or not at all, nothing lost unsaid)."""

from __future__ import annotations

import gzip
import io
import json
import subprocess
import sys
import types
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import orjson
import pytest

import records.formats.text as notation
from records.formats import registry
from records.formats.base import Loss, Read, SourceProblem
from records.formats.convert import ConversionError, convert, reads
from records.formats.detect import sniff
from records.formats.json import record_bytes
from records.formats.registry import FORMATS, Format, by_suffix
from records.io import ReadFailure, iter_entries
from records.parse import dumps, dumps_pretty, parse
from records.problems import Kind
from tests.conftest import FIXTURES

VALID = sorted(FIXTURES.glob("*/valid/*.json"))
REVOKE = next(FIXTURES.glob("oh_hell/invalid/play.revoke--*.json"))
TRUNCATED = next(FIXTURES.glob("oh_hell/invalid/record.json--*.json"))


def _record(path: Path) -> Any:
    result = parse(path.read_bytes())
    assert not isinstance(result, list)
    return result


# The registry.


def test_every_format_is_a_module_with_what_the_registry_says() -> None:
    suffixes = [s for f in FORMATS.values() for s in f.suffixes]
    assert len(suffixes) == len(set(suffixes))
    for name, fmt in FORMATS.items():
        assert fmt.name == name and fmt.description and fmt.holds and fmt.loses
        assert callable(getattr(fmt.module, "read", None)) == fmt.reads
        assert callable(getattr(fmt.module, "write", None)) == fmt.writes
        assert tuple(getattr(fmt.module, "FORMS", ())) == fmt.forms


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("a.json", "json"),
        ("A.JSON.GZ", "json"),
        ("a.jsonl.xz", "jsonl"),
        ("a.ndjson", "jsonl"),
        ("games.tln.bz2", "text"),
        ("a.txt", None),
        ("a.gz", None),
    ],
)
def test_formats_are_found_by_suffix(name: str, expected: str | None) -> None:
    found = by_suffix(name)
    assert (found.name if found else None) == expected


@pytest.mark.parametrize(
    ("head", "expected"),
    [
        (b'{"format_version": 1}', "json"),
        (b"\xef\xbb\xbf  [\n  {", "json"),
        (b"[]", "json"),
        (b'[Game "oh_hell"]\n', "text"),
        (b'; a comment\n\n  [ Game "x"]', "text"),
        (b"hello", None),
        (b"", None),
    ],
)
def test_formats_are_found_by_content(head: bytes, expected: str | None) -> None:
    found = sniff(head)
    assert (found.name if found else None) == expected


def test_a_source_problem_is_a_problem_with_its_line_and_column() -> None:
    problem = SourceProblem("record.text", Kind.MALFORMED, "bad", line=3, column=7, hand=2)
    assert problem.where() == "line 3, column 7, hand 2"
    assert problem.to_dict()["line"] == 3 and problem.to_dict()["column"] == 7


# The JSON formats.


def _written(fmt: str, records: Iterable[Any], form: str | None = None) -> bytes:
    pieces = list(FORMATS[fmt].writer(records, form))
    assert not [p for p in pieces if isinstance(p, Loss)]
    return b"".join(p for p in pieces if isinstance(p, bytes))


def test_one_record_is_a_document_and_pretty_is_what_the_fixtures_look_like() -> None:
    record = _record(VALID[0])
    assert _written("json", [record]) == dumps_pretty(record)
    assert _written("json", [record], "compact") == dumps(record) + b"\n"


@pytest.mark.parametrize("form", ["pretty", "compact", "canonical"])
def test_several_records_are_an_array_every_command_reads(form: str, tmp_path: Path) -> None:
    records = [_record(p) for p in VALID[:3]]
    path = tmp_path / "three.json"
    path.write_bytes(_written("json", records, form))
    assert [parse(e.data) for e in iter_entries([str(path)]) if not isinstance(e, ReadFailure)] == (
        records
    )
    assert orjson.loads(path.read_bytes())  # one JSON document
    assert _written("json", [], form) == b"[]\n"


def test_the_canonical_form_sorts_every_key_and_ignores_key_order() -> None:
    record = _record(VALID[0])
    doc = json.loads(dumps(record))
    doc["extensions"] = {"b": 1, "a": {"d": 2, "c": 3}}
    one = parse(json.dumps(doc).encode())
    doc["extensions"] = {"a": {"c": 3, "d": 2}, "b": 1}
    two = parse(json.dumps(doc).encode())
    canonical = _written("json", [one], "canonical")
    assert canonical == _written("json", [two], "canonical")
    assert canonical == json.dumps(doc, sort_keys=True, indent=2, ensure_ascii=False).encode() + (
        b"\n"
    )
    line = _written("jsonl", [one], "canonical")
    assert line == _written("jsonl", [two], "canonical") and line.count(b"\n") == 1


def test_numbers_json_cannot_round_trip_through_orjson_survive_every_form() -> None:
    """An integer beyond 64 bits in extensions (orjson would read it as a float)."""
    doc = json.loads(dumps(_record(VALID[0])))
    doc["extensions"] = {"big": 2**70 + 1, "small": 1.5e-7, "zero": -0.0}
    record = parse(json.dumps(doc).encode())
    for form in ("pretty", "compact", "canonical"):
        again = parse(record_bytes(record, form))  # type: ignore[arg-type]
        assert again == record and dumps(again) == dumps(record)  # type: ignore[arg-type]
    [read] = notation.loads(notation.dumps(record))  # type: ignore[arg-type]
    assert read.record is not None and dumps(read.record) == dumps(record)  # type: ignore[arg-type]


def test_jsonl_writes_one_compact_record_per_line() -> None:
    records = [_record(p) for p in VALID[:3]]
    assert _written("jsonl", records) == b"".join(dumps(r) + b"\n" for r in records)


def test_the_json_reader_tells_json_from_json_lines_in_a_file_its_name_does_not_name(
    tmp_path: Path,
) -> None:
    records = [_record(p) for p in VALID[:2]]
    lines, pretty = tmp_path / "lines.txt", tmp_path / "pretty"
    lines.write_bytes(_written("jsonl", records))
    pretty.write_bytes(_written("json", records))
    for path in (lines, pretty):
        found = list(FORMATS["json"].reader(str(path)))
        assert [r.record for r in found if isinstance(r, Read)] == records
        assert all(r.source.startswith(str(path)) for r in found if isinstance(r, Read))


# Conversion.


def test_json_to_text_to_json_is_the_same_archive(tmp_path: Path) -> None:
    archive = tmp_path / "in.jsonl.gz"
    archive.write_bytes(gzip.compress(b"".join(dumps(_record(p)) + b"\n" for p in VALID)))
    text, back = tmp_path / "out.tln", tmp_path / "back.jsonl"
    first = convert([str(archive)], text)
    assert first.written and first.lossless and first.records == len(VALID)
    second = convert([str(text)], back)
    assert second.written and second.lossless
    assert back.read_bytes() == b"".join(dumps(_record(p)) + b"\n" for p in VALID)


def test_directories_compression_and_content_decide_the_formats(tmp_path: Path) -> None:
    folder = tmp_path / "mixed"
    (folder / "sub").mkdir(parents=True)
    records = [_record(p) for p in VALID[:3]]
    (folder / "a.json").write_bytes(_written("json", records[:1]))
    (folder / "sub" / "b.tln.gz").write_bytes(gzip.compress(notation.dumps(records[1]).encode()))
    (folder / "c.jsonl").write_bytes(_written("jsonl", records[2:]))
    (folder / "notes.md").write_text("not a record")
    (folder / ".hidden.tln").write_text("[")
    found = [r for r in reads([str(folder)]) if isinstance(r, Read)]
    assert [r.record for r in found] == [records[0], records[2], records[1]]  # in name order
    assert [r.source for r in found] == [
        f"{folder}/a.json",
        f"{folder}/c.jsonl:1",
        f"{folder}/sub/b.tln.gz:1",
    ]
    unnamed = tmp_path / "game"
    unnamed.write_text(notation.dumps(records[0]))
    [read] = list(reads([str(unnamed)]))
    assert isinstance(read, Read) and read.record == records[0]
    assert read.source == f"{unnamed}:1"


def test_standard_input_in_any_format_to_standard_output() -> None:
    record = _record(VALID[0])
    out = io.BytesIO()
    stdin = io.BytesIO(notation.dumps(record).encode())
    report = convert(["-"], "-", to="jsonl", stdin=stdin, stdout=out)
    assert report.written and out.getvalue() == dumps(record) + b"\n"
    out = io.BytesIO()
    report = convert(["-"], "-", to="text", stdin=io.BytesIO(dumps(record)), stdout=out)
    assert out.getvalue().decode() == notation.dumps(record)


def test_empty_input_is_no_record_and_unknown_content_is_unreadable(tmp_path: Path) -> None:
    assert list(reads(["-"], stdin=io.BytesIO(b" \n"))) == []
    unknown = tmp_path / "notes"
    unknown.write_text("hello")
    assert list(reads([str(unknown)])) == [
        ReadFailure(str(unknown), "cannot tell the format of this input; say --from")
    ]


def test_compressed_outputs_read_back(tmp_path: Path) -> None:
    records = [_record(p) for p in VALID[:2]]
    source = tmp_path / "in.jsonl"
    source.write_bytes(_written("jsonl", records))
    for name in ("out.tln.gz", "out.json.bz2", "out.jsonl.xz"):
        assert convert([str(source)], tmp_path / name).written
        assert [r.record for r in reads([str(tmp_path / name)]) if isinstance(r, Read)] == records


def test_an_input_that_is_not_a_record_is_a_loss_and_nothing_is_written(tmp_path: Path) -> None:
    out = tmp_path / "out.tln"
    out.write_text("kept")
    report = convert([str(VALID[0]), str(TRUNCATED), str(REVOKE)], out)
    assert not report.written and out.read_text() == "kept"
    assert report.records == 2  # an illegal record is a record: it converts
    assert [r.source for r in report.rejected] == [str(TRUNCATED)]
    assert [(loss.source, loss.record, loss.pointer, loss.what) for loss in report.losses] == [
        (str(TRUNCATED), None, "", "record")
    ]
    assert report.losses[0].why.startswith("not a record (1 problem; the first: ")
    allowed = convert([str(VALID[0]), str(TRUNCATED), str(REVOKE)], out, allow_loss=True)
    assert allowed.written
    assert [r.record for r in notation.loads(out.read_text())] == [
        _record(VALID[0]),
        _record(REVOKE),
    ]


def test_an_unreadable_input_stops_the_conversion_and_writes_nothing(tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    report = convert([str(VALID[0]), str(tmp_path / "missing.json")], out, allow_loss=True)
    assert not report.written and not out.exists()
    assert [(f.file, f.message) for f in report.unreadable] == [
        (str(tmp_path / "missing.json"), "no such file or directory")
    ]
    assert not list(tmp_path.iterdir())  # no temporary file left behind either


def test_an_unwritable_output_is_reported(tmp_path: Path) -> None:
    report = convert([str(VALID[0])], tmp_path / "no" / "such" / "dir" / "out.json")
    assert not report.written
    assert report.unwritable is not None and "cannot write" in report.unwritable


WRITABLE = ", ".join(f.name for f in FORMATS.values() if f.writes)
KNOWN = ", ".join(FORMATS)


@pytest.mark.parametrize(
    ("output", "options", "message"),
    [
        (
            "out.xyz",
            {},
            f"cannot tell the output format from 'out.xyz'; say --to ({WRITABLE})",
        ),
        ("-", {}, f"cannot tell the output format from '-'; say --to ({WRITABLE})"),
        ("out.json", {"to": "xml"}, f"unknown format 'xml'; expected one of {KNOWN}"),
        ("out.json", {"frm": "xml"}, f"unknown format 'xml'; expected one of {KNOWN}"),
        (
            "out.json",
            {"form": "tiny"},
            "json: unknown form 'tiny'; this format offers: pretty, compact, canonical",
        ),
        ("out.tln", {"form": "pretty"}, "text: unknown form 'pretty'; this format offers: none"),
    ],
)
def test_conversions_that_cannot_start(output: str, options: dict[str, Any], message: str) -> None:
    with pytest.raises(ConversionError) as error:
        convert([str(VALID[0])], output, **options)
    assert str(error.value) == message


# The loss report, with a lossy format as the next formats will be (a score sheet, say).


def _lossy_write(records: Iterable[Any], form: str | None = None) -> Iterator[bytes | Loss]:
    for record in records:
        yield Loss(record.id, "/hands/0/claims", "claims", "a score sheet has no place for them")
        yield f"{record.id}\n".encode()


@pytest.fixture
def lossy(monkeypatch: pytest.MonkeyPatch) -> Format:
    module = types.ModuleType("lossy_format")
    module.write = _lossy_write  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "lossy_format", module)
    fmt = Format(
        "lossy",
        (".lossy",),
        "a test format",
        "ids",
        "everything else",
        "lossy_format",
        reads=False,
        writes=True,
    )
    monkeypatch.setitem(registry.FORMATS, "lossy", fmt)
    return fmt


def test_a_lossy_conversion_writes_nothing_unless_allowed(lossy: Format, tmp_path: Path) -> None:
    out = tmp_path / "out.lossy"
    report = convert([str(p) for p in VALID[:2]], out)
    assert not report.written and not out.exists()
    assert [(loss.source, loss.record, loss.pointer) for loss in report.losses] == [
        (str(VALID[0]), _record(VALID[0]).id, "/hands/0/claims"),
        (str(VALID[1]), _record(VALID[1]).id, "/hands/0/claims"),
    ]
    assert str(report.losses[0]) == (
        f"{VALID[0]}::/hands/0/claims claims: a score sheet has no place for them"
    )
    allowed = convert([str(p) for p in VALID[:2]], out, allow_loss=True)
    assert allowed.written and len(allowed.losses) == 2
    assert out.read_text() == "".join(f"{_record(p).id}\n" for p in VALID[:2])
    with pytest.raises(ConversionError, match="tricklog cannot read lossy"):
        convert([str(out)], tmp_path / "x.json", frm="lossy")


def test_the_report_is_plain_data() -> None:
    report = convert([str(TRUNCATED)], "-", to="json", stdout=io.BytesIO())
    data = json.loads(json.dumps(report.to_dict()))
    assert data["written"] is False and data["records"] == 0
    assert data["rejected"][0]["problems"][0]["code"] == "record.json"
    assert data["losses"][0]["what"] == "record"


def test_the_score_sheets_join_the_registry_when_replay_is_imported() -> None:
    """``records`` alone knows the record formats; ``replay`` (and so ``tricklog``) adds csv and
    parquet, in the order ``convert --list`` shows them."""
    code = (
        "from records.formats.registry import FORMATS\n"
        "before = list(FORMATS)\n"
        "import tricklog\n"
        "print(before, list(FORMATS))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    records_only = "['json', 'jsonl', 'text', 'openspiel', 'ohw']"
    assert result.stdout.strip() == f"{records_only} {records_only[:-1]}, 'csv', 'parquet']"


def test_a_format_name_is_registered_once() -> None:
    csv_format = FORMATS["csv"]
    registry.register(csv_format)  # the same entry again: nothing happens
    assert FORMATS["csv"] is csv_format
    with pytest.raises(ValueError, match="already registered"):
        registry.register(Format("csv", (".x",), "", "", "", "somewhere", reads=False, writes=True))
