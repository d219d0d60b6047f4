"""The plugin interface of every format: what a reader yields and what a writer yields.

A **reader** turns one input (a file path, or ``-`` for standard input) into a stream: for each
record, a ``Read`` holding where it came from and the record, or the problems that stop it from
being one (a broken record never stops the stream, as python-chess collects a game's errors on
the game); a ``records.io.ReadFailure`` where the input cannot be read at all. A source format
that holds facts a record cannot (an importer's loss) lists them on the ``Read``.

A **writer** takes records and yields the bytes of its output, interleaved with a ``Loss`` for
each fact or claim of a record that the output cannot carry. One stream for both keeps a writer
a plain generator: the caller sends the bytes to a file written whole or not at all and collects
the losses into the report, deciding at the end whether to keep the file.

Both are plain functions found through the registry (``records.formats.registry``); a format
module defines ``read`` and/or ``write`` with the signatures of ``Reader`` and ``Writer``. What
recognises a format's content when a file name does not tell is in ``records.formats.detect``,
which loads no format.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import IO, TYPE_CHECKING, Any, Protocol

from records.entries import ReadFailure
from records.problems import Problem

if TYPE_CHECKING:
    from records.record import Record

__all__ = ["Loss", "Read", "Reader", "SourceProblem", "Writer", "pick_form"]


@dataclass(frozen=True, slots=True)
class Loss:
    """A fact or claim of the input that the output cannot carry, and where it is."""

    record: str | None
    """The id of the record it belongs to; None when the input was not a record at all."""
    pointer: str
    """JSON Pointer into the record (RFC 6901); empty for the record as a whole."""
    what: str
    """What is lost, in a few words (``claim scores``, ``extensions``, ``hand 3``)."""
    why: str
    """Why the output cannot carry it."""
    source: str | None = None
    """Where the record was read (``file`` or ``file:line``), when the converter knows it."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "source": self.source,
            "record": self.record,
            "pointer": self.pointer,
            "what": self.what,
            "why": self.why,
        }

    def __str__(self) -> str:
        place = self.source or (repr(self.record) if self.record is not None else "?")
        return f"{place}::{self.pointer or '/'} {self.what}: {self.why}"


class SourceProblem(Problem, frozen=True):
    """A problem found while reading a source that has lines: the ``Problem`` with the line and
    column (both from 1) where the reader saw it. The pointer, when there is one, says where in
    the record the fault lands."""

    line: int | None = None
    column: int | None = None

    def to_dict(self) -> dict[str, Any]:
        out = Problem.to_dict(self)
        for key in ("line", "column"):
            value = getattr(self, key)
            if value is not None:
                out[key] = value
        return out

    def where(self) -> str:
        """``line 3, column 7, hand 2`` -- the parts that apply."""
        place = [
            f"{name} {value}"
            for name, value in (("line", self.line), ("column", self.column))
            if value is not None
        ]
        rest = Problem.where(self)
        return ", ".join([*place, rest] if rest else place)


@dataclass(frozen=True, slots=True)
class Read:
    """One record read from an input: the record, or the problems that stop it being one."""

    source: str
    """Where the record starts: ``file``, or ``file:line`` (a line of an archive or a text file,
    or the position in a JSON array)."""
    record: Record | None = None
    """The record (a pydantic model of its game), or None when it is malformed."""
    problems: tuple[Problem, ...] = ()
    losses: tuple[Loss, ...] = ()
    """Facts of the source that the record cannot hold (only importers of other formats)."""


class Reader(Protocol):
    """``read(path, stdin=None)``: every record of one input (a file, or ``-``), as a stream."""

    def __call__(
        self, path: str, stdin: IO[bytes] | None = None
    ) -> Iterator[Read | ReadFailure]: ...


class Writer(Protocol):
    """``write(records, form=None)``: the output's bytes, and a ``Loss`` for each fact it cannot
    carry, in one stream. ``form`` is one of the format's forms (None: its first). A format may
    take options of its own as keywords (csv: ``raw``); ``convert`` passes one only to the
    format it belongs to."""

    def __call__(
        self, records: Iterable[Record], form: str | None = None, **options: Any
    ) -> Iterator[bytes | Loss]: ...


def pick_form(form: str | None, forms: tuple[str, ...]) -> str | None:
    """The form a writer uses: the one asked for, or its first (None for a format without
    forms); ``ValueError`` for a form the format does not have."""
    if form is None:
        return forms[0] if forms else None
    if form not in forms:
        offered = ", ".join(forms) if forms else "none"
        raise ValueError(f"unknown form {form!r}; this format offers: {offered}")
    return form
