"""Writing an output file: whole or not at all, compressed as its name says, and without
harming what the name points at.

``open_output(name)`` is the one way a command writes a file:

* ``-`` is standard output; a FIFO, a character device (``/dev/null``) or any other file that
  is not a regular file is streamed straight to, with nothing written beside it;
* a symlink is followed: its target is written (atomically), the link stays;
* a regular file (new or existing) is written to a temporary file beside it and moved into
  place at the end, so that a failure or an interruption half-way leaves the old file as it was;
  an existing file keeps its permission bits, owner and group;
* an existing file with more than one hard link, or one whose owner or directory does not let
  a new file take its place, is written in place, once the whole output is ready (staged in an
  anonymous temporary file), so that every link sees the new content;
* a missing parent directory or a directory given as the file is an ``OutputError``: nothing is
  created silently;
* a name ending ``.gz``, ``.bz2``, ``.xz`` or ``.zst`` is compressed that way.

The temporary file is removed on every exit: an error, or a signal (SIGINT, SIGTERM, SIGHUP),
whose handler in ``replay.cli.app`` calls ``remove_pending`` and ends the process at once: an
exception raised by a signal handler can be swallowed (when it fires inside a finalizer), so
the handler does not rely on one. Writing a file in place blocks those signals while it copies.
"""

from __future__ import annotations

import os
import shutil
import signal
import stat
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import IO, Any

COMPRESSIONS = (".gz", ".bz2", ".xz", ".zst")
_STOPS = {signal.SIGINT, signal.SIGTERM, signal.SIGHUP}
_pending: set[str] = set()
"""Temporary files being written, for ``remove_pending``."""
RECORD_SUFFIXES = (".json", ".jsonl", ".ndjson")


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
        raw = _failing(name, lambda: open(target, "wb"))  # noqa: SIM115 - a FIFO, a device
        with raw, _compressed(raw, compress) as stream:
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
    try:
        handle, temporary = tempfile.mkstemp(
            dir=target.parent, prefix=f".{target.name}.", suffix=".tmp"
        )
    except OSError as exc:
        raise OutputError(f"{name}: cannot write: {exc.strerror}") from exc
    _pending.add(temporary)
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
        with _failing(name, lambda: os.fdopen(handle, "wb")) as raw:
            with _compressed(raw, compress) as stream:
                yield stream
            _failing(name, raw.flush)
        _failing(name, lambda: os.replace(temporary, target))
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    finally:
        _pending.discard(temporary)


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
        import gzip

        # no name and no time in the header: the same records give the same bytes
        return lambda raw: gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0)
    if compression == ".bz2":
        import bz2

        return lambda raw: bz2.BZ2File(raw, "wb")
    if compression == ".xz":
        import lzma

        return lambda raw: lzma.LZMAFile(raw, "wb")
    try:
        import zstandard  # type: ignore[import-not-found,unused-ignore]
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
