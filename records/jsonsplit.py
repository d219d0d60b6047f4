"""Where one JSON value ends, and a stream of the elements of a top-level JSON array.

The reader never parses a record to find it: it finds the bytes of each one and hands them on
unchanged, so that an integer of any size keeps its exact digits, ``NaN`` stays for the parser to
refuse with its pointer, and memory holds one record at a time however long the array.

``value_end`` finds the end of the value at a position: msgspec skims a well-formed value at
about 1 GB/s (``msgspec.Raw`` keeps no value), and the few values it refuses (``NaN``, a syntax
error inside a record) are walked by a small scanner that knows only strings, escapes and
brackets. ``elements`` splits an array read piece by piece from a stream.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

import msgspec

from records.limits import size_text

__all__ = ["INCOMPLETE", "ArrayError", "elements", "value_end"]

INCOMPLETE = -1
"""``value_end``'s answer when the data ends inside the value."""

_SKIM = msgspec.json.Decoder(msgspec.Raw)
_TRAILING = re.compile(r"trailing characters \(byte (\d+)\)")
_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_PLAIN = re.compile(rb'[^"\[\]{}]+')
_SCALAR = re.compile(rb"[^\s,\[\]{}:\"]*")
_SPACE = re.compile(rb"[ \t\r\n]*")
_CLOSE = {ord("]"): ord("["), ord("}"): ord("{")}


class ArrayError(Exception):
    """The array cannot be split on: the message says where and why."""


class MismatchError(ArrayError):
    """A closing bracket that does not match the open one, at index ``at`` of the data."""

    def __init__(self, at: int, byte: int, opened: int | None) -> None:
        what = f"the {chr(opened)} open there" if opened else "nothing open"
        super().__init__(f"a {chr(byte)} that does not close {what}")
        self.at = at


def value_end(data: bytes, start: int, final: bool) -> int:
    """The index just past the JSON value that starts at ``data[start]`` (not whitespace), or
    ``INCOMPLETE`` when the data ends inside it (``final``: no more data will come, so a value
    cut off by the end is taken to end there). Raises ``MismatchError`` for a closing bracket that
    does not match."""
    view = memoryview(data)[start:]
    try:
        _SKIM.decode(view)
    except msgspec.DecodeError as exc:
        found = _TRAILING.search(str(exc))
        if found is not None:
            return _rstrip(data, start + int(found.group(1)) - 1)
        if str(exc).startswith("Input data was truncated"):
            return len(data) if final else INCOMPLETE
    except RecursionError:
        pass
    else:
        if final or data[start] in b'{["':
            return _rstrip(data, len(data))
        return INCOMPLETE  # a number at the end of the data may go on
    end = _scan(data, start)
    if end == INCOMPLETE and final:
        return len(data)
    return end


def _rstrip(data: bytes, end: int) -> int:
    while end and data[end - 1] in b" \t\r\n":
        end -= 1
    return end


def _scan(data: bytes, start: int) -> int:
    """``value_end`` for a value msgspec refused: strings, escapes and brackets only."""
    first = data[start]
    if first == ord('"'):
        string = _STRING.match(data, start)
        return string.end() if string else INCOMPLETE
    if first not in b"[{":
        end = _SCALAR.match(data, start).end()  # type: ignore[union-attr]
        return INCOMPLETE if end == len(data) else max(end, start + 1)
    open_brackets = bytearray()
    pos = start
    size = len(data)
    while pos < size:
        byte = data[pos]
        if byte in b"[{":
            open_brackets.append(byte)
            pos += 1
        elif byte in b"]}":
            opened = open_brackets.pop() if open_brackets else None
            if opened != _CLOSE[byte]:
                raise MismatchError(pos, byte, opened)
            pos += 1
            if not open_brackets:
                return pos
        elif byte == ord('"'):
            string = _STRING.match(data, pos)
            if string is None:
                return INCOMPLETE
            pos = string.end()
        else:
            pos = _PLAIN.match(data, pos).end()  # type: ignore[union-attr]
    return INCOMPLETE


def elements(
    read: Callable[[int], bytes], data: bytes, limit: int, chunk: int, offset: int = 0
) -> Iterator[bytes]:
    """The bytes of each element of the JSON array that starts ``data`` (after whitespace),
    reading on with ``read(n)`` (empty at the end of input). ``limit`` (0: none) caps the bytes
    of one element; ``offset`` is where ``data`` starts in the input, for messages. Raises
    ``ArrayError`` where the array breaks off (a missing comma, data after the closing bracket,
    an element too large), after yielding every element before it."""
    return _Splitter(read, data, limit, chunk, offset).elements()


class _Splitter:
    """The state of ``elements``: a window ``data`` on the input, which starts at ``offset``."""

    def __init__(
        self, read: Callable[[int], bytes], data: bytes, limit: int, chunk: int, offset: int
    ) -> None:
        self.read, self.data, self.limit, self.chunk = read, data, limit, chunk
        self.offset = offset
        self.pos = 0
        self.final = False
        self.index = 0
        """Elements yielded so far."""

    def elements(self) -> Iterator[bytes]:
        if self._next_byte() != ord("["):
            raise ArrayError("not a JSON array")
        self.pos += 1
        byte = self._next_byte()
        if byte == ord("]"):
            return self._trailing()
        while True:
            yield self._element()
            byte = self._next_byte()
            if byte == ord("]"):
                return self._trailing()
            if byte != ord(","):
                what = "the input ends" if byte is None else "expected , or ]"
                raise ArrayError(f"{what} after element {self.index}, at byte {self._at()}")
            self.pos += 1
            if self._next_byte() == ord("]"):
                raise ArrayError(f"a comma before the closing ] at byte {self._at()}")

    def _at(self) -> int:
        return self.offset + self.pos

    def _next_byte(self) -> int | None:
        """The next byte that is not whitespace (None at the end of the input), not consumed."""
        while True:
            self.pos = _SPACE.match(self.data, self.pos).end()  # type: ignore[union-attr]
            if self.pos < len(self.data):
                return self.data[self.pos]
            if not self._more():
                return None

    def _more(self) -> bool:
        """Read on, keeping the window from ``pos``; False at the end of the input."""
        if self.final:
            return False
        if self.limit and len(self.data) - self.pos > self.limit:
            raise _too_large(self.index + 1, self.limit)
        more = self.read(max(self.chunk, len(self.data) - self.pos))
        self.final = not more
        self.offset += self.pos
        self.data = self.data[self.pos :] + more
        self.pos = 0
        return not self.final

    def _element(self) -> bytes:
        if self._next_byte() is None:
            raise ArrayError(f"the input ends where element {self.index + 1} should be")
        while True:
            try:
                end = value_end(self.data, self.pos, self.final)
            except MismatchError as exc:
                at = self.offset + exc.at
                raise ArrayError(f"element {self.index + 1}: {exc} at byte {at}") from None
            if end != INCOMPLETE:
                break
            self._more()
        if self.limit and end - self.pos > self.limit:
            raise _too_large(self.index + 1, self.limit)
        element = self.data[self.pos : end]
        self.pos = end
        self.index += 1
        return element

    def _trailing(self) -> None:
        """Only whitespace may follow the closing bracket."""
        self.pos += 1
        if self._next_byte() is not None:
            raise ArrayError(f"data after the end of the array at byte {self._at()}")


def _too_large(number: int, limit: int) -> ArrayError:
    return ArrayError(
        f"element {number} is larger than {size_text(limit)} "
        "(the limit of one record, TRICKLOG_MAX_RECORD_BYTES)"
    )
