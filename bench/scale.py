"""Does ``tricklog audit`` scale? Time, rate and peak memory from 10 MB to 1 GB, on 1 and 2 cores.

Run from the repository root, in the project's virtualenv::

    python bench/scale.py                       # 10 MB, 100 MB and 100,000 hands
    python bench/scale.py --big                 # and 1 GB (about 10 minutes a run on one core)
    python bench/scale.py --sizes 10 --json bench/out/scale.json

The archives are JSON Lines of Oh Hell records (the default rules, ``tricklog generate``'s
default seats), cached in ``bench/out/`` (git-ignored): ``scale-base.jsonl`` is generated once
(``BASE_RECORDS`` records, seed 1), and every archive is the base's records repeated to its
size, so that generating a gigabyte does not take an hour. A repeated record costs what any
record costs to check: the checker keeps nothing from one record to the next.

Each archive is audited by a ``tricklog audit --format jsonl --problems-only -j N`` process for
N = 1 and 2, each run ``--repeat`` times, alternately (-j 1, -j 2, -j 1, ...: a change in the
machine's load falls on both alike); the run of median wall time is reported. For each run:

* wall time (what a user waits) and CPU time (user + system of the command and of its worker
  processes, from ``/usr/bin/time``), and the rate in records, hands and MB per second of wall
  time;
* peak RSS: the largest resident set of any one process of the run (the command, or one of its
  workers), from the same ``/usr/bin/time`` (its ``%M``, the maximum ``-v`` reports);
* the speed-up: the wall time on one core divided by that on two;
* the load average (``os.getloadavg``, one minute) when the run started and when it ended: the
  machine may be shared, and a load above the number of cores means other processes took
  turns on them (wall times, and the speed-up, then say more about them than about tricklog;
  CPU times much less).
* the cores the run had: its CPU time over its wall time. Linux shares the CPU between sessions
  (``sched_autogroup``) before it shares it between processes: while other sessions are busy, a
  -j 2 run may get one core or less, whatever its number of workers.
* the CPU speed-up bound: the median CPU time on one core divided by half the median CPU time on
  two (of all the runs), the speed-up two idle cores would give (each run's CPU time includes
  its start-up).

With ``--s3`` the archive of 100,000 hands (the first one with ``--no-hands`` or ``--s3-first``)
is also read from a local S3-compatible server (moto's, started
as the tests start it; the ``[s3]`` and ``[test-s3]`` extras), over HTTP, by the same commands:
one more pair of rows, named by the URL. Its runs alternate with the file's (file -j 1, server
-j 1, file -j 2, server -j 2, ...), all while the server is up, so that a change in the load
falls on both alike; the file's rows of that archive are those runs. The verdict gives the ratio
of the median wall times (the target's measure) and, beside it, that of the median CPU times of
the command, and the server's own CPU time in a median run: the server is a Python process on
the same machine, which a real store is not.

Targets (issue 12): peak RSS at most 200 MB at every size with -j 1 and -j 2, and a speed-up
of at least 1.8 on two cores for the archive of 100,000 hands; (issue 24) the archive read from
the local S3 server in at most 1.5 times the file's time. Each is printed MET or NOT MET.
The table is Markdown, for a closing note; ``--json FILE`` keeps every sample.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path

import orjson

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.library import tricklog_argv

OUT = Path(__file__).resolve().parent / "out"
BASE = OUT / "scale-base.jsonl"
BASE_RECORDS = 500
MB = 1_000_000
RSS_TARGET_MB = 200
SPEEDUP_TARGET = 1.8
HANDS_TARGET = 100_000
S3_TARGET = 1.5
"""Issue 24: the same archive read from a local S3 server takes at most this many times as long."""
TIME = "/usr/bin/time"
"""GNU time: CPU time (user + system, of the command and the workers it waited for) and the
largest resident set of any one of those processes."""


@dataclass
class Run:
    archive: str
    jobs: int
    wall: float
    cpu: float
    rss_mb: float
    load: float
    load_after: float
    records: int
    hands: int
    code: int
    server_cpu: float = 0.0
    """The S3 server's CPU time (user + system) during the run; 0 for a file."""


def base_lines() -> list[bytes]:
    """The base records, generated on first use."""
    if not BASE.exists():
        OUT.mkdir(exist_ok=True)
        argv = [*tricklog_argv(), "generate", "oh_hell", "-n", str(BASE_RECORDS), "--seed", "1"]
        print(f"generating {BASE.name}: {BASE_RECORDS} records ...", file=sys.stderr, flush=True)
        subprocess.run([*argv, "-o", str(BASE)], check=True)
    return [line for line in BASE.read_bytes().splitlines(keepends=True) if line.strip()]


def archive(name: str, *, size: int = 0, hands: int = 0) -> Path:
    """The base's records repeated to ``size`` bytes or ``hands`` hands, cached."""
    path = OUT / f"scale-{name}.jsonl"
    if path.exists():
        return path
    lines = base_lines()
    per_record = sum(len(orjson.loads(line)["hands"]) for line in lines) / len(lines)
    print(f"building {path.name} ...", file=sys.stderr, flush=True)
    written = count = 0
    temporary = path.with_suffix(".tmp")
    with temporary.open("wb") as out:
        while (size and written < size) or (hands and count * per_record < hands):
            line = lines[count % len(lines)]
            out.write(line)
            written += len(line)
            count += 1
    temporary.rename(path)
    return path


def process_cpu(pid: int) -> float:
    """The CPU time (user + system) of a running process so far, from ``/proc``; 0 when it
    cannot be read."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def run(path: Path | str, jobs: int, env: dict[str, str] | None = None, server: int = 0) -> Run:
    """One audit of ``path`` (a file, or a URL with ``env`` saying where its store is) in a
    child process, with its time and memory, as ``/usr/bin/time`` measures them: a small
    process, so that the peak it reports is the command's own (a child forked from this larger
    process would start its count from this one's size)."""
    argv = [*tricklog_argv(), "audit", "--format", "jsonl", "--problems-only", "-j", str(jobs)]
    load = os.getloadavg()[0]
    with tempfile.NamedTemporaryFile("r", suffix=".time") as measured:
        timed = [TIME, "-f", "%U %S %M", "-o", measured.name, *argv, str(path)]
        served = process_cpu(server) if server else 0.0
        start = time.perf_counter()
        done = subprocess.run(timed, capture_output=True, check=False, env=env)
        wall = time.perf_counter() - start
        served = process_cpu(server) - served if server else 0.0
        load_after = os.getloadavg()[0]
        user, system, rss_kib = measured.read().split()[-3:]
    if done.returncode not in (0, 1):
        raise SystemExit(f"bench: {' '.join(argv)} exited with {done.returncode}")
    summary = orjson.loads(done.stdout.splitlines()[-1])["summary"]
    return Run(
        path.name if isinstance(path, Path) else path,
        jobs,
        wall,
        float(user) + float(system),
        int(rss_kib) / 1024,
        load,
        load_after,
        summary["records"],
        summary["hands"],
        done.returncode,
        served,
    )


def median(runs: list[Run]) -> Run:
    """The run of median wall time."""
    return sorted(runs, key=lambda r: r.wall)[len(runs) // 2]


def paired_runs(path: Path, repeat: int) -> tuple[Run, Run, list[Run]]:
    """The median runs with -j 1 and -j 2 among ``repeat`` of each, run alternately, and every
    run."""
    ones: list[Run] = []
    twos: list[Run] = []
    for _ in range(repeat):
        ones.append(run(path, 1))
        twos.append(run(path, 2))
    return median(ones), median(twos), [*ones, *twos]


def cpu_bound(samples: list[Run], name: str) -> float:
    """The speed-up two idle cores would give ``name``: from the median CPU times."""

    def cpu(jobs: int) -> float:
        times = sorted(r.cpu for r in samples if r.archive == name and r.jobs == jobs)
        return times[len(times) // 2]

    return cpu(1) / (cpu(2) / 2)


def table(rows: list[tuple[Path, Run, Run]], samples: list[Run]) -> list[str]:
    lines = [
        "| archive | MB | records | hands | -j | wall s | CPU s | records/s | hands/s | MB/s "
        "| peak RSS MB | load | cores had | speed-up | CPU bound |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for path, one, two in rows:
        size = path.stat().st_size / MB
        for r in (one, two):
            name = r.archive if "://" in r.archive else path.name
            speedup = f"{one.wall / two.wall:.2f}x" if r is two else ""
            bound = f"{cpu_bound(samples, name):.2f}x" if r is two else ""
            lines.append(
                f"| {name} | {size:,.0f} | {r.records:,} | {r.hands:,} | {r.jobs} "
                f"| {r.wall:.1f} | {r.cpu:.1f} | {r.records / r.wall:,.0f} "
                f"| {r.hands / r.wall:,.0f} | {size / r.wall:.1f} | {r.rss_mb:.0f} "
                f"| {r.load:.1f} to {r.load_after:.1f} | {r.cpu / r.wall:.2f} | {speedup} "
                f"| {bound} |"
            )
    return lines


def verdicts(rows: list[tuple[Path, Run, Run]], samples: list[Run]) -> list[str]:
    rss = max(r.rss_mb for _, one, two in rows for r in (one, two))
    out = [
        f"peak RSS at most {RSS_TARGET_MB} MB at every size, -j 1 and -j 2: {rss:.0f} MB, "
        f"{'MET' if rss <= RSS_TARGET_MB else 'NOT MET'}"
    ]
    # the target's archive: the one nearest 100,000 hands
    path, one, two = min(rows, key=lambda row: abs(row[1].hands - HANDS_TARGET))
    speedup = one.wall / two.wall
    out.append(
        f"speed-up on 2 cores, {path.name} ({one.hands:,} hands): {speedup:.2f}x "
        f"(target {SPEEDUP_TARGET}x): {'MET' if speedup >= SPEEDUP_TARGET else 'NOT MET'}"
        f" (load {one.load:.1f} / {two.load:.1f} at the start of the runs, "
        f"{os.cpu_count()} cores, of which the -j 2 run had {two.cpu / two.wall:.2f}; "
        f"bound from CPU time {cpu_bound(samples, path.name):.2f}x)"
    )
    return out


def from_s3(path: Path, repeat: int) -> tuple[tuple[Run, Run], tuple[Run, Run], list[Run]]:
    """The median runs with -j 1 and -j 2 of the file and of the same archive read from a local
    S3-compatible server (moto's, as the tests start it: ``tests/s3server.py``, the ``[s3]`` and
    ``[test-s3]`` extras) over HTTP through s3fs, run alternately while the server is up; and
    every run."""
    from tests.s3server import BUCKET, s3_server  # noqa: PLC0415 (only with --s3)

    with s3_server() as server:
        server.client().upload_file(str(path), BUCKET, path.name)  # type: ignore[attr-defined]
        url = f"s3://{BUCKET}/{path.name}"
        env = {**os.environ, **server.environment}
        runs: dict[tuple[bool, int], list[Run]] = {}
        for _ in range(repeat):
            for jobs in (1, 2):
                runs.setdefault((False, jobs), []).append(run(path, jobs))
                runs.setdefault((True, jobs), []).append(run(url, jobs, env, server.pid))
    local = (median(runs[False, 1]), median(runs[False, 2]))
    remote = (median(runs[True, 1]), median(runs[True, 2]))
    return local, remote, [run for each in runs.values() for run in each]


def s3_verdicts(path: Path, local: tuple[Run, Run], remote: tuple[Run, Run]) -> list[str]:
    """The throughput from the server against the file's, for each -j: of wall time (the
    target's measure), and beside it the CPU time of the command and the server's."""
    out = []
    size = path.stat().st_size / MB
    for here, there in zip(local, remote, strict=True):
        ratio = there.wall / here.wall
        out.append(
            f"{path.name} from the local S3 server, -j {here.jobs}: {size / there.wall:.1f} MB/s "
            f"against {size / here.wall:.1f} MB/s from the file: {ratio:.2f}x the time "
            f"(target at most {S3_TARGET}x): {'MET' if ratio <= S3_TARGET else 'NOT MET'}; "
            f"the command's CPU time {there.cpu:.1f} s against {here.cpu:.1f} s "
            f"({there.cpu / here.cpu:.2f}x), and the server's {there.server_cpu:.2f} s"
        )
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--big", action="store_true", help="also the 1 GB archive")
    parser.add_argument(
        "--sizes", type=int, nargs="*", help="archive sizes in MB instead of 10 and 100"
    )
    parser.add_argument("--no-hands", action="store_true", help="skip the 100,000-hand archive")
    parser.add_argument("--repeat", type=int, default=1, help="runs of each (median reported)")
    parser.add_argument("--json", type=Path, help="write every sample to this file")
    parser.add_argument(
        "--s3",
        action="store_true",
        help="also an archive read from a local S3 server (needs .[s3,test-s3]): the one of "
        "100,000 hands, else (--no-hands) the first",
    )
    parser.add_argument(
        "--s3-first", action="store_true", help="with --s3: read the first archive instead"
    )
    args = parser.parse_args()
    sizes = args.sizes if args.sizes is not None else [10, 100]
    if args.big:
        sizes.append(1000)
    archives = [archive(f"{mb}mb", size=mb * MB) for mb in sizes]
    if not args.no_hands:
        archives.append(archive("100k-hands", hands=HANDS_TARGET))
    rows, samples = [], []
    remote: list[tuple[Path, Run, Run]] = []
    # The server's rows are of the archive of ~100,000 hands (the speed-up's), where a rate is a
    # rate and not a start: that of the command, and the client's libraries (about 0.6 s of CPU,
    # whatever the size), as start-up is timed apart from throughput in bench/throughput.py.
    # Without it (--no-hands), or with --s3-first, of the first archive.
    stored = len(archives) - 1 if not args.no_hands and not args.s3_first else 0
    for number, path in enumerate(archives):
        if args.s3 and number == stored:  # the file's runs alternate with the server's
            (one, two), (s3_one, s3_two), every = from_s3(path, args.repeat)
            remote.append((path, s3_one, s3_two))
        else:
            one, two, every = paired_runs(path, args.repeat)
        rows.append((path, one, two))
        samples.extend(every)
        print(f"{path.name}: -j 1 {one.wall:.1f} s, -j 2 {two.wall:.1f} s", file=sys.stderr)
    said = verdicts(rows, samples)
    for path, s3_one, s3_two in remote:
        _, one, two = rows[stored]
        said.extend(s3_verdicts(path, (one, two), (s3_one, s3_two)))
    rows.extend(remote)
    print("\n".join(table(rows, samples)))
    print()
    print("\n".join(said))
    if args.json:
        args.json.write_bytes(
            orjson.dumps([asdict(s) for s in samples], option=orjson.OPT_INDENT_2)
        )


if __name__ == "__main__":
    main()
