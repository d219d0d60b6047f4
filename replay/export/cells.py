"""CSV rows that a spreadsheet shows and never runs: the writer of ``convert``'s tables and of
``summarize --format csv``.

A spreadsheet that opens a CSV file takes a cell starting with ``=``, ``+``, ``-`` or ``@``
(and, in some, a tab or a carriage return) for a formula, and runs it: a player named
``=HYPERLINK(...)`` or ``=cmd|' /C calc'!A0`` is a formula in every row that names them. So,
as OWASP's "CSV Injection" page says, every *text* cell that starts with one of those six
characters is written with a single quote before it (``'=HYPERLINK(...)``), and quoted. A text
cell is a value that is a ``str`` (a name, an id, a word); a number (an ``int`` such as a score
of ``-20``, a ``float``, an exact fraction ``-80/3``) is never changed, so that it stays a number.
Everything else is as Python's ``csv`` module writes it: RFC 4180 quoting (a cell holding a
comma, a quote, a carriage return or a line feed is quoted, a quote doubled), blank for None,
anything else as ``str`` writes it. (With ``\\n`` line ends the ``csv`` module leaves a lone
carriage return unquoted, which its own reader then refuses; this writer quotes it.)

``raw=True`` writes every text cell as it is, with no ``'`` added: for programs that read the
file back, never for a spreadsheet.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import IO, Any, Protocol

__all__ = ["FORMULA_STARTS", "RowWriter", "neutral", "row_writer"]

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""What a text cell may not start with (OWASP's list)."""
_QUOTED = frozenset(',"\r\n')
"""What makes a cell quoted (as the ``csv`` module's ``QUOTE_MINIMAL`` with ``\\r\\n`` ends)."""


class RowWriter(Protocol):
    """What ``csv.writer`` offers and the tables use."""

    def writerow(self, row: Iterable[Any], /) -> Any: ...

    def writerows(self, rows: Iterable[Iterable[Any]], /) -> None: ...


def row_writer(out: IO[str], *, raw: bool = False, lineterminator: str = "\r\n") -> RowWriter:
    """A writer of rows to ``out``, ``csv.writer``'s way: text cells neutralised (see the
    module's docstring), or with ``raw`` as they are."""
    return _Writer(out, lineterminator, _raw_cell if raw else _cell)


def neutral(text: str) -> str:
    """A text cell as written: with a ``'`` before it and quoted when it starts with one of
    ``FORMULA_STARTS``; else as ``raw`` writes it."""
    if text.startswith(FORMULA_STARTS):
        return "\"'" + text.replace('"', '""') + '"'
    return _quoted(text)


def _quoted(text: str) -> str:
    if _QUOTED.isdisjoint(text):
        return text
    return '"' + text.replace('"', '""') + '"'


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, str):
        return neutral(value)
    return str(value)


def _raw_cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, str):
        return _quoted(value)
    return str(value)


class _Writer:
    def __init__(self, out: IO[str], end: str, cell: Callable[[Any], str]) -> None:
        self.out, self.end, self.cell = out, end, cell

    def writerow(self, row: Iterable[Any]) -> None:
        self.out.write(",".join(map(self.cell, row)) + self.end)

    def writerows(self, rows: Iterable[Iterable[Any]]) -> None:
        cell, end = self.cell, self.end
        self.out.write("".join(",".join(map(cell, row)) + end for row in rows))
