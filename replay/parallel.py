"""Checking on worker processes: chunks of raw records to them, results in input order.

Checking one record is a pure function of its bytes and where they came from
(``replay.check.check_bytes``), so an archive can be cut into chunks and the chunks checked
anywhere. This module cuts and maps; what a chunk becomes is the caller's function (the command
renders each record in the worker, so that only short, ready-to-print results come back).

* A plain (uncompressed) JSON Lines file larger than a range is cut into byte ranges at line
  starts (``plan``), and each worker opens the file and reads its range itself (``read_shard``):
  this process only finds the line starts and counts the lines before each range (a pass over
  the bytes without parsing them or sending them anywhere), so every record keeps its exact
  place (file and line). Any other input (compressed, standard input, a small file) is read here
  (``records.io.iter_entries``) and its records go to the workers as raw bytes, in chunks;
  workers do all the parsing.
* At most ``IN_FLIGHT`` chunks per worker are submitted and not yet collected: memory stays flat
  whatever the archive's size.
* Results come back in input order, so the output is the same for any number of workers.
* How many workers a run gets is ``replay.workers``'s to say: for ``-j 0`` (the default) it
  depends on the input's size, and a stream, whose size is not known in advance, is checked in
  this process until enough has come (``ordered_map``'s ``after``).
* An input of at most ``START_AFTER`` units of work is checked in this process alone, so that a
  record, or a few hundred, is checked without the workers' start-up; for a longer input (known
  by reading that many units ahead) the workers start at once, and this process checks the
  first half of those units while they start.

Workers are spawned (a fresh interpreter that imports what checking needs), never forked from
this process, which may run a progress bar's thread; being this process's own children, their
CPU time and memory show in its resource usage (``getrusage(RUSAGE_CHILDREN)``, ``time -v``).
"""

from __future__ import annotations

import gc
import importlib
import io
import itertools
import os
import signal
import stat
import sys
import threading
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, TypeVar

from records import remote
from records.formats.detect import detect
from records.io import Counted, Entry, ReadFailure, is_record_file, iter_entries
from records.limits import ReadLimits, size_text
from records.remote import is_url
from records.sniff import compression, not_json
from records.streams import BUFFER, ReadError, decoded, walk
from replay.workers import cores, workers_for

if TYPE_CHECKING:  # a pool is imported where one starts: a run of one process never needs it
    from concurrent.futures import Future, ProcessPoolExecutor

__all__ = [
    "CHUNK_BYTES",
    "CHUNK_RECORDS",
    "IN_FLIGHT",
    "RANGE_BYTES",
    "START_AFTER",
    "Shard",
    "chunks",
    "cores",
    "count_lines",
    "local_units",
    "map_shard",
    "open_at",
    "ordered_map",
    "plan",
    "quiet_tracker",
    "read_shard",
    "workers_for",
]

R = TypeVar("R")
_LINES = (".jsonl", ".ndjson")
_BOM = b"\xef\xbb\xbf"


@dataclass(frozen=True, slots=True)
class Shard:
    """What one task reads: a whole file, or the lines that start in ``[start, end)``."""

    path: str
    number: int
    """The shard's place in the input, from 1: it names the shard's output file (Dask)."""
    start: int = 0
    end: int | None = None
    """None for the whole file."""
    first_line: int = 1
    """The number of the range's first line in the file."""
    file: int = 0
    """The file's place among the run's files, from 1 (a file given twice is two files): where a
    range of it stops being readable, its later ranges are dropped."""
    packed: bool = False
    """The range holds whole gzip members or zstd frames of a compressed file (``replay.members``),
    read by decompressing them: its ``end`` is in compressed bytes."""
    options: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)
    """The store's options for an object named by URL (``records.remote``), for the worker that
    reads it: never shown (no ``repr``)."""

    @property
    def output_name(self) -> str:
        stem = Path(self.path).name.split(".")[0] or "shard"
        return f"{self.number:05d}-{stem}.jsonl"

    @property
    def size(self) -> int:
        """The bytes of a range (0 for a whole file)."""
        return 0 if self.end is None else self.end - self.start


Work = list[Entry] | Shard
"""What a worker is given: a chunk of records read here, or a range of a file to read itself."""
Unit = Work | ReadFailure
"""What a map takes: work, or an unreadable input that passes through."""

CHUNK_RECORDS = 64
"""Records in a chunk: enough that sending it costs little beside checking it."""
CHUNK_BYTES = 2 * 1024 * 1024
"""A chunk ends at this many bytes of records, however few they are."""
IN_FLIGHT = 3
"""Work per worker submitted and not yet collected: one being checked, and two waiting, so that
a worker is not left idle while the oldest result, a slow one, is waited for."""
RANGE_BYTES = 1024 * 1024
"""A plain JSON Lines file larger than this is cut into ranges of about this many bytes for
worker processes: a few records' worth of work (some tens of milliseconds), with results small
enough that a few ranges per worker in flight keep memory flat."""
START_AFTER = 4
"""Units of work (chunks or ranges) that this process checks alone rather than start workers: a
worker costs about half a second of CPU to start (an interpreter, the checker's imports and
its first record), which an input of a few hundred records would not repay."""


def chunks(
    items: Iterable[Entry | ReadFailure],
    *,
    records: int = CHUNK_RECORDS,
    size: int = CHUNK_BYTES,
) -> Iterator[list[Entry] | ReadFailure]:
    """Consecutive records in lists of at most ``records`` records or about ``size`` bytes; an
    unreadable input ends the chunk before it and passes on by itself, in its place."""
    chunk: list[Entry] = []
    held = 0
    for item in items:
        if isinstance(item, ReadFailure):
            if chunk:
                yield chunk
                chunk, held = [], 0
            yield item
            continue
        chunk.append(item)
        held += len(item.data)
        if len(chunk) >= records or held >= size:
            yield chunk
            chunk, held = [], 0
    if chunk:
        yield chunk


def plan(paths: list[str], size: int, *, cut_urls: bool = True) -> Iterator[Shard | ReadFailure]:
    """The shards of ``paths`` in input order (a directory that cannot be searched as a
    failure): each large plain JSON Lines file as ranges of about ``size`` bytes, every other
    input whole. Without ``cut_urls`` a URL is one whole input, left to the reader."""
    number = file = 0
    for name in paths:
        files: list[tuple[str, str | None]]
        if is_url(name) and cut_urls:
            given = dict(remote.options())
            for url, failure in remote.expand(name, lambda n: is_record_file(Path(n))):
                if failure is not None:
                    yield ReadFailure(url, failure)
                    continue
                file += 1
                for start, end in _url_ranges(url, size):
                    number += 1
                    yield Shard(url, number, start, end, file=file, options=given)
            continue
        try:
            is_dir = stat.S_ISDIR(os.stat(name).st_mode)
        except OSError:
            is_dir = False  # the reader says why
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
            file += 1
            for start, end in _ranges(path, size):
                number += 1
                yield Shard(path, number, start, end, file=file)


def _ranges(path: str, size: int) -> list[tuple[int, int | None]]:
    """Byte ranges at line starts for a large plain JSON Lines file whose first bytes hold a
    record (so that it holds one, as the reader requires); the whole file otherwise (one whose
    content is another format's, whatever its name, among them: ``records.formats.detect``)."""
    whole: list[tuple[int, int | None]] = [(0, None)]
    if Path(path).suffix.lower() not in _LINES:
        return whole
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return whole  # a FIFO or a device is not opened here (the reader refuses it)
        with open(path, "rb") as stream:
            total = os.fstat(stream.fileno()).st_size
            head = stream.read(1024)
            if total <= size or compression(head[:8]) or not_json(head):
                return whole
            if detect(head, path) != "json":
                return whole
            if not head.removeprefix(_BOM).strip():
                return whole  # perhaps nothing but blank lines: the reader says so
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


def _url_ranges(url: str, size: int) -> list[tuple[int, int | None]]:
    """``_ranges`` of an object in a store: its line starts found by reading a few KiB at each
    cut (``records.remote.line_start``), never the object through."""
    whole: list[tuple[int, int | None]] = [(0, None)]
    if Path(url).suffix.lower() not in _LINES:
        return whole
    try:
        total, head = remote.size_and_head(url, 1024)
    except remote.StoreError:
        return whole  # the reader says why
    if total <= size or compression(head[:8]) or not_json(head) or detect(head, url) != "json":
        return whole
    if not head.removeprefix(_BOM).strip():
        return whole
    starts = [0]
    while starts[-1] + size < total:
        try:
            start = remote.line_start(url, starts[-1] + size, total)
        except remote.StoreError:
            return whole
        if start >= total:
            break
        starts.append(start)
    return list(zip(starts, [*starts[1:], total], strict=True))


def open_at(shard: Shard) -> IO[bytes]:
    """The shard's file (or object) opened for reading at the start of its range."""
    if is_url(shard.path):
        try:
            raw = remote.open_input(shard.path, shard.options, shard.start, shard.size)
        except remote.StoreError as exc:
            raise OSError(str(exc)) from None
        return io.BufferedReader(raw, BUFFER)  # type: ignore[type-var]
    stream = open(shard.path, "rb")  # noqa: SIM115 (returned open)
    stream.seek(shard.start)
    return stream


class _Limited(io.RawIOBase):
    """The next ``size`` bytes of a stream, then its end."""

    def __init__(self, inner: IO[bytes], size: int) -> None:
        self._inner, self._left = inner, size

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        view = memoryview(buffer).cast("B")[: self._left]
        data = self._inner.read(len(view)) if len(view) else b""
        view[: len(data)] = data
        self._left -= len(data)
        return len(data)

    def close(self) -> None:
        self._inner.close()
        super().close()


def count_lines(shard: Shard) -> int:
    """Newlines in a range."""
    assert shard.end is not None
    count, left = 0, shard.end - shard.start
    with open_at(shard) as stream:
        while left > 0:
            block = stream.read(min(left, 1 << 20))
            if not block:
                break
            count += block.count(b"\n")
            left -= len(block)
    return count


def read_shard(shard: Shard, limits: ReadLimits) -> Iterator[Entry | ReadFailure]:
    """The records of a shard, as ``records.io.iter_entries`` reads them from the whole file."""
    if shard.options and not remote.options():
        remote.configure(shard.options.items())  # a worker of a cluster: the run's options
    if shard.end is None:
        yield from iter_entries([shard.path], limits=limits)
        return
    cap = limits.record_bytes + 1 if limits.record_bytes else -1
    number = shard.first_line - 1
    name = remote.shown(shard.path)
    try:
        stream = open_at(shard)
        if shard.packed:
            stream = decoded(_Limited(stream, shard.size), limits)[0]  # type: ignore[arg-type]
    except (OSError, ReadError) as exc:
        yield ReadFailure(name, str(exc))
        return
    with stream:
        at = shard.start
        while shard.packed or at < shard.end:
            try:
                line = stream.readline(cap)
            except (OSError, ReadError) as exc:  # a dropped connection, corrupt data
                yield ReadFailure(name, f"{exc} (after line {number})")
                return
            if not line:
                return
            at += len(line)
            number += 1
            if len(line) == cap and line[-1:] != b"\n":
                yield ReadFailure(
                    name,
                    f"line {number} is longer than {size_text(limits.record_bytes)} "
                    "(the limit of one record, TRICKLOG_MAX_RECORD_BYTES); stopped reading",
                )
                return
            if number == 1 and line.startswith(_BOM):
                line = line[3:]
            if not line.isspace():
                yield Entry(name, number, line)


def map_shard(
    shard: Shard, function: Callable[[list[Entry]], R], limits: ReadLimits
) -> Iterator[R | ReadFailure]:
    """``function`` of each chunk of a shard's records, read where this runs (an unreadable
    input as it is)."""
    for unit in chunks(read_shard(shard, limits)):
        yield unit if isinstance(unit, ReadFailure) else function(unit)


def local_units(
    paths: list[str],
    limits: ReadLimits,
    *,
    size: int = 0,
    counted: Counted = None,
    stopped: Iterable[int] = (),
) -> Iterator[Unit]:
    """The work of a run on worker processes, in input order: the ranges of each large plain
    JSON Lines file, their first lines counted here; every other input read here, in chunks.
    ``size`` is the range size (``RANGE_BYTES`` when 0); ``counted`` is told the bytes read here;
    a file in ``stopped`` (``Shard.file``: a range of it found it unreadable) is not cut on."""
    lines: dict[int, int] = {}
    whole: list[str] = []
    """Inputs read here, one after the other: their records share chunks, as small files do."""
    # An object in a store is read here in one stream: its lines would be counted here first,
    # and every worker would load the store's client (more than half a second of CPU) to read
    # its ranges again, which costs more than sending its records.
    for shard in plan(paths, size or RANGE_BYTES, cut_urls=False):
        if isinstance(shard, Shard) and shard.end is None:
            whole.append(shard.path)
            continue
        if whole:
            yield from chunks(iter_entries(whole, limits=limits, counted=counted))
            whole = []
        if isinstance(shard, ReadFailure):
            yield shard
        elif shard.file not in stopped:
            before = lines.get(shard.file, 0)
            lines[shard.file] = before + count_lines(shard)
            yield replace(shard, first_line=before + 1)
    if whole:
        yield from chunks(iter_entries(whole, limits=limits, counted=counted))


def ordered_map(
    function: Callable[[Work], R],
    units: Iterable[Unit],
    workers: int,
    *,
    preload: Sequence[str] = (),
    after: int = 0,
) -> Iterator[R | ReadFailure]:
    """``function`` of each unit of work (an unreadable input as it is), in input order: all in
    this process for one worker or an input of at most ``START_AFTER`` units; otherwise the
    first ``START_AFTER // 2`` here while ``workers`` processes start, the rest on them. With
    ``after``, the units are first checked here until they have held that many bytes, and
    workers start only if more come (a stream, whose size is not known in advance).
    ``function`` must be picklable (a module's function, or a ``functools.partial`` of one);
    ``preload`` names the modules each worker imports as it starts."""
    stream: Iterator[Unit] = iter(units)
    pool: ProcessPoolExecutor | None = None
    here = 0
    if workers > 1 and after > 0:
        done = 0
        for unit in stream:
            yield unit if isinstance(unit, ReadFailure) else function(unit)
            done += _bytes_of(unit)
            if done >= after:
                break
    if workers > 1:
        ahead = list(itertools.islice(stream, START_AFTER + 1))
        if len(ahead) > START_AFTER:
            pool = _start(workers, preload)  # they start while this process works on
            here = START_AFTER // 2
        stream = itertools.chain(ahead, stream)
    try:
        for unit in stream:
            if pool is not None and here <= 0:
                yield from _in_pool(pool, function, itertools.chain([unit], stream), workers)
                return
            if isinstance(unit, ReadFailure):
                yield unit
                continue
            yield function(unit)
            here -= 1
    finally:
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)


def _bytes_of(unit: Unit) -> int:
    if isinstance(unit, list):
        return sum(len(entry.data) for entry in unit)
    return unit.size if isinstance(unit, Shard) else 0


def _start(workers: int, preload: Sequence[str]) -> ProcessPoolExecutor:
    """A pool whose ``workers`` processes are starting (they start as work is submitted)."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    quiet_tracker()
    pool = ProcessPoolExecutor(
        max_workers=workers,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=_import,
        initargs=(tuple(preload),),
    )
    for _ in range(workers):
        pool.submit(_ready)
    return pool


def quiet_tracker() -> None:
    """Start multiprocessing's resource tracker without its warning about the pool's semaphores
    when the command ends at once on Ctrl-C (``os._exit``): it removes them, which is all that
    matters, and a person who pressed Ctrl-C needs no warning about it."""
    from multiprocessing import resource_tracker

    option = "ignore::UserWarning:multiprocessing.resource_tracker"
    sys.warnoptions.append(option)  # the tracker's interpreter gets this process's -W options
    try:
        resource_tracker.ensure_running()
    finally:
        sys.warnoptions.remove(option)


def _ready() -> None:
    """Nothing: submitted once per worker, so that every worker starts at once."""


def _in_pool(
    pool: ProcessPoolExecutor,
    function: Callable[[Work], R],
    units: Iterator[Unit],
    workers: int,
) -> Iterator[R | ReadFailure]:
    pending: deque[Future[R] | ReadFailure] = deque()
    read_all = False
    while pending or not read_all:
        while not read_all and len(pending) < workers * IN_FLIGHT:
            unit = next(units, None)
            if unit is None:
                read_all = True
            elif isinstance(unit, ReadFailure):
                pending.append(unit)
            else:
                pending.append(pool.submit(function, unit))
        if pending:
            item = pending.popleft()  # the oldest, waited for: results in input order
            yield item if isinstance(item, ReadFailure) else item.result()


def _import(modules: Sequence[str]) -> None:
    """A worker's start: leave Ctrl-C to the command (which ends the run), end with the command
    however it ends (killed, or ``os._exit`` on a signal: a pool's worker would otherwise wait
    for work for ever), and import what its work needs before the first chunk arrives."""
    import multiprocessing

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    parent = multiprocessing.parent_process()
    if parent is not None:
        threading.Thread(target=_end_with, args=(parent.sentinel,), daemon=True).start()
    for module in modules:
        importlib.import_module(module)
    gc.freeze()  # what the imports made lives as long as the worker: no collection walks it


def _end_with(sentinel: int) -> None:
    """Wait for the command's end, then end this worker at once."""
    import multiprocessing.connection

    multiprocessing.connection.wait([sentinel])
    os._exit(1)
