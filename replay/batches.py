"""Checking a chunk of records, in whatever process runs it: this one, a worker process
(``replay.parallel``) or a Dask worker (``replay.distributed``).

A chunk becomes a ``Batch`` (``check_chunk``): the chunk's summary, the rendered output of each
record that shows (``replay.rendering.render``) and, for ``audit --html``, the page of each
record with a problem (``replay.html.report``), built from the record the check decoded. The
same function runs wherever a record is checked, so the output does not depend on where; the
command's loop (``replay.cli.checking``) hands the batches to a reporter in input order.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from records.io import Entry, ReadFailure
    from records.limits import ReadLimits
    from replay.html.report import Page
    from replay.parallel import Shard, Work
    from replay.rendering import Rendered, Rendering
    from replay.report import RecordReport
    from replay.summary import Summary

__all__ = ["Batch", "Part", "check_chunk", "check_work", "merge"]


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
    from replay.summary import Summary

    batch = Batch(Summary())
    audit, detail = how.audit, how.claims_detail
    with paused():
        for place, entry in enumerate(entries):
            report = check_entry(entry, audit=audit, detail=detail)
            _take(batch, report, place, how)
            del report  # inside the pause (above)
    return batch


def _take(batch: Batch, report: RecordReport, place: int, how: Rendering) -> None:
    """Count and render a record's report (and make its page); a record whose rendering fails
    is counted and shown as a record tricklog failed on, and the run goes on."""
    from replay.check import debugging, failed
    from replay.rendering import render

    try:
        rendered = render(report, how)
        page = None
        if how.pages and not report.valid:
            from replay.html.report import page_of

            page = page_of(report, place)
    except Exception as exc:  # one record must never end a run
        if debugging():
            raise
        report = failed(report.source, exc)
        rendered, page = render(report, how), None
    batch.summary.add(report)
    if rendered is not None:
        batch.shown.append(rendered)
    if page is not None:
        batch.pages.append(page)


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
