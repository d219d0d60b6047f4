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
  a new file take its place, is rewritten in place so that every link sees the new content,
  and only once the new content is known to fit (``_write_in_place`` says what is promised);
* a missing parent directory or a directory given as the file is an ``OutputError``: nothing is
  created silently; so is a write that fails (a full disk: ``cannot write: No space left on
  device``);
* a name ending ``.gz``, ``.bz2``, ``.xz`` or ``.zst`` is compressed that way;
* a URL (``s3://bucket/key``) is an object in a store, written through ``records.remote``:
  it appears whole when the output ends (an S3 multipart upload is completed only then) and
  not at all when it fails (the upload is aborted); ``file://`` is the local path it names.

The temporary file is removed on every exit: an error, or a signal (SIGINT, SIGTERM, SIGHUP),
whose handler in the command calls ``remove_pending`` and ends the process at once: an
exception raised by a signal handler can be swallowed (when it fires inside a finalizer), so
the handler does not rely on one. Rewriting a file in place blocks those signals while it copies.
"""

from __future__ import annotations

import errno
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

from records.remote import is_url, local_path

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
_UNSUPPORTED = {errno.EOPNOTSUPP, errno.ENOTSUP, errno.ENOSYS, errno.EINVAL}
"""What ``posix_fallocate`` raises where the file system cannot reserve space."""
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
    if "://" in name:
        name = local_path(name) or name
        if is_url(name):
            yield from _write_remote(name, compress)
            return
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


def _write_remote(name: str, compress: Compressor | None) -> Iterator[IO[bytes]]:
    """An object in a store (``records.remote``): whole or not at all, as a file is."""
    from records.remote import StoreError, open_remote_output, shown  # noqa: PLC0415

    try:
        with open_remote_output(name) as raw, _compressed(raw, compress) as stream:
            yield stream
    except StoreError as exc:
        raise OutputError(f"{shown(name)}: {exc}") from None


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
    """Rewrite an existing file in place (its inode stays, so every hard link sees the new
    content), keeping the old content until the new content is known to fit:

    1. the whole output is written to a temporary file beside the file (the same file system:
       it fits there beside the old content), or, when the folder takes no new file, to an
       anonymous temporary file in the system's temporary folder. A failure here, a full disk
       included, leaves the file as it was;
    2. the file is grown to the new size with its space reserved (``posix_fallocate``, else
       zeros written past its end) before a byte of it is overwritten; if that fails, it is cut
       back to its old size: as it was;
    3. the new content is copied over it and it is cut to the new size, with SIGINT, SIGTERM
       and SIGHUP blocked. On a file system that overwrites in place (ext4, XFS, tmpfs...)
       this needs no space beyond what step 2 reserved, so only an I/O error can stop it; on a
       copy-on-write one (btrfs, ZFS) every block rewritten takes a new one, which nothing can
       reserve. Stopped half-way, the file is partly rewritten: the error says so and keeps
       the temporary file of step 1, which holds the whole new content, and names it.
    """
    if not os.access(target, os.W_OK):
        raise OutputError(f"{name}: cannot write: permission denied")
    stage = _Stage(name, target)
    try:
        with _compressed(stage.file, compress) as stream:
            yield stream
        _failing(name, stage.file.flush)
        blocked = signal.pthread_sigmask(signal.SIG_BLOCK, _STOPS)  # never half a file
        try:
            _overwrite(name, target, stage)
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, blocked)
    finally:
        stage.close()


class _Stage:
    """Where the output of an in-place rewrite is written first (step 1 of
    ``_write_in_place``): a file beside the target when its folder takes one, else an anonymous
    one. ``close`` removes it, unless ``keep`` says it holds what a failed rewrite lost."""

    def __init__(self, name: str, target: Path) -> None:
        self.path: str | None = None
        self.keep = False
        if os.access(target.parent, os.W_OK | os.X_OK):
            handle, self.path = _temporary(name, target)
        else:
            handle, anonymous = _failing(name, tempfile.mkstemp)
            os.unlink(anonymous)
        self.file = _writer(name, handle, "w+b")

    def close(self) -> None:
        with suppress(OSError, OutputError):
            self.file.close()
        if self.path is not None:
            _pending.discard(self.path)
            if not self.keep:
                with suppress(OSError):
                    os.unlink(self.path)


def _overwrite(name: str, target: Path, stage: _Stage) -> None:
    """Steps 2 and 3 of ``_write_in_place``: reserve, then copy the staged output over the file."""
    size = stage.file.seek(0, os.SEEK_END)
    handle = _failing(name, lambda: os.open(target, os.O_WRONLY))
    try:
        old = os.fstat(handle).st_size
        _reserve(name, handle, old, size)
        try:
            stage.file.seek(0)
            os.lseek(handle, 0, os.SEEK_SET)
            while block := stage.file.read(_BLOCK):
                _write_all(handle, block)
            os.ftruncate(handle, size)
        except OSError as exc:
            stage.keep = stage.path is not None
            kept = f"; its new content is whole in {stage.path}" if stage.keep else ""
            raise OutputError(
                f"{name}: cannot write: {exc.strerror or exc}: it is partly rewritten{kept}"
            ) from exc
    finally:
        os.close(handle)


def _reserve(name: str, handle: int, old: int, size: int) -> None:
    """Make room for ``size`` bytes in the open file before a byte of it is overwritten; if
    there is none, cut the file back to its ``old`` size (what it was) and say so."""
    try:
        if not _allocated(handle, size):
            _zeros(handle, old, size)
    except OSError as exc:
        with suppress(OSError):
            os.ftruncate(handle, old)
        raise OutputError(f"{name}: cannot write: {exc.strerror or exc}") from exc


def _allocated(handle: int, size: int) -> bool:
    """Whether the file system reserved the first ``size`` bytes of the file; False where it
    cannot (no ``posix_fallocate`` on this system or for this file system)."""
    allocate = getattr(os, "posix_fallocate", None)
    if allocate is None:
        return False
    try:
        if size > 0:
            allocate(handle, 0, size)
    except OSError as exc:
        if exc.errno in _UNSUPPORTED:
            return False
        raise
    return True


def _zeros(handle: int, old: int, size: int) -> None:
    """Grow the file from ``old`` to ``size`` bytes by writing zeros past its end (which holds
    none of the old content)."""
    os.lseek(handle, old, os.SEEK_SET)
    zeros = bytes(min(_BLOCK, max(size - old, 0)))
    for at in range(old, size, _BLOCK):
        _write_all(handle, zeros[: min(_BLOCK, size - at)])


def _write_all(handle: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(handle, view) :]


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
