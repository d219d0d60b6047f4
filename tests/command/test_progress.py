"""The progress bar: on stderr when it is a terminal, never on stdout, never with -q or a pipe."""

from __future__ import annotations

import gzip
import os
import pty
import subprocess
from pathlib import Path

import pytest
from rich.filesize import decimal

from records.io import Entry, iter_entries
from replay.cli.checking import FilePosition
from tests.command import processes
from tests.command.test_jobs import mixed_archive


@pytest.fixture(scope="module")
def archive(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return mixed_archive(tmp_path_factory.mktemp("progress") / "games.jsonl", valid_only=True)


def _on_a_terminal(*args: str | Path) -> tuple[bytes, bytes, int]:
    """(stdout, what the terminal on stderr received, exit code)."""
    master, slave = pty.openpty()
    env = processes.environment(COLUMNS="160")
    argv = [*processes.COMMAND, *map(str, args)]
    process = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=slave, env=env)
    os.close(slave)
    received = []
    while True:
        try:
            data = os.read(master, 65536)
        except OSError:  # the other end is closed
            break
        if not data:
            break
        received.append(data)
    os.close(master)
    assert process.stdout is not None
    out = process.stdout.read()
    return out, b"".join(received), process.wait(timeout=120)


def test_a_terminal_on_stderr_gets_the_bar_and_stdout_only_the_report(archive: Path) -> None:
    out, terminal, code = _on_a_terminal("audit", "-j1", archive)
    assert code == 0
    shown = terminal.decode(errors="replace")
    assert " records, " in shown and " hands" in shown
    number, unit = decimal(archive.stat().st_size).split()
    assert f"0.0/{number} {unit}" in shown and f"{number}/{number} {unit}" in shown  # bytes
    assert "records/s" in shown and "left" in shown
    assert b"\x1b" not in out
    piped = processes.run("audit", "-j1", archive)
    assert out.splitlines()[:-1] == piped.stdout.splitlines()[:-1]  # all but the timing
    assert piped.stderr == b""  # stderr a pipe: no bar


def test_quiet_has_no_bar_even_on_a_terminal(archive: Path) -> None:
    out, terminal, code = _on_a_terminal("validate", "-q", archive)
    assert (out, code) == (b"", 0)
    assert b"records" not in terminal


def test_bytes_read_come_from_the_file_the_reader_has_open(tmp_path: Path, archive: Path) -> None:
    packed = tmp_path / "games.jsonl.gz"
    packed.write_bytes(gzip.compress(archive.read_bytes() * 40, compresslevel=1))
    position = FilePosition([str(packed), str(archive)])
    assert position.total == packed.stat().st_size + archive.stat().st_size
    entries = iter_entries([str(packed), str(archive)])
    seen = []
    for entry in entries:
        assert isinstance(entry, Entry)
        position.reading(entry.file)
        seen.append(position.read())
        if entry.file == str(archive):
            break
    within = [read for read in seen[:-1] if read is not None]
    assert 0 < within[0] < packed.stat().st_size  # part of the compressed file read
    assert within == sorted(within)
    assert seen[-1] is not None and seen[-1] >= packed.stat().st_size
    entries.close()
    assert FilePosition(["-"]).total is None
