"""Checking records: decode, replay, compare the claims, report; for one record or a stream.

Checking one record is a pure function of that record (and the rules it states), so archives can
be checked in any order, on any number of cores or machines.

The hot path decodes with the structs generated from the models (``records.structs``, msgspec);
a record they reject is parsed again by the pydantic models, which are the format's definition
and explain what is wrong in the format's words.
"""

from __future__ import annotations

import gc
from collections.abc import Iterable, Iterator
from typing import IO, Any

from records.decode import EXPLAIN_BYTES, decode
from records.io import Entry, ReadFailure, iter_entries
from records.problems import Problem
from replay.claims import compare_claims
from replay.driver import replay
from replay.registry import game_of
from replay.report import RecordReport, report
from replay.steps import Step

__all__ = [
    "EXPLAIN_BYTES",
    "check",
    "check_bytes",
    "check_entry",
    "check_paths",
    "check_record",
    "decode",
    "decode_entry",
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


def steps(record: Any, *, audit: bool = True, actions: bool = True) -> Iterator[Step]:
    """The replay of one record (a model or a decoded record) as a stream of steps; with
    ``audit`` every claim is compared with its recomputed value as the hands settle."""
    stream = replay(record, game_of(record).referee, actions=actions)
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


def decode_entry(entry: Entry) -> Any:
    """The record of an entry, decoded for replay, or the malformed problems that stop it from
    being one: those its reader found (``Entry.problems``: a record of another format that does
    not read as one), or those of its JSON."""
    if entry.problems:
        return list(entry.problems)
    return decode(entry.data)


def check_entry(entry: Entry, *, audit: bool = False, detail: bool = True) -> RecordReport:
    """Check one entry of an input (a record's bytes and where they came from, or the problems
    its reader found); a malformed record gives a report, never raises."""
    with _PAUSED:
        decoded = decode_entry(entry)
        if isinstance(decoded, list):
            problems: list[Problem] = decoded
            return RecordReport(source=entry.where, problems=problems)
        return check(decoded, audit=audit, detail=detail, source=entry.where)


def check_paths(
    paths: Iterable[str],
    *,
    audit: bool = True,
    detail: bool = True,
    stdin: IO[bytes] | None = None,
) -> Iterator[RecordReport | ReadFailure]:
    """Reports for every record under ``paths`` (in any format ``records.io`` reads), as a
    stream, in input order."""
    for item in iter_entries(paths, stdin):
        if isinstance(item, ReadFailure):
            yield item
        else:
            yield check_entry(item, audit=audit, detail=detail)
