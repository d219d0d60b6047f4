"""The loop behind ``validate`` and ``audit``: check records (here, on every core, or on a Dask
cluster), render each where it was checked, and hand the results to a reporter in input order.

A chunk of records becomes a ``Batch`` (``check_chunk``): the chunk's summary, the rendered
output of each record that shows (``replay.cli.reporters.render``) and, for ``audit --html``, the
page of each record with a problem (``replay.html.report``), built from the record the check
decoded: the input is read once, standard input too. The same function runs in this process
(``-j 1``, or an input of one chunk), in worker processes (``replay.parallel``, which reads the
ranges of a large plain file in the workers themselves) and on Dask workers
(``replay.distributed``), so the output does not depend on where a record was checked. The
summaries of the batches add up to the run's summary, whose counts give the exit code.
"""

from __future__ import annotations

import os
import stat
import sys
import time
from collections.abc import Iterable, Iterator
from contextlib import nullcontext
from dataclasses import dataclass, field, replace
from functools import partial
from typing import TYPE_CHECKING

from replay.cli.exit_codes import Exit

if TYPE_CHECKING:
    from records.io import Counted, Entry, ReadFailure
    from records.limits import ReadLimits
    from replay.cli.reporters import Rendered, Rendering
    from replay.html.report import Page, ReportFolder
    from replay.parallel import Shard, Work
    from replay.summary import Summary

clock = time.perf_counter
"""The clock of the summary's elapsed time (a test may stop it)."""

WORKER_MODULES = ("replay.cli.checking", "replay.cli.reporters", "replay.check")
"""What a worker process imports before it is given work."""
PAGE_MODULES = ("replay.html.report",)
"""And what it imports too when it makes pages (``audit --html``)."""


@dataclass(slots=True)
class Batch:
    """What checking a chunk of records gives: their summary, what the output shows of them,
    in order, and the pages of those with problems (``audit --html``)."""

    summary: Summary
    shown: list[Rendered] = field(default_factory=list)
    pages: list[Page] = field(default_factory=list)


@dataclass(slots=True)
class Part:
    """What checking a worker's work gives: batches (and an unreadable input where reading
    stopped), and the range of a file that the worker read itself (None for records read
    here)."""

    items: list[Batch | ReadFailure]
    shard: Shard | None = None


def check_chunk(entries: list[Entry], how: Rendering) -> Batch:
    """Check and render each record of a chunk (in whatever process runs it).

    The cycle collector is paused for the chunk (records make no reference cycles), and each
    record's report is dropped inside the pause once it is counted and rendered: resumed, the
    collector finds nothing young to walk (it would otherwise walk the last report's every
    object, record after record: a fifth of a command's time)."""
    from replay.check import check_entry, paused
    from replay.cli.reporters import render
    from replay.summary import Summary

    batch = Batch(Summary())
    summary, shown = batch.summary, batch.shown
    audit, detail = how.audit, how.claims_detail
    with paused():
        for place, entry in enumerate(entries):
            report = check_entry(entry, audit=audit, detail=detail)
            summary.add(report)
            rendered = render(report, how)
            if rendered is not None:
                shown.append(rendered)
            if how.pages and not report.valid:
                from replay.html.report import page_of

                batch.pages.append(page_of(report, place))
            del report, rendered  # inside the pause (above)
    return batch


def check_work(work: Work, how: Rendering, limits: ReadLimits) -> Part:
    """Check a chunk of records, or read and check a range of a file (in a worker process)."""
    from replay.parallel import map_shard

    check = partial(check_chunk, how=how)
    if isinstance(work, list):
        return Part([check(work)])
    return Part(list(map_shard(work, check, limits)), work)


def merge(into: Summary, part: Summary) -> None:
    """Add the counts of ``part`` to ``into`` (``Summary.merge``)."""
    into.merge(part)


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
    too, whole or not at all (``replay.html.report.ReportFolder``)."""
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
    shown = not quiet and sys.stderr.isatty()
    bar = Progress(paths, count_bytes=dask is None) if shown else nullcontext()
    with folder or nullcontext(), bar as progress:
        for item in _results(paths, how, jobs, dask, shards, progress):
            if isinstance(item, Batch):
                if folder is not None:
                    folder.add(summary.records, item.pages)
                merge(summary, item.summary)
                for rendered in item.shown:
                    reporter.put(rendered)
            else:
                summary.add(item)
                reporter.put(item)
                if folder is not None:
                    folder.unreadable(item)
            if progress is not None:
                progress.advance(summary)
        if folder is not None:
            folder.finish(summary.records)
    reporter.close(summary, Timing(clock() - started))
    if summary.unreadable:
        return Exit.UNREADABLE
    return Exit.OK if summary.valid == summary.records else Exit.PROBLEMS


def freeze_imports() -> None:
    """Move what the imports made out of the cycle collector's sight (``gc.freeze``): it lives
    as long as the process, and a full collection would walk all of it again and again while
    records are checked."""
    import gc

    gc.freeze()


def _results(
    paths: list[str],
    how: Rendering,
    jobs: int,
    dask: str | None,
    shards: str | None,
    progress: Progress | None,
) -> Iterator[Batch | ReadFailure]:
    """The batches of the run (unreadable inputs in their places), in input order."""
    if dask is not None:
        from replay.distributed import dask_results

        yield from dask_results(paths, how, dask, workers=jobs, shards=shards)
        return
    from records.io import ReadFailure, iter_entries
    from records.limits import ReadLimits
    from replay.parallel import (
        CHUNK_RECORDS,
        Unit,
        chunks,
        local_units,
        ordered_map,
        workers_for,
    )

    try:
        limits = ReadLimits.from_environment()
    except ValueError as exc:
        yield ReadFailure("<environment>", str(exc))
        return
    counted = progress.count if progress is not None else None
    workers = workers_for(jobs)
    stopped: set[int] = set()
    units: Iterable[Unit]
    if workers == 1:  # a record at a time from a pipe, whose records may come slowly
        entries = iter_entries(paths, limits=limits, counted=counted)
        units = chunks(entries, records=1 if _streamed(paths) else CHUNK_RECORDS)
    else:
        units = local_units(paths, limits, counted=counted, stopped=stopped)
    preload = WORKER_MODULES + (PAGE_MODULES if how.pages else ())
    check = partial(check_work, how=how, limits=limits)
    parts = ordered_map(check, units, workers, preload=preload)
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


class Progress:
    """A progress bar on stderr: records and hands checked, bytes read of the inputs' total
    (when every input is a file read by this machine, not a cluster's), the rate and the time
    left. The bytes are counted as they are read (``records.io.iter_entries``'s ``counted``),
    or a range at a time as worker processes hand its records back."""

    def __init__(self, paths: list[str], *, count_bytes: bool = True) -> None:
        from rich.progress import (
            BarColumn,
            DownloadColumn,
            TextColumn,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )
        from rich.progress import Progress as Bar

        from replay.cli.terminal import console

        sizes = _sizes(paths) if count_bytes else None
        self.total = None if sizes is None else sum(sizes.values())
        self.read = 0
        self.started = clock()
        known = self.total is not None  # a bar, bytes and time left need a total
        self.bar = Bar(
            TextColumn("{task.fields[counts]}", markup=False),
            *([BarColumn(), DownloadColumn()] if known else []),
            TextColumn("{task.fields[rate]}", markup=False),
            TimeElapsedColumn(),
            TextColumn("elapsed," if known else "elapsed"),
            *([TimeRemainingColumn(), TextColumn("left")] if known else []),
            console=console(sys.stderr),
            transient=True,
        )
        self.task = self.bar.add_task("check", total=self.total, counts="0 records", rate="")

    def __enter__(self) -> Progress:
        self.bar.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.bar.stop()

    def count(self, size: int) -> None:
        """``size`` more bytes of the inputs read."""
        self.read += size

    def advance(self, summary: Summary) -> None:
        seconds = clock() - self.started
        rate = f"{summary.records / seconds:,.0f} records/s" if seconds > 0 else ""
        self.bar.update(
            self.task,
            completed=None if self.total is None else min(self.read, self.total),
            counts=f"{summary.records:,} records, {summary.hands:,} hands",
            rate=rate,
        )


def _sizes(paths: list[str]) -> dict[str, int] | None:
    """The size of each file under ``paths`` by the name the reader gives it; None when an
    input is standard input (of no known size)."""
    import os
    import stat
    from pathlib import Path

    from records.io import is_record_file
    from records.streams import walk

    sizes: dict[str, int] = {}
    for name in paths:
        if name == "-":
            return None
        try:
            if stat.S_ISDIR(os.stat(name).st_mode):
                for path, failure in walk(str(Path(name)), lambda n: is_record_file(Path(n))):
                    if failure is None:
                        sizes[path] = os.stat(path).st_size
            else:
                sizes[name] = os.stat(name).st_size
        except OSError:
            continue
    return sizes
