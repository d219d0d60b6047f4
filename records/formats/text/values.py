"""Small conversions the reader and the writer share: JSON on one line, tag names."""

from __future__ import annotations

import json
import re
from typing import Any

__all__ = ["field_name", "json_text", "same", "tag_name"]

_BREAKS = {"\u2028": "\\u2028", "\u2029": "\\u2029", "\x85": "\\u0085"}


def json_text(value: Any) -> str:
    """A JSON value on one line, non-ASCII as it is; the characters some editors take for a
    line break are escaped too, so that a value never looks split."""
    text = json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
    for char, escaped in _BREAKS.items():
        text = text.replace(char, escaped)  # only inside strings: JSON has them nowhere else
    return text


def same(a: Any, b: Any) -> bool:
    """Equal as JSON writes them: type and key order count (``1`` is not ``true`` or ``1.0``)."""
    return json.dumps(a) == json.dumps(b)


def tag_name(field: str) -> str:
    """``opening_pot`` -> ``OpeningPot``."""
    return "".join(part.capitalize() for part in field.split("_"))


def field_name(tag: str) -> str:
    """``OpeningPot`` -> ``opening_pot``."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", tag).lower()
