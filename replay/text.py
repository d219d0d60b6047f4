"""Text that reaches a person: nothing from a record or a file name is ever interpreted.

These helpers serve every output that shows a record to a person, the command's text and the
HTML pages alike, so they live below both (``replay.cli.terminal`` adds the console).

A record's names, ids and cards, and the names of files, are data. They reach the terminal with
control characters (terminal escape sequences, bells, carriage returns, line breaks) and
bidirectional overrides escaped as ``\\x1b``, ``\\n``, ``\\u202e``; a file name that is not
UTF-8 shows each undecodable byte as ``\\xff``. Output is built from ``rich.text.Text`` on a
console with markup, emoji codes and highlighting off (``[/]`` and ``:100:`` print as written),
and is never hard-wrapped. Backslashes are printed as they are.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from records.filenames import unsurrogate

_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}
_BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""Bidirectional marks, embeddings, overrides and isolates: they reorder what a line shows."""


def printable(text: str) -> str:
    """``text`` with everything that could act on a terminal escaped visibly."""
    if text.isprintable():
        return text
    return "".join(_escape(char) for char in text)


def _escape(char: str) -> str:
    if char.isprintable() or char == " ":
        return char
    code = ord(char)
    category = unicodedata.category(char)
    if category == "Cs":
        return unsurrogate(char)
    if category in ("Cc", "Zl", "Zp") or char in _BIDI:
        return _NAMED.get(char) or (f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}")
    return char  # a letter or space outside ASCII that a terminal shows as itself


def plain(value: Any) -> str:
    """A value as a person writes it: ``3D``, ``0, 2, 1, 0``, ``true``; never a Python repr.

    An object of a claim (a pinochle meld ``{"meld": "flush", "points": 150}``) reads as its
    values in order, ``flush 150``, so that a list of them reads ``flush 150, dix 10`` as the
    problem's message writes it; its keys are the format's field names, not what a person says.
    """
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"  # as the record writes it
    if isinstance(value, int):
        return int_text(value)
    if isinstance(value, (list, tuple)):
        if not value:
            return "none"
        return ", ".join(_part(v) for v in value)
    if isinstance(value, dict):
        return " ".join(_part(v) for v in value.values()) if value else "none"
    return printable(str(value))


def _part(value: Any) -> str:
    """A value inside a list or object: a list nested in it is bracketed to keep its bounds."""
    return f"[{plain(value)}]" if isinstance(value, (list, tuple)) else plain(value)


def int_text(number: int) -> str:
    """The decimal digits of any integer (``str`` refuses more than a few thousand)."""
    try:
        return int.__repr__(int(number))
    except ValueError:
        pass
    sign, rest, chunks = "-" if number < 0 else "", abs(int(number)), []
    base = 10**1000
    while rest >= base:
        rest, chunk = divmod(rest, base)
        chunks.append(f"{chunk:01000d}")
    return sign + int.__repr__(rest) + "".join(reversed(chunks))
