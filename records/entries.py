"""What a reader gives: a record's text and where it came from (``Entry``), or an input that
could not be read (``ReadFailure``).

Plain values, below both the reader of every input (``records.io``) and the format readers it
calls (``records.formats``), which make them too.
"""

from __future__ import annotations

from msgspec import Struct

from records.problems import Problem

__all__ = ["Entry", "ReadFailure"]


class Entry(Struct, frozen=True):
    """One record's JSON text and where it came from; for a record read from another format,
    the JSON it reads as, or the problems that stop it from being a record."""

    file: str
    line: int | None
    """1-based line in a JSON Lines archive or a file of another format (the record's first
    line), or 1-based position in a JSON array; None for a file that holds one record."""
    data: bytes
    problems: tuple[Problem, ...] = ()
    """Why a record of another format is not one, as its reader found (each with its line
    and column where the format has lines); ``data`` is then empty. The problems of a JSON
    record are found by decoding ``data`` (``records.decode``)."""

    @property
    def where(self) -> str:
        return self.file if self.line is None else f"{self.file}:{self.line}"


class ReadFailure(Struct, frozen=True):
    """Input that could not be read: missing file, no permission, corrupt compression, not JSON,
    no records, a limit exceeded."""

    file: str
    message: str
