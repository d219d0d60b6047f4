"""The ``text`` format: the tricklog notation, for people to write by hand and read in a diff.

In the spirit of PGN and PBN: tag pairs for the record (``[Game "oh_hell"]``, ``[Rules
"default"]`` and the parameters that differ from it, ``[Player 0 "Anna"]``, ...), then each hand
a line at a time (``hand 1 dealer 0``, ``deal 0 AS KS ...``, ``bid 1:0 2:1``, ``play 1:AS 2:KS``,
``claims tricks 1 0 0``). Comments run from ``;`` to the end of a line or between ``{`` and
``}``. A file (suffix ``.tln``) holds any number of records; docs/notation.md is the reference.

JSON -> text -> JSON gives back the same record, byte for byte in compact JSON: the notation
holds everything a record can say. Reading never raises on bad text: each record is a ``Read``
with the record, or with problems that give the line and column (``SourceProblem``). It is
streamed a record at a time within the read limits (``records.formats.text.reader``).

``loads``/``load`` read records, ``dumps``/``dump`` write them; ``read``/``write`` are the
plugin functions of ``records.formats``, and ``drafts`` is the reader every command uses
(``records.io``, through ``records.formats.drafts``).
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Iterator
from typing import IO, TYPE_CHECKING

from records.formats.base import Loss, Read, pick_form
from records.formats.detect import text as sniff
from records.formats.drafts import read_input, read_of
from records.formats.text.reader import CODE, drafts, read_text
from records.formats.text.writer import record_text
from records.io import ReadFailure
from records.limits import ReadLimits

if TYPE_CHECKING:
    from records.record import Record

__all__ = [
    "CODE",
    "FORMS",
    "drafts",
    "dump",
    "dumps",
    "load",
    "loads",
    "read",
    "sniff",
    "write",
]

FORMS: tuple[str, ...] = ()


def loads(text: str | bytes | bytearray | memoryview, name: str = "<string>") -> list[Read]:
    """Every record in a text, in order (a list: a text is already in memory). Never raises on
    bad text: a character that cannot be UTF-8 (a lone surrogate) is a problem where it is, and
    a record beyond the read limits a problem of that record, where reading stops."""
    if isinstance(text, str):
        data = text.encode("utf-8", "surrogatepass")  # a lone surrogate: not UTF-8, said so
    elif isinstance(text, (bytes, bytearray, memoryview)):
        data = bytes(text)
    else:
        raise TypeError(f"loads takes str or bytes, not {type(text).__name__}")
    return list(load(io.BytesIO(data), name))


def load(stream: IO[bytes], name: str = "<stream>") -> Iterator[Read]:
    """Every record of a binary stream, one at a time (memory holds about one record: its text
    and its JSON, within ``records.limits.ReadLimits``)."""
    limits = ReadLimits.from_environment()
    return (read_of(draft) for draft in read_text(stream, name, limits))


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
    return read_input(path, stdin, drafts)


def write(records: Iterable[Record], form: str | None = None) -> Iterator[bytes | Loss]:
    """The records in the notation, a blank line between two."""
    pick_form(form, FORMS)
    for index, record in enumerate(records):
        text, losses = record_text(record)
        yield from losses
        yield (b"\n" if index else b"") + text.encode()
