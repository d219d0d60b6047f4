"""Where each record was first seen, in about 36 bytes a record: what ``dedupe`` remembers.

A ``dict`` from a record's hash to its place (``file:line``) costs some 210 bytes a record in
CPython (the key, the string, the table's slot): 150 MB for the 700,000 one-hand records of a
1 GB archive, beyond the 100 MB every command keeps to. ``FirstSeen`` is an open-addressing
table in three ``array('Q')`` columns: the first 128 bits of the hash (two words; two distinct
records share them with a probability of about n²/2¹²⁹, 10⁻²¹ for a billion records) and the
place packed in one word (the input's number among the inputs seen, and the line), kept at
most two-thirds full. The inputs' names are kept once each.
"""

from __future__ import annotations

from array import array

__all__ = ["FirstSeen"]

_LINE_BITS = 40
"""Bits of a packed place for the line (0 for a file of one record, else line + 1)."""
_START = 1 << 10


class FirstSeen:
    """A set of 128-bit keys, each with the place it was first added at."""

    def __init__(self) -> None:
        self._files: list[str] = []
        self._file_numbers: dict[str, int] = {}
        self._count = 0
        self._allocate(_START)

    def __len__(self) -> int:
        return self._count

    def first(self, key: bytes, file: str, line: int | None) -> str | None:
        """The place (``file`` or ``file:line``) where ``key`` (at least 16 bytes, of which the
        first 16 count) was first seen; ``None`` if it is new, and then it is remembered at
        ``file`` and ``line``."""
        high = int.from_bytes(key[:8], "big")
        low = int.from_bytes(key[8:16], "big")
        mask = len(self._places) - 1
        slot = low & mask
        places, highs, lows = self._places, self._highs, self._lows
        while places[slot]:
            if highs[slot] == high and lows[slot] == low:
                return self._where(places[slot])
            slot = (slot + 1) & mask
        places[slot] = self._pack(file, line)
        highs[slot], lows[slot] = high, low
        self._count += 1
        if 3 * self._count > 2 * len(places):
            self._grow()
        return None

    def _pack(self, file: str, line: int | None) -> int:
        number = self._file_numbers.get(file)
        if number is None:
            number = self._file_numbers[file] = len(self._files)
            self._files.append(file)
        if number >= 1 << (64 - _LINE_BITS) or (line or 0) + 1 >= 1 << _LINE_BITS:
            raise OverflowError("more inputs or lines than a place can hold")
        # one more, so that no place is 0, which marks an empty slot
        return (number << _LINE_BITS | (0 if line is None else line + 1)) + 1

    def _where(self, packed: int) -> str:
        packed -= 1
        file = self._files[packed >> _LINE_BITS]
        line = packed & ((1 << _LINE_BITS) - 1)
        return file if line == 0 else f"{file}:{line - 1}"

    def _allocate(self, size: int) -> None:
        self._places = array("Q", bytes(8 * size))
        self._highs = array("Q", bytes(8 * size))
        self._lows = array("Q", bytes(8 * size))

    def _grow(self) -> None:
        old = self._places, self._highs, self._lows
        self._allocate(2 * len(old[0]))
        mask = len(self._places) - 1
        for place, high, low in zip(*old, strict=True):
            if place:
                slot = low & mask
                while self._places[slot]:
                    slot = (slot + 1) & mask
                self._places[slot], self._highs[slot], self._lows[slot] = place, high, low
