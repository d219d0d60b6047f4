"""``tricklog filter``: the records that match, as they were read; --valid and --invalid
partition an archive."""

from __future__ import annotations

import gzip
from pathlib import Path
from typing import Any

import orjson
import pytest

from replay.cli.filter_cmd import record_line
from tests.conftest import FIXTURES
from tests.consumers.test_summarize import archive


@pytest.fixture(scope="module")
def mixed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return archive(tmp_path_factory.mktemp("filter") / "mix.jsonl")


def _lines(path: Path) -> list[bytes]:
    return path.read_bytes().splitlines(keepends=True)


def test_valid_and_invalid_partition_the_archive(
    tricklog: Any, mixed: Path, tmp_path: Path
) -> None:
    valid, invalid = tmp_path / "valid.jsonl", tmp_path / "invalid.jsonl"
    assert tricklog("filter", str(mixed), "--valid", "-o", str(valid)).code == 0
    assert tricklog("filter", str(mixed), "--invalid", "-o", str(invalid)).code == 0
    kept, broken, original = _lines(valid), _lines(invalid), _lines(mixed)
    assert len(kept) + len(broken) == len(original) and broken
    assert sorted(kept + broken) == sorted(original)  # byte for byte: nothing re-serialised
    assert [line for line in original if line in broken] == broken  # input order
    assert tricklog("validate", str(invalid)).code == 1
    assert tricklog("audit", "-q", str(valid)).code == 0


def test_count_prints_only_the_number(tricklog: Any, mixed: Path) -> None:
    run = tricklog("filter", str(mixed), "--game", "pinochle", "--count")
    assert (run.code, run.out, run.err) == (0, "4\n", "")
    assert tricklog("filter", str(mixed), "--problem", "play.revoke", "--count").out == "1\n"
    assert tricklog("filter", str(mixed), "--problem", "play.revoke", "--valid", "--count").out == (
        "0\n"
    )


@pytest.mark.parametrize(
    ("options", "count"),
    [
        (["--game", "oh_hell"], 9),
        (["--game", "oh_hell", "--preset", "openspiel"], 2),
        (["--player", "Dmitri"], 8),  # the generated Oh Hell games (and the duplicate)
        (["--player", "Nobody"], 0),
        (["--hands-min", "10", "--game", "oh_hell"], 6),  # 13-deal games, not the revoke
        (["--hands-max", "1"], 2),  # an openspiel game is one deal
    ],
)
def test_criteria(tricklog: Any, mixed: Path, options: list[str], count: int) -> None:
    run = tricklog("filter", str(mixed), *options, "--count")
    assert run.code == (0 if count else 1), run.err  # 1 when nothing matched, as grep
    assert int(run.out) == count


def test_nothing_matched_is_exit_1_in_both_modes_and_the_output_is_written(
    tricklog: Any, mixed: Path, tmp_path: Path
) -> None:
    run = tricklog("filter", str(mixed), "--player", "Nobody", "--count")
    assert (run.code, run.out, run.err) == (1, "0\n", "")  # it was exit 0
    out = tmp_path / "nobody.jsonl"
    run = tricklog("filter", str(mixed), "--player", "Nobody", "-o", str(out))
    assert (run.code, out.read_bytes()) == (1, b"")
    run = tricklog("filter", str(mixed), "--player", "Anna", "-o", str(out))
    assert run.code == 0 and out.read_bytes()


@pytest.mark.parametrize(
    ("options", "says"),
    [
        (["--problem", "no.such"], "unknown problem code no.such; tricklog codes lists them"),
        (
            ["--problem", "play.revok"],
            "unknown problem code play.revok (did you mean play.revoke?)",
        ),
        (["--preset", "nosuch"], "unknown preset nosuch; they are oh_hell default, openspiel,"),
        (["--preset", "Hoyle"], "unknown preset Hoyle (did you mean hoyle?); they are oh_hell "),
        (
            ["--game", "bestia", "--preset", "hoyle"],
            "unknown preset hoyle; bestia's are default, reference, perugia, sisal",
        ),
    ],
)
def test_an_unknown_problem_code_or_preset_is_a_usage_error(
    tricklog: Any, mixed: Path, options: list[str], says: str
) -> None:
    run = tricklog("filter", str(mixed), *options, "--count")
    assert run.code == 2 and run.out == ""  # it printed 0 and exited 0
    assert says in run.err


def test_every_known_preset_and_code_is_taken(tricklog: Any, mixed: Path) -> None:
    count = lambda *options: tricklog("filter", str(mixed), *options, "--count")  # noqa: E731
    assert (count("--preset", "default").code, count("--preset", "default").out) == (0, "15\n")
    assert (count("--preset", "perugia").code, count("--preset", "perugia").out) == (1, "0\n")
    assert count("--problem", "record.json").code == 1  # known, but in no record here


def test_event_and_dates(tricklog: Any, tmp_path: Path) -> None:
    source = (FIXTURES / "oh_hell/valid/default-3p-complete-game.json").read_bytes()
    lines = []
    for day, event in (("2026-01-10", "Winter"), ("2026-02-20", "Winter"), ("2026-03-30", None)):
        record = orjson.loads(source)
        record["meta"] = {"date": day, "event": event}
        lines.append(orjson.dumps(record))
    lines.append(orjson.dumps(orjson.loads(source)))  # no date at all
    path = tmp_path / "dated.jsonl.gz"
    path.write_bytes(gzip.compress(b"\n".join(lines) + b"\n"))
    count = lambda *options: int(tricklog("filter", str(path), *options, "--count").out)  # noqa: E731
    assert count("--event", "Winter") == 2
    assert count("--date-from", "2026-02-01") == 2
    assert count("--date-to", "2026-02-20") == 2
    assert count("--date-from", "2026-02-01", "--date-to", "2026-02-28") == 1
    bad = tricklog("filter", str(path), "--date-from", "February")
    assert bad.code == 2 and "YYYY-MM-DD" in bad.err


def test_output_is_compressed_by_its_name(tricklog: Any, mixed: Path, tmp_path: Path) -> None:
    out = tmp_path / "oh_hell.jsonl.gz"
    assert tricklog("filter", str(mixed), "--game", "oh_hell", "-o", str(out)).code == 0
    lines = gzip.decompress(out.read_bytes()).splitlines(keepends=True)
    assert len(lines) == 9 and all(line in _lines(mixed) for line in lines)


def test_an_indented_record_becomes_one_line_with_the_same_content(tricklog: Any) -> None:
    path = FIXTURES / "pinochle/valid/all-pass-void.json"
    run = tricklog("filter", str(path))
    assert run.code == 0 and run.out.count("\n") == 1
    assert orjson.loads(run.out) == orjson.loads(path.read_bytes())
    assert record_line(b'  {"a": "x y",\r\n   "b": [1,\n 2]}\n') == b'{"a": "x y", "b": [1, 2]}\n'


def test_unparsable_records_match_only_problem_criteria(tricklog: Any) -> None:
    path = FIXTURES / "oh_hell/invalid/record.json--truncated-file.json"
    assert tricklog("filter", str(path), "--invalid", "--count").out == "1\n"
    assert tricklog("filter", str(path), "--problem", "record.json", "--count").out == "1\n"
    assert tricklog("filter", str(path), "--game", "oh_hell", "--count").out == "0\n"


def test_unreadable_input_is_exit_3(tricklog: Any, tmp_path: Path) -> None:
    run = tricklog("filter", str(tmp_path / "missing.jsonl"), "--count")
    assert run.code == 3 and "missing.jsonl" in run.err and run.out == "0\n"
