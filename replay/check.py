"""The replay driver: one record in, one report out, as a pure function of the record's bytes.

Checking a record depends on nothing but that record (and the rules it states), so archives can be
checked in any order, on any number of cores or machines.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import IO

from records.io import Entry, ReadFailure, iter_entries, parse
from records.record import Record
from replay.registry import GAMES
from replay.report import RecordReport


def check_record(record: Record, source: str = "<record>", *, audit: bool = False) -> RecordReport:
    """Replay a parsed record; with ``audit`` also compare every claim with the recomputation."""
    report = RecordReport(source=source, record_id=record.id, game=record.game)
    GAMES[record.game].referee(record, report, audit=audit)
    return report


def check_entry(entry: Entry, *, audit: bool = False) -> RecordReport:
    """Parse and replay one entry of an input; a malformed entry gives a report, never raises."""
    parsed = parse(entry.data)
    if isinstance(parsed, list):
        return RecordReport(source=entry.where, problems=parsed)
    return check_record(parsed, entry.where, audit=audit)


def check_paths(
    paths: Iterable[str], *, audit: bool = False, stdin: IO[bytes] | None = None
) -> Iterator[RecordReport | ReadFailure]:
    """Reports for every record under ``paths``, as a stream, in input order."""
    for item in iter_entries(paths, stdin):
        yield item if isinstance(item, ReadFailure) else check_entry(item, audit=audit)
