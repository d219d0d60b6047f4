"""Checking an archive on a Dask cluster (``tricklog audit --dask ADDRESS|local``).

The inputs are cut into shards, each read and checked by a Dask worker where it runs, so the
files must be at the same path on every machine (a shared file system), or in an object store
that every worker reaches (``s3://bucket/2026/*.jsonl``: ``records.remote``), which each worker
reads itself, with the run's ``--storage-option`` values carried in its shards (credentials
the store's usual way, from each worker's environment, work too):

* a file is one shard, read exactly as a local run reads it (``records.io.iter_entries``);
* a plain (uncompressed) JSON Lines file or object larger than ``SHARD_BYTES`` is cut into byte
  ranges at line starts (``replay.parallel.plan``, as a local run on worker processes cuts it;
  an object's cuts are found by fetching a few KiB at each); a first round of tasks counts the
  lines before each range, so every record keeps its ``file:line`` place (the client does not
  read the file through);
* a ``.jsonl.gz`` or ``.jsonl.zst`` file or object larger than ``SHARD_BYTES`` is cut between
  its gzip members or zstd frames, where one ends a line (``replay.members``): a first round of
  tasks reads each through once to find them and count their lines. One of a single stream
  (what ``gzip`` and ``zstd`` write), or compressed otherwise, cannot be cut: an archive that is
  to be spread over a cluster is best kept as many files or members (the reports of a shard
  come back at once, so a large shard reported as JSON is held whole by the client;
  ``--output DIR`` is not).

Each shard's task gives what a local run's chunks give (``replay.batches.Batch``: a summary
and the rendered records, and unreadable inputs in their places); the client takes them in input
order, at most a few per worker at a time, so the report and the exit code are those of a local
run. With ``--output DIR`` each task writes its shard's records to ``DIR/NNNNN-NAME.jsonl`` itself
and sends back only its summary.

Dask is an optional extra (``pip install -e '.[dask]'`` in tricklog's clone); ``require`` says so when it is
missing.
"""

from __future__ import annotations

import logging
import os
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING, Any

from records import remote
from records.io import Entry, ReadFailure
from records.limits import ReadLimits
from records.output import open_output, suffixes
from replay.batches import check_chunk
from replay.members import Member, cuts, members
from replay.parallel import (
    Shard,
    count_lines,
    map_shard,
    open_at,
    plan,
    quiet_tracker,
    read_shard,
    workers_for,
)

if TYPE_CHECKING:
    from replay.batches import Batch
    from replay.rendering import Rendering

__all__ = ["SHARD_BYTES", "Shard", "dask_results", "missing", "plan", "read_shard"]

SHARD_BYTES = 8 * 1024 * 1024
"""A plain JSON Lines file larger than this is cut into ranges of about this many bytes: a
shard's reports come back whole, and a few shards of this size are in flight at once."""
CONNECT_TIMEOUT = "10s"
"""How long to wait for the scheduler to answer."""
INSTALL = "--dask needs Dask: pip install 'dask[distributed]', or pip install -e '.[dask]' in tricklog's clone"


def missing() -> str | None:
    """How to install Dask, when it is not installed (the command makes it a usage error,
    exit 2); None when it is."""
    try:
        import distributed  # noqa: F401, PLC0415 (an optional extra)
    except ImportError:
        return INSTALL
    return None


def run_shard(
    shard: Shard,
    check: Callable[[list[Entry]], Batch],
    limits: ReadLimits,
    directory: str | None,
) -> list[Batch | ReadFailure]:
    """A task: check a shard in chunks; with ``directory``, write its records there."""
    if shard.options and not remote.options():
        remote.configure(shard.options.items())  # the run's store options, for -o DIR too
    batches = map_shard(shard, check, limits)
    if directory is None:
        return list(batches)
    results: list[Batch | ReadFailure] = []
    with open_output(f"{directory.rstrip('/')}/{shard.output_name}") as out:
        for batch in batches:
            results.append(batch)
            if isinstance(batch, ReadFailure):
                continue
            for line in batch.shown:
                assert isinstance(line, bytes)
                out.write(line + b"\n")
            batch.shown = []
    return results


def dask_results(
    paths: list[str], how: Rendering, address: str, *, workers: int, shards: str | None
) -> Iterator[Batch | ReadFailure]:
    """The batches of a run on the Dask cluster at ``address`` (``local``: one started here with
    ``workers`` processes, 0 for every core), in input order."""
    try:
        limits = ReadLimits.from_environment()
    except ValueError as exc:
        yield ReadFailure("<environment>", str(exc))
        return
    if shards is not None:
        how = replace(how, format="jsonl")
        if not remote.is_url(shards):  # a store has no folders to make
            os.makedirs(shards, exist_ok=True)
    check = partial(check_chunk, how=how)
    with _Connection(address, workers) as client:
        if client is None:
            yield ReadFailure(address, "cannot reach the Dask scheduler there")
            return
        units = _numbered(client, _split(client, list(plan(paths, SHARD_BYTES)), limits))
        in_flight = max(4, 2 * sum(client.nthreads().values()))
        yield from _ordered(client, units, check, limits, shards, in_flight)


def _splittable(unit: Shard | ReadFailure) -> bool:
    """Whether a whole file is a compressed JSON Lines file (by its name) larger than a shard:
    cut between its members, if it has several (``replay.members``)."""
    if not isinstance(unit, Shard) or unit.end is not None:
        return False
    record, packed = suffixes(unit.path)
    if record not in (".jsonl", ".ndjson") or packed not in (".gz", ".zst"):
        return False
    size = remote.size_of(unit.path) if remote.is_url(unit.path) else _file_size(unit.path)
    return size is not None and size > SHARD_BYTES


def _file_size(path: str) -> int | None:
    try:
        return os.stat(path).st_size
    except OSError:
        return None


def find_members(shard: Shard, limits: ReadLimits) -> list[Member]:
    """A task: the members of a compressed file (``replay.members``), read where it runs."""
    if shard.options and not remote.options():
        remote.configure(shard.options.items())
    try:
        stream = open_at(shard)
    except OSError:
        return []
    with stream:
        return members(stream, limits)


def _split(
    client: Any, units: list[Shard | ReadFailure], limits: ReadLimits
) -> list[Shard | ReadFailure]:
    """``units`` with each large compressed JSON Lines file of several members cut between
    them, its members found by a first round of tasks (on the workers)."""
    whole = [u for u in units if _splittable(u)]
    if not whole:
        return units
    found = client.gather(client.map(find_members, whole, limits=limits, pure=False))
    ranges = {id(u): cuts(m, SHARD_BYTES) if m else [] for u, m in zip(whole, found, strict=True)}
    out: list[Shard | ReadFailure] = []
    for unit in units:
        cut = ranges.get(id(unit), [])
        if not isinstance(unit, Shard) or len(cut) < 2:
            out.append(unit)
            continue
        for start, end, first in cut:
            out.append(replace(unit, start=start, end=end, first_line=first, packed=True))
    number = 0
    for place, unit in enumerate(out):  # the shards' places, for the output files' names
        if isinstance(unit, Shard):
            number += 1
            out[place] = replace(unit, number=number)
    return out


def _numbered(client: Any, units: list[Shard | ReadFailure]) -> list[Shard | ReadFailure]:
    """``units`` with the first line of each range counted (on the workers)."""
    ranges = [u for u in units if isinstance(u, Shard) and u.end is not None and not u.packed]
    if not ranges:
        return units
    counts = dict(zip(ranges, client.gather(client.map(count_lines, ranges)), strict=True))
    lines: dict[int, int] = {}
    out: list[Shard | ReadFailure] = []
    for unit in units:
        if isinstance(unit, Shard) and unit.end is not None and not unit.packed:
            before = lines.get(unit.file, 0)
            lines[unit.file] = before + counts[unit]
            out.append(replace(unit, first_line=before + 1))
        else:
            out.append(unit)
    return out


def _ordered(
    client: Any,
    units: list[Shard | ReadFailure],
    check: Callable[[list[Entry]], Batch],
    limits: ReadLimits,
    directory: str | None,
    in_flight: int,
) -> Iterator[Batch | ReadFailure]:
    pending: deque[tuple[Any, Any]] = deque()
    stopped: set[int] = set()
    """Files a range found unreadable: like a local run, nothing after that place is read."""

    def collect() -> Iterator[Batch | ReadFailure]:
        unit, future = pending.popleft()
        if isinstance(unit, ReadFailure):
            yield unit
            return
        results = future.result()
        if unit.file in stopped:
            return
        for item in results:
            if isinstance(item, ReadFailure) and unit.end is not None:
                stopped.add(unit.file)
            yield item

    for unit in units:
        future = None
        if isinstance(unit, Shard):
            future = client.submit(run_shard, unit, check, limits, directory, pure=False)
        pending.append((unit, future))
        while len(pending) >= in_flight:
            yield from collect()
    while pending:
        yield from collect()


class _Connection:
    """A client of the cluster at ``address`` (``local``: a cluster started here and closed on
    exit); None when it cannot be reached."""

    def __init__(self, address: str, workers: int) -> None:
        self.address, self.workers = address, workers
        self.cluster: Any = None
        self.client: Any = None

    def __enter__(self) -> Any:
        from distributed import Client, LocalCluster  # noqa: PLC0415 (an optional extra)

        if self.address == "local":
            quiet_tracker()  # the cluster's processes are multiprocessing's too
            self.cluster = LocalCluster(  # type: ignore[no-untyped-call]
                n_workers=workers_for(self.workers),
                threads_per_worker=1,
                dashboard_address=None,
                silence_logs=logging.ERROR,
            )
            self.client = Client(self.cluster)  # type: ignore[no-untyped-call]
            return self.client
        try:
            self.client = Client(self.address, timeout=CONNECT_TIMEOUT)  # type: ignore[no-untyped-call]
        except (OSError, TimeoutError, ValueError):
            return None
        return self.client

    def __exit__(self, *exc: object) -> None:
        if self.client is not None:
            self.client.close()
        if self.cluster is not None:
            self.cluster.close()
