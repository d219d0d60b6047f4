"""The functions behind ``tricklog``'s names: reading, writing, checking, walking a replay.

Every function that reads inputs takes its paths as Python does (``records.paths``): one path,
a ``str`` or a ``pathlib.Path``, or an iterable of them; ``-`` is standard input. Bytes, or
anything else that is not a path, raise ``TypeError`` at the call.

The examples run from the repository's root, where ``fixtures/`` is
(``tests/command/test_docs.py`` runs them).
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
    """An input that cannot be read at all: missing, no permission, corrupt compression.

    ``source`` names the input, ``message`` says why."""

    __module__ = "tricklog"

    def __init__(self, source: str, message: str) -> None:
        super().__init__(f"{source}: {message}")
        self.source = source
        self.message = message


class MalformedRecordError(ValueError):
    """Text that is not a record of the format; ``problems`` says why, each with its pointer.

    ``source`` names where the text came from (a file, ``file:line``, or ``<string>``)."""

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


def loads(data: bytes | bytearray | memoryview | str, source: str = "<string>") -> Any:
    """Parse one record from its JSON text.

    :param data: the record's JSON, as ``str``, or UTF-8 as ``bytes``, ``bytearray`` or
        ``memoryview``.
    :param source: what a ``MalformedRecordError`` names as the text's origin.
    :returns: the record, a pydantic model of its game (``record.game`` says which).
    :raises MalformedRecordError: the text is not a record (a ``str`` holding a lone
        surrogate, which no UTF-8 can, among them); its ``problems`` say why.
    :raises TypeError: ``data`` is none of those four.

    >>> from pathlib import Path
    >>> text = Path("fixtures/oh_hell/valid/default-4p-complete-game.json").read_text()
    >>> record = tricklog.loads(text)
    >>> record.game, record.id, len(record.hands)
    ('oh_hell', 'oh_hell-4-0', 13)
    """
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


def load(path: OnePath) -> Any:
    """The one record in a file.

    :param path: a file (``str`` or ``pathlib.Path``) holding one record, in JSON or any
        format tricklog reads (``.tln``, ``.openspiel``, ``.ohw``), possibly compressed (gzip,
        bzip2, xz, zstd), or ``-`` for standard input.
    :returns: the record, a pydantic model of its game.
    :raises UnreadableInputError: the file cannot be read, or holds no record or several.
    :raises MalformedRecordError: the file's text is not a record.
    :raises TypeError: ``path`` is not one path (a list, bytes).

    >>> record = tricklog.load("fixtures/oh_hell/valid/default-4p-complete-game.json")
    >>> record.players[0].name
    'Anna'
    """
    name = one_path(path)
    found: list[Entry] = []
    for item in iter_entries([name]):
        if isinstance(item, ReadFailure):
            raise UnreadableInputError(item.file, item.message)
        found.append(item)
    if len(found) != 1:
        raise UnreadableInputError(name, f"holds {len(found)} records, not one")
    if found[0].problems:
        raise MalformedRecordError(found[0].where, list(found[0].problems))
    return loads(found[0].data, found[0].where)


def iter_records(paths: Paths, stdin: IO[bytes] | None = None) -> Iterator[Loaded]:
    """Every record under ``paths``, in order, as a stream (memory holds one record at a time).

    :param paths: one path or an iterable of paths (``str`` or ``pathlib.Path``): files of one
        record, JSON Lines archives, JSON arrays, files of the notation, OpenSpiel histories and
        OhHellWeb games, any of them compressed, directories (searched recursively, in name
        order), and ``-`` for standard input.
    :param stdin: the binary stream that ``-`` reads (default: ``sys.stdin.buffer``).
    :returns: an iterator of ``Loaded``: each record with its ``source`` (``file`` or
        ``file:line``), or, for text that is not a record, its ``problems``.
    :raises UnreadableInputError: while iterating, where an input cannot be read at all.
    :raises TypeError: at the call, when ``paths`` is not a path or an iterable of paths.

    >>> [(item.source, item.record.id) for item in tricklog.iter_records(
    ...     "fixtures/oh_hell/valid/default-4p-complete-game.json")]
    [('fixtures/oh_hell/valid/default-4p-complete-game.json', 'oh_hell-4-0')]
    """
    return _iter_records(input_paths(paths), stdin)


def _iter_records(paths: tuple[str, ...], stdin: IO[bytes] | None) -> Iterator[Loaded]:
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
    """A record as JSON, in **bytes** (UTF-8); ``dumps_text`` gives the same as a ``str``.

    :param record: a record (a pydantic model, as ``load`` gives).
    :param pretty: indent by two spaces and end with a newline (the layout of a ``.json``
        record file) instead of one compact line without a newline (for JSON Lines).
    :returns: the JSON, as bytes; ``loads`` reads it back to an equal record.

    >>> record = tricklog.load("fixtures/oh_hell/valid/default-4p-complete-game.json")
    >>> tricklog.dumps(record)[:36]
    b'{"format_version":1,"game":"oh_hell"'
    """
    from records.parse import dumps as compact
    from records.parse import dumps_pretty

    return dumps_pretty(record) if pretty else compact(record)


def dumps_text(record: Any, *, pretty: bool = False) -> str:
    """A record as JSON text: ``dumps`` (with the same ``pretty``) decoded from UTF-8.

    >>> record = tricklog.load("fixtures/oh_hell/valid/default-4p-complete-game.json")
    >>> tricklog.dumps_text(record)[:36]
    '{"format_version":1,"game":"oh_hell"'
    """
    return dumps(record, pretty=pretty).decode("utf-8")


def dump(record: Any, stream: IO[bytes] | IO[str], *, pretty: bool = False) -> None:
    """Write a record to a stream: one JSON line ended by a newline, or indented with
    ``pretty`` (``dumps``).

    :param stream: a binary stream (a file opened ``"wb"``, ``io.BytesIO``) gets UTF-8 bytes; a
        text stream (``io.TextIOBase``: a file opened ``"w"``, ``io.StringIO``,
        ``sys.stdout``) gets ``str``.

    >>> import sys
    >>> record = tricklog.load("fixtures/oh_hell/valid/default-4p-complete-game.json")
    >>> tricklog.dump(record, sys.stdout)  # doctest: +ELLIPSIS
    {"format_version":1,"game":"oh_hell","id":"oh_hell-4-0",...}
    """
    data = dumps(record, pretty=pretty)
    if not pretty:
        data += b"\n"
    if isinstance(stream, io.TextIOBase):
        stream.write(data.decode("utf-8"))
    else:
        stream.write(data)  # type: ignore[arg-type]


def check(record: Any, *, audit: bool = True, source: str = "<record>") -> RecordReport:
    """Replay a record and report what is wrong with it; never raises for a bad record.

    :param record: a record (as ``load`` gives it).
    :param audit: also compare every claim of the record (tricks taken, scores, totals,
        winners) with the recomputed value; without, only the rules are checked.
    :param source: the report's ``source``.
    :returns: a ``RecordReport``: ``valid``, ``problems``, and per hand a ``HandReport``.

    >>> report = tricklog.check(tricklog.load("fixtures/oh_hell/valid/default-4p-complete-game.json"))
    >>> report.valid, len(report.hands), report.hands[0].claims[0].status.value
    (True, 13, 'match')
    """
    return _check.check(record, audit=audit, source=source)


def check_bytes(data: bytes, *, audit: bool = True, source: str = "<record>") -> RecordReport:
    """Decode and check one record's JSON, as ``check`` does; text that is not a record is a
    report with its ``malformed`` problems, never an exception.

    >>> [p.code for p in tricklog.check_bytes(b'{"game": "oh_hell"}').problems][:2]
    ['record.format-version', 'record.missing-field']
    """
    return _check.check_bytes(data, audit=audit, source=source)


def check_paths(
    paths: Paths, *, audit: bool = True, stdin: IO[bytes] | None = None
) -> Iterator[RecordReport | ReadFailure]:
    """Reports for every record under ``paths``, in input order, as a stream.

    :param paths: one path or an iterable of paths, as ``iter_records`` takes them.
    :param audit: compare the claims too (``check``).
    :param stdin: the binary stream that ``-`` reads.
    :returns: an iterator of ``RecordReport``, and a ``ReadFailure(file, message)`` in its place
        for an input that cannot be read (nothing is raised for it).
    :raises TypeError: at the call, when ``paths`` is not a path or an iterable of paths.

    >>> [r.valid for r in tricklog.check_paths("fixtures/oh_hell/valid/default-4p-complete-game.json")]
    [True]
    """
    return _check.check_paths(input_paths(paths), audit=audit, stdin=stdin)


def steps(record: Any, *, audit: bool = True, choices: bool = False) -> Iterator[Step]:
    """The replay of one record as a stream of steps, every action and trick included.

    Each step holds values as of its moment, which the replay never changes after, so the
    steps can be kept (``list(steps(record))``) and read in any order; none holds the engine's
    live state. In order: ``RecordStarted``; per hand ``HandStarted``, an ``ActionApplied``
    for each action the rules accepted (the seat, the action, what was said, the phase after
    it, the trick on the table, whose turn it is) and a ``TrickCompleted`` after each trick's
    last card, a ``ProblemFound`` where the hand stops, ``HandSettled``; then
    ``RecordSettled``.

    :param record: a record (as ``load`` gives it).
    :param audit: compare the claims as the hands settle (``HandSettled.checks``).
    :param choices: also give each play's ``ActionApplied.duty``: the duty it was played
        under, as the engine decided it (a ``PlayDuty``: follow suit, void and free, trump,
        head the trick..., with the suit led, the trump and the cards the seat could play).
        Each card held is checked, so a walk takes about two and a half times as long.
    :returns: an iterator of steps (``Step``).

    >>> record = tricklog.load("fixtures/oh_hell/valid/default-4p-complete-game.json")
    >>> walk = list(tricklog.steps(record, choices=True))
    >>> first = next(s for s in walk if isinstance(s, tricklog.ActionApplied))
    >>> first
    ActionApplied(hand=0, index=0, action=Bid(type='bid', seat=2, tricks=1), seat=2, said='bid 1', phase='bid', trick=(), to_move=3, duty=None)
    >>> play = next(s for s in walk if isinstance(s, tricklog.ActionApplied) and s.duty)
    >>> play.trick, play.duty.duty, play.duty.allowed, play.duty.led
    (((3, 'TS'),), <Duty.LEAD: 'lead'>, ('TS',), None)
    """
    return _check.steps(record, audit=audit, actions=True, choices=choices)
