"""Where each record was first seen, in about 30 bytes a record: what ``dedupe`` remembers.

A ``dict`` from a record's hash to its place (``file:line``) costs some 210 bytes a record in
CPython (the key, the string, the table's slot): 150 MB for the 700,000 one-hand records of a
1 GB archive, beyond the 100 MB every command keeps to. ``FirstSeen`` is laid out as CPython's
own compact dict: the entries in the order added, in three ``array('Q')`` columns (the first
128 bits of the hash, two words: two distinct records share them with a probability of about
n²/2¹²⁹, 10⁻²¹ for a billion records; and the place packed in one word, the input's number
among the inputs seen and the line), 24 bytes an entry; and an open-addressing table of 4-byte
entry numbers, at most two-thirds full, that alone is rebuilt as it grows. The inputs' names
are kept once each.
"""

from __future__ import annotations

from array import array

__all__ = ["FirstSeen"]

_LINE_BITS = 40
"""Bits of a packed place for the line (0 for a file of one record, else line + 1)."""
_START = 1 << 10
"""Slots of the first table (a power of two)."""


class FirstSeen:
    """A set of 128-bit keys, each with the place it was first added at."""

    def __init__(self) -> None:
        self._files: list[str] = []
        self._file_numbers: dict[str, int] = {}
        # the entries, in the order added: 24 bytes each (arrays grow by about an eighth)
        self._highs, self._lows, self._places = array("Q"), array("Q"), array("Q")
        # where each entry lies: its number + 1 in a slot chosen by its key (0: empty)
        self._slots = array("I", [0]) * _START

    def __len__(self) -> int:
        return len(self._places)

    def first(self, key: bytes, file: str, line: int | None) -> str | None:
        """The place (``file`` or ``file:line``) where ``key`` (at least 16 bytes, of which the
        first 16 count) was first seen; ``None`` if it is new, and then it is remembered at
        ``file`` and ``line``."""
        high = int.from_bytes(key[:8], "big")
        low = int.from_bytes(key[8:16], "big")
        slots, highs, lows = self._slots, self._highs, self._lows
        mask = len(slots) - 1
        slot = low & mask
        while entry := slots[slot]:
            if highs[entry - 1] == high and lows[entry - 1] == low:
                return self._where(self._places[entry - 1])
            slot = (slot + 1) & mask
        if len(self._places) + 1 >= 1 << 32:
            raise OverflowError("more records than a table of places holds")
        highs.append(high)
        lows.append(low)
        self._places.append(self._pack(file, line))
        slots[slot] = len(self._places)
        if 3 * len(self._places) > 2 * len(slots):
            self._grow()
        return None

    def _pack(self, file: str, line: int | None) -> int:
        number = self._file_numbers.get(file)
        if number is None:
            number = self._file_numbers[file] = len(self._files)
            self._files.append(file)
        if number >= 1 << (64 - _LINE_BITS) or (line or 0) + 1 >= 1 << _LINE_BITS:
            raise OverflowError("more inputs or lines than a place can hold")
        return number << _LINE_BITS | (0 if line is None else line + 1)

    def _where(self, packed: int) -> str:
        file = self._files[packed >> _LINE_BITS]
        line = packed & ((1 << _LINE_BITS) - 1)
        return file if line == 0 else f"{file}:{line - 1}"

    def _grow(self) -> None:
        slots = array("I", [0]) * (2 * len(self._slots))
        mask = len(slots) - 1
        for entry, low in enumerate(self._lows, 1):
            slot = low & mask
            while slots[slot]:
                slot = (slot + 1) & mask
            slots[slot] = entry
        self._slots = slots
