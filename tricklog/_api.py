"""The functions behind ``tricklog``'s names: reading, writing, checking, walking a replay.

Every function that reads inputs takes its paths as Python does (``records.paths``): one path,
a ``str`` or a ``pathlib.Path``, or an iterable of them; ``-`` is standard input. Bytes, or
anything else that is not a path, raise ``TypeError`` at the call.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import IO, Any

from records.io import Entry, ReadFailure, iter_entries
from records.paths import OnePath, Paths, input_paths, one_path
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
    "dumps_text",
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
    """One record read from an input: the record, or the problems that stop it being one."""

    __module__ = "tricklog"

    source: str
    """``file`` or ``file:line``."""
    record: Any = field(default=None, repr=False)
    """The record (a pydantic model of its game), or None when it is malformed."""
    problems: list[Problem] = field(default_factory=list)
    """Why the text is not a record (``malformed`` problems); empty when ``record`` is set."""

    def __repr__(self) -> str:
        if self.record is None:
            codes = [p.code for p in self.problems]
            return f"Loaded(source={self.source!r}, record=None, problems={codes!r})"
        record = self.record
        what = f"<{type(record).__name__} id={getattr(record, 'id', None)!r}>"
        return f"Loaded(source={self.source!r}, record={what})"


def loads(data: bytes | str, source: str = "<string>") -> Any:
    """Parse one record (JSON text); raises ``MalformedRecordError``."""
    from records.parse import parse

    result = parse(data.encode() if isinstance(data, str) else data)
    if isinstance(result, list):
        raise MalformedRecordError(source, result)
    return result


def load(path: OnePath) -> Any:
    """The one record in a file (``.json``, possibly compressed; a ``str`` or a path object);
    raises ``UnreadableInputError`` or ``MalformedRecordError``, and ``TypeError`` for what is
    not one path."""
    name = one_path(path)
    found: list[Entry] = []
    for item in iter_entries([name]):
        if isinstance(item, ReadFailure):
            raise UnreadableInputError(item.file, item.message)
        found.append(item)
    if len(found) != 1:
        raise UnreadableInputError(name, f"holds {len(found)} records, not one")
    return loads(found[0].data, found[0].where)


def iter_records(paths: Paths, stdin: IO[bytes] | None = None) -> Iterator[Loaded]:
    """Every record under ``paths`` (one path or an iterable of them: files, archives,
    directories, ``-``), in order, as a stream; raises ``UnreadableInputError`` where an input
    cannot be read, and ``TypeError`` at the call for what is not a path."""
    return _iter_records(input_paths(paths), stdin)


def _iter_records(paths: tuple[str, ...], stdin: IO[bytes] | None) -> Iterator[Loaded]:
    from records.parse import parse

    for item in iter_entries(paths, stdin):
        if isinstance(item, ReadFailure):
            raise UnreadableInputError(item.file, item.message)
        result = parse(item.data)
        if isinstance(result, list):
            yield Loaded(item.where, None, result)
        else:
            yield Loaded(item.where, result)


def dumps(record: Any, *, pretty: bool = False) -> bytes:
    """A record as JSON, in **bytes** (UTF-8): one line without a newline (for JSON Lines), or
    indented by two spaces and ended by a newline with ``pretty`` (a ``.json`` record file).
    ``dumps_text`` gives the same as a ``str``."""
    from records.parse import dumps as compact
    from records.parse import dumps_pretty

    return dumps_pretty(record) if pretty else compact(record)


def dumps_text(record: Any, *, pretty: bool = False) -> str:
    """A record as JSON text: ``dumps`` decoded from UTF-8."""
    return dumps(record, pretty=pretty).decode("utf-8")


def dump(record: Any, stream: IO[bytes] | IO[str], *, pretty: bool = False) -> None:
    """Write a record to a stream, one JSON line ended by a newline (or indented with
    ``pretty``): UTF-8 bytes to a binary stream, ``str`` to a text stream (``io.TextIOBase``:
    a file opened ``"w"``, ``io.StringIO``, ``sys.stdout``)."""
    data = dumps(record, pretty=pretty)
    if not pretty:
        data += b"\n"
    if isinstance(stream, io.TextIOBase):
        stream.write(data.decode("utf-8"))
    else:
        stream.write(data)  # type: ignore[arg-type]


def check(record: Any, *, audit: bool = True, source: str = "<record>") -> RecordReport:
    """Replay a record; with ``audit`` also compare every claim with the recomputation."""
    return _check.check(record, audit=audit, source=source)


def check_bytes(data: bytes, *, audit: bool = True, source: str = "<record>") -> RecordReport:
    """Decode and check one record's JSON; a malformed record gives a report, never raises."""
    return _check.check_bytes(data, audit=audit, source=source)


def check_paths(
    paths: Paths, *, audit: bool = True, stdin: IO[bytes] | None = None
) -> Iterator[RecordReport | ReadFailure]:
    """Reports for every record under ``paths`` (one path or an iterable of them), in input
    order, as a stream; an input that cannot be read is a ``ReadFailure`` in the stream. What
    is not a path raises ``TypeError`` at the call."""
    return _check.check_paths(input_paths(paths), audit=audit, stdin=stdin)


def steps(record: Any, *, audit: bool = True, choices: bool = False) -> Iterator[Step]:
    """The replay of one record as a stream of steps, every action and trick included.

    Each step holds values as of its moment, which the replay never changes after, so the
    steps can be kept (``list(steps(record))``); none holds the engine's live state. With
    ``choices`` each play's ``ActionApplied.choice`` says what the seat could have played
    (every card held is checked: a walk takes about two and a half times as long)."""
    return _check.steps(record, audit=audit, actions=True, choices=choices)
