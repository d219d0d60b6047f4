"""The ``jsonl`` format: JSON Lines, one compact record per line, read and written as a stream.

Forms: ``compact`` (``records.parse.dumps``, keys in the models' order) and ``canonical`` (the
keys of every object sorted, extensions included). Nothing a record says is lost.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from records.formats.base import Loss, pick_form
from records.formats.json import read as read

if TYPE_CHECKING:
    from records.record import Record

__all__ = ["FORMS", "read", "write"]

FORMS = ("compact", "canonical")


def write(records: Iterable[Record], form: str | None = None) -> Iterator[bytes | Loss]:
    """Each record on a line of its own."""
    from records.parse import dumps  # noqa: PLC0415 (the models load to write, not to read)

    form = pick_form(form, FORMS)
    for record in records:
        data = dumps(record)
        if form == "canonical":
            value = json.loads(data)
            text = json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
            data = text.encode()
        yield data + b"\n"
