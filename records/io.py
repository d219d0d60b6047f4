"""Reading records from files, archives, directories and stdin, as a stream: the one reader of
every command and of the library, for every format tricklog reads.

Loader and checker are separate (as in check-jsonschema): this module turns paths into a stream
of ``Entry`` values, each one record's JSON with its place (``file`` and ``line``), or a
``ReadFailure`` for input that cannot be read at all. Decoding an entry (``records.decode``)
gives a record or a list of malformed problems; a bad record never stops the stream. This module
does not import pydantic: the hot path decodes with ``records.structs``.

What an input holds is decided by its content, its name only where the content does not tell:

* its compression by its first bytes: gzip, bzip2, xz or zstd (``records.sniff``), for files
  and standard input alike; anything that cannot be text (an image, a PDF, an archive, a
  program, binary data) is one unreadable input saying what it looks like;
* its format (``records.formats.detect``): the tricklog notation (a first tag ``[Game``), an
  OpenSpiel history or playthrough, an OhHellWeb game (``{"mode":"Oh Hell"``), by content; else
  the one its name says (``.tln``, ``.openspiel``, ``.ohw``, possibly compressed); else
  tricklog JSON. A record of another format is read by that format's reader into the JSON of a
  record (``records.formats.drafts``), within the same limits, its source the record's first
  line (``games.tln:12``); one that does not read as a record is an entry of its problems
  (``Entry.problems``), each with its line and column where the format has lines;
* the shape of JSON: a first non-blank byte ``[`` is a JSON array, read element by element
  (``records.jsonsplit``); when the first or the second non-blank line is a whole JSON object on
  its own, the input is JSON Lines, read line by line (a broken line is one malformed record, the
  lines after it are read on); anything else is one JSON document. A ``.jsonl`` or ``.ndjson``
  name always means JSON Lines; a ``.json`` file of one line is one record (its source is the
  file, without a line number).

A directory is searched recursively, in name order, for files named as records (``.json``,
``.jsonl``, ``.ndjson``, ``.tln``, ``.openspiel``, ``.ohw``, each possibly ``.gz``, ``.bz2``,
``.xz`` or ``.zst``). Memory holds one record at a time, within ``records.limits.ReadLimits``;
an input that holds no record at all (an empty file, blank lines, ``[]``, an empty directory)
is a ``ReadFailure`` too.
"""

from __future__ import annotations

import io
import os
import stat
import sys
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import IO, Any

from records.entries import Entry, ReadFailure
from records.formats.detect import detect
from records.jsonsplit import INCOMPLETE, ArrayError, MismatchError, elements, value_end
from records.limits import ReadLimits, size_text
from records.paths import Paths, input_paths
from records.remote import is_url, local_path
from records.sniff import HEAD, not_json
from records.streams import BUFFER, ReadError, decoded, open_path, os_message, walk

__all__ = ["Entry", "ReadFailure", "is_json_file", "is_record_file", "iter_entries"]

COMPRESSION_SUFFIXES = (".gz", ".bz2", ".xz", ".zst", ".zstd")
JSON_SUFFIXES = (".json", ".jsonl", ".ndjson")
RECORD_SUFFIXES = (*JSON_SUFFIXES, ".tln", ".openspiel", ".ohw")
"""What a directory search reads: tricklog's JSON, the notation, OpenSpiel histories and
OhHellWeb games (``records.formats.registry``), each possibly compressed."""
_LINES = (".jsonl", ".ndjson")
_BOM = b"\xef\xbb\xbf"


def _record_suffix(name: str) -> str:
    """``.jsonl`` for ``games.jsonl.gz``: the suffix under any compression suffix."""
    path = Path(name)
    suffix = path.suffix.lower()
    if suffix in COMPRESSION_SUFFIXES:
        return Path(path.stem).suffix.lower()
    return suffix


def is_record_file(path: Path) -> bool:
    """Whether a directory search reads this file (by its name)."""
    return _record_suffix(path.name) in RECORD_SUFFIXES


def is_json_file(path: Path) -> bool:
    """Whether the file's name says tricklog JSON or JSON Lines (possibly compressed)."""
    return _record_suffix(path.name) in JSON_SUFFIXES


def iter_entries(
    paths: Paths,
    stdin: IO[bytes] | None = None,
    limits: ReadLimits | None = None,
    *,
    counted: Callable[[int], None] | None = None,
    json_only: bool = False,
) -> Iterator[Entry | ReadFailure]:
    """Every record entry under the given paths (one path or an iterable of them,
    ``records.paths``: a wrong type raises ``TypeError``), in order, as a stream. ``limits``
    defaults to ``ReadLimits.from_environment()``. ``counted`` is told the size of every read
    from an input as it is stored (compressed bytes for a compressed file): a progress bar's
    bytes read. ``json_only`` reads every file as tricklog JSON, whatever its content and name
    (a format given by name: ``convert --from json``)."""
    if limits is None:
        try:
            limits = ReadLimits.from_environment()
        except ValueError as exc:
            yield ReadFailure("<environment>", str(exc))
            return
    for given in input_paths(paths):
        name = given
        if name == "-":
            source = stdin if stdin is not None else getattr(sys.stdin, "buffer", None)
            if source is None:
                yield ReadFailure("<stdin>", "standard input is closed")
            else:
                yield from _read("<stdin>", _counting(source, counted), None, limits, json_only)
            continue
        if "://" in name:
            local = local_path(name)
            if local is None and is_url(name):
                yield from _read_urls(name, limits, counted, json_only)
                continue
            name = local or name
        try:
            mode = os.stat(name).st_mode
        except OSError as exc:
            yield ReadFailure(name, os_message(exc))
            continue
        if stat.S_ISDIR(mode):
            yield from _read_directory(str(Path(name)), limits, counted, json_only)
        else:
            yield from _read_file(name, limits, counted, json_only)


Counted = Callable[[int], None] | None
"""Told the size of each read from an input (``iter_entries``), or None."""


class _Counting(io.RawIOBase):
    """A binary stream that tells ``counted`` how many bytes each read took from it."""

    def __init__(self, inner: IO[bytes], counted: Callable[[int], None]) -> None:
        self._inner, self._counted = inner, counted

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        size: int = self._inner.readinto(buffer) or 0  # type: ignore[attr-defined]
        if size:
            self._counted(size)
        return size


def _counting(source: IO[bytes], counted: Counted) -> IO[bytes]:
    return source if counted is None else _Counting(source, counted)  # type: ignore[return-value]


def _read_file(
    name: str, limits: ReadLimits, counted: Counted, json_only: bool = False
) -> Iterator[Entry | ReadFailure]:
    try:
        stream = open_path(name)
    except ReadError as exc:
        yield ReadFailure(name, str(exc))
        return
    with stream:
        yield from _read(name, _counting(stream, counted), name, limits, json_only)


def _read_urls(
    url: str, limits: ReadLimits, counted: Counted, json_only: bool
) -> Iterator[Entry | ReadFailure]:
    """The entries of every object a URL names (``records.remote``: a glob, a prefix, an
    object), each named by its URL; a store's error is an unreadable input."""
    from records.remote import StoreError, expand, open_input, shown

    suffixes = JSON_SUFFIXES if json_only else RECORD_SUFFIXES
    for name, failure in expand(url, lambda name: _record_suffix(name) in suffixes):
        if failure is not None:
            yield ReadFailure(name, failure)
            continue
        try:
            stream = open_input(name)
        except StoreError as exc:
            yield ReadFailure(shown(name), str(exc))
            continue
        with stream:
            yield from _read(shown(name), _counting(stream, counted), name, limits, json_only)


def _read_directory(
    root: str, limits: ReadLimits, counted: Counted, json_only: bool = False
) -> Iterator[Entry | ReadFailure]:
    suffixes = JSON_SUFFIXES if json_only else RECORD_SUFFIXES
    found = False  # a file, or a directory that cannot be searched: either is reported
    for path, failure in walk(root, lambda name: _record_suffix(name) in suffixes):
        found = True
        if failure is not None:
            yield ReadFailure(path, failure)
        else:
            yield from _read_file(path, limits, counted, json_only)
    if not found:
        names = ", ".join(suffixes)
        yield ReadFailure(root, f"no record files ({names}, possibly compressed) in this directory")


def _read(
    name: str, source: IO[bytes], path: str | None, limits: ReadLimits, json_only: bool = False
) -> Iterator[Entry | ReadFailure]:
    """The entries of one input; a ``ReadFailure`` where it stops being readable, or when it
    holds no record. ``path`` is the file's name (None for standard input)."""
    reader = _Reader(name, limits)
    try:
        stream, compression = decoded(source, limits)
        head = stream.peek(HEAD)[:HEAD]
        fmt = "json" if json_only else detect(head, path)
        looks = not_json(head.removeprefix(_BOM), text=fmt in ("json", "ohw"))
        if looks is not None:
            inside = f" (inside {compression} data)" if compression else ""
            yield ReadFailure(name, f"looks like {looks}{inside}, not {_NAMES[fmt]}")
            return
        if fmt != "json":
            yield from _other(fmt, name, stream, head, limits)
            return
        if head.startswith(_BOM):
            stream.read(len(_BOM))
        yield from reader.entries(stream, _record_suffix(path) if path is not None else None)
    except ArrayError as exc:
        yield ReadFailure(name, str(exc))
        return
    except ReadError as exc:
        yield ReadFailure(name, reader.at(str(exc)))
        return
    except OSError as exc:
        yield ReadFailure(name, reader.at(f"cannot read: {os_message(exc)}"))
        return
    if fmt == "json" and not reader.count:
        yield ReadFailure(name, f"holds no records ({reader.empty_kind()})")


_NAMES = {
    "json": "JSON",
    "text": "the tricklog notation",
    "openspiel": "an OpenSpiel history",
    "ohw": "an OhHellWeb game",
}


def _other(
    fmt: str, name: str, stream: io.BufferedReader, head: bytes, limits: ReadLimits
) -> Iterator[Entry | ReadFailure]:
    """The records of an input of another format (the notation, OpenSpiel, OhHellWeb), each
    read by its format's reader into the JSON of a record, then as any JSON record is
    (``records.formats.drafts``): one at a time, within the same limits."""
    from records.formats.drafts import entry_of
    from records.formats.registry import by_name

    count = 0
    for item in by_name(fmt).module.drafts(stream, name, limits):
        if isinstance(item, ReadFailure):
            yield item
            return
        count += 1
        yield entry_of(item)
    if not count:
        kind = "only comments and blank lines" if head.strip() else "only whitespace"
        yield ReadFailure(name, f"holds no records ({kind if head else 'the input is empty'})")


class _Reader:
    """The shapes of one decompressed input: JSON Lines, a JSON array, one JSON document."""

    def __init__(self, name: str, limits: ReadLimits) -> None:
        self.name = name
        self.limits = limits
        self.count = 0
        """Records yielded so far."""
        self.line = 0
        """The last line read (JSON Lines), for messages."""
        self.read_bytes = 0
        self.array = False
        self.kept: list[bytes] | None = []
        """Every byte read before the shape is known, for a document; None once more than a
        record's limit (a document that large would be refused anyway)."""
        self.kept_bytes = 0
        self._blank_run = 0
        """Bytes of whitespace skipped since the last newline."""

    def at(self, message: str) -> str:
        """``message``, with the place reached when it does not say it."""
        if message.startswith("line "):
            return message
        if self.count and not self.array:
            return f"{message} (after line {self.line})"
        if self.count:
            return f"{message} (after record {self.count})"
        return message

    def empty_kind(self) -> str:
        if self.array:
            return "an empty JSON array"
        return "only whitespace" if self.read_bytes else "the input is empty"

    def entries(self, stream: io.BufferedReader, suffix: str | None) -> Iterator[Entry]:
        self.stream = stream
        self.readline = self._readline(stream)
        if suffix in _LINES:
            yield from self._lines(())
            return
        self._skip_space()
        if stream.peek(1)[:1] == b"[":
            self.array = True
            yield from self._array()
            return
        first = self._next_line()
        if first is None:
            return
        number, whole = self.line, _is_object_line(first)
        if whole and suffix != ".json":
            yield from self._lines([(number, first)])
            return
        try:
            second = self._next_line()
        except ReadError:
            self.count += 1  # what was read is reported before why reading stopped
            yield Entry(self.name, number, first)
            raise
        if second is None and whole:
            self.count += 1
            yield Entry(self.name, None, first)  # a .json file of one line: one record
            return
        if second is not None and (whole or (second[:1] == b"{" and _is_object_line(second))):
            yield from self._lines([(number, first), (self.line, second)])
            return
        document = self._document()
        self.count += 1
        yield Entry(self.name, None, document)

    def _readline(self, stream: io.BufferedReader) -> Callable[[], bytes]:
        limit = self.limits.record_bytes
        cap = limit + 1 if limit else -1
        readline = stream.readline

        def read() -> bytes:
            line = readline(cap)
            self.line += 1
            if len(line) == cap and line[-1:] != b"\n":
                raise ReadError(
                    f"line {self.line} is longer than {size_text(limit)} "
                    "(the limit of one record, TRICKLOG_MAX_RECORD_BYTES); stopped reading"
                )
            self.read_bytes += len(line)
            return line

        return read

    def _skip_space(self) -> None:
        """Past whitespace, a buffer at a time (a run of blank lines costs no line-by-line
        loop), counting the lines."""
        while True:
            buffered = self.stream.peek(BUFFER)
            size = len(buffered) - len(buffered.lstrip())
            if not size:
                return
            space = self.stream.read(size)
            newlines = space.count(b"\n")
            self.line += newlines
            self.read_bytes += size
            self._keep(space)
            if newlines:
                self._blank_run = size - space.rfind(b"\n") - 1
            else:
                self._blank_run += size
            limit = self.limits.record_bytes
            if limit and self._blank_run > limit:
                raise ReadError(
                    f"line {self.line + 1} is longer than {size_text(limit)} "
                    "(the limit of one record, TRICKLOG_MAX_RECORD_BYTES); stopped reading"
                )
            if size < len(buffered):
                self._blank_run = 0
                return

    def _keep(self, data: bytes) -> None:
        if self.kept is None:
            return
        self.kept_bytes += len(data)
        if self.limits.record_bytes and self.kept_bytes > self.limits.record_bytes:
            self.kept = None
        else:
            self.kept.append(data)

    def _next_line(self) -> bytes | None:
        """The next non-blank line, None at the end."""
        self._skip_space()
        line = self.readline()
        if not line:
            self.line -= 1
            return None
        self._keep(line)
        return line

    def _lines(self, first: Iterable[tuple[int, bytes | None]]) -> Iterator[Entry]:
        name = self.name
        self.kept = None  # not a document
        for number, line in first:
            if line is not None:
                self.count += 1
                yield Entry(name, number, line)
        for line in iter(self.readline, b""):
            if line.isspace():
                self._skip_space()
            else:
                self.count += 1
                yield Entry(name, self.line, line)
        self.line -= 1

    def _array(self) -> Iterator[Entry]:
        self.kept = None  # not a document
        limit = self.limits.record_bytes
        split = elements(self.stream.read, b"", limit, BUFFER, self.read_bytes)
        for index, element in enumerate(split, start=1):
            self.count = index
            yield Entry(self.name, index, element)

    def _document(self) -> bytes:
        """The whole input as one document, within the limit of one record."""
        limit = self.limits.record_bytes
        kept = self.kept
        rest = b""
        if kept is not None:
            rest = self.stream.read(limit + 1 - self.kept_bytes) if limit else self.stream.read()
        if kept is None or (limit and self.kept_bytes + len(rest) > limit):
            raise ReadError(
                f"one JSON document of more than {size_text(limit)} "
                "(the limit of one record, TRICKLOG_MAX_RECORD_BYTES)"
            )
        return b"".join(kept) + rest


def _is_object_line(line: bytes) -> bool:
    """Whether ``line`` is one whole JSON object (brackets balanced, nothing after it), whatever
    is inside: ``NaN`` or a huge integer do not make a record line anything else."""
    start = len(line) - len(line.lstrip())
    if line[start : start + 1] != b"{":
        return False
    try:
        end = value_end(line, start, final=False)
    except MismatchError:
        return False
    return end != INCOMPLETE and not line[end:].strip()


def __getattr__(name: str) -> Any:
    """``parse``, ``loads``, ``dumps`` and ``dumps_pretty`` live in ``records.parse`` (which
    imports pydantic); they are found here too, loaded on first use."""
    if name in ("parse", "loads", "dumps", "dumps_pretty"):
        from records import parse

        return getattr(parse, name)
    raise AttributeError(f"module 'records.io' has no attribute {name!r}")
