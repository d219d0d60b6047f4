"""Opening inputs for the formats: compression, peeking.

``records.io`` reads the JSON inputs; the other formats open their files here, with the same
decompression by content (gzip, bzip2, xz, zstd; ``records.streams``), the same limits and the
same messages for what cannot be read. Outputs are written by ``records.output`` (its
``write_whole`` is also importable from here, where it used to be).
"""

from __future__ import annotations

import io
import lzma
import sys
from pathlib import Path
from typing import IO, Any

from records.entries import ReadFailure
from records.limits import ReadLimits
from records.output import write_whole
from records.remote import is_url, local_path
from records.streams import ReadError, decoded, open_path

__all__ = ["READ_ERRORS", "Peeked", "open_input", "peek", "write_whole"]

READ_ERRORS = (OSError, EOFError, lzma.LZMAError, ReadError)
"""What reading a (compressed) file may raise: the input is unreadable, not malformed."""


def open_input(path: str, stdin: IO[bytes] | None = None) -> IO[bytes] | ReadFailure:
    """A binary stream of an input (decompressed), ``-`` for standard input; a ``ReadFailure``
    for a missing file or one that cannot be opened.

    As ``audit`` reads them (``records.streams``): the compression is told by the content, not
    the name (``gzip -c games.tln | tricklog convert - ...``), within the read limits, and a
    FIFO or a device given as a path is refused before a byte is read from it."""
    if "://" in path and is_url(path):
        return _open_url(path)
    file = Path(local_path(path) or path)
    if path != "-" and not file.exists():
        return ReadFailure(path, "no such file or directory")
    if path != "-" and file.is_dir():
        return ReadFailure(path, "is a directory")
    try:
        if path == "-":
            source = stdin if stdin is not None else sys.stdin.buffer
        else:
            source = open_path(str(file))
        stream, _ = decoded(source, ReadLimits.from_environment())
        return stream
    except ReadError as exc:
        return ReadFailure(path, str(exc))
    except READ_ERRORS as exc:
        return ReadFailure(path, f"cannot read: {exc.__class__.__name__}: {exc}")


def _open_url(url: str) -> IO[bytes] | ReadFailure:
    """``open_input`` of an object in a store (``records.remote``)."""
    from records.remote import StoreError, shown  # noqa: PLC0415 (only for URLs)
    from records.remote import open_input as open_object  # noqa: PLC0415

    try:
        stream, _ = decoded(open_object(url), ReadLimits.from_environment())
    except (StoreError, ReadError) as exc:
        return ReadFailure(shown(url), str(exc))
    except READ_ERRORS as exc:
        return ReadFailure(shown(url), f"cannot read: {exc}")
    return stream


class Peeked(io.RawIOBase):
    """A stream whose first bytes were read already to look at them, and are read again."""

    def __init__(self, head: bytes, rest: IO[bytes]) -> None:
        super().__init__()
        self._head, self._rest = head, rest

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        if self._head:
            size = min(len(buffer), len(self._head))
            buffer[:size] = self._head[:size]
            self._head = self._head[size:]
            return size
        data = self._rest.read(len(buffer))
        buffer[: len(data)] = data
        return len(data)


def peek(stream: IO[bytes], size: int = 4096) -> tuple[bytes, IO[bytes]]:
    """The first ``size`` bytes of a stream (fewer at its end), and a stream that still reads
    them; for recognising standard input, which cannot seek."""
    head = stream.read(size)
    return head, io.BufferedReader(Peeked(head, stream))
