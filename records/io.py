"""Reading records from files, archives, directories and stdin, as a stream.

Loader and checker are separate (as in check-jsonschema): this module turns paths into a stream
of ``Entry`` values, each one record's bytes with its place (``file`` and ``line``), or a
``ReadFailure`` for input that cannot be read at all. Parsing an entry (``records.parse``) gives
a record or a list of malformed problems; a bad record never stops the stream. This module does
not import pydantic: the hot path decodes with ``records.structs``.

Supported inputs: ``.json`` (one record, or a JSON array of records), ``.jsonl`` / ``.ndjson``
(one record per line), either compressed as ``.gz``, ``.bz2`` or ``.xz``; a directory (searched
recursively, in name order); ``-`` for standard input (JSON Lines, or one JSON document).
Archives are read line by line, so memory stays constant however long the file.
"""

from __future__ import annotations

import bz2
import gzip
import lzma
import sys
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

import orjson

_OPENERS: dict[str, Callable[..., Any]] = {".gz": gzip.open, ".bz2": bz2.open, ".xz": lzma.open}
RECORD_SUFFIXES = (".json", ".jsonl", ".ndjson")


@dataclass(frozen=True, slots=True)
class Entry:
    """One record's text and where it came from."""

    file: str
    line: int | None
    """1-based line in a JSON Lines archive (or 1-based position in a JSON array); None for a
    file that holds one record."""
    data: bytes

    @property
    def where(self) -> str:
        return self.file if self.line is None else f"{self.file}:{self.line}"


@dataclass(frozen=True, slots=True)
class ReadFailure:
    """Input that could not be read: missing file, no permission, corrupt compression."""

    file: str
    message: str


def _suffixes(path: Path) -> tuple[str, str | None]:
    """(record suffix, compression suffix or None) of a file name."""
    suffix = path.suffix.lower()
    if suffix in _OPENERS:
        return Path(path.stem).suffix.lower(), suffix
    return suffix, None


def is_record_file(path: Path) -> bool:
    return _suffixes(path)[0] in RECORD_SUFFIXES


def _open(path: Path) -> IO[bytes]:
    _, compression = _suffixes(path)
    if compression is None:
        return path.open("rb")
    stream: IO[bytes] = _OPENERS[compression](path, "rb")
    return stream


def _lines(name: str, stream: Iterable[bytes]) -> Iterator[Entry]:
    for number, line in enumerate(stream, start=1):
        if line.strip():
            yield Entry(name, number, line)


def _whole(name: str, data: bytes) -> Iterator[Entry]:
    """A ``.json`` file: one record, or an array of records."""
    if data.lstrip()[:1] == b"[":
        try:
            items = orjson.loads(data)
        except orjson.JSONDecodeError:
            yield Entry(name, None, data)
            return
        for index, item in enumerate(items, start=1):
            yield Entry(name, index, orjson.dumps(item))
    else:
        yield Entry(name, None, data)


def _read_file(path: Path) -> Iterator[Entry | ReadFailure]:
    kind, _ = _suffixes(path)
    try:
        with _open(path) as stream:
            if kind == ".json":
                yield from _whole(str(path), stream.read())
            else:
                yield from _lines(str(path), stream)
    except (OSError, EOFError, lzma.LZMAError) as exc:
        yield ReadFailure(str(path), f"cannot read: {exc.__class__.__name__}: {exc}")


def _read_stdin(stream: IO[bytes]) -> Iterator[Entry | ReadFailure]:
    first = stream.readline()
    while first and not first.strip():
        first = stream.readline()
    if not first:
        return
    try:
        orjson.loads(first)
    except orjson.JSONDecodeError:
        # Not one record per line: the whole input is one JSON document.
        yield from _whole("<stdin>", first + stream.read())
        return
    yield Entry("<stdin>", 1, first)
    yield from (Entry("<stdin>", e.line + 1, e.data) for e in _lines("<stdin>", stream) if e.line)


def iter_entries(
    paths: Iterable[str], stdin: IO[bytes] | None = None
) -> Iterator[Entry | ReadFailure]:
    """Every record entry under the given paths, in order, as a stream."""
    for name in paths:
        if name == "-":
            yield from _read_stdin(stdin if stdin is not None else sys.stdin.buffer)
            continue
        path = Path(name)
        if path.is_dir():
            files = sorted(p for p in path.rglob("*") if p.is_file() and is_record_file(p))
            if not files:
                yield ReadFailure(
                    name, "no record files (.json, .jsonl, .ndjson) in this directory"
                )
            for file in files:
                yield from _read_file(file)
        elif path.exists():
            yield from _read_file(path)
        else:
            yield ReadFailure(name, "no such file or directory")


def __getattr__(name: str) -> Any:
    """``parse``, ``loads``, ``dumps`` and ``dumps_pretty`` live in ``records.parse`` (which
    imports pydantic); they are found here too, loaded on first use."""
    if name in ("parse", "loads", "dumps", "dumps_pretty"):
        from records import parse

        return getattr(parse, name)
    raise AttributeError(f"module 'records.io' has no attribute {name!r}")
