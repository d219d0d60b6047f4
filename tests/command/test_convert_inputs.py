"""``convert`` reads what ``audit`` reads: compression told by the content, on standard input
and in files whose name does not say it, with the reader's messages for what cannot be read."""

from __future__ import annotations

import bz2
import gzip
import lzma
import random
from pathlib import Path

import pytest

import records.formats.text as notation
from records.parse import dumps
from replay.registry import GAMES


def _records() -> list[object]:
    return [
        GAMES["pinochle"].generate(random.Random(n), hands=1, game_id=f"p{n}") for n in range(2)
    ]


@pytest.mark.parametrize("compress", [gzip.compress, bz2.compress, lzma.compress])
def test_compressed_standard_input_in_any_format(compress, tricklog) -> None:  # type: ignore[no-untyped-def]
    records = _records()
    lines = b"".join(dumps(r) + b"\n" for r in records)  # type: ignore[arg-type]
    text = "\n".join(notation.dumps(r) for r in records).encode()  # type: ignore[arg-type]
    for data in (lines, text):
        run = tricklog("convert", "-", "-o", "-", "--to", "jsonl", stdin=compress(data))
        assert run.code == 0, run.err
        assert run.out.encode() == lines


def test_a_compressed_file_whose_name_does_not_say_so(tmp_path: Path, tricklog) -> None:  # type: ignore[no-untyped-def]
    record = _records()[0]
    path = tmp_path / "games.tln.bak"
    path.write_bytes(gzip.compress(notation.dumps(record).encode()))  # type: ignore[arg-type]
    run = tricklog("convert", str(path), "--from", "text", "-o", "-", "--to", "jsonl")
    assert run.code == 0, run.err
    assert run.out.encode() == dumps(record) + b"\n"  # type: ignore[arg-type]


def test_a_truncated_compressed_file_is_unreadable(tmp_path: Path, tricklog) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "cut.tln.gz"
    path.write_bytes(gzip.compress(notation.dumps(_records()[0]).encode())[:60])  # type: ignore[arg-type]
    run = tricklog("convert", str(path), "-o", str(tmp_path / "out.json"))
    assert run.code == 3
    assert "cut.tln.gz" in run.err and "truncated gzip data" in run.err
    assert not (tmp_path / "out.json").exists()
