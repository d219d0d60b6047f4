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
import replay.workers
from records.io import Entry, ReadFailure
from records.words import number_of
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
    cores = replay.workers.cores()
    monkeypatch.setattr(replay.workers, "cores", lambda: max(2, cores))  # -j 2 is not capped
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
    assert one.stdout.startswith(f"{number_of(records, 'record')}, ".encode())
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


MiB = 1024 * 1024


@pytest.mark.parametrize(
    ("jobs", "size", "cores", "workers"),
    [
        (0, 8 * MiB, 2, 1),  # a 7.6 MB archive: -j 0 was 50% slower than -j 1 on 2 cores
        (0, 63 * MiB, 2, 1),
        (0, 64 * MiB, 2, 2),  # two workers, each with at least BYTES_PER_WORKER
        (0, 1000 * MiB, 2, 2),
        (0, 100 * MiB, 8, 3),
        (0, None, 4, 4),  # a stream: decided as it comes (ordered_map's after)
        (1, 1000 * MiB, 2, 1),
        (32, None, 2, 2),  # -j 32 on 2 cores ran 33 processes in about 960 MB
        (3, 8 * MiB, 4, 3),  # asked for: as many as asked, up to the cores
    ],
)
def test_how_many_workers(
    jobs: int, size: int | None, cores: int, workers: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert replay.workers.BYTES_PER_WORKER // MiB == 32
    monkeypatch.setattr(replay.workers, "cores", lambda: cores)
    assert replay.workers.workers_for(jobs, size) == workers


def test_the_default_starts_workers_only_for_an_input_that_repays_them(
    tmp_path: Path, tricklog, pool_starts: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(replay.parallel, "RANGE_BYTES", 50_000)  # many ranges: work for workers
    archive = mixed_archive(tmp_path / "mixed.jsonl", 2)
    size = archive.stat().st_size
    monkeypatch.setattr(replay.workers, "BYTES_PER_WORKER", size // 2 + 1)  # 2 need more
    one = tricklog("validate", "-j", "1", str(archive))
    default = tricklog("validate", str(archive))
    assert pool_starts == []  # checked here, as -j 1 checks it
    assert (default.code, default.out.splitlines()[:-1]) == (one.code, one.out.splitlines()[:-1])
    monkeypatch.setattr(replay.workers, "BYTES_PER_WORKER", size // 2)
    assert tricklog("validate", str(archive)).out.splitlines()[:-1] == one.out.splitlines()[:-1]
    assert pool_starts == [2]
    packed = tmp_path / "mixed.jsonl.gz"  # a compressed byte stands for COMPRESSED_RATIO
    packed.write_bytes(gzip.compress(archive.read_bytes()))
    monkeypatch.setattr(replay.workers, "BYTES_PER_WORKER", size)
    assert replay.workers.work_size({str(packed): 100, str(archive): 7}) == 807
    tricklog("validate", str(packed))
    assert pool_starts == [2]  # its size times 8 is less than twice the size of the archive


def test_a_stream_starts_its_workers_once_enough_has_come(
    tmp_path: Path, tricklog, pool_starts: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    archive = mixed_archive(tmp_path / "mixed.jsonl", 2).read_bytes()
    monkeypatch.setattr(replay.workers, "BYTES_PER_WORKER", len(archive))
    one = tricklog("validate", "-j", "1", "-", stdin=archive)
    assert (
        tricklog("validate", "-", stdin=archive).out.splitlines()[:-1]
        == (one.out.splitlines()[:-1])
    )
    assert pool_starts == []  # all of it before 2 * BYTES_PER_WORKER
    monkeypatch.setattr(replay.workers, "BYTES_PER_WORKER", len(archive) // 8)
    assert (
        tricklog("validate", "-", stdin=archive).out.splitlines()[:-1]
        == (one.out.splitlines()[:-1])
    )
    assert pool_starts == [max(2, replay.workers.cores())]


def test_units_are_checked_here_until_after_bytes_then_on_workers(
    pool_starts: list[int],
) -> None:
    units = list(chunks(_entries(40, []), records=4))  # entries of 1..40 bytes
    where = list(ordered_map(_where, units, 2, after=100))
    here = os.getpid()
    # 1+2+...+16 = 136 bytes: 4 chunks here, then START_AFTER // 2 (1) while workers start
    assert where[:5] == [here] * 5
    assert here not in where[5:] and len(where) == 10
    assert pool_starts == [2]
    assert list(ordered_map(_where, units, 2, after=1000)) == [here] * 10  # never enough
    assert pool_starts == [2]


def _where(entries: list[Entry]) -> int:
    return os.getpid()


def test_more_jobs_than_cores_are_capped_and_said(
    mixed: Path, tricklog, pool_starts: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(replay.workers, "cores", lambda: 2)
    monkeypatch.setattr(replay.parallel, "RANGE_BYTES", 50_000)  # ranges enough for workers
    run = tricklog("validate", "-j", "32", str(mixed))
    assert pool_starts == [2]
    assert run.err == (
        "tricklog: -j 32 is more than the 2 cores this process may use; "
        "checking with 2 worker processes\n"
    )
    assert tricklog("validate", "-q", "-j", "32", str(mixed)).err == ""


def test_the_cores_a_cgroup_quota_allows(tmp_path: Path) -> None:
    v2 = tmp_path / "v2"
    (v2 / "box").mkdir(parents=True)
    (v2 / "box" / "cpu.max").write_text("150000 100000\n")
    assert replay.workers.cgroup_cpus(v2, "/box") == 2  # 1.5 CPUs: two processes may run
    (v2 / "box" / "cpu.max").write_text("max 100000\n")
    assert replay.workers.cgroup_cpus(v2, "/box") is None
    v1 = tmp_path / "v1"
    (v1 / "cpu").mkdir(parents=True)
    (v1 / "cpu" / "cpu.cfs_quota_us").write_text("300000\n")
    (v1 / "cpu" / "cpu.cfs_period_us").write_text("100000\n")
    assert replay.workers.cgroup_cpus(v1, "/") == 3
    (v1 / "cpu" / "cpu.cfs_quota_us").write_text("-1\n")
    assert replay.workers.cgroup_cpus(v1, "/") is None
    assert replay.workers.cgroup_cpus(tmp_path / "none", "/") is None
