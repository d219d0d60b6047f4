"""How many worker processes a run of ``validate`` or ``audit`` gets (``replay.parallel``).

``-j N`` asks for N workers and gets at most one per core (``cores``: the cores this process
may run on, or fewer under a control group's CPU quota). ``-j 0``, the default, picks from the
input's size (``workers_for``): one worker per ``BYTES_PER_WORKER`` of records, at most one per
core, and none below two, where the input is checked in this process exactly as ``-j 1`` checks
it. A worker costs about half a second of CPU to start (an interpreter, the checker's imports
and its first record), which a smaller share of the input would not repay, and which a machine
whose cores other processes hold never repays: the default is never slower than ``-j 1`` by
more than that start-up. The size of a stream (standard input, a FIFO) is not known in
advance; the caller checks it in this process until ``2 * BYTES_PER_WORKER`` bytes have come
(``replay.parallel.ordered_map``'s ``after``).
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from records.io import is_record_file
from records.streams import walk

__all__ = [
    "BYTES_PER_WORKER",
    "COMPRESSED_RATIO",
    "cgroup_cpus",
    "cores",
    "file_sizes",
    "work_size",
    "workers_for",
]

BYTES_PER_WORKER = 32 * 1024 * 1024
"""The bytes of records that repay a worker's start-up under ``-j 0``: about three seconds of
checking against half a second of CPU to start. Two workers on two idle cores check 64 MiB in
well under the time of one process; on cores busy with other work they cost their start-up and
gain nothing (the README's figures)."""
COMPRESSED_RATIO = 8
"""How many bytes of records a compressed byte is taken to hold when the default counts an
input's size: less than real archives of records give (gzip 9, zstd 9, xz 13, bzip2 20), so
that a compressed archive never gets more workers than its size repays."""
CGROUP = Path("/sys/fs/cgroup")


def cores() -> int:
    """The cores this process may use: those it may run on (its affinity), or fewer when a
    control group's CPU quota allows less (a container started with ``--cpus 2``)."""
    try:
        count = len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        count = os.cpu_count() or 1
    quota = cgroup_cpus()
    return max(1, min(count, quota)) if quota is not None else count


def cgroup_cpus(root: Path = CGROUP, own: str | None = None) -> int | None:
    """The CPUs a control group's quota gives this process, rounded up; None without a quota.
    Reads cgroup v2's ``cpu.max`` (of the process's own group, ``own``, read from
    ``/proc/self/cgroup`` when None, then of the root) and cgroup v1's ``cpu.cfs_quota_us``."""
    if own is None:
        try:
            lines = Path("/proc/self/cgroup").read_text().splitlines()
        except OSError:
            lines = []
        own = next((line[3:] for line in lines if line.startswith("0::")), "/")
    places = [root / own.lstrip("/") / "cpu.max", root / "cpu.max"]
    for place in places:
        try:
            quota, _, period = place.read_text().partition(" ")
        except OSError:
            continue
        return _cpus(quota, period)
    try:
        quota = (root / "cpu" / "cpu.cfs_quota_us").read_text()
        period = (root / "cpu" / "cpu.cfs_period_us").read_text()
    except OSError:
        return None
    return _cpus(quota, period)


def _cpus(quota: str, period: str) -> int | None:
    """``-(-quota // period)``, None for no quota (``max``, ``-1``) or a value not a number."""
    try:
        allowed, every = int(quota), int(period)
    except ValueError:
        return None
    if allowed <= 0 or every <= 0:
        return None
    return max(1, -(-allowed // every))


def workers_for(jobs: int, size: int | None = None) -> int:
    """Worker processes for ``--jobs N``: N, but at most ``cores()``. For 0, one per
    ``BYTES_PER_WORKER`` of ``size`` (``work_size``), at most ``cores()``; 1 (this process)
    when that gives fewer than two; ``cores()`` for an input of unknown size (a stream, whose
    workers ``ordered_map`` starts only once enough has come)."""
    available = cores()
    if jobs:
        return min(jobs, available)
    if size is None:
        return available
    return max(1, min(available, size // BYTES_PER_WORKER))


def file_sizes(paths: list[str]) -> dict[str, int] | None:
    """The size of each file under ``paths`` by the name the reader gives it, as it is stored;
    None when an input is standard input or another stream (of no size known in advance). A
    name that cannot be read is left out (the reader reports it)."""
    sizes: dict[str, int] = {}
    for name in paths:
        if name == "-":
            return None
        try:
            mode = os.stat(name).st_mode
            if stat.S_ISDIR(mode):
                for path, failure in walk(str(Path(name)), lambda n: is_record_file(Path(n))):
                    if failure is None:
                        sizes[path] = os.stat(path).st_size
            elif stat.S_ISREG(mode):
                sizes[name] = os.stat(name).st_size
            else:
                return None  # a FIFO, a device: a stream
        except OSError:
            continue
    return sizes


def work_size(sizes: dict[str, int] | None) -> int | None:
    """The bytes of records ``file_sizes`` stand for: a compressed file (by its name)
    ``COMPRESSED_RATIO`` times its size."""
    if sizes is None:
        return None
    packed = (".gz", ".bz2", ".xz", ".zst", ".zstd")
    return sum(
        size * COMPRESSED_RATIO if name.lower().endswith(packed) else size
        for name, size in sizes.items()
    )
