"""The ``csv`` format: a score sheet (one row per hand per seat) or the actions of records.

The table is the form: ``--form hands`` (the default) or ``--form actions``, so that one output
file holds one table. Values are written as Python's ``csv`` module writes them (RFC 4180
quoting, ``\\r\\n`` line ends), but for a text cell that a spreadsheet would run as a formula,
which gets a ``'`` before it (``replay.export.cells``; ``raw=True``, the command's
``--raw-csv``, writes it as it is); a blank cell is a value nobody computed or claimed,
``true``/``false`` a yes or no. Columns: docs/csv.md.

``decode`` tells ``convert`` to read tricklog JSON as audit decodes it (``records.structs``),
what the tables replay, rather than through the models: reading is most of an export's cost.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Iterator
from typing import Any

from records.formats.base import Loss, pick_form
from replay.check import decode as decode  # how convert reads JSON for this writer
from replay.export.cells import row_writer
from replay.export.tables import TABLES, Header, Row, table_stream

__all__ = ["FORMS", "decode", "write"]

FORMS = TABLES


def write(
    records: Iterable[Any], form: str | None = None, *, raw: bool = False
) -> Iterator[bytes | Loss]:
    """The table ``form`` of ``records`` as CSV, a header line first, then a record at a time;
    ``raw``: text cells as they are, even those a spreadsheet would run as a formula."""
    table = pick_form(form, FORMS) or FORMS[0]
    buffer = io.StringIO()
    out = row_writer(buffer, raw=raw)
    for item in table_stream(records, table):
        if isinstance(item, Loss):
            yield item
            continue
        if isinstance(item, Header):
            out.writerow([column.name for column in item.columns])
        else:
            out.writerows(_cells(row) for row in item)
        yield buffer.getvalue().encode()
        buffer.seek(0)
        buffer.truncate()


def _cells(row: Row) -> list[Any]:
    """A row as the csv module should write it: it writes None blank and any other value as
    ``str`` does, so only a yes or no needs its word."""
    return ["true" if v is True else "false" if v is False else v for v in row]
