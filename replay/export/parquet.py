"""The ``parquet`` format: the tables of ``csv`` (``replay.export.tables``) as Parquet files.

Needs the ``[parquet]`` extra (pyarrow); the registry says so before anything is read when it
is missing (``records.formats.registry.Format.needs``). Each column has the type docs/csv.md
gives it (64-bit integers, booleans, strings; blank is null), whatever the rows hold, so that
tables of many runs concatenate: Bestia's exact fractions of money are integers over the hand's
``denominator`` (``replay.export.tables``); a column holding a value not of its type (an amount
beyond 64 bits) is written as text, as CSV writes it. A Parquet file is written at the end, whole: the rows of every
record are held in memory until then. ``decode``: as for ``csv``.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Iterator
from typing import Any

from records.formats.base import Loss, pick_form
from replay.check import decode as decode  # how convert reads JSON for this writer
from replay.export.tables import TABLES, Column, Header, table_stream

__all__ = ["FORMS", "decode", "write"]

FORMS = TABLES


def write(records: Iterable[Any], form: str | None = None) -> Iterator[bytes | Loss]:
    """The table ``form`` of ``records`` as one Parquet file."""
    import pyarrow as pa  # noqa: PLC0415 (an optional extra)
    import pyarrow.parquet as pq  # noqa: PLC0415 (an optional extra)

    table = pick_form(form, FORMS) or FORMS[0]
    columns: tuple[Column, ...] = ()
    rows: list[tuple[Any, ...]] = []
    for item in table_stream(records, table):
        if isinstance(item, Loss):
            yield item
        elif isinstance(item, Header):
            columns = item.columns
        else:
            rows += item
    arrays = [_array(pa, [row[k] for row in rows], c.kind) for k, c in enumerate(columns)]
    names = [c.name for c in columns]
    buffer = io.BytesIO()
    pq.write_table(pa.Table.from_arrays(arrays, names=names), buffer)
    yield buffer.getvalue()


def _array(pa: Any, values: list[Any], kind: type) -> Any:
    """A column of its documented type; as text when a value is not of it (pyarrow would cut
    a ``Fraction`` to an integer without a word, and refuses an integer beyond 64 bits)."""
    types = {int: pa.int64(), bool: pa.bool_(), str: pa.string()}
    if all(v is None or type(v) is kind for v in values):  # a bool is no int here
        try:
            return pa.array(values, type=types[kind])
        except (pa.ArrowInvalid, OverflowError):  # an integer beyond 64 bits
            pass
    return pa.array([None if v is None else _text(v) for v in values], type=pa.string())


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
