"""Byte streams for the reader: open a path without blocking, decompress by content, within limits.

``open_path`` opens a regular file and refuses anything else (a FIFO, a device, a socket) before
reading a byte from it, so nothing blocks; ``walk`` lists a directory tree and says which of its
directories cannot be searched. ``decoded`` takes any binary stream (a file, standard
input), recognises its compression by its first bytes (``records.sniff``) and returns a buffered
stream of the decompressed bytes. Every way reading can fail raises ``ReadError`` with a message
for a person: corrupt or truncated compressed data, data after the end of a compressed stream, a
decompression ratio beyond ``ReadLimits.ratio``.

Decompression is done here rather than by ``gzip.open`` and its kin so that all four formats
behave alike: the output of one step is bounded (a zstd or bzip2 bomb never holds more than a few
MiB at once), concatenated streams are read on, and a truncated stream is an error rather than a
silent end (``zstandard``'s stream reader stops quietly at a cut-off frame).
"""

from __future__ import annotations

import bz2
import io
import lzma
import os
import stat
import zlib
from collections.abc import Callable, Iterator
from typing import IO, Any

from records.limits import ReadLimits, size_text
from records.sniff import compression

__all__ = ["BUFFER", "ReadError", "decoded", "open_path", "os_message", "walk"]

BUFFER = 256 * 1024
"""Bytes read from a source at once, and the size of the buffers over streams."""

_FEED = 16 * 1024
"""Compressed bytes given to a decompressor at once: the ratio is known to within that much."""

_ZSTD_STEP = 256
"""Compressed bytes given to the zstd decompressor at once: zstd cannot bound its output per
call, and 256 bytes of a zstd bomb expand to at most about 8 MiB."""


class ReadError(Exception):
    """An input that cannot be read on; the message says why, for a person."""


_KINDS = {
    stat.S_IFIFO: "a FIFO (named pipe)",
    stat.S_IFCHR: "a character device",
    stat.S_IFBLK: "a block device",
    stat.S_IFSOCK: "a socket",
}


def open_path(path: str) -> IO[bytes]:
    """A regular file opened for reading; ``ReadError`` for anything else, without blocking."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        raise ReadError(os_message(exc)) from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            kind = _KINDS.get(stat.S_IFMT(mode), "not a regular file")
            raise ReadError(f"{kind}, not a regular file: give it as standard input (-) instead")
        os.set_blocking(fd, True)
        return io.FileIO(fd, "rb", closefd=True)
    except BaseException:
        os.close(fd)
        raise


def os_message(exc: OSError) -> str:
    """``permission denied``: an operating system error as the reader reports it."""
    text = exc.strerror or exc.__class__.__name__
    return text[:1].lower() + text[1:]


def decoded(source: IO[bytes], limits: ReadLimits) -> tuple[io.BufferedReader, str | None]:
    """The decompressed bytes of ``source`` as a buffered stream, and the compression found
    (None for plain bytes)."""
    raw: io.BufferedReader = io.BufferedReader(_Raw(source), BUFFER)
    found = compression(raw.peek(8)[:8])
    if found is None:
        return raw, None
    return io.BufferedReader(_Decompressing(raw, found, limits), BUFFER), found


def walk(root: str, wanted: Callable[[str], bool]) -> Iterator[tuple[str, str | None]]:
    """``(path, None)`` for each file under ``root`` whose name is ``wanted``, in name order (as
    ``sorted(Path.rglob())`` would list them), and ``(path, why)`` for each directory that cannot
    be searched. A directory reached again through a symbolic link is not searched twice, so a
    loop of links ends."""
    seen: set[tuple[int, int]] = set()
    stack: list[Iterator[os.DirEntry[str]]] = []

    def enter(directory: str) -> str | None:
        try:
            info = os.stat(directory)
            key = (info.st_dev, info.st_ino)
            if key not in seen:
                seen.add(key)
                with os.scandir(directory) as listing:
                    stack.append(iter(sorted(listing, key=lambda e: e.name)))
        except OSError as exc:
            return f"cannot search this directory: {os_message(exc)}"
        return None

    failure = enter(root)
    if failure is not None:
        yield root, failure
    while stack:
        entry = next(stack[-1], None)
        if entry is None:
            stack.pop()
            continue
        try:
            is_dir = entry.is_dir()
        except OSError:
            is_dir = False
        if is_dir:
            failure = enter(entry.path)
            if failure is not None:
                yield entry.path, failure
        elif wanted(entry.name):
            yield entry.path, None


class _Raw(io.RawIOBase):
    """Any binary stream (standard input may be a ``BytesIO``) as a raw stream to buffer."""

    def __init__(self, inner: IO[bytes]) -> None:
        self._inner = inner

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        return self._inner.readinto(buffer) or 0  # type: ignore[attr-defined]


class _Decompressing(io.RawIOBase):
    """The decompressed bytes of one compressed stream (or of several, concatenated)."""

    def __init__(self, source: IO[bytes], kind: str, limits: ReadLimits) -> None:
        self._source = source
        self._kind = kind
        self._consumed = 0
        self._limits = limits
        self._step = _STEPS[kind]()
        self._produced = 0
        self._error: ReadError | None = None

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        """Fill ``buffer`` (up to EOF), so that a peek at the start sees a whole head."""
        if self._error is not None:
            raise self._error
        view = memoryview(buffer).cast("B")
        filled = 0
        while filled < len(view):
            try:
                out = self._next(len(view) - filled)
            except ReadError as exc:
                if not filled:
                    raise
                self._error = exc  # the bytes before the damage are read first
                break
            if not out:
                break
            view[filled : filled + len(out)] = out
            filled += len(out)
        self._produced += filled
        self._check_ratio()
        return filled

    def _next(self, size: int) -> bytes:
        """Up to ``size`` decompressed bytes; empty at the clean end of the input."""
        while True:
            if self._step.eof:
                if not self._next_stream():
                    return b""
                continue
            try:
                out = self._step.read(size)
            except (zlib.error, lzma.LZMAError, EOFError, OSError) as exc:
                raise ReadError(f"corrupt {self._kind} data: {exc}") from None
            if out:
                return out
            if self._step.eof:
                continue
            data = self._source.read(_FEED)
            if not data:
                raise ReadError(f"truncated {self._kind} data: the input ends inside a stream")
            self._consumed += len(data)
            self._step.feed(data)

    def _next_stream(self) -> bool:
        """After the end of one stream: start the next one, or say the input is over."""
        rest = self._step.unused()
        while len(rest) < 8:
            more = self._source.read(_FEED)
            if not more:
                break
            self._consumed += len(more)
            rest += more
        if not rest:
            return False
        if compression(rest[:8]) == self._kind:
            self._step = _STEPS[self._kind]()
            self._step.feed(rest)
            return True
        while not rest.strip(b"\x00"):  # padding (xz streams, tapes)
            rest = self._source.read(_FEED)
            if not rest:
                return False
        raise ReadError(f"data after the end of the {self._kind} stream")

    def _check_ratio(self) -> None:
        limits = self._limits
        if not limits.ratio or self._produced <= limits.ratio_after:
            return
        consumed = max(self._consumed, 1)
        if self._produced > limits.ratio * consumed:
            raise ReadError(
                f"decompresses to more than {limits.ratio} times its size "
                f"({size_text(self._produced)} from {size_text(consumed)}): a decompression "
                "bomb? (limit: TRICKLOG_MAX_RATIO)"
            )


class _Step:
    """One compressed stream being decompressed: feed it input, read bounded output."""

    eof: bool

    def feed(self, data: bytes) -> None:
        raise NotImplementedError

    def read(self, size: int) -> bytes:
        raise NotImplementedError

    def unused(self) -> bytes:
        raise NotImplementedError


class _Zlib(_Step):
    def __init__(self) -> None:
        self._d = zlib.decompressobj(wbits=31)  # gzip framing
        self._pending = b""

    @property
    def eof(self) -> bool:  # type: ignore[override]
        return self._d.eof

    def feed(self, data: bytes) -> None:
        self._pending += data

    def read(self, size: int) -> bytes:
        while self._pending and not self._d.eof:
            out = self._d.decompress(self._pending, size)
            # At the end of the stream zlib keeps the rest in unused_data, and (when the output
            # was cut at ``size``) a second copy in unconsumed_tail.
            self._pending = b"" if self._d.eof else self._d.unconsumed_tail
            if out:
                return out
        return b""

    def unused(self) -> bytes:
        return self._d.unused_data + self._pending


class _Buffered(_Step):
    """bzip2 and xz: the decompressor keeps its input and bounds its output itself."""

    def __init__(self, decompressor: Any) -> None:
        self._d = decompressor
        self._pending = b""

    @property
    def eof(self) -> bool:  # type: ignore[override]
        return bool(self._d.eof)

    def feed(self, data: bytes) -> None:
        self._pending += data

    def read(self, size: int) -> bytes:
        if self._d.eof or (not self._pending and self._d.needs_input):
            return b""
        data, self._pending = self._pending, b""
        out: bytes = self._d.decompress(data, size)
        return out

    def unused(self) -> bytes:
        return bytes(self._d.unused_data) + self._pending


class _Zstd(_Step):
    def __init__(self) -> None:
        try:
            import zstandard  # noqa: PLC0415 (only for zstd input: start-up stays short)
        except ImportError:
            raise ReadError("reading zstd data needs the zstandard package") from None

        self._error = zstandard.ZstdError
        self._d = zstandard.ZstdDecompressor().decompressobj()
        self._pending = b""
        self._at = 0
        self._out = b""
        self._out_at = 0
        self._done = False

    @property
    def eof(self) -> bool:  # type: ignore[override]
        return self._done and self._out_at >= len(self._out)

    def feed(self, data: bytes) -> None:
        self._pending = self._pending[self._at :] + data
        self._at = 0

    def read(self, size: int) -> bytes:
        while self._out_at >= len(self._out) and self._at < len(self._pending) and not self._done:
            step = self._pending[self._at : self._at + _ZSTD_STEP]
            self._at += len(step)
            try:
                self._out = self._d.decompress(step)
            except self._error as exc:
                raise ReadError(f"corrupt zstd data: {exc}") from None
            self._out_at = 0
            self._done = bool(self._d.eof)
        out = self._out[self._out_at : self._out_at + size]
        self._out_at += len(out)
        return out

    def unused(self) -> bytes:
        return bytes(self._d.unused_data) + self._pending[self._at :]


_STEPS: dict[str, Callable[[], _Step]] = {
    "gzip": _Zlib,
    "bzip2": lambda: _Buffered(bz2.BZ2Decompressor()),
    "xz": lambda: _Buffered(lzma.LZMADecompressor(lzma.FORMAT_XZ)),
    "zstd": _Zstd,
}
