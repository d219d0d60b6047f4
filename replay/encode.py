"""JSON for programs, for any value a report can hold.

orjson writes almost every report; it refuses integers beyond 64 bits (a record may hold any
integer) and strings that are not UTF-8 (the name of a file that is not). Those reports go
through a small encoder that writes such integers exactly, as JSON numbers, and each byte of a
file name that is not UTF-8 as the text ``\\xNN``.
"""

from __future__ import annotations

import json
import math
from decimal import Decimal
from enum import Enum
from typing import Any

import orjson

from records.filenames import unicode_safe
from replay.text import int_text


def json_bytes(value: Any) -> bytes:
    """``value`` as compact JSON, whatever integers and strings it holds; a ``Decimal`` (an
    exactly rounded figure) as a JSON number of exactly its digits."""
    try:
        return orjson.dumps(value, default=_decimal)
    except orjson.JSONEncodeError:
        parts: list[str] = []
        _encode(value, parts)
        return "".join(parts).encode()


def _decimal(value: Any) -> Any:
    fragment = getattr(orjson, "Fragment", None)  # orjson 3.9.1 on; before, the encoder below
    if fragment is not None and isinstance(value, Decimal) and value.is_finite():
        return fragment(format(value, "f").encode())
    raise TypeError


def _encode(value: Any, out: list[str]) -> None:
    if value is None or value is True or value is False:
        out.append({None: "null", True: "true", False: "false"}[value])
    elif isinstance(value, Enum):
        _encode(value.value, out)
    elif isinstance(value, int):
        out.append(int_text(value))
    elif isinstance(value, Decimal) and value.is_finite():
        out.append(format(value, "f"))
    elif isinstance(value, float):
        out.append(repr(value) if math.isfinite(value) else "null")
    elif isinstance(value, str):
        out.append(json.dumps(unicode_safe(value), ensure_ascii=False))
    elif isinstance(value, dict):
        out.append("{")
        for position, (key, item) in enumerate(value.items()):
            out.append("," if position else "")
            out.append(json.dumps(unicode_safe(str(key)), ensure_ascii=False) + ":")
            _encode(item, out)
        out.append("}")
    elif isinstance(value, (list, tuple)):
        out.append("[")
        for position, item in enumerate(value):
            out.append("," if position else "")
            _encode(item, out)
        out.append("]")
    else:
        _encode(str(value), out)
