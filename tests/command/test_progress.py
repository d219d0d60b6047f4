"""The progress bar: on stderr when it is a terminal, never on stdout, never with -q or a pipe."""

from __future__ import annotations

import gzip
import io
import os
import pty
import subprocess
from pathlib import Path

import pytest
from rich.filesize import decimal

from records.io import Entry, iter_entries
from replay.parallel import RANGE_BYTES, plan
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


def test_the_reader_counts_the_bytes_it_reads_as_it_reads_them(
    tmp_path: Path, archive: Path
) -> None:
    packed = tmp_path / "games.jsonl.gz"
    packed.write_bytes(gzip.compress(archive.read_bytes() * 40, compresslevel=1))
    read: list[int] = []
    seen = []
    for entry in iter_entries([str(packed), str(archive)], counted=read.append):
        assert isinstance(entry, Entry)
        seen.append((entry.file, sum(read)))
    within = [done for name, done in seen if name == str(packed)]
    assert 0 < within[0] < packed.stat().st_size  # part of the compressed file read
    assert within == sorted(within) and within[-1] == packed.stat().st_size
    assert sum(read) == packed.stat().st_size + archive.stat().st_size
    piped: list[int] = []
    list(iter_entries(["-"], stdin=io.BytesIO(archive.read_bytes()), counted=piped.append))
    assert sum(piped) == archive.stat().st_size


def test_ranges_read_by_workers_fill_the_bar(tmp_path: Path, archive: Path) -> None:
    big = tmp_path / "big.jsonl"  # larger than a range: read by ranges, not record by record
    big.write_bytes(archive.read_bytes() * (RANGE_BYTES // archive.stat().st_size + 2))
    assert len(list(plan([str(big)], RANGE_BYTES))) > 1
    _, terminal, code = _on_a_terminal("audit", "-j2", big)
    assert code == 0
    number, unit = decimal(big.stat().st_size).split()
    assert f"{number}/{number} {unit}" in terminal.decode(errors="replace")
