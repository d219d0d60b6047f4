"""Reading records from files, archives, directories and stdin, as a stream.

Loader and checker are separate (as in check-jsonschema): this module turns paths into a stream
of ``Entry`` values, each one record's bytes with its place (``file`` and ``line``), or a
``ReadFailure`` for input that cannot be read at all. Parsing an entry gives a record or a list of
malformed problems; a bad record never stops the stream.

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
from pydantic import TypeAdapter, ValidationError

from records.problems import Kind, Problem, pointer
from records.record import AnyRecord, Record

_OPENERS: dict[str, Callable[..., Any]] = {".gz": gzip.open, ".bz2": bz2.open, ".xz": lzma.open}
RECORD_SUFFIXES = (".json", ".jsonl", ".ndjson")
_ADAPTER: TypeAdapter[Record] = TypeAdapter(AnyRecord)


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


def parse(data: bytes) -> Record | list[Problem]:
    """The record in ``data``, or the malformed problems that stop it from being one."""
    try:
        return _ADAPTER.validate_json(data)
    except ValidationError as exc:
        return _schema_problems(exc, data)


def loads(data: bytes | str) -> Record:
    """Parse one record; raises ``ValueError`` with every problem if it is malformed."""
    result = parse(data.encode() if isinstance(data, str) else data)
    if isinstance(result, list):
        raise ValueError("; ".join(f"{p.pointer or '/'}: {p.message}" for p in result))
    return result


def dumps(record: Record) -> bytes:
    """A record as compact JSON (one line, fit for a JSON Lines archive)."""
    return _ADAPTER.dump_json(record, exclude_defaults=True)


def dumps_pretty(record: Record) -> bytes:
    return orjson.dumps(orjson.loads(dumps(record)), option=orjson.OPT_INDENT_2) + b"\n"


def _schema_problems(exc: ValidationError, data: bytes) -> list[Problem]:
    errors = exc.errors(include_url=False)
    if errors and errors[0]["type"] == "json_invalid":
        return [
            Problem(
                "record.json",
                Kind.MALFORMED,
                f"not valid JSON: {errors[0]['msg']}",
            )
        ]
    try:
        raw: Any = orjson.loads(data)
    except orjson.JSONDecodeError:
        raw = None
    problems: list[Problem] = []
    for error in errors:
        path = _real_path(raw, error["loc"])
        code = _CODES.get(error["type"], "record.schema")
        if path == ["format_version"]:
            code = "record.format-version"
        hand = path[1] if len(path) > 1 and path[0] == "hands" else None
        problems.append(
            Problem(
                code,
                Kind.MALFORMED,
                _message(error),
                pointer(*path),
                hand=_hand_number(raw, hand),
                actual=_short(error.get("input")),
            )
        )
    # pydantic's order of errors within one object differs between versions; a misspelt key
    # is both unknown and missing, and the unknown key is the one a person should see first.
    problems.sort(key=lambda p: p.code != "record.unknown-field")
    return problems


_CODES = {
    "union_tag_invalid": "record.unknown-tag",
    "union_tag_not_found": "record.missing-tag",
    "extra_forbidden": "record.unknown-field",
    "unexpected_keyword_argument": "record.unknown-field",
    "missing": "record.missing-field",
    "missing_keyword_only_argument": "record.missing-field",
    "missing_argument": "record.missing-field",
}


def _message(error: Any) -> str:
    if error["type"] == "union_tag_invalid":
        ctx = error.get("ctx", {})
        return f"unknown {ctx.get('discriminator', 'tag')} {ctx.get('tag')!r}; expected one of {ctx.get('expected_tags')}"
    return str(error["msg"])


def _real_path(raw: Any, loc: tuple[Any, ...]) -> list[str | int]:
    """The pydantic error location without union tags, i.e. the path in the JSON document."""
    path: list[str | int] = []
    node = raw
    for position, part in enumerate(loc):
        if (isinstance(node, dict) and part in node) or (
            isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node)
        ):
            node = node[part]
        elif isinstance(node, dict) and isinstance(part, str) and position < len(loc) - 1:
            continue  # a union tag (the value of "game" or "type"), not a key of the document
        else:
            node = None  # a missing key (pydantic names it last) or a place inside a scalar
        path.append(part)
    return path


def _hand_number(raw: Any, index: Any) -> int | None:
    if not isinstance(index, int):
        return None
    try:
        number = raw["hands"][index]["number"]
    except (KeyError, IndexError, TypeError):
        return None
    return number if isinstance(number, int) else None


def _short(value: Any) -> Any:
    if isinstance(value, (dict, list)):
        return None
    if isinstance(value, str) and len(value) > 80:
        return value[:77] + "..."
    return value
