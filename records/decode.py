"""Decoding a record's JSON for replay: fast when it is a record, explained when it is not.

``decode(data)`` is what every command checks a record with, whatever format it was read from:
the structs generated from the models (``records.structs``, msgspec) decode it; a record they
refuse is parsed again by the pydantic models (``records.parse``), which are the format's
definition and say what is wrong in the format's words. The models load only then.
"""

from __future__ import annotations

import re
from typing import Any

import msgspec

from records.bom import MIDDLE_BOM, starts_with_bom
from records.duplicates import find_duplicates
from records.limits import too_deep
from records.problems import Kind, Problem, pointer
from records.structs import ANY_RECORD

__all__ = ["EXPLAIN_BYTES", "decode"]

EXPLAIN_BYTES = 1 << 20
"""Above this size a refused record is reported with the fast decoder's first error only: the
models' explanation holds the whole document as Python objects, and much more besides (about
27 times the record's size: 232 MB of peak memory for an 8.7 MB record), which hostile input
must not be able to ask for."""


def decode(data: bytes) -> Any:
    """The record in ``data`` (decoded for replay), or the malformed problems that stop it
    from being one. An object that states a key twice is one of them (``records.duplicates``):
    no reader of the record may pick one of the two values."""
    try:
        record = ANY_RECORD.decode(data)
        if not too_deep(record):  # the one limit msgspec cannot state (records.limits)
            return find_duplicates(data, record) or record
    except (msgspec.ValidationError, msgspec.DecodeError, RecursionError) as exc:
        if len(data) > EXPLAIN_BYTES:
            return [_refused(exc, data)]
    from records.parse import parse  # noqa: PLC0415 (the models explain what was refused)

    return parse(data)  # which reports duplicate keys too


_STEP = re.compile(r"\.([^.\[]+)|\[([0-9]+)\]")


def _refused(exc: Exception, data: bytes) -> Problem:
    """The fast decoder's error as a problem: its message, and its ``$.a[0].b`` path as a
    JSON Pointer."""
    text = str(exc) if not isinstance(exc, RecursionError) else "nested too deeply"
    message, _, where = text.partition(" - at `$")
    parts = [m[0] if m[0] else int(m[1]) for m in _STEP.findall(where.rstrip("`"))]
    code = "record.schema" if isinstance(exc, msgspec.ValidationError) else "record.json"
    if code == "record.json" and not parts:
        message = MIDDLE_BOM if starts_with_bom(data) else message
    return Problem(
        code,
        Kind.MALFORMED,
        f"{message.rstrip('.')} (the record is {len(data):,} bytes, over {EXPLAIN_BYTES:,}: "
        "only the first fault is reported)",
        pointer(*parts),
    )
