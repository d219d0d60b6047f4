"""The functions behind ``tricklog``'s names: reading, writing, checking, walking a replay."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from records.io import Entry, ReadFailure, iter_entries
from records.problems import Problem
from replay import check as _check
from replay.report import RecordReport
from replay.steps import Step

__all__ = [
    "Loaded",
    "MalformedRecordError",
    "UnreadableInputError",
    "check",
    "check_bytes",
    "check_paths",
    "dump",
    "dumps",
    "iter_records",
    "load",
    "loads",
    "steps",
]


class UnreadableInputError(OSError):
    """An input that cannot be read at all: missing, no permission, corrupt compression."""

    __module__ = "tricklog"

    def __init__(self, source: str, message: str) -> None:
        super().__init__(f"{source}: {message}")
        self.source = source
        self.message = message


class MalformedRecordError(ValueError):
    """Text that is not a record of the format; ``problems`` says why, each with its pointer."""

    __module__ = "tricklog"

    def __init__(self, source: str, problems: list[Problem]) -> None:
        detail = "; ".join(f"{p.pointer or '/'}: {p.message}" for p in problems)
        super().__init__(f"{source}: {detail}")
        self.source = source
        self.problems = problems


@dataclass(frozen=True)
class Loaded:
    __module__ = "tricklog"

    """One record read from an input: the record, or the problems that stop it being one."""

    source: str
    """``file`` or ``file:line``."""
    record: Any = None
    """The record (a pydantic model of its game), or None when it is malformed."""
    problems: list[Problem] = field(default_factory=list)


def loads(data: bytes | bytearray | memoryview | str, source: str = "<string>") -> Any:
    """Parse one record (JSON text: ``str``, or UTF-8 as ``bytes``, ``bytearray`` or
    ``memoryview``); raises ``MalformedRecordError`` for text that is not a record (a ``str``
    holding a lone surrogate, which no UTF-8 can, among them), ``TypeError`` for anything else."""
    from records.parse import parse

    result = parse(_json_text(data, "loads"))
    if isinstance(result, list):
        raise MalformedRecordError(source, result)
    return result


def _json_text(data: object, name: str) -> bytes:
    """The bytes of JSON text given as ``str`` (a lone surrogate kept as the bytes that are not
    UTF-8, so that the parser reports it where it is), ``bytes``, ``bytearray`` or
    ``memoryview``; ``TypeError`` naming what was given otherwise."""
    if isinstance(data, str):
        return data.encode("utf-8", "surrogatepass")
    if isinstance(data, (bytes, bytearray, memoryview)):
        return bytes(data)
    raise TypeError(
        f"{name}() takes JSON text as str, bytes, bytearray or memoryview, "
        f"not {type(data).__name__}"
    )


def load(path: str | Path) -> Any:
    """The one record in a file (``.json``, or any format tricklog reads: ``.tln``,
    ``.openspiel``, ``.ohw``; possibly compressed); raises ``UnreadableInputError`` or
    ``MalformedRecordError``."""
    found: list[Entry] = []
    for item in iter_entries([str(path)]):
        if isinstance(item, ReadFailure):
            raise UnreadableInputError(item.file, item.message)
        found.append(item)
    if len(found) != 1:
        raise UnreadableInputError(str(path), f"holds {len(found)} records, not one")
    if found[0].problems:
        raise MalformedRecordError(found[0].where, list(found[0].problems))
    return loads(found[0].data, found[0].where)


def iter_records(paths: Iterable[str], stdin: IO[bytes] | None = None) -> Iterator[Loaded]:
    """Every record under ``paths`` (files, archives, directories, ``-``; tricklog JSON, the
    notation, OpenSpiel histories, OhHellWeb games), in order, as a stream; raises
    ``UnreadableInputError`` where an input cannot be read."""
    from records.parse import parse

    for item in iter_entries(paths, stdin):
        if isinstance(item, ReadFailure):
            raise UnreadableInputError(item.file, item.message)
        if item.problems:
            yield Loaded(item.where, None, list(item.problems))
            continue
        result = parse(item.data)
        if isinstance(result, list):
            yield Loaded(item.where, None, result)
        else:
            yield Loaded(item.where, result)


def dumps(record: Any, *, pretty: bool = False) -> bytes:
    """A record as JSON: one line (for JSON Lines), or indented with ``pretty``."""
    from records.parse import dumps as compact
    from records.parse import dumps_pretty

    return dumps_pretty(record) if pretty else compact(record)


def dump(record: Any, stream: IO[bytes], *, pretty: bool = False) -> None:
    """Write a record to a binary stream, one JSON line (or indented with ``pretty``)."""
    data = dumps(record, pretty=pretty)
    stream.write(data if pretty else data + b"\n")


def check(record: Any, *, audit: bool = True, source: str = "<record>") -> RecordReport:
    """Replay a record; with ``audit`` also compare every claim with the recomputation."""
    return _check.check(record, audit=audit, source=source)


def check_bytes(data: bytes, *, audit: bool = True, source: str = "<record>") -> RecordReport:
    """Decode and check one record's JSON; a malformed record gives a report, never raises."""
    return _check.check_bytes(data, audit=audit, source=source)


def check_paths(
    paths: Iterable[str], *, audit: bool = True, stdin: IO[bytes] | None = None
) -> Iterator[RecordReport | ReadFailure]:
    """Reports for every record under ``paths``, in input order, as a stream; an input that
    cannot be read is a ``ReadFailure`` in the stream."""
    return _check.check_paths(paths, audit=audit, stdin=stdin)


def steps(record: Any, *, audit: bool = True) -> Iterator[Step]:
    """The replay of one record as a stream of steps, every action and trick included."""
    return _check.steps(record, audit=audit, actions=True)
