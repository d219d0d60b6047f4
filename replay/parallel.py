"""Checking on every core: chunks of raw records to worker processes, results in input order.

Checking one record is a pure function of its bytes and where they came from
(``replay.check.check_bytes``), so an archive can be cut into chunks and the chunks checked
anywhere. This module cuts and maps; what a chunk becomes is the caller's function (the command
renders each record in the worker, so that only short, ready-to-print results come back).

* Reading stays in this process (``records.io.iter_entries``): decompressing and splitting an
  archive into records is a small part of the work, and every record keeps its exact place
  (file and line). Workers get raw bytes and do all the parsing.
* At most ``IN_FLIGHT`` chunks per worker are submitted and not yet collected: memory stays flat
  whatever the archive's size.
* Results come back in input order, so the output is the same for any number of workers.
* The first ``START_AFTER`` chunks are checked in this process, so that a record, or a few
  hundred, is checked without the workers' start-up; for a longer input the workers start
  half-way through them, and are ready when they are done.

Workers are spawned (a fresh interpreter that imports what checking needs), never forked from
this process, which may run a progress bar's thread; being this process's own children, their
CPU time and memory show in its resource usage (``getrusage(RUSAGE_CHILDREN)``, ``time -v``).
"""

from __future__ import annotations

import importlib
import multiprocessing
import multiprocessing.connection
import os
import signal
import sys
import threading
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from multiprocessing import resource_tracker
from typing import TypeVar

from records.io import Entry, ReadFailure

__all__ = [
    "CHUNK_BYTES",
    "CHUNK_RECORDS",
    "IN_FLIGHT",
    "START_AFTER",
    "chunks",
    "cores",
    "ordered_map",
    "quiet_tracker",
    "workers_for",
]

R = TypeVar("R")
Unit = list[Entry] | ReadFailure
"""What a map takes: a chunk of records to check, or an unreadable input that passes through."""

CHUNK_RECORDS = 64
"""Records in a chunk: enough that sending it costs little beside checking it."""
CHUNK_BYTES = 2 * 1024 * 1024
"""A chunk ends at this many bytes of records, however few they are."""
IN_FLIGHT = 2
"""Chunks per worker submitted and not yet collected: one being checked, one waiting."""
START_AFTER = 4
"""Chunks checked in this process before the workers take over (they start half-way through):
a worker costs about a fifth of a second of CPU to start (an interpreter and the checker's
imports), which an input of a few hundred records would not repay."""


def cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


def workers_for(jobs: int) -> int:
    """Worker processes for ``--jobs N``: 0 means every core."""
    return cores() if jobs == 0 else jobs


def chunks(
    items: Iterable[Entry | ReadFailure],
    *,
    records: int = CHUNK_RECORDS,
    size: int = CHUNK_BYTES,
) -> Iterator[Unit]:
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


def ordered_map(
    function: Callable[[list[Entry]], R],
    units: Iterable[Unit],
    workers: int,
    *,
    preload: Sequence[str] = (),
) -> Iterator[R | ReadFailure]:
    """``function`` of each chunk (an unreadable input as it is), in input order: the first
    ``START_AFTER`` chunks in this process, the rest on ``workers`` processes (all in this one
    for 1). ``function`` must be picklable (a module's function, or a ``functools.partial`` of
    one); ``preload`` names the modules each worker imports as it starts."""
    stream = iter(units)
    pool: ProcessPoolExecutor | None = None
    checked = 0
    try:
        for unit in stream:
            if isinstance(unit, ReadFailure):
                yield unit
                continue
            yield function(unit)
            checked += 1
            if workers > 1 and checked == START_AFTER // 2:
                pool = _start(workers, preload)  # they start while this process works on
            if pool is not None and checked >= START_AFTER:
                yield from _in_pool(pool, function, stream, workers)
                return
    finally:
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)


def _start(workers: int, preload: Sequence[str]) -> ProcessPoolExecutor:
    """A pool whose ``workers`` processes are starting (they start as work is submitted)."""
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
    function: Callable[[list[Entry]], R],
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
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    parent = multiprocessing.parent_process()
    if parent is not None:
        threading.Thread(target=_end_with, args=(parent.sentinel,), daemon=True).start()
    for module in modules:
        importlib.import_module(module)


def _end_with(sentinel: int) -> None:
    """Wait for the command's end, then end this worker at once."""
    multiprocessing.connection.wait([sentinel])
    os._exit(1)
