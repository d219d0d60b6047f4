"""Checking records: decode, replay, compare the claims, report; for one record or a stream.

Checking one record is a pure function of that record (and the rules it states), so archives can
be checked in any order, on any number of cores or machines.

The hot path decodes with the structs generated from the models (``records.structs``, msgspec);
a record they reject is parsed again by the pydantic models, which are the format's definition
and explain what is wrong in the format's words.
"""

from __future__ import annotations

import gc
import re
from collections.abc import Iterator
from typing import IO, Any

import msgspec

from records.duplicates import find_duplicates
from records.io import Entry, ReadFailure, iter_entries
from records.limits import too_deep
from records.paths import Paths, input_paths
from records.problems import Kind, Problem, pointer
from records.structs import ANY_RECORD
from replay.claims import compare_claims
from replay.driver import replay
from replay.registry import game_of
from replay.report import RecordReport, report
from replay.steps import Step

__all__ = [
    "check",
    "check_bytes",
    "check_entry",
    "check_paths",
    "check_record",
    "decode",
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


def decode(data: bytes) -> Any:
    """The record in ``data`` (decoded for replay), or the malformed problems that stop it
    from being one. An object that states a key twice is one of them (``records.duplicates``):
    no reader of the record may pick one of the two values."""
    try:
        record = ANY_RECORD.decode(data)
        if not too_deep(record):  # the one limit msgspec cannot state (records.limits)
            return find_duplicates(data, record) or record
    except (msgspec.ValidationError, msgspec.DecodeError, RecursionError) as exc:
        if len(data) > EXPLAIN_BYTES:
            return [_refused(exc, len(data))]
    from records.parse import parse  # the models explain what the fast decoder refused

    return parse(data)  # which reports duplicate keys too


EXPLAIN_BYTES = 1 << 20
"""Above this size a refused record is reported with the fast decoder's first error only: the
models' explanation holds the whole document as Python objects, and much more besides (about
27 times the record's size: 232 MB of peak memory for an 8.7 MB record), which hostile input must not be able
to ask for."""

_STEP = re.compile(r"\.([^.\[]+)|\[(\d+)\]")


def _refused(exc: Exception, size: int) -> Problem:
    """The fast decoder's error as a problem: its message, and its ``$.a[0].b`` path as a
    JSON Pointer."""
    text = str(exc) if not isinstance(exc, RecursionError) else "nested too deeply"
    message, _, where = text.partition(" - at `$")
    parts = [m[0] if m[0] else int(m[1]) for m in _STEP.findall(where.rstrip("`"))]
    code = "record.schema" if isinstance(exc, msgspec.ValidationError) else "record.json"
    return Problem(
        code,
        Kind.MALFORMED,
        f"{message.rstrip('.')} (the record is {size:,} bytes, over {EXPLAIN_BYTES:,}: "
        "only the first fault is reported)",
        pointer(*parts),
    )


def steps(
    record: Any, *, audit: bool = True, actions: bool = True, choices: bool = False
) -> Iterator[Step]:
    """The replay of one record (a model or a decoded record) as a stream of steps; with
    ``audit`` every claim is compared with its recomputed value as the hands settle; with
    ``actions`` each action and trick is a step, with ``choices`` a play's step says what the
    seat could have played (``replay.driver.replay``)."""
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
    """Decode and check one record's bytes; a malformed record gives a report, never raises."""
    with _PAUSED:
        decoded = decode(data)
        if isinstance(decoded, list):
            problems: list[Problem] = decoded
            return RecordReport(source=source, problems=problems)
        return check(decoded, audit=audit, detail=detail, source=source)


def check_entry(entry: Entry, *, audit: bool = False, detail: bool = True) -> RecordReport:
    """Check one entry of an input (a record's bytes and where they came from)."""
    return check_bytes(entry.data, audit=audit, detail=detail, source=entry.where)


def check_paths(
    paths: Paths,
    *,
    audit: bool = True,
    detail: bool = True,
    stdin: IO[bytes] | None = None,
) -> Iterator[RecordReport | ReadFailure]:
    """Reports for every record under ``paths`` (one path or an iterable of them,
    ``records.paths``), as a stream, in input order."""
    for item in iter_entries(input_paths(paths), stdin):
        if isinstance(item, ReadFailure):
            yield item
        else:
            yield check_bytes(item.data, audit=audit, detail=detail, source=item.where)
