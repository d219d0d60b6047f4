"""``tricklog dedupe``: the first of each game, the others listed with their places."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import orjson
import pytest

from records.words import number_of
from tests.consumers.test_summarize import archive, generated


@pytest.fixture(scope="module")
def mixed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = archive(tmp_path_factory.mktemp("dedupe") / "mix.jsonl")
    lines = path.read_bytes().splitlines(keepends=True)
    path.write_bytes(b"".join(lines[:-1]))  # without the duplicate the archive ends with
    return path


def test_an_archive_twice_dedupes_to_the_archive(
    tricklog: Any, mixed: Path, tmp_path: Path
) -> None:
    twice = tmp_path / "twice.jsonl"
    twice.write_bytes(mixed.read_bytes() * 2)
    out = tmp_path / "once.jsonl"
    run = tricklog("dedupe", str(twice), "-o", str(out))
    assert run.code == 0, run.err
    assert out.read_bytes() == mixed.read_bytes()
    count = len(mixed.read_bytes().splitlines())
    listed = run.out.splitlines()
    assert listed[0] == f"{twice}:{count + 1}: duplicate of {twice}:1: the same game " + (
        f"({listed[0].rsplit('(', 1)[1]}"
    )
    assert listed[-1] == (
        f"{number_of(2 * count, 'record')} read, {count} kept, "
        f"{number_of(count, 'duplicate')} left out"
    )
    # the record that does not replay (the revoke) is a duplicate by its facts too
    assert sum("the same game" in line for line in listed) == count


def test_what_is_not_a_fact_does_not_make_another_game(tricklog: Any, tmp_path: Path) -> None:
    line = generated("pinochle", "default", 1)[0]
    record = orjson.loads(line)
    record["id"], record["meta"], record["claims"] = "uploaded-again", {"event": "Club"}, None
    for hand in record["hands"]:
        hand["claims"] = None
    pretty = orjson.dumps(record, option=orjson.OPT_INDENT_2)
    first, second = tmp_path / "a.jsonl", tmp_path / "b.json"
    first.write_bytes(line + b"\n")
    second.write_bytes(pretty)
    run = tricklog("dedupe", str(first), str(second), "-o", "-", "--quiet")
    assert run.code == 0
    assert run.out.encode() == line + b"\n"  # the records on stdout, the count on stderr
    assert run.err == "2 records read, 1 kept, 1 duplicate left out\n"


def test_unparsable_records_are_the_same_only_as_the_same_text(
    tricklog: Any, tmp_path: Path
) -> None:
    path = tmp_path / "broken.jsonl"
    path.write_bytes(b'{"game": "whist"}\n  {"game": "whist"}  \n{"game": "bridge"}\n')
    out = tmp_path / "out.jsonl"
    run = tricklog("dedupe", str(path), "-o", str(out))
    assert run.code == 0
    assert out.read_bytes() == b'{"game": "whist"}\n{"game": "bridge"}\n'
    assert f"{path}:2: duplicate of {path}:1: the same text" in run.out


def test_crlf_and_the_spaces_around_a_record_are_kept_byte_for_byte(
    tricklog: Any, mixed: Path, tmp_path: Path
) -> None:
    lines = mixed.read_bytes().splitlines()
    spaced = [b"\t" + lines[0] + b"  ", lines[1] + b" \t", *lines[2:]]
    crlf = b"".join(line + b"\r\n" for line in spaced)  # CRLF, leading tabs, trailing spaces
    twice = tmp_path / "twice.jsonl"
    twice.write_bytes(crlf * 2)
    out = tmp_path / "once.jsonl"
    run = tricklog("dedupe", str(twice), "-o", str(out), "--quiet")
    assert run.code == 0, run.err
    assert out.read_bytes() == crlf  # it wrote LF lines with the spaces stripped
    mixed_endings = tmp_path / "mixed.jsonl"
    mixed_endings.write_bytes(
        b"".join(line + (b"\r\n" if n % 2 else b"\n") for n, line in enumerate(lines))
    )
    run = tricklog("dedupe", str(mixed_endings), str(mixed_endings), "-o", str(out), "--quiet")
    assert out.read_bytes() == mixed_endings.read_bytes()


def test_blank_lines_are_left_out_and_a_last_line_gets_its_line_break(
    tricklog: Any, mixed: Path, tmp_path: Path
) -> None:
    first, second, *rest = mixed.read_bytes().splitlines()
    path = tmp_path / "blank.jsonl"
    path.write_bytes(first + b"\r\n\r\n  \n\t\r\n" + second + b"  \r\n" + b"\n".join(rest))
    out = tmp_path / "out.jsonl"
    run = tricklog("dedupe", str(path), str(path), "-o", str(out))
    assert run.code == 0, run.err
    # blank lines hold no record; the last line had no line break and the copy needs one
    expected = first + b"\r\n" + second + b"  \r\n" + b"\n".join(rest) + b"\n"
    assert out.read_bytes() == expected
    assert run.out.splitlines()[-1] == (
        f"{number_of(2 * (len(rest) + 2), 'record')} read, {len(rest) + 2} kept, "
        f"{number_of(len(rest) + 2, 'duplicate')} left out"
    )
    assert f"{path}:5: duplicate of {path}:5: the same game" in run.out  # blank lines count


def test_filter_keeps_lines_as_dedupe_does(tricklog: Any, mixed: Path, tmp_path: Path) -> None:
    lines = mixed.read_bytes().splitlines()
    crlf = tmp_path / "crlf.jsonl"
    crlf.write_bytes(b"".join(b" " + line + b"\t\r\n" for line in lines))
    out = tmp_path / "all.jsonl"
    assert tricklog("filter", str(crlf), "-o", str(out)).code == 0
    assert out.read_bytes() == crlf.read_bytes()
