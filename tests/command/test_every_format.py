"""Every command reads every record format, as ``convert`` does (issue 18, item 2): the notation
(``.tln``), OpenSpiel histories and playthroughs, OhHellWeb games, told by content first and by
name where the content does not tell, each record at its exact source, a record that does not
read as one reported with its line and column as ``convert`` reports it. The library too.

Before, ``validate g.tln`` called the file malformed JSON and unreadable at once (exit 3),
``show g.tln`` listed "not a record", and ``audit x.ohw`` found no "game"."""

from __future__ import annotations

import gzip
import json
import random
import shutil
from pathlib import Path
from typing import Any

import pytest

import records.formats.text as notation
import tricklog
from records.io import ReadFailure
from replay.registry import GAMES
from tests.conftest import FIXTURES

OHW = sorted((FIXTURES / "ohhellweb").glob("*.ohw"))
PLAYTHROUGH = FIXTURES / "openspiel" / "oh_hell.txt"
HISTORY = "oh_hell()\t2 2 19 12 31 20 26 28 3 53 54 53 19 12 31 28 20 26\n"
BAD = '[Game "oh_hell"]\n[Id "x"]\n[Rules "openspiel"]\n[Player 0 "A"]\nhand 1 dealer 0\nbid 1:x\n'
BAD_PROBLEM = (
    "bad.tln:1::/ record.text [malformed] (line 6, column 5): SEAT:NUMBER expected, not '1:x'"
)


def _records(count: int = 2, hands: int = 2, game: str = "oh_hell") -> list[Any]:
    return [
        GAMES[game].generate(random.Random(seed), game_id=f"{game}-{seed}", hands=hands)
        for seed in range(count)
    ]


def _tln(path: Path, records: list[Any]) -> list[int]:
    """Write the records in the notation; the line each starts at."""
    text = "\n".join(notation.dumps(r) for r in records)
    path.write_text(text)
    return [n for n, line in enumerate(text.split("\n"), 1) if line.startswith("[Game ")]


def _json(run: Any) -> dict[str, Any]:
    assert run.err == "", run.err
    return json.loads(run.out)  # type: ignore[no-any-return]


@pytest.mark.parametrize("command", ["validate", "audit"])
def test_a_notation_file_is_checked_as_its_records(
    tricklog: Any, tmp_path: Path, command: str
) -> None:
    path = tmp_path / "g.tln"
    starts = _tln(path, _records())
    report = _json(tricklog(command, str(path), "--format", "json"))
    assert [r["source"] for r in report["records"]] == [f"{path}:{n}" for n in starts]
    assert report["summary"]["records"] == 2 and report["summary"]["unreadable"] == 0
    assert [r["valid"] for r in report["records"]] == [True, True]
    run = tricklog(command, str(path))
    assert run.code == 0 and "record.json" not in run.out and "unreadable" not in run.err


def test_the_records_of_a_notation_file_are_the_records_of_its_json(
    tricklog: Any, tmp_path: Path
) -> None:
    records = _records(3)
    _tln(tmp_path / "g.tln", records)
    (tmp_path / "g.jsonl").write_bytes(b"".join(tricklog_dumps(r) + b"\n" for r in records))
    as_text = _json(tricklog("audit", str(tmp_path / "g.tln"), "--format", "json"))
    as_json = _json(tricklog("audit", str(tmp_path / "g.jsonl"), "--format", "json"))
    for report in (as_text, as_json):
        for record in report["records"]:
            record.pop("source")
        report["summary"] = {k: v for k, v in report["summary"].items() if "second" not in k}
    assert as_text == as_json


def tricklog_dumps(record: Any) -> bytes:
    return tricklog.dumps(record)  # type: ignore[no-any-return]


def test_a_malformed_record_of_the_notation_is_placed_as_convert_places_it(
    tricklog: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("bad.tln").write_text(BAD)
    converted = tricklog("convert", "bad.tln", "-o", "bad.json")
    assert BAD_PROBLEM in converted.out + converted.err
    run = tricklog("validate", "bad.tln")
    assert run.code == 1
    assert f"  {BAD_PROBLEM}\n" in run.out
    assert "1 record, 0 hands: 0 valid, 1 with problems" in run.out
    [problem] = _json(tricklog("validate", "bad.tln", "--format", "json"))["records"][0]["problems"]
    assert (problem["code"], problem["line"], problem["column"]) == ("record.text", 6, 5)


def test_show_shows_a_record_of_the_notation(tricklog: Any, tmp_path: Path) -> None:
    path = tmp_path / "g.tln"
    _tln(path, _records(1))
    run = tricklog("show", str(path))
    assert run.code == 0, run.err
    assert run.out.startswith(f"{path}:1  oh_hell oh_hell-0")
    assert "not a record" not in run.out
    starts = _tln(path, _records(2))
    listed = tricklog("show", str(path))  # several: listed
    assert listed.code == 0
    for number, start in enumerate(starts):
        assert f"{path}:{start}  oh_hell-{number}  oh_hell  2 hands  valid" in listed.out


@pytest.mark.parametrize("path", OHW, ids=lambda p: p.name)
def test_an_ohhellweb_game_is_audited(tricklog: Any, path: Path) -> None:
    run = tricklog("audit", str(path))
    assert run.code == 0, run.out + run.err
    assert 'does not say its "game"' not in run.out
    assert "1 record" in run.out


def test_an_ohhellweb_game_reordered_is_told_by_its_name(tricklog: Any, tmp_path: Path) -> None:
    game = json.loads(OHW[0].read_text())
    game = {key: game[key] for key in sorted(game)}  # "mode" is no longer first
    path = tmp_path / "sorted.ohw"
    path.write_text(json.dumps(game))
    assert tricklog("validate", str(path)).code == 0
    copy = tmp_path / "sorted.json"  # a name that says JSON: it is read as a record, and is not
    shutil.copy(path, copy)
    assert tricklog("validate", str(copy)).code == 1


def test_openspiel_histories_and_playthroughs_are_audited(tricklog: Any, tmp_path: Path) -> None:
    history = tmp_path / "deals.openspiel"
    history.write_text("# two deals\n" + HISTORY + HISTORY)
    report = _json(tricklog("audit", str(history), str(PLAYTHROUGH), "--format", "json"))
    assert [r["source"] for r in report["records"]] == [
        f"{history}:2",
        f"{history}:3",
        f"{PLAYTHROUGH}:{_last_history_line()}",
    ]
    assert all(r["valid"] for r in report["records"])


def _last_history_line() -> int:
    lines = PLAYTHROUGH.read_text().splitlines()
    return max(n for n, line in enumerate(lines, 1) if line.startswith("History() = "))


def test_standard_input_is_told_by_its_content(tricklog: Any) -> None:
    text = "\n".join(notation.dumps(r) for r in _records()).encode()
    run = tricklog("validate", "-", "--format", "json", stdin=text)
    assert [r["source"] for r in _json(run)["records"]] == ["<stdin>:1", "<stdin>:44"]
    run = tricklog("audit", "-", stdin=OHW[0].read_bytes())
    assert run.code == 0, run.out
    run = tricklog("audit", "-", stdin=gzip.compress(HISTORY.encode()))
    assert run.code == 0, run.out


def test_content_says_more_than_the_name(tricklog: Any, tmp_path: Path) -> None:
    path = tmp_path / "game.json"  # the notation under a JSON name
    _tln(path, _records(1))
    assert tricklog("validate", str(path)).code == 0


def test_the_name_says_what_the_content_does_not(tricklog: Any, tmp_path: Path) -> None:
    path = tmp_path / "g.tln"  # a comment longer than what is looked at first
    path.write_text("; " + "a long preface " * 200 + "\n" + notation.dumps(_records(1)[0]))
    assert tricklog("validate", str(path)).code == 0


def test_a_directory_search_reads_every_format(tricklog: Any, tmp_path: Path) -> None:
    _tln(tmp_path / "a.tln", _records(2))
    (tmp_path / "b.tln.gz").write_bytes(gzip.compress(notation.dumps(_records(1)[0]).encode()))
    shutil.copy(OHW[0], tmp_path / "c.ohw")
    (tmp_path / "d.openspiel").write_text(HISTORY)
    (tmp_path / "e.txt").write_text(HISTORY)  # not a record file's name: not searched
    report = _json(tricklog("validate", str(tmp_path), "--format", "json"))
    files = [Path(r["source"].split(":")[0]).name for r in report["records"]]
    assert files == ["a.tln", "a.tln", "b.tln.gz", "c.ohw", "d.openspiel"]
    assert all(r["valid"] for r in report["records"])


def test_an_empty_directory_names_every_suffix_it_looks_for(tricklog: Any, tmp_path: Path) -> None:
    run = tricklog("validate", str(tmp_path))
    assert run.code == 3
    assert (
        "no record files (.json, .jsonl, .ndjson, .tln, .openspiel, .ohw, possibly compressed)"
        in run.err
    )


def test_a_notation_file_of_only_comments_holds_no_records(tricklog: Any, tmp_path: Path) -> None:
    path = tmp_path / "empty.tln"
    path.write_text("; nothing yet\n{ not even\na tag }\n")
    run = tricklog("validate", str(path))
    assert run.code == 3
    assert f"{path}: holds no records (only comments and blank lines)" in run.err


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_workers_and_json_lines_take_the_notation(tricklog: Any, tmp_path: Path, jobs: str) -> None:
    """``-j N`` sends records' JSON to the workers: a record of the notation travels as the
    JSON it reads as, and one that is not a record as its problems."""
    records = _records(300, hands=1)
    starts = _tln(tmp_path / "many.tln", records)
    (tmp_path / "z-bad.tln").write_text(BAD)
    run = tricklog("validate", str(tmp_path), "-j", jobs, "--format", "jsonl", "-q")
    lines = [json.loads(line) for line in run.out.splitlines()]
    assert run.code == 1, run.err
    assert [line["source"] for line in lines[:-1]] == [
        *(f"{tmp_path / 'many.tln'}:{n}" for n in starts),
        f"{tmp_path / 'z-bad.tln'}:1",
    ]
    assert [p["line"] for p in lines[-2]["problems"]] == [6]
    assert lines[-1]["summary"]["records"] == 301


def test_summarize_view_filter_and_dedupe_read_the_notation(tricklog: Any, tmp_path: Path) -> None:
    records = _records(2)
    path = tmp_path / "g.tln"
    _tln(path, [*records, records[0]])
    summary = _json(tricklog("summarize", str(path), "--format", "json"))
    assert summary["records"] == 3
    page = tricklog("view", str(path), "--record", "2", "-o", str(tmp_path / "p.html"))
    assert page.code == 0, page.err
    assert "oh_hell-1" in (tmp_path / "p.html").read_text()
    kept = tricklog("filter", str(path), "--player", records[1].players[0].name, "--count")
    assert kept.out.strip() in ("1", "2", "3")
    out = tmp_path / "unique.jsonl"
    run = tricklog("dedupe", str(path), "-o", str(out))
    assert run.code == 0, run.err
    assert f"{path}:" in run.out and "duplicate of" in run.out
    assert [tricklog_loads(line).id for line in out.read_bytes().splitlines()] == [
        "oh_hell-0",
        "oh_hell-1",
    ]


def tricklog_loads(data: bytes) -> Any:
    return tricklog.loads(data)


@pytest.mark.parametrize("command", ["filter", "dedupe"])
def test_a_record_of_the_notation_that_is_not_one_has_no_json_to_write(
    tricklog: Any, tmp_path: Path, command: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("bad.tln").write_text(notation.dumps(_records(1)[0]) + "\n" + BAD)
    run = tricklog(command, "bad.tln", "-o", "out.jsonl")
    assert run.code == 3
    assert "error: bad.tln:44: not a record (1 problem; the first: SEAT:NUMBER" in run.err
    assert len(Path("out.jsonl").read_bytes().splitlines()) == 1  # the good one, as JSON


def test_the_library_reads_every_format(tmp_path: Path) -> None:
    path = tmp_path / "g.tln"
    starts = _tln(path, _records())
    (tmp_path / "bad.tln").write_text(BAD)
    loaded = list(tricklog.iter_records([str(path), str(tmp_path / "bad.tln")]))
    assert [item.source for item in loaded] == [
        *(f"{path}:{n}" for n in starts),
        f"{tmp_path / 'bad.tln'}:1",
    ]
    assert [item.record is not None for item in loaded] == [True, True, False]
    assert loaded[-1].problems[0].line == 6  # type: ignore[attr-defined]
    reports = list(tricklog.check_paths([str(OHW[0]), str(tmp_path / "bad.tln")]))
    assert not any(isinstance(r, ReadFailure) for r in reports)
    assert [r.valid for r in reports] == [True, False]  # type: ignore[union-attr]
    assert tricklog.load(str(OHW[0])).game == "oh_hell"
    with pytest.raises(tricklog.MalformedRecordError, match="SEAT:NUMBER"):
        tricklog.load(str(tmp_path / "bad.tln"))


def test_text_that_is_not_utf8_is_placed_by_every_command_as_by_convert(
    tricklog: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("latin.tln").write_bytes(b'[Game "oh_hell"]\n[Id "caf\xe9"]\n')
    expected = (
        "latin.tln:1::/ record.text [malformed] (line 2, column 9): "
        "not UTF-8 text: invalid continuation byte"
    )
    for command in (("validate",), ("convert", "-o", "out.json")):
        run = tricklog(command[0], "latin.tln", *command[1:])
        assert run.code == 1 and expected in run.out, (command, run.out, run.err)


def test_a_picture_named_as_the_notation_is_unreadable(tricklog: Any, tmp_path: Path) -> None:
    path = tmp_path / "photo.tln"
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(range(256)))
    run = tricklog("validate", str(path))
    assert run.code == 3
    assert f"{path}: looks like a PNG image, not the tricklog notation" in run.err
