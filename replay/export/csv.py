"""The ``csv`` format: a score sheet (one row per hand per seat) or the actions of records.

The table is the form: ``--form hands`` (the default) or ``--form actions``, so that one output
file holds one table and the command needs no option of its own. Values are written as Python's
``csv`` module writes them (RFC 4180 quoting, ``\\r\\n`` line ends); a blank cell is a value
nobody computed or claimed, ``true``/``false`` a yes or no. Columns: docs/csv.md.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Iterator
from typing import Any

from records.formats.base import Loss, pick_form
from replay.export.tables import TABLES, Header, table_stream

__all__ = ["FORMS", "write"]

FORMS = TABLES


def write(records: Iterable[Any], form: str | None = None) -> Iterator[bytes | Loss]:
    """The table ``form`` of ``records`` as CSV, a header line first."""
    table = pick_form(form, FORMS) or FORMS[0]
    buffer = io.StringIO()
    out = csv.writer(buffer)
    for item in table_stream(records, table):
        if isinstance(item, Loss):
            yield item
            continue
        if isinstance(item, Header):
            out.writerow([column.name for column in item.columns])
        else:
            out.writerow([_cell(value) for value in item])
        yield buffer.getvalue().encode()
        buffer.seek(0)
        buffer.truncate()


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
