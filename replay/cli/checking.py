"""The loop behind ``validate`` and ``audit``: check records (here, on worker processes, or on a
Dask cluster), and hand the results to a reporter in input order.

Each chunk of records is checked and rendered where it is checked (``replay.batches``): in this
process (``-j 1``, or an input of one chunk), in worker processes (``replay.parallel``, which
reads the ranges of a large plain file in the workers themselves) or on Dask workers
(``replay.distributed``). The summaries of the batches add up to the run's summary, whose
counts give the exit code.
"""

from __future__ import annotations

import os
import stat
import sys
import time
from collections.abc import Iterable, Iterator, Sequence
from contextlib import nullcontext
from dataclasses import dataclass, replace
from functools import partial
from typing import TYPE_CHECKING

from records.words import number_of
from replay.batches import Batch, Part, check_work, merge
from replay.cli.exit_codes import Exit

if TYPE_CHECKING:
    from records.io import Counted, ReadFailure
    from replay.cli.progress import Progress
    from replay.html.report import ReportFolder
    from replay.rendering import Rendered, Rendering

clock = time.perf_counter
"""The clock of the summary's elapsed time (a test may stop it)."""

WORKER_MODULES = ("replay.batches", "replay.rendering", "replay.check")
"""What a worker process imports before it is given work."""
PAGE_MODULES = ("replay.html.report",)
"""And what it imports too when it makes pages (``audit --html``)."""


def run_check(
    paths: list[str],
    how: Rendering,
    *,
    quiet: bool,
    jobs: int = 0,
    dask: str | None = None,
    shards: str | None = None,
    pages: str | None = None,
) -> Exit:
    """Check every record under ``paths`` and report; return the exit code. With ``pages``
    (a directory, ``audit --html``), the pages of the records with problems are written there
    too, whole or not at all (``replay.html.report.ReportFolder``). What is printed while the
    progress bar is up is printed above it (``replay.cli.progress``)."""
    from replay.check import INTERNAL_ERROR
    from replay.cli import progress as bars
    from replay.cli.reporters import Timing, reporter_for
    from replay.summary import Summary

    folder: ReportFolder | None = None
    if pages is not None:
        from replay.html.report import ReportFolder

        folder = ReportFolder(pages, paths)
        how = replace(how, pages=True)
    reporter = reporter_for(how, quiet=quiet)
    summary = Summary()
    freeze_imports()
    started = clock()
    shown = bars.shown(sys.stderr, quiet=quiet)
    plan = _plan(paths, jobs, dask, quiet=quiet, sizes=shown or not jobs)
    bar = bars.Progress(plan.total) if shown else None
    above = bar.above if bar is not None else nullcontext
    with folder or nullcontext():
        with bar or nullcontext():
            for item in _results(paths, how, plan, dask, shards, bar):
                if isinstance(item, Batch):
                    if folder is not None:
                        folder.add(summary.records, item.pages)
                    merge(summary, item.summary)
                else:
                    summary.add(item)
                    if folder is not None:
                        folder.unreadable(item)
                if bar is not None:
                    bar.advance(summary)  # before the output, which redraws the bar
                output: Sequence[Rendered | ReadFailure] = (
                    item.shown if isinstance(item, Batch) else [item]
                )
                if output:
                    with above():
                        for rendered in output:
                            reporter.put(rendered)
        if folder is not None:  # the bar is gone: whatever finishing the folder says is seen
            written = folder.finish(summary.records)
    reporter.close(summary, Timing(clock() - started))
    if folder is not None and not quiet:
        print(folder.where(written), file=sys.stderr)
    if summary.unreadable or summary.problems.get(INTERNAL_ERROR):
        return Exit.UNREADABLE
    return Exit.OK if summary.valid == summary.records else Exit.PROBLEMS


@dataclass(frozen=True, slots=True)
class Plan:
    """Where a run checks its records: how many worker processes (1: this process alone), the
    bytes of a stream checked here before they start (0: none), the inputs' size for the
    progress bar (None: unknown, or not counted)."""

    workers: int
    after: int = 0
    total: int | None = None


def _plan(paths: list[str], jobs: int, dask: str | None, *, quiet: bool, sizes: bool) -> Plan:
    """The run's ``Plan`` (``replay.workers.workers_for``); a note on stderr, unless quiet,
    when -j asks for more workers than there are cores."""
    from replay.workers import BYTES_PER_WORKER, cores, file_sizes, work_size, workers_for

    available = cores()
    if jobs > available and not quiet and dask in (None, "local"):
        print(
            f"tricklog: -j {jobs} is more than the {number_of(available, 'core')} this process may use; "
            f"checking with {number_of(available, 'worker process', 'worker processes')}",
            file=sys.stderr,
        )
    if dask is not None:
        return Plan(jobs)  # the cluster's own workers (--dask local: replay.distributed)
    found = file_sizes(paths) if sizes else None
    total = None if found is None else sum(found.values())
    workers = workers_for(jobs, work_size(found) if sizes else None)
    after = 2 * BYTES_PER_WORKER if jobs == 0 and found is None and workers > 1 else 0
    return Plan(workers, after, total)


def freeze_imports() -> None:
    """Move what the imports made out of the cycle collector's sight (``gc.freeze``): it lives
    as long as the process, and a full collection would walk all of it again and again while
    records are checked. Once a process: a program that runs the command again and again in one
    process (a test runner, a service) would otherwise freeze, at every run, the garbage of the
    runs before, which would then never be collected."""
    import gc

    if not _FROZEN:
        _FROZEN.append(True)
        gc.freeze()


_FROZEN: list[bool] = []
"""Whether ``freeze_imports`` has frozen this process's objects yet."""


def _results(
    paths: list[str],
    how: Rendering,
    plan: Plan,
    dask: str | None,
    shards: str | None,
    progress: Progress | None,
) -> Iterator[Batch | ReadFailure]:
    """The batches of the run (unreadable inputs in their places), in input order."""
    if dask is not None:
        from replay.distributed import dask_results

        yield from dask_results(paths, how, dask, workers=plan.workers, shards=shards)
        return
    from records.io import iter_entries
    from records.limits import ReadLimits
    from replay.parallel import CHUNK_RECORDS, Unit, chunks, local_units, ordered_map

    limits = ReadLimits.from_environment()  # checked as the command started (main)
    counted = progress.count if progress is not None else None
    workers = plan.workers
    stopped: set[int] = set()
    units: Iterable[Unit]
    if workers == 1:  # a record at a time from a pipe, whose records may come slowly
        entries = iter_entries(paths, limits=limits, counted=counted)
        units = chunks(entries, records=1 if _streamed(paths) else CHUNK_RECORDS)
    else:
        units = local_units(paths, limits, counted=counted, stopped=stopped)
    preload = WORKER_MODULES + (PAGE_MODULES if how.pages else ())
    check = partial(check_work, how=how, limits=limits)
    parts = ordered_map(check, units, workers, preload=preload, after=plan.after)
    yield from _in_order(parts, stopped, counted)


def _streamed(paths: list[str]) -> bool:
    """Whether an input is standard input or another stream (a FIFO, a device), whose records
    are shown as they come rather than a chunk at a time."""
    if not paths:
        return True
    for path in paths:
        if path == "-":
            return True
        try:
            mode = os.stat(path).st_mode
        except OSError:
            continue  # the reader reports it
        if not (stat.S_ISREG(mode) or stat.S_ISDIR(mode)):
            return True
    return False


def _in_order(
    parts: Iterable[Part | ReadFailure], stopped: set[int], counted: Counted
) -> Iterator[Batch | ReadFailure]:
    """The batches of each part, in order; a range read by a worker counts as read when its
    batches are taken, and nothing of a file comes after the place a range of it stopped at
    (as when this process reads it through, ``records.io``): its later ranges are dropped, and
    ``stopped`` tells ``local_units`` to cut it no further."""
    from records.io import ReadFailure

    for part in parts:
        if isinstance(part, ReadFailure):
            yield part
            continue
        shard = part.shard
        if shard is not None:
            if shard.file in stopped:
                continue
            if counted is not None:
                counted(shard.size)
        for item in part.items:
            if isinstance(item, ReadFailure) and shard is not None:
                stopped.add(shard.file)
            yield item
