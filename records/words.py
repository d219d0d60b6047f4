"""Words that agree with their numbers: ``1 record``, ``2 records``, ``1,000 losses``.

Every message of tricklog that counts something says it this way, never ``record(s)``.
"""

from __future__ import annotations

__all__ = ["number_of"]


def number_of(number: int, noun: str, plural: str | None = None) -> str:
    """``number`` (with thousands separated) and ``noun``, in the plural unless it is one.

    >>> number_of(1, "record"), number_of(0, "record"), number_of(1234, "loss", "losses")
    ('1 record', '0 records', '1,234 losses')
    """
    word = noun if number == 1 else (plural if plural is not None else noun + "s")
    return f"{number:,} {word}"
