"""The reader on careless and hostile inputs: compression and type by content, damaged archives,
JSON arrays as streams, standard input's shape, empty inputs, special files and directories.

Every input gives a stream of entries and read failures, never an exception; one bad input never
stops the others. The limits on size have their own tests (``test_limits.py``).
"""

from __future__ import annotations

import bz2
import gzip
import io
import json
import lzma
import os
import random
import re
import subprocess
import sys
import tarfile
from collections.abc import Callable
from pathlib import Path

import pytest
import zstandard
from hypothesis import given, settings
from hypothesis import strategies as st

from records.io import Entry, ReadFailure, iter_entries
from replay.check import check_bytes, check_paths
from tests.conftest import FIXTURES, ROOT

VALID = FIXTURES / "oh_hell" / "valid" / "slam-small-nil-5-3p.json"
RECORD = json.loads(VALID.read_text())
LINE = json.dumps(RECORD, separators=(",", ":")).encode()
JSONL = b"".join(LINE + b"\n" for _ in range(3))

COMPRESS: dict[str, Callable[[bytes], bytes]] = {
    "gzip": gzip.compress,
    "bzip2": bz2.compress,
    "xz": lzma.compress,
    "zstd": zstandard.ZstdCompressor(write_checksum=True).compress,  # as the zstd command
}


SUFFIX = {"gzip": "gz", "bzip2": "bz2", "xz": "xz", "zstd": "zst"}


def read(*paths: str | Path, stdin: bytes | None = None) -> list[Entry | ReadFailure]:
    source = io.BytesIO(stdin) if stdin is not None else None
    return list(iter_entries([str(p) for p in paths], source))


def places(items: list[Entry | ReadFailure]) -> list[str]:
    """``file:line`` of each entry, ``! file: message`` of each failure."""
    return [i.where if isinstance(i, Entry) else f"! {i.file}: {i.message}" for i in items]


def failures(items: list[Entry | ReadFailure]) -> list[str]:
    return [i.message for i in items if isinstance(i, ReadFailure)]


# -- damaged compressed inputs: a read failure, and the next input is read -------------------


def _damaged(data: bytes, at: int) -> bytes:
    broken = bytearray(data)
    for offset in range(at, at + 8):
        broken[offset] ^= 0xA5
    return bytes(broken)


def _bad_deflate(data: bytes) -> bytes:
    """``data`` (gzip) whose first deflate block has the reserved block type 3."""
    broken = bytearray(data)
    broken[10] |= 0b110  # after the 10-byte gzip header: BFINAL, then the 2 bits of BTYPE
    return bytes(broken)


def test_a_corrupt_deflate_block_is_unreadable_and_the_next_input_is_read(tmp_path: Path) -> None:
    archive = tmp_path / "games.jsonl.gz"
    big = b"".join(LINE.replace(b'"id":"', f'"id":"{n}-'.encode()) + b"\n" for n in range(300))
    archive.write_bytes(_bad_deflate(gzip.compress(big)))
    items = read(archive, VALID)
    assert isinstance(items[-2], ReadFailure) and items[-2].file == str(archive)
    assert items[-2].message.startswith("corrupt gzip data:")
    assert places(items)[-1] == str(VALID)


@pytest.mark.parametrize("kind", sorted(COMPRESS))
def test_truncated_and_corrupt_archives_are_unreadable(kind: str, tmp_path: Path) -> None:
    data = COMPRESS[kind](JSONL * 50)
    cut, bad = tmp_path / "cut.jsonl", tmp_path / "bad.jsonl"
    cut.write_bytes(data[: len(data) * 2 // 3])
    bad.write_bytes(_damaged(data, len(data) // 2))
    assert [m.startswith(f"truncated {kind} data: ") for m in failures(read(cut))] == [True]
    damaged = failures(read(bad))  # a damaged block may also read as a stream cut short
    assert [re.match(f"(corrupt|truncated) {kind} data: ", m) is not None for m in damaged] == [
        True
    ]


@pytest.mark.parametrize("kind", sorted(COMPRESS))
def test_no_damage_to_a_compressed_input_raises(kind: str, tmp_path: Path) -> None:
    data = COMPRESS[kind](JSONL)
    rng = random.Random(kind)
    path = tmp_path / f"x.jsonl.{SUFFIX[kind]}"
    for _ in range(60):
        broken = bytearray(data)
        for _ in range(rng.randint(1, 4)):
            broken[rng.randrange(len(broken))] = rng.randrange(256)
        path.write_bytes(bytes(broken[: rng.randint(1, len(broken))]))
        assert all(isinstance(i, Entry | ReadFailure) for i in read(path))


def test_data_after_a_compressed_stream_is_unreadable(tmp_path: Path) -> None:
    path = tmp_path / "x.jsonl.gz"
    path.write_bytes(gzip.compress(JSONL) + b"trailing junk")
    assert failures(read(path)) == ["data after the end of the gzip stream (after line 3)"]


# -- compression and type by content ----------------------------------------------------------


@pytest.mark.parametrize("kind", sorted(COMPRESS))
@pytest.mark.parametrize("name", ["games.jsonl", "games", "games.jsonl.gz", "games.jsonl.zst"])
def test_compression_is_read_by_content_whatever_the_name(
    kind: str, name: str, tmp_path: Path
) -> None:
    path = tmp_path / name
    path.write_bytes(COMPRESS[kind](JSONL))
    assert places(read(path)) == [f"{path}:{n}" for n in (1, 2, 3)]


@pytest.mark.parametrize("kind", sorted(COMPRESS))
def test_compressed_standard_input_is_read(kind: str) -> None:
    assert places(read("-", stdin=COMPRESS[kind](JSONL))) == ["<stdin>:1", "<stdin>:2", "<stdin>:3"]


def test_concatenated_streams_are_read_on(tmp_path: Path) -> None:
    for kind, compress in COMPRESS.items():
        path = tmp_path / f"two.{kind}"
        path.write_bytes(compress(JSONL) + compress(LINE + b"\n"))
        assert len(read(path)) == 4, kind


def test_a_compression_suffix_on_plain_text_reads_the_text(tmp_path: Path) -> None:
    path = tmp_path / "mislabelled.jsonl.gz"
    path.write_bytes(JSONL)
    assert len(read(path)) == 3


def test_a_utf8_byte_order_mark_is_skipped(tmp_path: Path) -> None:
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + VALID.read_bytes())
    [entry] = read(path)
    assert isinstance(entry, Entry) and check_bytes(entry.data).valid


def _tar_gz() -> bytes:
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as tar:
        info = tarfile.TarInfo("games.jsonl")
        info.size = len(JSONL)
        tar.addfile(info, io.BytesIO(JSONL))
    return buffer.getvalue()


NOT_JSON = {
    "picture.png": (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(200), "a PNG image"),
    "paper.pdf": (b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj", "a PDF document"),
    "games.zip": (b"PK\x03\x04\x14\x00\x00\x00\x08\x00", "a ZIP archive (or an office document)"),
    "program": (b"\x7fELF\x02\x01\x01\x00" + bytes(100), "an ELF executable"),
    "data.jsonl": (b'{"a": 1}\n\x00\x01\x02', "binary data (a NUL byte)"),
    "latin1.jsonl": (b'{"name": "Andr\xe9"}\n', "binary data (not UTF-8 at byte 14)"),
    "games.tar.gz": (_tar_gz(), "a tar archive (inside gzip data)"),
    "page.json": (b"<!DOCTYPE html>\n<html><body>Sign in</body></html>", "an HTML page"),
}


@pytest.mark.parametrize("name", sorted(NOT_JSON))
def test_what_is_not_json_is_one_unreadable_input_saying_what_it_looks_like(
    name: str, tmp_path: Path
) -> None:
    data, looks = NOT_JSON[name]
    path = tmp_path / name
    path.write_bytes(data)
    assert places(read(path)) == [f"! {path}: looks like {looks}, not JSON"]
    assert places(read("-", stdin=data)) == [f"! <stdin>: looks like {looks}, not JSON"]


def test_the_command_reads_gzip_from_a_pipe_and_refuses_a_picture(tricklog, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    assert tricklog("validate", "-", stdin=gzip.compress(JSONL)).code == 0
    picture = tmp_path / "picture.png"
    picture.write_bytes(NOT_JSON["picture.png"][0])
    run = tricklog("validate", str(picture), str(VALID))
    assert run.code == 3
    assert "looks like a PNG image, not JSON" in run.err


# -- JSON arrays, read as streams of records --------------------------------------------------


def test_array_elements_keep_their_exact_bytes(tmp_path: Path) -> None:
    path = tmp_path / "games.json"
    tricky = b'{"s": "a \\" ] } [ {", "n": 123456789012345678901234567890, "f": 1.10}'
    path.write_bytes(b"[\n  " + LINE + b",\n  " + tricky + b" ,\n" + b"[1, [2]]" + b"\n]\n")
    entries = read(path)
    assert [e.data for e in entries if isinstance(e, Entry)] == [LINE, tricky, b"[1, [2]]"]
    assert places(entries) == [f"{path}:1", f"{path}:2", f"{path}:3"]


def test_an_integer_beyond_64_bits_gets_the_same_verdict_in_an_array(tmp_path: Path) -> None:
    record = json.loads(LINE)
    record["hands"][0]["claims"]["scores"][0] = 2**70
    text = json.dumps(record).encode()
    array, lines = tmp_path / "games.json", tmp_path / "games.jsonl"
    array.write_bytes(b"[" + text + b"]")
    lines.write_bytes(text + b"\n")

    def verdict(path: Path) -> list[tuple[str, str, object]]:
        [report] = check_paths([str(path)], audit=False)
        return [(p.code, p.pointer, p.actual) for p in report.problems]  # type: ignore[union-attr]

    assert verdict(array) == verdict(lines)
    assert verdict(array)[0][2] == 2**70


class _Counting(io.BytesIO):
    def __init__(self, data: bytes) -> None:
        super().__init__(data)
        self.most = 0

    def readinto(self, buffer) -> int:  # type: ignore[no-untyped-def]
        size = super().readinto(buffer)
        self.most = self.tell()
        return size


def test_an_array_is_read_as_a_stream() -> None:
    data = b"[" + b",".join([LINE] * 2000) + b"]"
    source = _Counting(data)
    stream = iter_entries(["-"], source)
    first = next(stream)
    assert isinstance(first, Entry) and first.data == LINE
    assert source.most < len(data) // 4  # the first record came before the rest was read
    assert sum(1 for _ in stream) == 1999


def test_a_single_record_json_file_is_one_entry(tmp_path: Path) -> None:
    compact = tmp_path / "compact.json"
    compact.write_bytes(LINE + b"\n")
    assert places(read(compact)) == [str(compact)]
    assert places(read(VALID)) == [str(VALID)]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (b"[{}, {} {}]", "expected , or ] after element 2, at byte 8"),
        (b"[{}, {},\n]", "a comma before the closing ] at byte 9"),
        (b"[{}, {}] trailing", "data after the end of the array at byte 9"),
        (b"[{}, {}", "the input ends after element 2, at byte 7"),
        (b"[{}, {]}, {}]", "element 2: a ] that does not close the { open there at byte 6"),
    ],
)
def test_a_broken_array_gives_its_records_then_says_where_it_broke(
    text: bytes, message: str, tmp_path: Path
) -> None:
    path = tmp_path / "broken.json"
    path.write_bytes(text)
    items = read(path)
    assert failures(items) == [message]
    assert places(items)[0] == f"{path}:1"


def test_standard_input_is_read_by_its_content() -> None:
    pretty = VALID.read_bytes()
    assert places(read("-", stdin=pretty)) == ["<stdin>"]
    assert places(read("-", stdin=b" \n[" + LINE + b",\n" + LINE + b"]")) == [
        "<stdin>:1",
        "<stdin>:2",
    ]
    assert places(read("-", stdin=JSONL)) == ["<stdin>:1", "<stdin>:2", "<stdin>:3"]


def test_a_bad_first_line_does_not_swallow_the_good_lines_after_it() -> None:
    nan_first = LINE.replace(b'"meta":{', b'"extensions":{"x":NaN},"meta":{') + b"\n"
    cut_first = LINE[: len(LINE) // 2] + b"\n"
    for first in (nan_first, cut_first):
        items = read("-", stdin=first + b"\n" + JSONL)
        assert places(items) == ["<stdin>:1", "<stdin>:3", "<stdin>:4", "<stdin>:5"]
        assert [check_bytes(e.data).valid for e in items if isinstance(e, Entry)] == [
            False,
            True,
            True,
            True,
        ]


def test_a_file_of_json_lines_named_json_is_read_line_by_line(tmp_path: Path) -> None:
    path = tmp_path / "games.json"
    path.write_bytes(JSONL)
    assert places(read(path)) == [f"{path}:{n}" for n in (1, 2, 3)]


def test_nan_anywhere_has_a_pointer_into_the_record() -> None:
    record = LINE.replace(b'"meta":{', b'"extensions":{"x":[1,NaN]},"meta":{')
    [problem] = check_bytes(record).problems
    assert problem.pointer == "/extensions"
    hand = LINE.replace(b'"claims":{"tricks"', b'"extensions":{"y":Infinity},"claims":{"tricks"')
    [problem] = check_bytes(hand).problems
    assert problem.pointer == "/hands/0/extensions"


# -- inputs with no records: the same report for every kind -----------------------------------


EMPTY = {
    "empty.json": b"",
    "empty.jsonl": b"",
    "blank.jsonl": b"\n  \n\n",
    "blank.json": b"\n\n",
    "empty.json.gz": gzip.compress(b""),
    "array.json": b" [ ]\n",
}


@pytest.mark.parametrize("name", sorted(EMPTY))
def test_an_input_without_records_is_unreadable_whatever_its_kind(  # type: ignore[no-untyped-def]
    name: str, tmp_path: Path, tricklog
) -> None:
    path = tmp_path / name
    path.write_bytes(EMPTY[name])
    [failure] = read(path)
    assert isinstance(failure, ReadFailure) and failure.message.startswith("holds no records (")
    [failure] = read("-", stdin=EMPTY[name])
    assert isinstance(failure, ReadFailure) and failure.message.startswith("holds no records (")
    assert tricklog("validate", str(path)).code == 3
    assert tricklog("audit", "-", stdin=EMPTY[name]).code == 3


def test_an_empty_directory_exits_3_like_an_empty_file(tricklog, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "nothing").mkdir()
    run = tricklog("validate", str(tmp_path / "nothing"))
    assert run.code == 3 and "no record files" in run.err


# -- directories, links and special files -----------------------------------------------------


def test_an_unreadable_subdirectory_is_reported(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "one.json").write_bytes(VALID.read_bytes())
    (tmp_path / "b-locked").mkdir()
    (tmp_path / "b-locked" / "two.json").write_bytes(VALID.read_bytes())
    (tmp_path / "c.json").write_bytes(VALID.read_bytes())
    real = os.scandir

    def scandir(path):  # type: ignore[no-untyped-def]
        if str(path).endswith("b-locked"):
            raise PermissionError(13, "Permission denied", str(path))
        return real(path)

    monkeypatch.setattr(os, "scandir", scandir)  # root may read any directory: pretend
    assert places(read(tmp_path)) == [
        f"{tmp_path}/a/one.json",
        f"! {tmp_path}/b-locked: cannot search this directory: permission denied",
        f"{tmp_path}/c.json",
    ]


def test_links_in_a_directory_end_and_are_reported(tmp_path: Path) -> None:
    (tmp_path / "games.json").write_bytes(VALID.read_bytes())
    (tmp_path / "loop").symlink_to(".")
    (tmp_path / "gone.jsonl").symlink_to(tmp_path / "missing.jsonl")
    (tmp_path / "self.json").symlink_to(tmp_path / "self.json")
    assert places(read(tmp_path)) == [
        f"{tmp_path}/games.json",
        f"! {tmp_path}/gone.jsonl: no such file or directory",
        f"! {tmp_path}/self.json: too many levels of symbolic links",
    ]
    assert places(read(tmp_path / "self.json")) == [
        f"! {tmp_path}/self.json: too many levels of symbolic links"
    ]


def test_a_device_is_unreadable_not_read() -> None:
    assert places(read("/dev/null")) == [
        "! /dev/null: a character device, not a regular file: give it as standard input (-) instead"
    ]


def test_a_fifo_is_reported_never_opened(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.jsonl"
    os.mkfifo(fifo)
    for target in (fifo, tmp_path):  # given as a path, and found in a directory
        run = subprocess.run(
            [sys.executable, "-m", "tricklog", "validate", str(target)],
            capture_output=True,
            text=True,
            timeout=60,
            cwd=ROOT,
            check=False,
        )
        assert run.returncode == 3
        assert "pipe.jsonl: a FIFO (named pipe), not a regular file" in run.stderr


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=6),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner, max_size=4)
    ),
    max_leaves=12,
)


@settings(max_examples=300, deadline=None)
@given(values=st.lists(json_values, max_size=6), indent=st.sampled_from([None, 0, 2]))
def test_the_array_splitter_finds_every_element(values: list[object], indent: int | None) -> None:
    data = json.dumps(values, indent=indent).encode()
    entries = read("-", stdin=b"\n" + data + b"\n") if values else []
    assert [json.loads(e.data) for e in entries if isinstance(e, Entry)] == values
    assert failures(entries) == []


def test_a_directory_reads_every_compressed_record_file(tmp_path: Path) -> None:
    for kind, suffix in SUFFIX.items():
        (tmp_path / f"{kind}.jsonl.{suffix}").write_bytes(COMPRESS[kind](JSONL))
    (tmp_path / "notes.txt").write_bytes(b"not a record file: not read")
    assert len(read(tmp_path)) == 4 * 3


def test_a_byte_order_mark_in_the_middle_is_named(tricklog, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """``cat a.jsonl b.jsonl`` where b starts with a byte-order mark: its first record was
    "expected value at line 1 column 1", which did not say why."""
    record = json.dumps(RECORD, separators=(",", ":")).encode()
    joined = tmp_path / "joined.jsonl"
    joined.write_bytes(record + b"\n" + b"\xef\xbb\xbf" + record + b"\n" + record + b"\n")
    run = tricklog("validate", str(joined))
    assert run.code == 1
    assert (
        f"{joined}:2::/ record.json [malformed]: not valid JSON: a byte-order mark (U+FEFF) "
        "starts this record; one belongs only at the start of a file (was a file joined onto "
        "another?): remove it\n" in run.out
    )
    assert "1 with problems" in run.out  # the first and the third are valid
    big = b"\xef\xbb\xbf" + record[:-1] + b', "extensions": {"pad": "' + b"x" * (1 << 20) + b'"}}'
    [problem] = check_bytes(big).problems  # over EXPLAIN_BYTES: the fast decoder's fault
    assert "a byte-order mark (U+FEFF) starts this record" in problem.message
