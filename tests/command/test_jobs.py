"""``--jobs N``: records checked on worker processes, the output the same as on one core."""

from __future__ import annotations

import gzip
import itertools
import json
import os
import signal
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

import replay.cli.checking
import replay.parallel
from records.io import Entry, ReadFailure
from replay.parallel import CHUNK_RECORDS, IN_FLIGHT, START_AFTER, chunks, ordered_map
from tests.command import processes
from tests.conftest import FIXTURES


def one_line(path: Path) -> bytes:
    """A fixture as one JSON Lines line (a file that does not parse, as it is)."""
    text = path.read_bytes()
    try:
        return json.dumps(json.loads(text)).encode()
    except ValueError:
        return text.replace(b"\n", b" ")


def mixed_archive(path: Path, copies: int = 1, *, valid_only: bool = False) -> Path:
    """Every game's valid and invalid fixtures, ``copies`` times, with a broken line and blank
    lines among them: more than a few chunks of records of every kind."""
    fixtures = sorted(FIXTURES.glob("*/valid/*.json" if valid_only else "*/*valid/*.json"))
    lines = [one_line(p) for p in fixtures if p.parent.parent.name != "openspiel"]
    broken = [] if valid_only else [b"{not json"]
    body = [*lines, *broken, b"   ", *lines[:5]] * copies
    path.write_bytes(b"\n".join(body) + b"\n")
    return path


@pytest.fixture(scope="module")
def mixed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return mixed_archive(tmp_path_factory.mktemp("jobs") / "mixed.jsonl")


@pytest.fixture
def stopped_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """The summary's clock reads 0 and then 2 seconds: the timing line is the same every run."""
    ticks = itertools.count(0, 2)
    monkeypatch.setattr(replay.cli.checking, "clock", lambda: float(next(ticks)))


@pytest.fixture
def pool_starts(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many times worker processes were started (with how many); they start after two
    chunks here, so that a small archive shows they work."""
    monkeypatch.setattr(replay.parallel, "START_AFTER", 2)
    started: list[int] = []
    real = replay.parallel._start

    def spy(workers, preload):  # type: ignore[no-untyped-def]
        started.append(workers)
        return real(workers, preload)

    monkeypatch.setattr(replay.parallel, "_start", spy)
    return started


@pytest.mark.parametrize(
    "args",
    [
        ("audit", "-v"),
        ("validate", "--format", "json"),
        ("audit", "--explain", "--format", "jsonl", "--problems-only"),
    ],
)
def test_two_workers_print_exactly_what_one_core_prints(
    args: tuple[str, ...], mixed: Path, tricklog, stopped_clock: None, pool_starts: list[int]
) -> None:  # type: ignore[no-untyped-def]
    inputs = [str(mixed), str(FIXTURES / "bestia" / "valid")]
    one = tricklog(*args, "-j", "1", *inputs)
    assert pool_starts == []
    two = tricklog(*args, "-j", "2", *inputs)
    assert pool_starts == [2]  # the workers did the checking
    assert one.code == two.code == 1
    assert one.out == two.out
    assert one.err == two.err
    assert "checked in 2.00 s" in one.out or '"elapsed_seconds":2.0' in one.out


def test_workers_read_the_ranges_of_a_plain_file_themselves(
    tmp_path: Path,
    tricklog,
    stopped_clock: None,
    pool_starts: list[int],
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(replay.parallel, "RANGE_BYTES", 50_000)
    read_here: list[str] = []  # what this process reads record by record
    real = replay.parallel.iter_entries

    def spy(paths: list[str], **options: object) -> Iterator[Entry | ReadFailure]:
        read_here.extend(paths)
        return real(paths, **options)  # type: ignore[arg-type]

    monkeypatch.setattr(replay.parallel, "iter_entries", spy)
    body = mixed_archive(tmp_path / "mixed.jsonl").read_bytes()
    lines = body.splitlines(keepends=True)
    limit = max(map(len, lines)) + 1000
    monkeypatch.setenv("TRICKLOG_MAX_RECORD_BYTES", str(limit))
    plain = tmp_path / "plain.jsonl"
    plain.write_bytes(b"\xef\xbb\xbf" + body)  # a byte order mark, a broken line, blank lines
    cut = tmp_path / "cut.jsonl"  # a line too long half-way: nothing after it is read
    cut.write_bytes(b"".join(lines[:150]) + b"{" + b" " * 2 * limit + b"}\n" + body[:99_999])
    inputs = [str(plain), str(cut), str(cut), str(FIXTURES / "bestia" / "valid")]  # cut twice
    assert len(list(replay.parallel.plan([str(plain)], 50_000))) > 10
    for args in (("audit", "-v"), ("validate", "--format", "jsonl")):
        one = tricklog(*args, "-j", "1", *inputs)
        two = tricklog(*args, "-j", "2", *inputs)
        assert (two.code, two.out, two.err) == (one.code, one.out, one.err)
    assert one.code == 3 and one.out.count(f'"file":"{cut}","message":"line 151 is longer') == 2
    assert f'"source":"{plain}:{len(lines)}"' in one.out  # exact lines, the last one too
    pages = {}  # audit --html: each page made by the worker that checked its record
    part = tmp_path / "part.jsonl"
    part.write_bytes(b"".join(lines[-80:]))
    for jobs in ("1", "2"):
        folder = tmp_path / f"pages-{jobs}"
        assert tricklog("audit", "-q", "-j", jobs, "--html", str(folder), str(part)).code == 1
        pages[jobs] = {page.name: page.read_bytes() for page in folder.iterdir()}
    assert pages["1"] == pages["2"] and len(pages["1"]) > 10
    assert read_here and not {str(plain), str(cut)} & set(read_here)  # the workers read them
    assert pool_starts == [2, 2, 2]


def test_a_small_input_is_checked_without_starting_workers(
    tricklog, pool_starts, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(replay.parallel, "START_AFTER", START_AFTER)  # as shipped
    run = tricklog("validate", "-j", "0", str(FIXTURES / "oh_hell" / "valid"))
    assert run.code == 0
    assert pool_starts == []


def test_jobs_must_be_a_number_of_processes(tricklog) -> None:  # type: ignore[no-untyped-def]
    run = tricklog("validate", "-j", "-1", str(FIXTURES / "oh_hell" / "valid"))
    assert run.code == 2
    assert "-1 is out of range; give 0 to 1,024" in run.err


def _entries(count: int, consumed: list[int]) -> Iterator[Entry | ReadFailure]:
    for number in range(1, count + 1):
        consumed.append(number)
        if number % 50 == 0:
            yield ReadFailure(f"f{number}", "gone")
        yield Entry("f", number, b"x" * number)


def _slow_sum(entries: list[Entry]) -> int:
    """Later chunks finish first: the order of the results is the map's doing."""
    time.sleep(0.2 / entries[0].line)
    return sum(e.line for e in entries)


def test_results_come_in_input_order_with_failures_in_their_places(
    pool_starts: list[int],
) -> None:
    consumed: list[int] = []
    units = list(chunks(_entries(60, consumed), records=8))
    expected = [u if isinstance(u, ReadFailure) else _slow_sum(u) for u in units]
    assert any(isinstance(u, ReadFailure) for u in expected)
    assert list(ordered_map(_slow_sum, units, 2)) == expected
    assert pool_starts == [2]


def test_chunks_end_at_a_count_or_a_size_and_before_a_failure() -> None:
    units = list(chunks(_entries(60, []), records=4, size=1000))
    sizes = [[e.line for e in u] if isinstance(u, list) else u.file for u in units]
    assert sizes[:3] == [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]]
    assert [45, 46, 47, 48] in sizes and [49] in sizes and "f50" in sizes
    assert all(sum(line for line in u) < 1000 + 60 for u in sizes if isinstance(u, list))


def test_memory_stays_flat_few_chunks_are_read_ahead(pool_starts: list[int]) -> None:
    consumed: list[int] = []
    results = ordered_map(_slow_sum, chunks(_entries(10_000, consumed), records=4), 2)
    here = replay.parallel.START_AFTER
    for _ in range(here + 1):  # those checked here, then the first from a worker
        next(results)
    assert pool_starts == [2]
    # which is waited for with at most IN_FLIGHT chunks per worker read ahead
    assert len(consumed) <= (here + 2 * IN_FLIGHT) * 4 + 2
    results.close()


def test_done_when_gzip_from_a_pipe_and_a_clean_zstd_archive_with_two_jobs(
    tmp_path: Path,
) -> None:
    zstandard = pytest.importorskip("zstandard")
    plain = mixed_archive(tmp_path / "clean.jsonl", 20, valid_only=True).read_bytes()
    archive = tmp_path / "big.jsonl.zst"
    archive.write_bytes(zstandard.ZstdCompressor().compress(plain))
    records = len([line for line in plain.splitlines() if line.strip()])
    assert records > START_AFTER * CHUNK_RECORDS  # -j 2 starts its workers
    one = processes.run("audit", "-j", "1", archive)
    two = processes.run("audit", "-j", "2", archive)
    assert one.returncode == two.returncode == 0
    assert one.stdout.splitlines()[:-1] == two.stdout.splitlines()[:-1]  # all but the timing
    assert one.stdout.startswith(f"{records} record(s), ".encode())
    assert len(one.stdout.splitlines()) == 2  # only the summary: counts, then time and rate
    piped = processes.run("audit", "-", input=gzip.compress(plain))
    assert piped.returncode == 0, piped.stderr
    assert piped.stdout.splitlines()[0] == one.stdout.splitlines()[0].replace(
        str(archive).encode(), b"<stdin>"
    )


def test_ctrl_c_ends_the_command_and_its_workers(tmp_path: Path) -> None:
    archive = mixed_archive(tmp_path / "long.jsonl", 600, valid_only=True)
    argv = [*processes.AS_FROM_A_TERMINAL, "audit", "-v", "-j", "2", str(archive)]
    process = subprocess.Popen(
        argv,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=processes.environment(),
        start_new_session=True,  # a process group of its own, as a terminal's job is
    )
    assert process.stdout is not None
    for _ in range(2 * START_AFTER * CHUNK_RECORDS):  # the workers are at work
        assert process.stdout.readline().startswith(b"ok   ")
    os.killpg(process.pid, signal.SIGINT)  # Ctrl-C: the whole group gets it
    # the pipes close only when every process holding them (the workers too) has ended
    _, err = process.communicate(timeout=60)
    assert process.returncode == 130
    assert err == b""
