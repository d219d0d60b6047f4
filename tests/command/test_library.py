"""The library face: ``import tricklog`` and its documented names, as a program would use them."""

from __future__ import annotations

import gzip
import inspect
import io
import subprocess
import sys
from pathlib import Path

import orjson
import pytest

import tricklog
from tests.conftest import FIXTURES, ROOT

GAME = FIXTURES / "oh_hell" / "valid" / "default-4p-complete-game.json"
REVOKE = next((FIXTURES / "oh_hell" / "invalid").glob("play.revoke--*.json"))
MALFORMED = next((FIXTURES / "oh_hell" / "invalid").glob("record.unknown-field--*.json"))


def test_import_is_cheap_and_names_load_on_first_use() -> None:
    code = (
        "import sys, tricklog; "
        "assert 'pydantic' not in sys.modules and 'replay.driver' not in sys.modules; "
        "tricklog.check_paths; assert 'pydantic' not in sys.modules; "
        "print(sorted(tricklog.__all__))"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert run.returncode == 0, run.stderr
    assert "check" in run.stdout and "UnreadableInputError" in run.stdout


def test_every_documented_name_exists() -> None:
    for name in tricklog.__all__:
        assert getattr(tricklog, name) is not None, name
    with pytest.raises(AttributeError):
        tricklog.no_such_name  # noqa: B018


def test_load_check_and_walk_a_record() -> None:
    record = tricklog.load(GAME)
    assert record.game == "oh_hell" and len(record.hands) == 13
    report = tricklog.check(record)
    assert report.valid and [h.number for h in report.hands] == list(range(1, 14))
    assert report.hands[0].claims and report.winners is not None
    kinds = [type(step).__name__ for step in tricklog.steps(record)]
    assert kinds[0] == "RecordStarted" and kinds[-1] == "RecordSettled"
    assert kinds.count("HandSettled") == 13
    plays = sum(a.type == "play" for h in record.hands for a in h.actions)
    assert kinds.count("ActionApplied") == sum(len(h.actions) for h in record.hands)
    assert kinds.count("TrickCompleted") == plays // 4


def test_loads_dumps_round_trip() -> None:
    record = tricklog.load(GAME)
    again = tricklog.loads(tricklog.dumps(record))
    assert again == record
    assert tricklog.dumps(record, pretty=True) == GAME.read_bytes()
    stream = io.BytesIO()
    tricklog.dump(record, stream)
    assert stream.getvalue() == tricklog.dumps(record) + b"\n"


def test_malformed_and_unreadable_raise_the_documented_errors(tmp_path: Path) -> None:
    with pytest.raises(tricklog.MalformedRecordError) as malformed:
        tricklog.load(MALFORMED)
    assert malformed.value.problems[0].code == "record.unknown-field"
    assert isinstance(malformed.value, ValueError)
    with pytest.raises(tricklog.UnreadableInputError) as missing:
        tricklog.load(tmp_path / "nope.json")
    assert "no such file" in str(missing.value)
    with pytest.raises(tricklog.MalformedRecordError):
        tricklog.loads(b"{")


def test_iter_records_and_check_paths_stream_every_input(tmp_path: Path) -> None:
    archive = tmp_path / "games.jsonl.gz"
    with gzip.open(archive, "wb") as stream:
        for path in (GAME, REVOKE, MALFORMED):
            stream.write(orjson.dumps(orjson.loads(path.read_bytes())) + b"\n")
    loaded = list(tricklog.iter_records([str(archive)]))
    assert [item.source for item in loaded] == [f"{archive}:{n}" for n in (1, 2, 3)]
    assert [item.record is None for item in loaded] == [False, False, True]
    assert loaded[2].problems[0].code == "record.unknown-field"
    reports = list(tricklog.check_paths([str(archive), str(MALFORMED)]))
    assert [r.valid for r in reports] == [True, False, False, False]  # type: ignore[union-attr]
    assert reports[1].problems[0].code == "play.revoke"  # type: ignore[union-attr]
    assert reports[3].problems[0].code == "record.unknown-field"  # type: ignore[union-attr]
    summary = tricklog.Summary()
    for item in [*reports, *tricklog.check_paths([str(tmp_path / "missing.jsonl")])]:
        summary.add(item)
    assert summary.to_dict()["records"] == 4 and summary.to_dict()["unreadable"] == 1
    assert not summary.all_valid


def test_python_dash_m_tricklog_runs_the_command() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "tricklog", "audit", "-q", str(GAME)],
        capture_output=True,
        text=True,
        check=False,
        cwd=ROOT,
    )
    assert run.returncode == 0, run.stderr


def test_dir_lists_the_documented_names_once_and_no_helpers() -> None:
    names = dir(tricklog)
    assert len(names) == len(set(names))
    public = {name for name in names if not name.startswith("__")}
    assert public == set(tricklog.__all__)  # not Any, TYPE_CHECKING, annotations, importlib
    tricklog.check  # noqa: B018 - a name loaded on first use is listed once still
    assert dir(tricklog) == names


def test_library_types_have_readable_reprs() -> None:
    report = tricklog.check(tricklog.load(GAME))
    hand = repr(report.hands[0])
    assert hand == (
        "HandReport(index=0, number=1, dealer=2, status='complete', trump='H', "
        "taken=[0, 0, 0, 1], scores=[0, 0, 0, 0], totals=[0, 0, 0, 0])"
    )
    whole = repr(report)
    assert whole.startswith("RecordReport(source='<record>', record_id='oh_hell-4-0', ")
    assert "hands=<13 HandReport>" in whole and "object at 0x" not in whole
    assert len(whole) < 300
    loaded = repr(next(tricklog.iter_records([str(GAME)])))
    assert loaded == f"Loaded(source={str(GAME)!r}, record=<OhHellRecord id='oh_hell-4-0'>)"
    broken = repr(next(tricklog.iter_records([str(MALFORMED)])))
    assert broken.endswith("record=None, problems=['record.unknown-field'])")


def test_dumps_says_bytes_and_dumps_text_gives_text() -> None:
    record = tricklog.load(GAME)
    data = tricklog.dumps(record)
    assert isinstance(data, bytes) and "bytes" in (tricklog.dumps.__doc__ or "")
    text = tricklog.dumps_text(record)
    assert isinstance(text, str) and text == data.decode("utf-8")
    assert tricklog.dumps_text(record, pretty=True) == GAME.read_text(encoding="utf-8")
    assert tricklog.loads(text) == record
    written = io.StringIO()  # a text stream gets text; a binary stream bytes
    tricklog.dump(record, written)
    assert written.getvalue() == text + "\n"
    pretty = io.StringIO()
    tricklog.dump(record, pretty, pretty=True)
    assert pretty.getvalue() == GAME.read_text(encoding="utf-8")


def test_public_functions_document_what_they_take_and_give() -> None:
    """Each public function has a real docstring: more than a line, with an example."""
    for name in tricklog.__all__:
        value = getattr(tricklog, name)
        if not callable(value) or isinstance(value, type):
            continue
        doc = inspect.getdoc(value) or ""
        assert len(doc.splitlines()) > 2 and ">>> " in doc, name


@pytest.mark.parametrize("kind", [bytes, bytearray, memoryview, lambda b: b.decode()])
def test_loads_takes_text_and_every_kind_of_bytes(kind) -> None:  # type: ignore[no-untyped-def]
    """``loads(memoryview)`` raised AttributeError."""
    record = tricklog.loads(kind(GAME.read_bytes()))
    assert record == tricklog.load(GAME)


def test_loads_of_a_lone_surrogate_is_the_formats_error() -> None:
    """A ``str`` holding a lone surrogate raised UnicodeEncodeError (from ``str.encode``)."""
    text = GAME.read_text().replace('"Anna"', '"An\ud800na"', 1)
    assert text != GAME.read_text()
    with pytest.raises(tricklog.MalformedRecordError) as caught:
        tricklog.loads(text)
    assert [p.code for p in caught.value.problems] == ["record.json"]


@pytest.mark.parametrize("value", [None, 42, ["{}"], Path("game.json")])
def test_loads_of_anything_else_says_what_it_takes(value: object) -> None:
    with pytest.raises(TypeError, match=r"loads\(\) takes JSON text as str, bytes, bytearray"):
        tricklog.loads(value)  # type: ignore[arg-type]
