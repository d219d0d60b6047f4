"""The loop behind ``validate`` and ``audit``: check records (here, on every core, or on a Dask
cluster), render each where it was checked, and hand the results to a reporter in input order.

A chunk of records becomes a ``Batch`` (``check_chunk``): the chunk's summary and the rendered
output of each record that shows (``replay.cli.reporters.render``). The same function runs in
this process (``-j 1``, or an input of one chunk), in worker processes (``replay.parallel``) and
on Dask workers (``replay.distributed``), so the output does not depend on where a record was
checked. The summaries of the batches add up to the run's summary, whose counts give the exit
code.
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from collections.abc import Iterable, Iterator
from contextlib import nullcontext
from dataclasses import dataclass, field, fields
from functools import partial
from typing import TYPE_CHECKING

from replay.cli.exit_codes import Exit

if TYPE_CHECKING:
    from records.io import Entry, ReadFailure
    from replay.cli.reporters import Rendered, Rendering
    from replay.summary import Summary

clock = time.perf_counter
"""The clock of the summary's elapsed time (a test may stop it)."""

WORKER_MODULES = ("replay.cli.checking", "replay.cli.reporters", "replay.check")
"""What a worker process imports before it is given work."""


@dataclass(slots=True)
class Batch:
    """What checking a chunk of records gives: their summary and what the output shows of them,
    in order."""

    summary: Summary
    shown: list[Rendered] = field(default_factory=list)


def check_chunk(entries: list[Entry], how: Rendering) -> Batch:
    """Check and render each record of a chunk (in whatever process runs it)."""
    from replay.check import check_bytes
    from replay.cli.reporters import render
    from replay.summary import Summary

    batch = Batch(Summary())
    for entry in entries:
        report = check_bytes(
            entry.data, audit=how.audit, detail=how.claims_detail, source=entry.where
        )
        batch.summary.add(report)
        shown = render(report, how)
        if shown is not None:
            batch.shown.append(shown)
    return batch


def merge(into: Summary, part: Summary) -> None:
    """Add the counts of ``part`` to ``into``, whatever counts a summary keeps."""
    for item in fields(into):
        mine, theirs = getattr(into, item.name), getattr(part, item.name)
        if isinstance(mine, Counter):
            mine.update(theirs)
        elif isinstance(mine, list):
            mine.extend(theirs)
        else:
            setattr(into, item.name, mine + theirs)


def run_check(
    paths: list[str],
    how: Rendering,
    *,
    quiet: bool,
    jobs: int = 0,
    dask: str | None = None,
    shards: str | None = None,
) -> Exit:
    """Check every record under ``paths`` and report; return the exit code."""
    from replay.cli.reporters import Timing, reporter_for
    from replay.summary import Summary

    reporter = reporter_for(how, quiet=quiet)
    summary = Summary()
    started = clock()
    shown = not quiet and sys.stderr.isatty()
    bar = Progress(paths, count_bytes=dask is None) if shown else nullcontext()
    with bar as progress:
        for item in _results(paths, how, jobs, dask, shards, progress):
            if isinstance(item, Batch):
                merge(summary, item.summary)
                for rendered in item.shown:
                    reporter.put(rendered)
            else:
                summary.add(item)
                reporter.put(item)
            if progress is not None:
                progress.advance(summary)
    reporter.close(summary, Timing(clock() - started))
    if summary.unreadable:
        return Exit.UNREADABLE
    return Exit.OK if summary.valid == summary.records else Exit.PROBLEMS


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

        return dask_results(paths, how, dask, workers=jobs, shards=shards)
    from records.io import iter_entries
    from replay.parallel import chunks, ordered_map, workers_for

    workers = workers_for(jobs)
    entries: Iterable[Entry | ReadFailure] = iter_entries(paths)
    if progress is not None:
        entries = progress.reading(entries)
    units = chunks(entries, records=1) if workers == 1 else chunks(entries)
    return ordered_map(partial(check_chunk, how=how), units, workers, preload=WORKER_MODULES)


class Progress:
    """A progress bar on stderr: records and hands checked, bytes read of the inputs' total
    (when every input is a file read here, not on a cluster), the rate and the time left."""

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

        self.position = FilePosition(paths if count_bytes else ["-"])
        self.started = clock()
        known = self.position.total is not None  # a bar, bytes and time left need a total
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
        self.task = self.bar.add_task(
            "check", total=self.position.total, counts="0 records", rate=""
        )

    def __enter__(self) -> Progress:
        self.bar.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.bar.stop()

    def reading(self, entries: Iterable[Entry | ReadFailure]) -> Iterator[Entry | ReadFailure]:
        """``entries``, noting which file is being read."""
        for entry in entries:
            self.position.reading(entry.file)
            yield entry

    def advance(self, summary: Summary) -> None:
        seconds = clock() - self.started
        rate = f"{summary.records / seconds:,.0f} records/s" if seconds > 0 else ""
        self.bar.update(
            self.task,
            completed=self.position.read(),
            counts=f"{summary.records:,} records, {summary.hands:,} hands",
            rate=rate,
        )


class FilePosition:
    """How many bytes of the input files have been read: the files read whole, and the offset
    reached in the one being read. The reader (``records.io``) does not hand its open files out,
    so the offset is asked of the operating system: the descriptor open on the same file
    (``/proc/self/fd`` or ``/dev/fd``). Where that cannot be found, the bar moves file by file."""

    def __init__(self, paths: list[str]) -> None:
        self.sizes = _sizes(paths)
        self.total: int | None = None if self.sizes is None else sum(self.sizes.values())
        self.done = 0
        self.current: str | None = None
        self.descriptor: int | None = None
        self.identity: tuple[int, int] | None = None

    def reading(self, name: str) -> None:
        if name == self.current or self.sizes is None:
            return
        if self.current is not None:
            self.done += self.sizes.get(self.current, 0)
        self.current = name
        self.identity, self.descriptor = _identity(name), None
        if self.identity is not None:
            self.descriptor = _descriptor(self.identity)

    def read(self) -> int | None:
        if self.sizes is None:
            return None
        return self.done + min(self._offset(), self.sizes.get(self.current or "", 0))

    def _offset(self) -> int:
        import os

        if self.descriptor is None:
            return 0
        try:
            info = os.fstat(self.descriptor)
            if (info.st_dev, info.st_ino) != self.identity:
                return 0
            return os.lseek(self.descriptor, 0, os.SEEK_CUR)
        except OSError:
            return 0


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


def _identity(name: str) -> tuple[int, int] | None:
    import os

    try:
        info = os.stat(name)
    except OSError:
        return None
    return info.st_dev, info.st_ino


def _descriptor(identity: tuple[int, int]) -> int | None:
    """The newest descriptor of this process open on the file ``identity`` names."""
    import os

    for listing in ("/proc/self/fd", "/dev/fd"):
        try:
            numbers = sorted((int(n) for n in os.listdir(listing)), reverse=True)
        except (OSError, ValueError):
            continue
        for number in numbers:
            try:
                info = os.fstat(number)
            except OSError:
                continue
            if (info.st_dev, info.st_ino) == identity:
                return number
        return None
    return None
