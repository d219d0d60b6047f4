"""The ``parquet`` format: the tables of ``csv`` (``replay.export.tables``) as Parquet files.

Needs the ``[parquet]`` extra (pyarrow); the registry says so before anything is read when it
is missing (``records.formats.registry.Format.needs``). Each column has the type docs/csv.md
gives it (64-bit integers, booleans, strings; blank is null), whatever the rows hold, so that
tables of many runs concatenate: Bestia's exact fractions of money are integers over the hand's
``denominator`` (``replay.export.tables``); a column holding a value not of its type (an amount
beyond 64 bits) is written as text, as CSV writes it.

Memory is bounded by a row group (``ROW_GROUP`` rows) and what pyarrow keeps of each group for
the footer (about 10 KB a group), not by the records: a column's type is
known only once every row has been seen, so the rows are first set aside in a temporary file
(held in memory up to 1 MiB, then on disk), a record at a time, while each column is checked
against its type; then they are read back and written a row group at a time, each group's
bytes given out as soon as pyarrow has written them. ``decode``: as for ``csv``.
"""

from __future__ import annotations

import io
import pickle
import tempfile
from collections.abc import Iterable, Iterator
from typing import IO, Any

from records.formats.base import Loss, pick_form
from replay.check import decode as decode  # how convert reads JSON for this writer
from replay.export.arrow import pyarrow
from replay.export.tables import TABLES, Column, Header, Row, table_stream

__all__ = ["FORMS", "ROW_GROUP", "decode", "write"]

FORMS = TABLES
ROW_GROUP = 16_384
"""Rows per row group, built of ``_BATCH``-row Arrow batches: what is held at once is a batch of
Python rows and the group as Arrow columns. pyarrow is imported only once every record has been
read, and without numpy (``replay.export.arrow``): about 35 MB on top of the 30 MB the command
holds then. What still grows with the input is what pyarrow keeps of every group written until
the footer, some 10 KB a group. 1 GB of Oh Hell records (bench/memory.py): the hands table
(2.4 million rows, 146 groups) 80 MB, the actions table (24 million rows, 1,460 groups) 95 MB;
groups of three times as many rows took as much (fewer groups to keep, but larger ones)."""
_BATCH = 1_024
"""Rows made into Arrow columns at a time: a group is built of such batches, so that what is
held as Python rows (about 1 KB a row) is a batch, and the group itself is held as Arrow holds
it (some 100 bytes a row)."""
_SPOOL = 1 << 20
"""Bytes of rows set aside held in memory before they go to a temporary file on disk."""
_LOW, _HIGH = -(1 << 63), 1 << 63
"""The integers a 64-bit column holds: from ``_LOW`` to ``_HIGH`` - 1."""


def write(records: Iterable[Any], form: str | None = None) -> Iterator[bytes | Loss]:
    """The table ``form`` of ``records`` as one Parquet file, given out a row group at a time."""
    table = pick_form(form, FORMS) or FORMS[0]
    columns: tuple[Column, ...] = ()
    with tempfile.SpooledTemporaryFile(max_size=_SPOOL) as spool:
        fits: list[bool] = []
        for item in table_stream(records, table):
            if isinstance(item, Loss):
                yield item
            elif isinstance(item, Header):
                columns = item.columns
                fits = [True] * len(columns)
            elif item:
                _check(item, columns, fits)
                pickle.dump(item, spool, protocol=pickle.HIGHEST_PROTOCOL)
        spool.seek(0)
        yield from _parquet(_groups(spool), columns, fits)


def _check(rows: list[Row], columns: tuple[Column, ...], fits: list[bool]) -> None:
    """Mark in ``fits`` each column that holds a value not of its type (a bool is no int)."""
    for k, column in enumerate(columns):
        if not fits[k]:
            continue
        kind = column.kind
        for row in rows:
            value = row[k]
            if value is None:
                continue
            if type(value) is not kind or (kind is int and not _is_int64(value)):
                fits[k] = False
                break


def _is_int64(value: Any) -> bool:
    return bool(_LOW <= value < _HIGH)


def _groups(spool: IO[bytes]) -> Iterator[list[Row]]:
    """The rows set aside, ``_BATCH`` (or ``ROW_GROUP``, if fewer) at a time."""
    size = min(_BATCH, ROW_GROUP)
    group: list[Row] = []
    while True:
        try:
            rows: list[Row] = pickle.load(spool)
        except EOFError:
            break
        group += rows
        while len(group) >= size:
            yield group[:size]
            del group[:size]
    if group:
        yield group


def _parquet(
    groups: Iterator[list[Row]], columns: tuple[Column, ...], fits: list[bool]
) -> Iterator[bytes]:
    pa, pq = pyarrow()
    types = {int: pa.int64(), bool: pa.bool_(), str: pa.string()}
    kinds = [c.kind if ok else str for c, ok in zip(columns, fits, strict=True)]
    schema = pa.schema([(c.name, types[kind]) for c, kind in zip(columns, kinds, strict=True)])
    sink = _Sink()
    writer = pq.ParquetWriter(sink, schema)
    pending: list[Any] = []  # Arrow batches of the group being made: compact, unlike the rows
    held = 0
    try:
        for group in groups:
            arrays = []
            for k, (column, kind) in enumerate(zip(columns, kinds, strict=True)):
                values = [row[k] for row in group]
                if kind is not column.kind:  # a column of values not all of its type: text
                    values = [None if v is None else _text(v) for v in values]
                arrays.append(pa.array(values, type=types[kind]))
            pending.append(pa.RecordBatch.from_arrays(arrays, schema=schema))
            held += len(group)
            if held >= ROW_GROUP:
                writer.write_table(pa.Table.from_batches(pending, schema=schema), held)
                pending, held = [], 0
                yield from sink.take()
        if pending:
            writer.write_table(pa.Table.from_batches(pending, schema=schema), held)
    finally:
        writer.close()
    yield from sink.take()


def _text(value: Any) -> str:
    """A value as CSV writes it (``replay.export.csv``)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


class _Sink(io.RawIOBase):
    """Where pyarrow writes the file: the bytes of each row group, taken as they come."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[bytes] = []
        self.position = 0

    def writable(self) -> bool:
        return True

    def write(self, data: Any) -> int:
        part = bytes(data)
        self.parts.append(part)
        self.position += len(part)
        return len(part)

    def tell(self) -> int:
        return self.position

    def take(self) -> list[bytes]:
        taken, self.parts = self.parts, []
        return taken
