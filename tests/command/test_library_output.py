"""``tricklog.convert(inputs, out)`` writes its output as the command does (one writer,
``records.output``): a symlink is followed, a hard link, a mode and an owner are kept, a FIFO or
a device is streamed to and never replaced, and nothing is sent when the conversion stops."""

from __future__ import annotations

import inspect
import os
import stat
import threading
from pathlib import Path

import pytest

import tricklog
from records.formats import convert as library
from records.formats.convert import Conversion
from records.output import write_whole
from replay.cli import convert as command
from tests.conftest import FIXTURES

GAME = FIXTURES / "oh_hell" / "valid" / "default-4p-complete-game.json"
MALFORMED = next((FIXTURES / "oh_hell" / "invalid").glob("record.unknown-field--*.json"))


def _convert(out: Path, *inputs: Path) -> Conversion:
    return tricklog.convert([str(p) for p in inputs or (GAME,)], out, to="jsonl")


def _lines(path: Path) -> int:
    return len(path.read_bytes().splitlines())


def test_a_symlink_is_followed_and_stays_a_link(tmp_path: Path) -> None:
    target = tmp_path / "real.jsonl"
    target.write_text("old\n")
    link = tmp_path / "latest.jsonl"
    link.symlink_to(target)
    assert _convert(link).written
    assert link.is_symlink() and link.resolve() == target
    assert _lines(target) == 1 and target.read_text() != "old\n"


def test_a_hard_link_is_kept(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    out.write_text("old\n")
    other = tmp_path / "also.jsonl"
    os.link(out, other)
    assert _convert(out).written
    assert out.stat().st_ino == other.stat().st_ino and out.stat().st_nlink == 2
    assert other.read_bytes() == out.read_bytes() != b"old\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["also.jsonl", "games.jsonl"]


def test_an_existing_file_keeps_its_mode(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    out.write_text("old\n")
    out.chmod(0o600)
    assert _convert(out).written
    assert stat.S_IMODE(out.stat().st_mode) == 0o600
    fresh = tmp_path / "fresh.jsonl"
    assert _convert(fresh).written
    umask = os.umask(0)
    os.umask(umask)
    assert stat.S_IMODE(fresh.stat().st_mode) == 0o666 & ~umask


def test_a_fifo_is_streamed_to_and_stays_a_fifo(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.jsonl"
    os.mkfifo(fifo)
    received: list[bytes] = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_bytes()), daemon=True)
    reader.start()
    assert _convert(fifo).written
    reader.join(timeout=30)
    assert stat.S_ISFIFO(fifo.lstat().st_mode)
    assert len(received[0].splitlines()) == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pipe.jsonl"]


def test_a_device_is_written_to_never_replaced(tmp_path: Path) -> None:
    """``out="/dev/null"``, on a private copy of the device: the old writer replaced it with a
    regular file (as root, /dev/null itself)."""
    null = tmp_path / "null"
    try:
        os.mknod(null, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    except PermissionError:
        pytest.skip("making a device node needs root")
    report = _convert(null)
    assert report.written and report.unwritable is None
    assert stat.S_ISCHR(null.lstat().st_mode) and null.stat().st_rdev == os.makedev(1, 3)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["null"]


def test_a_stopped_conversion_sends_nothing_to_a_fifo(tmp_path: Path) -> None:
    """A stream cannot take a file back: the output is held until it is whole."""
    fifo = tmp_path / "pipe.jsonl"
    os.mkfifo(fifo)
    opened = threading.Event()

    def read() -> None:
        with open(fifo, "rb") as stream:  # blocks until a writer opens it, if one ever does
            opened.set()
            stream.read()

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    report = _convert(fifo, GAME, MALFORMED)  # not a record: a loss, so nothing is written
    assert not report.written and report.rejected
    assert not opened.wait(0.5)
    with open(fifo, "wb"):  # let the reader go
        pass
    reader.join(timeout=30)


def test_an_unwritable_output_is_reported_not_raised(tmp_path: Path) -> None:
    report = _convert(tmp_path / "no" / "such" / "games.jsonl")
    assert not report.written
    assert report.unwritable == (
        f"{tmp_path / 'no/such/games.jsonl'}: cannot write: no such directory: "
        f"{tmp_path / 'no/such'}"
    )
    assert _convert(tmp_path).unwritable == f"{tmp_path}: is a directory; give a file name"


def test_the_library_and_the_command_write_through_one_writer() -> None:
    """The command passes no writer of its own: ``convert``'s default is ``records.output``'s."""
    default = inspect.signature(library.convert).parameters["write_file"].default
    assert default is write_whole
    assert "write_file" not in inspect.getsource(command)
