"""A byte-order mark where a record starts: how it is told and what a reader is told of it.

Both the fast decoder (``records.decode``) and the models' explanation (``records.parse``) say
the same thing of it, so it lives below both.
"""

from __future__ import annotations

__all__ = ["MIDDLE_BOM", "starts_with_bom"]

MIDDLE_BOM = (
    "not valid JSON: a byte-order mark (U+FEFF) starts this record; one belongs only at the "
    "start of a file (was a file joined onto another?): remove it"
)
"""The message of a record that starts with a byte-order mark: the reader drops one at the
start of an input, so this one is in the middle of it, and a JSON parser only says that it
expected a value at line 1, column 1."""

_BOM = b"\xef\xbb\xbf"


def starts_with_bom(data: bytes) -> bool:
    """Whether a record's text (after any whitespace) starts with a byte-order mark."""
    return data.lstrip(b" \t\r\n").startswith(_BOM)
