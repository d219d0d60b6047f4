"""Inputs and outputs named by URL: ``s3://``, ``gs://``, ``az://``, ``http(s)://``, ``file://``.

A name with a scheme (``s3://bucket/key``) is read and written through fsspec, the library that
Dask, pandas and pyarrow use for object stores, and each store's own package, all optional
extras (``pip install -e '.[s3]'``; ``[gcs]``, ``[azure]``, ``[http]``): nothing here imports
them until a URL is given, so a local path costs one regular expression. Without the extra, a
URL is one unreadable input (or output) whose message names the extra to install.

* Credentials and endpoints come the store's usual way (its environment variables, profiles,
  instance roles), and from ``configure`` (the command's ``--storage-option key=value``),
  passed to the store as keyword arguments (``endpoint_url=http://127.0.0.1:9000``;
  ``client_kwargs.region_name=eu-west-1`` for a nested one). They are never shown: a message
  has every option's value blanked out, and a URL is shown without a ``user:password@``.
* A glob (``s3://bucket/2026/*.jsonl.zst``) is every matching object in name order; a prefix
  that holds objects is searched as a directory is. ``http(s)://`` is read-only and never
  listed.
* A missing object, a denied request or a dropped connection is a ``StoreError`` whose message
  says which, for a person; a read that fails is retried ``RETRIES`` times from where it was,
  so a transient error costs a pause, not the input.
* An S3 object is read by one GET whose body is streamed (``_Streamed``; a worker's byte range
  by one GET of that range), not by a HEAD and a ranged GET per block: every request costs a
  round trip, and a server may read the whole object to answer each one (moto's does). Other
  stores are read through fsspec's file, a block at a time.
* ``file://`` names a local path (``local_path``), read and written as any local path.
"""

from __future__ import annotations

import copy
import io
import re
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager, suppress
from typing import IO, Any

__all__ = [
    "EXTRAS",
    "RETRIES",
    "StoreError",
    "configure",
    "expand",
    "is_url",
    "local_path",
    "open_input",
    "open_remote_output",
    "options",
    "parse_option",
    "shown",
    "size_of",
]

_SCHEME = re.compile(r"^([A-Za-z][A-Za-z0-9+.-]*)://")
EXTRAS = {
    "s3": "s3",
    "s3a": "s3",
    "gs": "gcs",
    "gcs": "gcs",
    "az": "azure",
    "abfs": "azure",
    "abfss": "azure",
    "http": "http",
    "https": "http",
}
"""The extra that reads each scheme (``pip install -e '.[s3]'``)."""
_READ_ONLY = frozenset({"http", "https"})
_GLOB = re.compile(r"[*?\[]")
_USER = re.compile(r"^([A-Za-z][A-Za-z0-9+.-]*://)[^/@]*@")
RETRIES = 3
"""Times a failed read is tried again (after 0.5, 1 and 2 seconds) before the input is
unreadable."""
BLOCK = 8 * 1024 * 1024
"""Bytes fetched from a store at once, reading and writing (an S3 multipart upload's part)."""
CLOSE_SECONDS = 10
"""How long closing a response's body may wait on fsspec's I/O thread before it is let go."""
_S3_CONFIG = {"connect_timeout": 10, "read_timeout": 60, "retries": {"max_attempts": 3}}
"""botocore's settings where the options give none of theirs (``--storage-option
config_kwargs.read_timeout=5`` changes that one and keeps the others): a store that does not
answer is an unreadable input within a minute or so, never a hang."""

_configured: dict[str, Any] = {}


class StoreError(Exception):
    """A URL that cannot be read or written; the message says why, for a person."""


def scheme(name: str) -> str | None:
    """``s3`` for ``s3://bucket/key``; None for a local path."""
    found = _SCHEME.match(name)
    return found.group(1).lower() if found else None


def is_url(name: str) -> bool:
    """Whether ``name`` is read through a store (a URL other than ``file://``)."""
    kind = scheme(name)
    return kind is not None and kind != "file"


def local_path(name: str) -> str | None:
    """The path of a ``file://`` URL (``file:///data/a.jsonl`` is ``/data/a.jsonl``); None for
    anything else."""
    if scheme(name) != "file":
        return None
    from urllib.parse import unquote  # noqa: PLC0415 (only for file:// URLs)

    rest = name[len("file://") :]
    if rest.startswith("localhost/"):
        rest = rest[len("localhost") :]
    return unquote(rest) or "/"


def shown(url: str) -> str:
    """``url`` as messages show it: without a ``user:password@``."""
    return _USER.sub(r"\1", url)


def parse_option(text: str) -> tuple[str, Any]:
    """``key=value`` as a store option: ``true``/``false`` a bool, digits an int, else text;
    ``ValueError`` without ``=``."""
    key, equals, value = text.partition("=")
    if not equals or not key.strip():
        raise ValueError(f"expected key=value, not {text.split('=', maxsplit=1)[0]!r}...")
    typed: Any = value
    if value.lower() in ("true", "false"):
        typed = value.lower() == "true"
    elif value.isdigit():
        typed = int(value)
    return key.strip(), typed


def configure(pairs: Iterable[tuple[str, Any]]) -> None:
    """The options every store is opened with from now on, in this process (a dotted key sets
    a nested one: ``client_kwargs.region_name``)."""
    _configured.clear()
    for key, value in pairs:
        _nest(_configured, key, value)


def options() -> dict[str, Any]:
    """The options given to ``configure``: what a shard carries to a worker."""
    return _configured


def _nest(into: dict[str, Any], key: str, value: Any) -> None:
    *parents, last = key.split(".")
    for parent in parents:
        into = into.setdefault(parent, {})
    into[last] = value


def _secrets(given: dict[str, Any]) -> list[str]:
    values: list[str] = []
    for value in given.values():
        if isinstance(value, dict):
            values.extend(_secrets(value))
        elif isinstance(value, str) and len(value) >= 4:
            values.append(value)
    return values


def _said(exc: BaseException, given: dict[str, Any]) -> str:
    """An error's message, one line, with every option's value blanked out."""
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    for secret in _secrets(given):
        text = text.replace(secret, "***")
    return text[:300]


def filesystem(url: str, given: dict[str, Any] | None = None) -> tuple[Any, str]:
    """The store of ``url`` and the object's path in it; ``StoreError`` naming the extra when
    its package is not installed."""
    kind = scheme(url) or "file"
    extra = EXTRAS.get(kind)
    if extra is None:
        known = ", ".join(f"{name}://" for name in EXTRAS)
        raise StoreError(f"tricklog does not read {kind}:// URLs (it reads {known} and file://)")
    need = f"needs tricklog's [{extra}] extra: pip install -e '.[{extra}]' in tricklog's clone"
    try:
        import fsspec.core  # noqa: PLC0415 (an optional extra, only for URLs)
    except ImportError:
        raise StoreError(f"reading {kind}:// URLs {need}") from None
    # a copy all through: botocore rewrites the retries it is given in place, and a store
    # opened again with the rewritten options would be a second client, made again
    settings = copy.deepcopy(dict(options() if given is None else given))
    if extra == "s3":  # the options' config_kwargs over the defaults, key by key
        settings["config_kwargs"] = _over(copy.deepcopy(_S3_CONFIG), settings.get("config_kwargs"))
    try:
        return fsspec.core.url_to_fs(url, **settings)  # type: ignore[no-any-return]
    except ImportError:
        raise StoreError(f"reading {kind}:// URLs {need}") from None
    except (TypeError, ValueError) as exc:
        raise StoreError(f"cannot open the store: {_said(exc, settings)}") from None


def _over(defaults: dict[str, Any], given: Any) -> Any:
    """``given`` laid over ``defaults``: a nested setting given (``retries.mode``) keeps the
    defaults beside it (``retries.max_attempts``); a value that is no mapping replaces."""
    if not isinstance(given, dict):
        return defaults if given is None else given
    for key, value in given.items():
        below = defaults.get(key)
        defaults[key] = _over(below, value) if isinstance(below, dict) else value
    return defaults


def _reason(exc: BaseException, given: dict[str, Any]) -> str:
    """What a store's error means for a person."""
    if isinstance(exc, FileNotFoundError):
        return "no such object (or no such bucket)"
    if isinstance(exc, PermissionError):
        return "access denied: check the credentials and the bucket's policy"
    if isinstance(exc, StoreError):
        return str(exc)
    return f"cannot read: {_said(exc, given)}"


def expand(url: str, wanted: Callable[[str], bool]) -> Iterator[tuple[str, str | None]]:
    """``(url, None)`` for each object a URL names, in name order: the objects a glob matches,
    those under a prefix whose names are ``wanted``, else the URL itself; ``(url, why)`` when
    it names none or cannot be listed."""
    try:
        fs, path = filesystem(url)
        if scheme(url) in _READ_ONLY:
            yield url, None
            return
        fs.invalidate_cache()  # a listing is taken now, not from an earlier one of this process
        if _GLOB.search(path):
            found = sorted(fs.glob(path))
            if not found:
                yield shown(url), "no objects match this pattern"
            for name in found:
                yield _full(fs, url, name), None
            return
        if not fs.isdir(path):
            yield url, None
            return
        under = sorted(name for name in fs.find(path) if wanted(name))
        if not under:
            yield shown(url), "no record files (.json, .jsonl, ...) under this prefix"
        for name in under:
            yield _full(fs, url, name), None
    except Exception as exc:
        yield shown(url), _reason(exc, options())


def _full(fs: Any, url: str, path: str) -> str:
    """The URL of the object at ``path`` in ``url``'s store, with ``url``'s scheme."""
    kind = scheme(url) or "file"
    return f"{kind}://{path.split('://', 1)[-1]}"


def size_of(url: str) -> int | None:
    """An object's size in bytes; None when it cannot be told."""
    try:
        fs, path = filesystem(url)
        size = fs.size(path)
    except Exception:
        return None
    return int(size) if size is not None else None


def size_and_head(url: str, size: int) -> tuple[int, bytes]:
    """An object's size and its first ``size`` bytes: for S3 one ranged GET, whose answer says
    the whole size too; elsewhere the size, then a ranged read."""
    given = options()
    try:
        fs, path = filesystem(url, given)
        if hasattr(fs, "_call_s3"):  # s3fs
            try:
                return _streamed_head(fs, path, given, size)
            except (FileNotFoundError, PermissionError):
                raise
            except Exception:  # an empty object has no range: read as below
                pass
        total = int(fs.size(path))  # an empty object has no range to ask for
        return total, bytes(fs.cat_file(path, start=0, end=size)) if total else b""
    except StoreError:
        raise
    except Exception as exc:
        raise StoreError(_reason(exc, given)) from None


def _streamed_head(fs: Any, path: str, given: dict[str, Any], size: int) -> tuple[int, bytes]:
    """The size and the first ``size`` bytes of an S3 object, by one GET of them."""
    with _Streamed(fs, path, given, 0, ahead=size) as stream:
        head = stream.read(size)
        return int(stream._size or 0), bytes(head)


LOOK = 64 * 1024
"""Bytes fetched at once when looking for the start of a line in an object."""


def line_start(url: str, at: int, total: int) -> int:
    """Where the first line that starts after byte ``at - 1`` of an object starts (``total``
    when none does), fetching ``LOOK`` bytes at a time from ``at - 1``: a cut never needs more
    than the line it falls in."""
    given = options()
    try:
        fs, path = filesystem(url, given)
        start = max(at - 1, 0)
        while start < total:
            piece = bytes(fs.cat_file(path, start=start, end=min(start + LOOK, total)))
            newline = piece.find(b"\n")
            if newline >= 0:
                return start + newline + 1
            start += len(piece) or LOOK
        return total
    except StoreError:
        raise
    except Exception as exc:
        raise StoreError(_reason(exc, given)) from None


def open_input(
    url: str, given: dict[str, Any] | None = None, start: int = 0, length: int = 0
) -> IO[bytes]:
    """The object at ``url`` opened for reading from ``start`` (``length`` bytes of it, when
    given: no more is fetched ahead), its reads retried; ``StoreError`` when it cannot be
    opened."""
    settings = options() if given is None else given
    block = min(BLOCK, length + LOOK) if length else BLOCK
    for attempt in range(RETRIES + 1):
        try:
            fs, path = filesystem(url, settings)
            if hasattr(fs, "_call_s3"):  # s3fs: one GET, streamed
                ahead = start + length + LOOK if length else None
                return _Streamed(fs, path, settings, start, ahead)  # type: ignore[return-value]
            # read through: the next block is fetched in the background while this one is read
            cache = "readahead" if length else "background"
            keep = {} if length else {"maxblocks": 2}  # the block being read and the next
            stream = fs.open(path, "rb", block_size=block, cache_type=cache, cache_options=keep)
            if start:
                stream.seek(start)
            return _Retrying(stream, fs, path, settings)  # type: ignore[return-value]
        except (FileNotFoundError, PermissionError, StoreError) as exc:
            raise StoreError(_reason(exc, settings)) from None
        except Exception as exc:
            if attempt == RETRIES:
                raise StoreError(_reason(exc, settings)) from None
            time.sleep(0.5 * 2**attempt)
    raise AssertionError  # pragma: no cover


class _Retrying(io.RawIOBase):
    """An object being read, whose failed read is tried again from where it was, at most
    ``RETRIES`` times; then an ``OSError`` saying why (the reader's unreadable input)."""

    def __init__(self, inner: Any, fs: Any, path: str, given: dict[str, Any]) -> None:
        self._inner, self._fs, self._path, self._given = inner, fs, path, given

    def readable(self) -> bool:
        return True

    def seekable(self) -> bool:
        return True

    def seek(self, offset: int, whence: int = io.SEEK_SET) -> int:
        return int(self._inner.seek(offset, whence))

    def tell(self) -> int:
        return int(self._inner.tell())

    def readinto(self, buffer: Any) -> int:
        view = memoryview(buffer).cast("B")
        at = self._inner.tell()
        for attempt in range(RETRIES + 1):
            try:
                data = self._inner.read(len(view))
                break
            except (FileNotFoundError, PermissionError) as exc:
                raise OSError(_reason(exc, self._given)) from None
            except Exception as exc:
                if attempt == RETRIES:
                    raise OSError(_reason(exc, self._given)) from None
                time.sleep(0.5 * 2**attempt)
                with suppress(Exception):
                    self._inner.close()
                self._inner = self._fs.open(self._path, "rb", block_size=BLOCK)
                self._inner.seek(at)
        view[: len(data)] = data
        return len(data)

    def close(self) -> None:
        with suppress(Exception):
            self._inner.close()
        super().close()


class _Streamed(io.RawIOBase):
    """An S3 object read from ``start`` by one GET whose body is streamed, not by a request per
    block: no HEAD first (the GET says the size, and a missing or denied object fails it), no
    block fetched twice, and a server that holds the object as one value (moto's) serves it
    once. With ``ahead`` the GET asks for the bytes before it only (a range of a shard and a
    little more, ``LOOK``, for the end of its last line); reading on past them starts another
    GET to the end. A failed read is tried again from where it was, at most ``RETRIES`` times,
    by a new GET of the same version (``If-Match`` its ETag: an object replaced half-way is
    unreadable, never two objects spliced); then an ``OSError`` saying why."""

    def __init__(
        self, fs: Any, path: str, given: dict[str, Any], start: int = 0, ahead: int | None = None
    ) -> None:
        self._fs, self._given = fs, given
        self._bucket, self._key, version = fs.split_path(path)
        self._pin: dict[str, str] = {"VersionId": version} if version else {}
        self._at, self._ahead = start, ahead
        self._size: int | None = None
        self._body: Any = None
        self._body_end = 0
        """Where the current GET's bytes end."""
        self._get()  # a missing or denied object fails here, as opening it does

    def readable(self) -> bool:
        return True

    def seekable(self) -> bool:
        return True

    def tell(self) -> int:
        return self._at

    def seek(self, offset: int, whence: int = io.SEEK_SET) -> int:
        if whence == io.SEEK_CUR:
            offset += self._at
        elif whence == io.SEEK_END:
            if self._size is None:
                self._get()
            offset += self._size or 0
        if offset != self._at:
            self._drop()
            self._at = max(offset, 0)
        return self._at

    def _get(self, to_end: bool = False) -> None:
        """A GET of the object from ``_at``: to ``_ahead``, or to its end."""
        from fsspec.asyn import sync  # noqa: PLC0415 (installed with s3fs)

        last = None if to_end or self._ahead is None or self._ahead <= self._at else self._ahead
        ranged = {"Range": f"bytes={self._at}-{'' if last is None else last - 1}"}
        asked = ranged if self._at or last is not None else {}
        answer = sync(
            self._fs.loop,
            self._fs._call_s3,
            "get_object",
            Bucket=self._bucket,
            Key=self._key,
            **self._pin,
            **asked,
        )
        headers = answer.get("ResponseMetadata", {}).get("HTTPHeaders", {})
        length = int(answer.get("ContentLength", headers.get("content-length", 0)))
        whole = str(answer.get("ContentRange", "")).rpartition("/")[2]
        self._size = int(whole) if whole.isdigit() else self._at + length
        self._body, self._body_end = answer["Body"], self._at + length
        if "VersionId" not in self._pin and answer.get("ETag"):
            self._pin = {"IfMatch": answer["ETag"]}  # a retried or further GET: this object

    def _drop(self) -> None:
        """Let the current GET's body go. Not at the interpreter's exit, where a stream left open
        (a library user who stopped reading) is closed after fsspec's I/O thread has stopped:
        waiting for that thread would never end, and the connection ends with the process."""
        body, self._body = self._body, None
        if body is not None and not sys.is_finalizing():
            from fsspec.asyn import sync  # noqa: PLC0415

            with suppress(Exception):
                sync(self._fs.loop, _close_body, body, timeout=CLOSE_SECONDS)

    def _next(self, size: int) -> bytes:
        """Up to ``size`` bytes from ``_at``, fewer only at the end of the object."""
        from fsspec.asyn import sync  # noqa: PLC0415

        while True:
            if self._size is not None and self._at >= self._size:
                return b""
            if self._body is None:
                self._get(to_end=self._at >= self._body_end)
            data: bytes = sync(self._fs.loop, _fill, self._body, size)
            if data:
                return data
            self._drop()  # the GET's bytes are all read: the rest, if any, by another
            if self._at < self._body_end:
                raise OSError("the connection ended before the object did")

    def readinto(self, buffer: Any) -> int:
        view = memoryview(buffer).cast("B")
        if not len(view):
            return 0
        for attempt in range(RETRIES + 1):
            try:
                data = self._next(len(view))
                break
            except (FileNotFoundError, PermissionError) as exc:
                raise OSError(_reason(exc, self._given)) from None
            except Exception as exc:
                self._drop()
                if _changed(exc):
                    raise OSError(f"cannot read: {_REPLACED}") from None
                if attempt == RETRIES:
                    raise OSError(_reason(exc, self._given)) from None
                time.sleep(0.5 * 2**attempt)
        view[: len(data)] = data
        self._at += len(data)
        return len(data)

    def close(self) -> None:
        self._drop()
        super().close()


async def _fill(body: Any, size: int) -> bytes:
    """Up to ``size`` bytes of a response's body: fewer only at its end."""
    parts: list[bytes] = []
    got = 0
    while got < size:
        piece = await body.read(size - got)
        if not piece:
            break
        parts.append(piece)
        got += len(piece)
    return b"".join(parts)


async def _close_body(body: Any) -> None:
    body.close()


_REPLACED = "the object was replaced while it was read"


def _changed(exc: BaseException) -> bool:
    """Whether a GET failed because the object is no longer the version being read."""
    text = f"{exc} {exc.__cause__}"
    return "PreconditionFailed" in text


@contextmanager
def open_remote_output(url: str) -> Iterator[IO[bytes]]:
    """A binary stream that writes the object at ``url``, whole or not at all: S3 sends the
    parts of a multipart upload as they fill and completes it only at the end, so the object
    appears then; an exception before that aborts the upload and leaves no object (fsspec's
    own ``with`` would complete it). ``StoreError`` when it cannot be written."""
    kind = scheme(url)
    if kind in _READ_ONLY:
        raise StoreError(f"{kind}:// URLs are read-only; write to a file or a bucket")
    settings = options()
    try:
        fs, path = filesystem(url, settings)
        stream = fs.open(path, "wb", block_size=BLOCK)
    except (FileNotFoundError, PermissionError, StoreError) as exc:
        raise StoreError(_reason(exc, settings).replace("cannot read", "cannot write")) from None
    except Exception as exc:
        raise StoreError(f"cannot write: {_said(exc, settings)}") from None
    try:
        yield _Writing(stream, settings)  # type: ignore[misc]
    except BaseException:
        if not sys.is_finalizing():  # at exit fsspec's I/O thread is gone: never completed
            with suppress(Exception):
                stream.discard()
        stream.closed = True  # so that neither close nor the finalizer completes the upload
        raise
    try:
        stream.close()
    except Exception as exc:
        with suppress(Exception):
            stream.discard()
        reason = _reason(exc, settings).removeprefix("cannot read: ")
        raise StoreError(f"cannot write: {reason}") from None


class _Writing(io.RawIOBase):
    """An object being written, whose failed write is a ``StoreError``."""

    def __init__(self, inner: Any, given: dict[str, Any]) -> None:
        self._inner, self._given = inner, given

    def writable(self) -> bool:
        return True

    def write(self, data: Any) -> int:
        try:
            return int(self._inner.write(data))
        except Exception as exc:
            reason = _reason(exc, self._given).removeprefix("cannot read: ")
            raise StoreError(f"cannot write: {reason}") from None

    def flush(self) -> None:
        """Nothing: the store's file sends a part when one is full, and the rest at the end."""

    def close(self) -> None:
        """Nothing: ``open_remote_output`` completes the upload (or aborts it)."""
