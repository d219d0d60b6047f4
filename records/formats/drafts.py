"""Records of the formats other than tricklog's JSON, on their way to becoming records.

A reader of another format (the notation, OpenSpiel histories, OhHellWeb games) makes each record
of its input into a ``Draft``: the record's JSON as the reader built it, not yet checked against
the format, or the problems that stop it from being a record (each at its line and column where
the format has lines); and, for a format with lines, how to place a problem found later in the
JSON at the text that wrote it. A draft is finished one of two ways:

* ``entry_of``, for checking (every command, through ``records.io``): the JSON decoded by the
  structs (``records.decode``, as a JSON record is), giving an ``Entry`` of the JSON, or of its
  problems placed;
* ``read_of``, for converting (``records.formats.convert``): the JSON parsed by the models,
  giving a ``Read`` with the record.

A format's ``drafts(stream, name, limits)`` (``DraftReader``) reads an open, decompressed stream
within the read limits, one record at a time; ``read_input`` is the format's ``read`` plugin
function built on it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import IO

from records.entries import Entry, ReadFailure
from records.formats.base import Loss, Read
from records.formats.files import READ_ERRORS, open_input
from records.limits import ReadLimits
from records.problems import Problem
from records.streams import ReadError

__all__ = ["Draft", "DraftReader", "entry_of", "read_input", "read_of"]

Place = Callable[[list[Problem]], list[Problem]]


@dataclass(frozen=True, slots=True)
class Draft:
    """One record of another format as its reader made it."""

    file: str
    line: int | None
    """The record's first line (None for a file that is one record)."""
    data: bytes = b""
    """The record's JSON, when the reader could build it."""
    problems: tuple[Problem, ...] = ()
    """What stops the input from being a record, as the reader found it; ``data`` is then
    empty."""
    losses: tuple[Loss, ...] = ()
    """Facts of the source that the record cannot hold."""
    place: Place | None = None
    """Places problems found in ``data`` at the line and column of the text that wrote them."""

    @property
    def source(self) -> str:
        return self.file if self.line is None else f"{self.file}:{self.line}"

    def placed(self, problems: list[Problem]) -> tuple[Problem, ...]:
        return tuple(self.place(problems) if self.place is not None else problems)


DraftReader = Callable[[IO[bytes], str, ReadLimits], Iterator[Draft | ReadFailure]]
"""``drafts(stream, name, limits)``: the records of an open, decompressed stream named ``name``
in messages, one at a time, within ``limits``; a ``ReadFailure`` where reading stops."""


def entry_of(draft: Draft) -> Entry:
    """The draft as an entry to check: its JSON if the format's structs read it as a record, or
    the problems (placed) that stop it from being one."""
    if draft.problems:
        return Entry(draft.file, draft.line, b"", draft.problems)
    from records.decode import decode  # noqa: PLC0415 (the structs load with the first record)

    result = decode(draft.data)
    if isinstance(result, list):
        return Entry(draft.file, draft.line, b"", draft.placed(result))
    return Entry(draft.file, draft.line, draft.data)


def read_of(draft: Draft) -> Read:
    """The draft as a record of the models (for a converter's writer), or its problems."""
    if draft.problems:
        return Read(draft.source, None, draft.problems)
    from records.parse import parse  # noqa: PLC0415 (the models load with the first record)

    result = parse(draft.data)
    if isinstance(result, list):
        return Read(draft.source, None, draft.placed(result))
    return Read(draft.source, result, (), draft.losses)


def read_input(
    path: str, stdin: IO[bytes] | None, drafts: DraftReader
) -> Iterator[Read | ReadFailure]:
    """A format's ``read``: every record of a file (compressed or not, told by its content) or
    of standard input (``-``), read by ``drafts`` and parsed by the models."""
    try:
        limits = ReadLimits.from_environment()
    except ValueError as exc:
        yield ReadFailure("<environment>", str(exc))
        return
    stream = open_input(path, stdin)
    if isinstance(stream, ReadFailure):
        yield stream
        return
    name = "<stdin>" if path == "-" else path
    try:
        for item in drafts(stream, name, limits):
            yield item if isinstance(item, ReadFailure) else read_of(item)
    except ReadError as exc:
        yield ReadFailure(name, str(exc))
    except READ_ERRORS as exc:
        yield ReadFailure(name, f"cannot read: {exc.__class__.__name__}: {exc}")
    finally:
        if path != "-":
            stream.close()
