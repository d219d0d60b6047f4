"""The progress bar: on stderr when it is a terminal, never on stdout, never with -q or a pipe;
never sharing a line with output, never wider than the terminal."""

from __future__ import annotations

import fcntl
import gzip
import io
import os
import pty
import re
import struct
import subprocess
import termios
from pathlib import Path

import pytest
from rich.filesize import decimal

from records.io import Entry, iter_entries
from records.words import number_of
from replay.cli.progress import Progress
from replay.parallel import RANGE_BYTES, plan
from tests.command import processes
from tests.command.test_jobs import mixed_archive


@pytest.fixture(scope="module")
def archive(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return mixed_archive(tmp_path_factory.mktemp("progress") / "games.jsonl", valid_only=True)


def _drain(master: int) -> list[bytes]:
    """Everything the terminal's master side receives until the other end is closed; closes it."""
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
    return received


def _on_a_terminal(*args: str | Path) -> tuple[bytes, bytes, int]:
    """(stdout, what the terminal on stderr received, exit code)."""
    master, slave = pty.openpty()
    env = processes.environment(COLUMNS="160")
    argv = [*processes.COMMAND, *map(str, args)]
    process = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=slave, env=env)
    os.close(slave)
    received = _drain(master)
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


def _terminal(columns: int, *args: str | Path, **env: str) -> tuple[str, int]:
    """What a terminal ``columns`` wide receives when stdout and stderr are both on it (as in
    an interactive shell), and the exit code."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, columns, 0, 0))
    environment = processes.environment(**env)
    environment.pop("COLUMNS", None)  # the terminal's own width, as a shell has it
    argv = [*processes.COMMAND, *map(str, args)]
    process = subprocess.Popen(argv, stdout=slave, stderr=slave, env=environment)
    os.close(slave)
    received = _drain(master)
    return b"".join(received).decode(errors="replace"), process.wait(timeout=120)


def _screen(received: str, columns: int) -> tuple[list[str], str]:
    """(the lines a terminal keeps, each long line joined back from the rows it wrapped onto;
    the row the cursor is left on) after ``received``: carriage return, line feed, erase to the
    end of the line, and wrapping at ``columns``."""
    lines: list[str] = []
    row: list[str] = []
    column, wrapped = 0, False

    def commit(end: bool) -> None:
        text = "".join(row).rstrip() if end else "".join(row)  # a wrapped row is whole
        if wrapped and lines:
            lines[-1] += text
        else:
            lines.append(text)

    at = 0
    while at < len(received):
        char = received[at]
        escape = re.match(r"\x1b\[([0-9;?]*)([A-Za-z])", received[at:])
        if escape:
            mode = escape[1] or "0"
            if escape[2] == "K" and mode == "0":  # erase to the end of the line
                del row[column:]
            elif escape[2] == "K":  # 1: from its start to the cursor, 2: all of it
                end = len(row) if mode == "2" else min(column + 1, len(row))
                row[:end] = [" "] * end
            elif escape[2] == "A":  # up: to the row before, whose text is kept as it was
                row, wrapped = list(lines.pop() if lines else ""), False
            at += len(escape[0])
            continue
        at += 1
        if char == "\r":
            column = 0
        elif char == "\n":
            commit(end=True)
            row, column, wrapped = [], 0, False
        else:
            if column >= columns:  # the terminal wraps: the rest goes on the next row
                commit(end=False)
                row, column, wrapped = [], 0, True
            row.extend(" " * (column - len(row)))
            row[column : column + 1] = [char]
            column += 1
    return lines, "".join(row).rstrip()


BAR_TEXT = re.compile(r"elapsed|records/s|━|─")


def test_problems_printed_while_the_bar_is_up_get_lines_of_their_own(tmp_path: Path) -> None:
    archive = mixed_archive(tmp_path / "mixed.jsonl", 3)  # hundreds of problems, in many chunks
    missing = tmp_path / "missing.jsonl"
    received, code = _terminal(80, "validate", "-j1", archive, missing, archive)
    assert code == 3
    assert received.count("━") > 100  # the bar was drawn, and redrawn
    lines, cursor = _screen(received, 80)
    left = [line for line in lines if BAR_TEXT.search(line)]  # no "... leftFAIL /..."
    assert [line for line in left if not line.startswith("checked in ")] == []  # the summary's
    assert cursor == ""  # and the bar is gone at the end
    piped = processes.run("validate", "-j1", archive, missing, archive)
    report = piped.stdout.decode().splitlines()
    error = piped.stderr.decode().strip()
    assert lines[-1].startswith("checked in ")  # the timing, which differs from run to run
    assert [line for line in lines[:-1] if line != error] == report[:-1]
    assert lines.count(error) == 1 and error.startswith(f"error: {missing}")


def test_the_bar_fits_the_terminal_and_never_wraps(tmp_path: Path) -> None:
    archive = mixed_archive(tmp_path / "clean.jsonl", 3, valid_only=True)
    for columns in (80, 60, 40):
        received, code = _terminal(columns, "audit", "-j1", archive)
        assert code == 0
        frames = [part for part in received.split("\r\x1b[K") if part and "\n" not in part]
        assert frames and all(len(frame) < columns for frame in frames), columns
        lines, cursor = _screen(received, columns)
        records = sum(1 for line in archive.read_bytes().splitlines() if line.strip())
        assert lines[0].startswith(number_of(records, "record"))
        barred = [line for line in lines if BAR_TEXT.search(line)]
        assert [line for line in barred if not line.startswith("checked in ")] == []
        assert cursor == ""
        if columns == 80:  # the counts, the bar, the bytes and the time left fit
            unit = decimal(archive.stat().st_size).split()[1]  # kB or MB, as the archive's size
            assert any(" hands ━" in f and f" {unit} " in f and " left" in f for f in frames)


@pytest.mark.parametrize("width", [200, 120, 100, 80, 60, 45, 30, 12])
def test_the_line_is_made_for_the_width(width: int) -> None:
    bar = Progress(7_600_000, stream=io.StringIO())
    bar.read, bar.records, bar.hands = 3_100_000, 12_345, 160_485
    bar.started -= 3
    line = bar.line(width)
    assert len(line) <= width - 1
    assert line.startswith("12,345 records, 160,485 hands"[: width - 1])
    if width >= 80:
        assert " 3.1/7.6 MB " in line and line.endswith(" left")
    if width >= 120:
        assert "records/s" in line and "0:00:03 elapsed" in line
    streamed = Progress(None, stream=io.StringIO())  # standard input: no total, no bar
    streamed.records, streamed.hands = 5, 50
    assert "left" not in streamed.line(width) and "━" not in streamed.line(width)


def test_a_dumb_terminal_gets_no_bar(archive: Path) -> None:
    received, code = _terminal(80, "audit", "-j1", archive, TERM="dumb")
    assert code == 0 and "\x1b" not in received and "━" not in received
