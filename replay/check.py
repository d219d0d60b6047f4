"""Checking records: decode, replay, compare the claims, report; for one record or a stream.

Checking one record is a pure function of that record (and the rules it states), so archives can
be checked in any order, on any number of cores or machines.

The hot path decodes with the structs generated from the models (``records.structs``, msgspec);
a record they reject is parsed again by the pydantic models, which are the format's definition
and explain what is wrong in the format's words.
"""

from __future__ import annotations

import gc
import traceback
from collections.abc import Container, Iterator
from pathlib import Path
from typing import IO, Any

from records.decode import EXPLAIN_BYTES, decode
from records.io import Entry, ReadFailure, iter_entries
from records.limits import debug_requested
from records.paths import Paths, input_paths
from records.problems import Kind, Problem
from replay.claims import compare_claims
from replay.driver import replay
from replay.registry import game_of
from replay.report import RecordReport, report
from replay.steps import Step

__all__ = [
    "EXPLAIN_BYTES",
    "INTERNAL_ERROR",
    "check",
    "check_bytes",
    "check_entry",
    "check_paths",
    "check_record",
    "decode",
    "decode_entry",
    "failed",
    "paused",
    "steps",
]


class _Paused:
    """The cycle collector paused for one record (``check``), and resumed as it was found;
    pausing within a pause changes nothing."""

    __slots__ = ("resume",)

    def __init__(self) -> None:
        self.resume: list[bool] = []

    def __enter__(self) -> None:
        enabled = gc.isenabled()
        self.resume.append(enabled)
        if enabled:
            gc.disable()

    def __exit__(self, *exc: object) -> None:
        if self.resume.pop():
            gc.enable()


_PAUSED = _Paused()


def paused() -> _Paused:
    """The cycle collector paused for as long as the ``with`` block runs (pausing within a
    pause changes nothing). A checking loop that drops each record's report inside the pause
    leaves the collector nothing young to walk when it resumes."""
    return _PAUSED


def steps(
    record: Any,
    *,
    audit: bool = True,
    actions: bool | Container[int] = True,
    choices: bool = False,
) -> Iterator[Step]:
    """The replay of one record (a model or a decoded record) as a stream of steps; with
    ``audit`` every claim is compared with its recomputed value as the hands settle. With
    ``actions`` every applied action and finished trick is a step of its own; given the indexes
    of some hands, only theirs are (the others come whole, as without). With ``choices`` too, a
    play's step carries the duty it was played under and the cards the seat could play
    (``ActionApplied.duty``, ``replay.driver.replay``)."""
    stream = replay(record, game_of(record).referee, actions=actions, choices=choices)
    return compare_claims(stream) if audit else stream


def check(
    record: Any, *, audit: bool = True, detail: bool = True, source: str = "<record>"
) -> RecordReport:
    """Replay a record and report; with ``audit`` also compare every claim with the
    recomputation. Without ``detail`` claims that agree are not listed one by one.

    The cycle collector is paused while one record replays: a replay makes thousands of small
    objects and no reference cycles, so a collection in the middle of it only walks (and ages)
    objects that are about to be freed, about a tenth of an audit's time. It runs as usual
    between records; nothing about the result depends on it."""
    with _PAUSED:
        stream = replay(record, game_of(record).referee, actions=False)
        if audit:
            stream = compare_claims(stream, checks=detail)
        out = report(stream, source)
    out.record = record  # for its hash, worked out only if a report asks
    return out


def check_record(record: Any, source: str = "<record>", *, audit: bool = False) -> RecordReport:
    """``check`` with validation only by default (the name of earlier releases)."""
    return check(record, audit=audit, source=source)


def check_bytes(
    data: bytes, *, audit: bool = True, detail: bool = True, source: str = "<record>"
) -> RecordReport:
    """Decode and check one record's bytes; a malformed record gives a report, never raises.

    Nor does a record tricklog fails on: its report has one ``record.internal-error`` problem
    (``failed``), so that the records after it are checked all the same (with
    ``TRICKLOG_DEBUG`` set, the error is raised)."""
    with _PAUSED:
        try:
            decoded = decode(data)
            if isinstance(decoded, list):
                problems: list[Problem] = decoded
                return RecordReport(source=source, problems=problems)
            return check(decoded, audit=audit, detail=detail, source=source)
        except Exception as exc:  # one record must never end a run
            if debugging():
                raise
            return failed(source, exc)


INTERNAL_ERROR = "record.internal-error"
"""The code of a record tricklog failed on: a fault of tricklog's, whatever the record holds."""


def failed(source: str, exc: Exception) -> RecordReport:
    """The report of a record whose check (or whose rendering) raised ``exc``: one problem that
    says so, where in tricklog, and that it is tricklog's fault. A run counts it as a record
    with a problem, goes on, and ends with exit code 3 (an internal error)."""
    where = traceback.extract_tb(exc.__traceback__)[-1:] if exc.__traceback__ else []
    place = ""
    if where:
        frame = where[0]
        parts = Path(frame.filename).parts
        inside = parts[-3:] if len(parts) >= 3 else parts
        place = f" at {'/'.join(inside)}:{frame.lineno}"
    text = str(exc)
    text = text if len(text) <= 200 else text[:197] + "..."
    message = (
        f"tricklog failed on this record ({type(exc).__name__}{place}: {text}); the fault is "
        "tricklog's, whatever the record holds: please report it with the record"
    )
    return RecordReport(source=source, problems=[Problem(INTERNAL_ERROR, Kind.MALFORMED, message)])


def debugging() -> bool:
    """Whether an internal error is to be raised with its traceback (``--debug``, or
    ``TRICKLOG_DEBUG`` set to a yes; a value that is neither a yes nor a no is a no here, and
    the command refuses it as it starts)."""
    try:
        return debug_requested()
    except ValueError:
        return False


def decode_entry(entry: Entry) -> Any:
    """The record of an entry, decoded for replay, or the malformed problems that stop it from
    being one: those its reader found (``Entry.problems``: a record of another format that does
    not read as one), or those of its JSON."""
    if entry.problems:
        return list(entry.problems)
    return decode(entry.data)


def check_entry(entry: Entry, *, audit: bool = False, detail: bool = True) -> RecordReport:
    """Check one entry of an input (a record's bytes and where they came from, or the problems
    its reader found); a malformed record gives a report, never raises, nor does a record
    tricklog fails on (``check_bytes``)."""
    with _PAUSED:
        try:
            decoded = decode_entry(entry)
            if isinstance(decoded, list):
                problems: list[Problem] = decoded
                return RecordReport(source=entry.where, problems=problems)
            return check(decoded, audit=audit, detail=detail, source=entry.where)
        except Exception as exc:  # one record must never end a run
            if debugging():
                raise
            return failed(entry.where, exc)


def check_paths(
    paths: Paths,
    *,
    audit: bool = True,
    detail: bool = True,
    stdin: IO[bytes] | None = None,
) -> Iterator[RecordReport | ReadFailure]:
    """Reports for every record under ``paths`` (one path or an iterable of them,
    ``records.paths``; in any format ``records.io`` reads), as a stream, in input order."""
    for item in iter_entries(input_paths(paths), stdin):
        if isinstance(item, ReadFailure):
            yield item
        else:
            yield check_entry(item, audit=audit, detail=detail)
