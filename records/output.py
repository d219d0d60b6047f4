"""Writing an output file: whole or not at all, compressed as its name says, and without
harming what the name points at. The one writer of the library and of every command.

``open_output(name)`` is the one way tricklog writes a file (``write_whole`` is the same for a
stream of chunks, and what ``tricklog.convert`` uses):

* ``-`` is standard output; a FIFO, a character device (``/dev/null``) or any other file that
  is not a regular file is streamed straight to, with nothing written beside it
  (``write_whole`` first holds the whole output, so that an error half-way sends nothing);
* a symlink is followed: its target is written (atomically), the link stays;
* a regular file (new or existing) is written to a temporary file beside it and moved into
  place at the end, so that a failure or an interruption half-way leaves the old file as it was;
  an existing file keeps its permission bits, owner and group;
* an existing file with more than one hard link, or one whose owner or directory does not let
  a new file take its place, is written in place, once the whole output is ready (staged in an
  anonymous temporary file), so that every link sees the new content;
* a missing parent directory or a directory given as the file is an ``OutputError``: nothing is
  created silently; so is a write that fails (a full disk: ``cannot write: No space left on
  device``);
* a name ending ``.gz``, ``.bz2``, ``.xz`` or ``.zst`` is compressed that way.

The temporary file is removed on every exit: an error, or a signal (SIGINT, SIGTERM, SIGHUP),
whose handler in the command calls ``remove_pending`` and ends the process at once: an
exception raised by a signal handler can be swallowed (when it fires inside a finalizer), so
the handler does not rely on one. Rewriting a file in place blocks those signals while it copies.
"""

from __future__ import annotations

import io
import os
import shutil
import signal
import stat
import sys
import tempfile
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import IO, Any

__all__ = [
    "COMPRESSIONS",
    "RECORD_SUFFIXES",
    "OutputError",
    "is_stream",
    "open_output",
    "remove_pending",
    "suffixes",
    "write_whole",
]

COMPRESSIONS = (".gz", ".bz2", ".xz", ".zst")
RECORD_SUFFIXES = (".json", ".jsonl", ".ndjson")
_STOPS = {signal.SIGINT, signal.SIGTERM, signal.SIGHUP}
_BLOCK = 1 << 20
_pending: set[str] = set()
"""Temporary files being written, for ``remove_pending``."""


def remove_pending() -> None:
    """Remove every temporary file still being written (from a signal handler too)."""
    for name in list(_pending):
        with suppress(OSError):
            os.unlink(name)
    _pending.clear()


class OutputError(Exception):
    """An output that cannot be written; the message names it and says why (exit 3)."""


def suffixes(name: str) -> tuple[str, str | None]:
    """(record suffix, compression suffix or None) of a file name: ``x.jsonl.gz`` gives
    ``(".jsonl", ".gz")``."""
    path = Path(name)
    suffix = path.suffix.lower()
    if suffix in COMPRESSIONS:
        return Path(path.stem).suffix.lower(), suffix
    return suffix, None


def is_stream(name: str) -> bool:
    """Whether ``name`` is written as a stream (standard output, a FIFO, a device): with
    nothing beside it to hold the output until it is whole."""
    if name == "-":
        return True
    try:
        return not stat.S_ISREG(os.stat(name).st_mode) and not os.path.isdir(name)
    except OSError:
        return False


def write_whole(path: str | Path, chunks: Iterable[bytes]) -> None:
    """Write ``chunks`` to ``path`` through ``open_output``: whole or not at all, an exception
    from ``chunks`` included. A stream (a FIFO, a device) cannot take a file back, so the
    chunks are held (in memory, then on disk beyond 16 MiB) until the last, and only then sent.
    ``OutputError`` when the file cannot be written."""
    name = str(path)
    if not is_stream(name):
        with open_output(name) as stream:
            for chunk in chunks:
                stream.write(chunk)
        return
    with tempfile.SpooledTemporaryFile(max_size=1 << 24) as held:
        for chunk in chunks:
            held.write(chunk)
        held.seek(0)
        with open_output(name) as stream:
            shutil.copyfileobj(held, stream, _BLOCK)


@contextmanager
def open_output(name: str) -> Iterator[IO[bytes]]:
    """A binary stream that writes the output called ``name`` (see the module's docstring)."""
    if name == "-":
        stream = sys.stdout.buffer
        yield stream
        stream.flush()
        return
    compress = _compressor(suffixes(name)[1])
    target = Path(os.path.realpath(name))
    found = _stat(name, target)
    if found is not None and not stat.S_ISREG(found.st_mode):
        handle = _failing(name, lambda: os.open(target, os.O_WRONLY | os.O_TRUNC))
        with _writer(name, handle) as raw, _compressed(raw, compress) as stream:
            yield stream
    elif found is not None and _in_place(found, target):
        yield from _write_in_place(name, target, compress)
    else:
        yield from _write_atomic(name, target, found, compress)


def _stat(name: str, target: Path) -> os.stat_result | None:
    """The existing file at ``target``, None if there is none; OutputError if it cannot be
    written there at all."""
    parent = target.parent
    if not parent.is_dir():
        reason = "not a directory" if parent.exists() else "no such directory"
        raise OutputError(f"{name}: cannot write: {reason}: {parent}")
    try:
        found = target.stat()
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise OutputError(f"{name}: cannot write: {exc.strerror}") from exc
    if stat.S_ISDIR(found.st_mode):
        raise OutputError(f"{name}: is a directory; give a file name")
    return found


def _in_place(found: os.stat_result, target: Path) -> bool:
    """Whether the file must be written in place: replacing it would split its hard links or
    lose its owner, or its directory does not let a new file take its place."""
    if found.st_nlink > 1 or not os.access(target.parent, os.W_OK | os.X_OK):
        return True
    if os.geteuid() == 0:
        return False
    return found.st_uid != os.geteuid() or found.st_gid not in (os.getegid(), *os.getgroups())


def _write_atomic(
    name: str, target: Path, found: os.stat_result | None, compress: Compressor | None
) -> Iterator[IO[bytes]]:
    handle, temporary = _temporary(name, target)
    try:
        if found is not None:
            made = os.fstat(handle)
            if (made.st_uid, made.st_gid) != (found.st_uid, found.st_gid):
                os.fchown(handle, found.st_uid, found.st_gid)  # before chmod: chown clears setuid
            os.fchmod(handle, stat.S_IMODE(found.st_mode))
        else:
            umask = os.umask(0)
            os.umask(umask)
            os.fchmod(handle, 0o666 & ~umask)  # mkstemp makes 0600; give the usual mode
        with _writer(name, handle) as raw:
            with _compressed(raw, compress) as stream:
                yield stream
            _failing(name, raw.flush)
        _failing(name, lambda: os.replace(temporary, target))
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    finally:
        _pending.discard(temporary)


def _temporary(name: str, target: Path) -> tuple[int, str]:
    """A new temporary file beside ``target`` (a descriptor and its name), in ``_pending``."""
    try:
        handle, temporary = tempfile.mkstemp(
            dir=target.parent, prefix=f".{target.name}.", suffix=".tmp"
        )
    except OSError as exc:
        raise OutputError(f"{name}: cannot write: {exc.strerror}") from exc
    _pending.add(temporary)
    return handle, temporary


def _write_in_place(name: str, target: Path, compress: Compressor | None) -> Iterator[IO[bytes]]:
    if not os.access(target, os.W_OK):
        raise OutputError(f"{name}: cannot write: permission denied")
    with tempfile.TemporaryFile() as staged:  # anonymous: nothing to clean up, whatever happens
        with _compressed(staged, compress) as stream:
            yield stream
        staged.seek(0)
        blocked = signal.pthread_sigmask(signal.SIG_BLOCK, _STOPS)  # never half a file
        try:
            with _failing(name, lambda: open(target, "r+b")) as raw:
                _failing(name, lambda: shutil.copyfileobj(staged, raw))
                _failing(name, raw.truncate)
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, blocked)


class _Written(io.FileIO):
    """A file whose failed write is an ``OutputError`` naming the output (a full disk is not an
    internal error); a closed pipe stays a ``BrokenPipeError`` for the command to end quietly."""

    shown = ""

    def write(self, data: Any) -> int:
        try:
            return super().write(data)
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise OutputError(f"{self.shown}: cannot write: {exc.strerror or exc}") from exc


def _writer(name: str, handle: int, mode: str = "wb") -> IO[bytes]:
    """A buffered binary file over the descriptor ``handle``, writing ``name``."""
    raw = _Written(handle, mode)
    raw.shown = name
    if mode == "wb":
        return io.BufferedWriter(raw, _BLOCK)
    return io.BufferedRandom(raw, _BLOCK)


def _failing(name: str, action: Callable[[], Any]) -> Any:
    """``action()``, with an OSError (other than a closed pipe) as an OutputError."""
    try:
        return action()
    except BrokenPipeError:
        raise
    except OSError as exc:
        raise OutputError(f"{name}: cannot write: {exc.strerror or exc}") from exc


Compressor = Callable[[IO[bytes]], Any]


def _compressor(compression: str | None) -> Compressor | None:
    """A function that wraps a raw stream in a compressing one, for a compression suffix."""
    if compression is None:
        return None
    if compression == ".gz":
        import gzip  # noqa: PLC0415 (only when asked for)

        # no name and no time in the header: the same records give the same bytes
        return lambda raw: gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0)
    if compression == ".bz2":
        import bz2  # noqa: PLC0415

        return lambda raw: bz2.BZ2File(raw, "wb")
    if compression == ".xz":
        import lzma  # noqa: PLC0415

        return lambda raw: lzma.LZMAFile(raw, "wb")
    try:
        import zstandard  # type: ignore[import-not-found,unused-ignore]  # noqa: PLC0415
    except ImportError as exc:
        raise OutputError(
            "writing .zst needs the zstandard package: pip install zstandard"
        ) from exc
    return lambda raw: zstandard.ZstdCompressor().stream_writer(raw, closefd=False)


@contextmanager
def _compressed(raw: IO[bytes], compress: Compressor | None) -> Iterator[IO[bytes]]:
    if compress is None:
        yield raw
        return
    stream = compress(raw)
    try:
        yield stream
    finally:
        stream.close()
