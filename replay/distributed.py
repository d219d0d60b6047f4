"""Checking an archive on a Dask cluster (``tricklog audit --dask ADDRESS|local``).

The inputs are cut into shards, each read and checked by a Dask worker where it runs, so the
files must be at the same path on every machine (a shared file system):

* a file is one shard, read exactly as a local run reads it (``records.io.iter_entries``);
* a plain (uncompressed) JSON Lines file larger than ``SHARD_BYTES`` is cut into byte ranges at
  line starts; a first round of tasks counts the lines before each range, so every record keeps
  its ``file:line`` place. A compressed file cannot be cut: an archive that is to be spread over
  a cluster is best kept as many files (the reports of a shard come back at once, so a large
  compressed file reported as JSON is held whole by the client; ``--output DIR`` is not).

Each shard's task gives what a local run's chunks give (``replay.cli.checking.Batch``: a summary
and the rendered records, and unreadable inputs in their places); the client takes them in input
order, at most a few per worker at a time, so the report and the exit code are those of a local
run. With ``--output DIR`` each task writes its shard's records to ``DIR/NNNNN-NAME.jsonl`` itself
and sends back only its summary.

Dask is an optional extra (``pip install 'tricklog[dask]'``); ``require`` says so when it is
missing.
"""

from __future__ import annotations

import logging
import os
import stat
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from records.io import Entry, ReadFailure, is_record_file, iter_entries
from records.limits import ReadLimits, size_text
from records.sniff import compression, not_json
from records.streams import walk
from replay.cli.checking import check_chunk
from replay.cli.output import open_output
from replay.parallel import chunks, quiet_tracker, workers_for

if TYPE_CHECKING:
    from replay.cli.checking import Batch
    from replay.cli.reporters import Rendering

__all__ = ["SHARD_BYTES", "Shard", "dask_results", "plan", "read_shard", "require"]

SHARD_BYTES = 8 * 1024 * 1024
"""A plain JSON Lines file larger than this is cut into ranges of about this many bytes: a
shard's reports come back whole, and a few shards of this size are in flight at once."""
CONNECT_TIMEOUT = "10s"
"""How long to wait for the scheduler to answer."""
INSTALL = "--dask needs Dask: pip install 'tricklog[dask]'"
_LINES = (".jsonl", ".ndjson")


@dataclass(frozen=True, slots=True)
class Shard:
    """What one task reads: a whole file, or the lines that start in ``[start, end)``."""

    path: str
    number: int
    """The shard's place in the input, from 1: it names the shard's output file."""
    start: int = 0
    end: int | None = None
    """None for the whole file."""
    first_line: int = 1
    """The number of the range's first line in the file."""

    @property
    def output_name(self) -> str:
        stem = Path(self.path).name.split(".")[0] or "shard"
        return f"{self.number:05d}-{stem}.jsonl"


def require() -> None:
    """A usage error (exit 2) that says how to install Dask, when it is not installed."""
    try:
        import distributed  # noqa: F401, PLC0415 (an optional extra)
    except ImportError:
        raise typer.BadParameter(INSTALL, param_hint="'--dask'") from None


def plan(paths: list[str], size: int = SHARD_BYTES) -> Iterator[Shard | ReadFailure]:
    """The shards of ``paths`` in input order (an input that cannot be listed as a failure)."""
    number = 0
    for name in paths:
        files: list[tuple[str, str | None]]
        try:
            is_dir = stat.S_ISDIR(os.stat(name).st_mode)
        except OSError:
            is_dir = False  # the worker's reader says why
        if is_dir:
            files = list(walk(str(Path(name)), lambda n: is_record_file(Path(n))))
            if not files:
                files = [(name, None)]  # the reader reports an empty directory
        else:
            files = [(name, None)]
        for path, failure in files:
            if failure is not None:
                yield ReadFailure(path, failure)
                continue
            for start, end in _ranges(path, size):
                number += 1
                yield Shard(path, number, start, end)


def _ranges(path: str, size: int) -> list[tuple[int, int | None]]:
    """Byte ranges at line starts for a large plain JSON Lines file; the whole file otherwise."""
    whole: list[tuple[int, int | None]] = [(0, None)]
    if Path(path).suffix.lower() not in _LINES:
        return whole
    try:
        with open(path, "rb") as stream:
            total = os.fstat(stream.fileno()).st_size
            head = stream.read(1024)
            if total <= size or compression(head[:8]) or not_json(head):
                return whole
            starts = [0]
            while starts[-1] + size < total:
                stream.seek(starts[-1] + size)
                stream.readline()  # to the start of the next line
                if stream.tell() >= total:
                    break
                starts.append(stream.tell())
    except OSError:
        return whole
    return list(zip(starts, [*starts[1:], total], strict=True))


def count_lines(shard: Shard) -> int:
    """Newlines in a range (a task of the first round)."""
    assert shard.end is not None
    count, left = 0, shard.end - shard.start
    with open(shard.path, "rb") as stream:
        stream.seek(shard.start)
        while left > 0:
            block = stream.read(min(left, 1 << 20))
            if not block:
                break
            count += block.count(b"\n")
            left -= len(block)
    return count


def read_shard(shard: Shard, limits: ReadLimits) -> Iterator[Entry | ReadFailure]:
    """The records of a shard, as a local run reads them."""
    if shard.end is None:
        yield from iter_entries([shard.path], limits=limits)
        return
    cap = limits.record_bytes + 1 if limits.record_bytes else -1
    number = shard.first_line - 1
    with open(shard.path, "rb") as stream:
        stream.seek(shard.start)
        at = shard.start
        while at < shard.end:
            line = stream.readline(cap)
            if not line:
                return
            at += len(line)
            number += 1
            if len(line) == cap and line[-1:] != b"\n":
                yield ReadFailure(
                    shard.path,
                    f"line {number} is longer than {size_text(limits.record_bytes)} "
                    "(the limit of one record, TRICKLOG_MAX_RECORD_BYTES); stopped reading",
                )
                return
            if number == 1 and line.startswith(b"\xef\xbb\xbf"):
                line = line[3:]
            if not line.isspace():
                yield Entry(shard.path, number, line)


def run_shard(
    shard: Shard,
    check: Callable[[list[Entry]], Batch],
    limits: ReadLimits,
    directory: str | None,
) -> list[Batch | ReadFailure]:
    """A task: check a shard in chunks; with ``directory``, write its records there."""
    units = chunks(read_shard(shard, limits))
    if directory is None:
        return [unit if isinstance(unit, ReadFailure) else check(unit) for unit in units]
    results: list[Batch | ReadFailure] = []
    with open_output(os.path.join(directory, shard.output_name)) as out:
        for unit in units:
            if isinstance(unit, ReadFailure):
                results.append(unit)
                continue
            batch = check(unit)
            for line in batch.shown:
                assert isinstance(line, bytes)
                out.write(line + b"\n")
            batch.shown = []
            results.append(batch)
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
        os.makedirs(shards, exist_ok=True)
    check = partial(check_chunk, how=how)
    with _Connection(address, workers) as client:
        if client is None:
            yield ReadFailure(address, "cannot reach the Dask scheduler there")
            return
        units = _numbered(client, list(plan(paths)))
        in_flight = max(4, 2 * sum(client.nthreads().values()))
        yield from _ordered(client, units, check, limits, shards, in_flight)


def _numbered(client: Any, units: list[Shard | ReadFailure]) -> list[Shard | ReadFailure]:
    """``units`` with the first line of each range counted (on the workers)."""
    ranges = [u for u in units if isinstance(u, Shard) and u.end is not None]
    if not ranges:
        return units
    counts = dict(zip(ranges, client.gather(client.map(count_lines, ranges)), strict=True))
    lines: dict[str, int] = {}
    out: list[Shard | ReadFailure] = []
    for unit in units:
        if isinstance(unit, Shard) and unit.end is not None:
            before = lines.get(unit.path, 0)
            lines[unit.path] = before + counts[unit]
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
    stopped: set[str] = set()
    """Files a range found unreadable: like a local run, nothing after that place is read."""

    def collect() -> Iterator[Batch | ReadFailure]:
        unit, future = pending.popleft()
        if isinstance(unit, ReadFailure):
            yield unit
            return
        results = future.result()
        if unit.path in stopped:
            return
        for item in results:
            if isinstance(item, ReadFailure) and unit.end is not None:
                stopped.add(unit.path)
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
