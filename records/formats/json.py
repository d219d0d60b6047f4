"""The ``json`` format: tricklog records as JSON, one record per file or a JSON array of records.

Reading goes through ``records.io.iter_entries`` (compression, arrays, standard input) and
``records.parse.parse`` (the models, the format's one definition). Writing has three forms:

* ``pretty`` (the default): two-space indents, keys in the models' order, defaults left out --
  what ``tricklog generate --pretty`` and the fixtures look like, readable by every command;
* ``compact``: ``records.parse.dumps``, one line per record;
* ``canonical``: the keys of every object sorted (extensions included) and two-space indents,
  for diffs and hashing: two equal records give the same bytes.

One record is written as a document of its own, more than one as an array (``[]`` for none). No
form loses anything a record says.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import IO, TYPE_CHECKING

from records.formats.base import Loss, Read, pick_form
from records.formats.detect import json as sniff
from records.formats.files import open_input
from records.io import Entry, ReadFailure, is_json_file, iter_entries

if TYPE_CHECKING:
    from records.problems import Problem
    from records.record import Record

__all__ = ["FORMS", "entries", "read", "record_bytes", "sniff", "write"]

FORMS = ("pretty", "compact", "canonical")


def read(path: str, stdin: IO[bytes] | None = None) -> Iterator[Read | ReadFailure]:
    """Every record of a JSON or JSON Lines input, as ``Read`` values."""
    for item in entries(path, stdin):
        if isinstance(item, ReadFailure):
            yield item
            continue
        result = parse(item.data)
        if isinstance(result, list):
            yield Read(item.where, None, tuple(result))
        else:
            yield Read(item.where, result)


def parse(data: bytes) -> Record | list[Problem]:
    """``records.parse.parse``, imported on first use: the models load only when a record is
    read through them (a writer with a decoder of its own, such as a table's, never does)."""
    from records.parse import parse as through_the_models  # noqa: PLC0415

    return through_the_models(data)


def entries(path: str, stdin: IO[bytes] | None = None) -> Iterator[Entry | ReadFailure]:
    """``records.io.iter_entries`` of one input, read as tricklog JSON whatever it looks like
    (this is the format it was given in); a file whose name does not say JSON (``.txt``, no
    suffix) is told apart as standard input is: one document, or one record per line."""
    if path == "-" or Path(path).is_dir() or is_json_file(Path(path)):
        yield from iter_entries([path], stdin, json_only=True)
        return
    stream = open_input(path)
    if isinstance(stream, ReadFailure):
        yield stream
        return
    with stream:
        for item in iter_entries(["-"], stream, json_only=True):
            if isinstance(item, ReadFailure):
                yield ReadFailure(path, item.message)
            else:
                yield Entry(path, item.line, item.data)


def write(records: Iterable[Record], form: str | None = None) -> Iterator[bytes | Loss]:
    """One record as a document, several as an array, in the given form."""
    form = pick_form(form, FORMS) or FORMS[0]
    items = iter(records)
    first = next(items, None)
    if first is None:
        yield b"[]\n"
        return
    second = next(items, None)
    if second is None:
        yield record_bytes(first, form)
        return
    yield b"["
    for index, record in enumerate(_chain(first, second, items)):
        text = record_bytes(record, form).rstrip(b"\n")
        if form != "compact":
            text = text.replace(b"\n", b"\n  ")
        yield (b"\n  " if index == 0 else b",\n  ") + text
    yield b"\n]\n"


def record_bytes(record: Record, form: str) -> bytes:
    """One record in one form, ending with a newline."""
    from records.parse import dumps, dumps_pretty  # noqa: PLC0415 (the models load on use)

    compact = dumps(record)
    if form == "compact":
        return compact + b"\n"
    if form == "canonical":
        value = json.loads(compact)
        return json.dumps(value, sort_keys=True, indent=2, ensure_ascii=False).encode() + b"\n"
    if _LONG_NUMBER.search(compact):
        # records.parse.dumps_pretty goes through orjson, which reads an integer beyond 64 bits
        # (possible in extensions) as a float; the standard library keeps it and lays the
        # document out the same way.
        value = json.loads(compact)
        return json.dumps(value, indent=2, ensure_ascii=False).encode() + b"\n"
    return dumps_pretty(record)


_LONG_NUMBER = re.compile(rb"\d{19}")


def _chain(first: Record, second: Record, rest: Iterator[Record]) -> Iterator[Record]:
    yield first
    yield second
    yield from rest
