"""OpenSpiel inputs keep the read limits: returns that are numbers as pyspiel prints them (not
any text ``Fraction`` takes), a history file read a line at a time within the limit of one
record, a history no longer than a deal of its game, a playthrough within the limit."""

from __future__ import annotations

import gzip
import io
import resource
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from records.formats.drafts import Draft
from records.formats.openspiel import CODE, drafts, read
from records.io import ReadFailure
from records.limits import ReadLimits
from tests.conftest import FIXTURES
from tests.format.test_limits import Endless

PLAYTHROUGH = (FIXTURES / "openspiel" / "oh_hell.txt").read_text()
FINAL_RETURNS = "Returns() = [0, 0, 2]"
GOOD = "oh_hell()\t2 2 19 12 31 20 26 28 3 53 54 53 19 12 31 28 20 26"
SMALL = ReadLimits(record_bytes=64 * 1024)
LIMIT = "(the limit of one record, TRICKLOG_MAX_RECORD_BYTES)"


@contextmanager
def cpu_seconds(most: int) -> Iterator[None]:
    """Fail, rather than hang, if the block takes more than ``most`` seconds of CPU."""

    def stop(*_: object) -> None:
        raise AssertionError(f"took more than {most} s of CPU")

    previous = signal.signal(signal.SIGXCPU, stop)
    soft, hard = resource.getrlimit(resource.RLIMIT_CPU)
    used = int(resource.getrusage(resource.RUSAGE_SELF).ru_utime) + 1
    resource.setrlimit(resource.RLIMIT_CPU, (used + most, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_CPU, (soft, hard))
        signal.signal(signal.SIGXCPU, previous)


def _drafts(data: bytes | io.RawIOBase, limits: ReadLimits = SMALL) -> list[Draft | ReadFailure]:
    stream = io.BytesIO(data) if isinstance(data, bytes) else io.BufferedReader(data)
    return list(drafts(stream, "o.txt", limits))


def _message(item: Draft | ReadFailure) -> str:
    if isinstance(item, ReadFailure):
        return f"! {item.message}"
    assert item.problems
    return item.problems[0].message


@pytest.mark.parametrize(
    ("returns", "why"),
    [
        ("[1e300000000, 0, 0]", "hours of CPU in Fraction"),
        ("[1/0, 0, 0]", "ZeroDivisionError in Fraction"),
        ("[1e99999999999999999999, 0, 0]", "an exponent of 20 digits"),
        ("[" + "9" * 5000 + ", 0, 0]", "an integer over 4,300 digits"),
        ("[inf, 0, 0]", "not a number"),
    ],
)
def test_returns_that_are_not_numbers_pyspiel_prints_are_a_problem(returns: str, why: str) -> None:
    text = PLAYTHROUGH.replace(FINAL_RETURNS, f"Returns() = {returns}")
    assert text != PLAYTHROUGH
    with cpu_seconds(20):
        [found] = _drafts(text.encode(), ReadLimits())
    assert isinstance(found, Draft), why
    [problem] = found.problems
    assert problem.code == CODE
    assert problem.message.startswith("Returns() holds numbers as pyspiel prints them, not")


def test_returns_as_pyspiel_prints_them_still_read() -> None:
    text = PLAYTHROUGH.replace(FINAL_RETURNS, "Returns() = [0.0, 0e+00, 2.00000]")
    [found] = _drafts(text.encode(), ReadLimits())
    assert isinstance(found, Draft) and found.data and not found.losses


def test_a_history_line_over_the_limit_stops_the_file_where_it_is() -> None:
    """A 42 MB history line was held whole (1.2 GB)."""
    long = "oh_hell()\t" + "0 " * 40_000
    items = _drafts(f"{GOOD}\n{long}\n{GOOD}\n".encode())
    assert [type(i) for i in items] == [Draft, ReadFailure]
    assert _message(items[1]) == f"! line 2 is longer than 64 KiB {LIMIT}; stopped reading"


def test_an_endless_history_line_stops_at_the_limit() -> None:
    stream = Endless(b"oh_hell()\t2 2", b" 19")
    [failure] = _drafts(stream)  # type: ignore[arg-type]
    assert _message(failure).startswith("! line 1 is longer than 64 KiB")
    assert stream.served < 1024 * 1024


def test_a_gzip_of_a_long_history_stops_at_the_limit_unread(tmp_path: Path) -> None:
    """400 KB of gzip, 100 MB of history: read whole (380 MB) before."""
    path = tmp_path / "long.openspiel.gz"
    with gzip.open(path, "wb") as stream:
        stream.write(b"oh_hell()\t2 2")
        for _ in range(100):
            stream.write(b" 19" * 100_000)
    failures = [r for r in read(str(path)) if isinstance(r, ReadFailure)]
    assert [f.message for f in failures] == [
        f"line 1 is longer than 16 MiB {LIMIT}; stopped reading"
    ]


def test_a_history_longer_than_any_deal_of_its_game_is_a_problem_not_read_on() -> None:
    line = "oh_hell(players=3)\t" + "0 " * 60_000
    [found] = _drafts(f"{line}\n".encode(), ReadLimits())
    assert _message(found) == "more than 108 actions, the most a deal of this game has"


def test_a_playthrough_over_the_limit_is_unreadable() -> None:
    text = PLAYTHROUGH + "# padding\n" * 10_000
    [failure] = _drafts(text.encode())
    assert _message(failure) == f"! a playthrough of more than 64 KiB {LIMIT}"
    [found] = _drafts(PLAYTHROUGH.encode())
    assert isinstance(found, Draft) and found.data


def test_a_line_that_is_not_utf8_is_a_problem_at_its_line_and_the_next_reads() -> None:
    items = _drafts(f"{GOOD}\n".encode() + b"oh_hell()\t2 \xff\n" + f"{GOOD}\n".encode())
    assert [(i.line, bool(i.data)) for i in items] == [(1, True), (2, False), (3, True)]  # type: ignore[union-attr]
    assert _message(items[1]).startswith("not UTF-8 text")
