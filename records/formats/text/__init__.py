"""The ``text`` format: the tricklog notation, for people to write by hand and read in a diff.

In the spirit of PGN and PBN: tag pairs for the record (``[Game "oh_hell"]``, ``[Rules
"default"]`` and the parameters that differ from it, ``[Player 0 "Anna"]``, ...), then each hand
a line at a time (``hand 1 dealer 0``, ``deal 0 AS KS ...``, ``bid 1:0 2:1``, ``play 1:AS 2:KS``,
``claims tricks 1 0 0``). Comments run from ``;`` to the end of a line or between ``{`` and
``}``. A file (suffix ``.tln``) holds any number of records; docs/notation.md is the reference.

JSON -> text -> JSON gives back the same record, byte for byte in compact JSON: the notation
holds everything a record can say. Reading never raises on bad text: each record is a ``Read``
with the record, or with problems that give the line and column (``SourceProblem``).

``loads``/``load`` read records, ``dumps``/``dump`` write them; ``read``/``write`` are the
plugin functions of ``records.formats``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import IO, TYPE_CHECKING

from records.formats.base import Loss, Read, pick_form
from records.formats.detect import text as sniff
from records.formats.files import READ_ERRORS, open_input
from records.formats.text.lexer import Error
from records.formats.text.reader import CODE, read_lines
from records.formats.text.writer import record_text
from records.io import ReadFailure

if TYPE_CHECKING:
    from records.record import Record

__all__ = ["CODE", "FORMS", "dump", "dumps", "load", "loads", "read", "sniff", "write"]

FORMS: tuple[str, ...] = ()
_BOM = b"\xef\xbb\xbf"


def loads(text: str | bytes, name: str = "<string>") -> list[Read]:
    """Every record in a text, in order (a list: a text is already in memory)."""
    data = text.encode() if isinstance(text, str) else text
    return list(read_lines(_decoded(data.split(b"\n")), name))


def load(stream: IO[bytes], name: str = "<stream>") -> Iterator[Read]:
    """Every record of a binary stream, one at a time (memory holds one record's lines)."""
    return read_lines(_decoded(stream), name)


def dumps(record: Record) -> str:
    """One record in the notation, ending with a newline; ``ValueError`` if the notation could
    not hold all of it (which no record of format version 1 does)."""
    text, losses = record_text(record)
    if losses:
        raise ValueError("; ".join(str(loss) for loss in losses))
    return text


def dump(records: Iterable[Record], stream: IO[bytes]) -> list[Loss]:
    """Write records to a binary stream, a blank line between two; returns what was lost."""
    losses: list[Loss] = []
    for chunk in write(records):
        if isinstance(chunk, Loss):
            losses.append(chunk)
        else:
            stream.write(chunk)
    return losses


def read(path: str, stdin: IO[bytes] | None = None) -> Iterator[Read | ReadFailure]:
    """Every record of a ``.tln`` file (compressed or not) or of standard input."""
    stream = open_input(path, stdin)
    if isinstance(stream, ReadFailure):
        yield stream
        return
    name = "<stdin>" if path == "-" else path
    try:
        yield from load(stream, name)
    except READ_ERRORS as exc:
        yield ReadFailure(name, f"cannot read: {exc.__class__.__name__}: {exc}")
    finally:
        if path != "-":
            stream.close()


def write(records: Iterable[Record], form: str | None = None) -> Iterator[bytes | Loss]:
    """The records in the notation, a blank line between two."""
    pick_form(form, FORMS)
    for index, record in enumerate(records):
        text, losses = record_text(record)
        yield from losses
        yield (b"\n" if index else b"") + text.encode()


def _decoded(lines: Iterable[bytes]) -> Iterator[tuple[int, str | Error]]:
    for number, line in enumerate(lines, start=1):
        raw = line.removeprefix(_BOM) if number == 1 else line
        raw = raw.removesuffix(b"\n").removesuffix(b"\r")
        try:
            yield number, raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            yield number, Error(f"not UTF-8 text: {exc.reason}", number, exc.start + 1)
