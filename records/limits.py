"""The limits on what tricklog reads: how large a record, a number, a string or a nesting may be.

Two sorts, documented together in the README's table of limits:

* **Structural limits** are part of the record format. They are constraints in the models (the
  aliases below), so the JSON Schema states them (``maxItems``, ``maxLength``, ``maximum``) and
  the generated msgspec structs enforce exactly the same; a record beyond one is malformed
  (``record.schema``) with a pointer to the place.
* **Read limits** (``ReadLimits``) protect the reader, whatever the input: the bytes of one
  record and the decompression ratio. They are settings, not part of the format: a parameter of
  ``records.io.iter_entries`` or the environment variables ``TRICKLOG_MAX_RECORD_BYTES`` and
  ``TRICKLOG_MAX_RATIO``. Exceeding one makes the input unreadable (exit 3), with its place.

The values are generous: a real game has at most a few hundred hands, a hand at most a few
hundred actions, and a 5,000-hand sitting of ten players is about 15 MB of JSON.

This module imports nothing outside the standard library and ``annotated_types``: the rules
dataclasses, which the engines load without pydantic, use its aliases.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Annotated, Any

from annotated_types import Ge, Le, MaxLen

__all__ = [
    "MAX_ACTIONS",
    "MAX_DEPTH",
    "MAX_HANDS",
    "MAX_INT",
    "MAX_SETTING",
    "MAX_TEXT",
    "Int",
    "ReadLimits",
    "SettingError",
    "Text",
    "debug_requested",
    "depth_exceeds",
    "too_deep",
]

MAX_INT = 2**53 - 1
"""The largest integer in a record, and minus it the smallest: 9,007,199,254,740,991, the
largest integer every JSON implementation reads exactly (RFC 7493, I-JSON). Money in the smallest
unit fits many times over, and sums and products of such numbers stay far from CPython's limit on
the digits of an integer printed as text."""

MAX_TEXT = 4096
"""The most characters in a string of the format (a name, an id, a reason, a meta field)."""

MAX_HANDS = 5000
"""The most hands in one record."""

MAX_ACTIONS = 1000
"""The most actions in one hand (an Oh Hell hand has at most 180, a pinochle auction a few
dozen calls)."""

MAX_DEPTH = 32
"""The deepest nesting of arrays and objects in a value of an ``extensions`` object (the only
place of free-form JSON): ``{"extensions": {"a": [[1]]}}`` nests 2 levels. The record's own
structure is at most seven levels deep."""

Int = Annotated[int, Ge(-MAX_INT), Le(MAX_INT)]
"""Any integer of the format: a score, a total, an amount of money, a bid."""

Text = Annotated[str, MaxLen(MAX_TEXT)]
"""Any free text of the format."""

MiB = 1024 * 1024


@dataclass(frozen=True, slots=True)
class ReadLimits:
    """What one input may make the reader hold or do; ``0`` turns a limit off."""

    record_bytes: int = 16 * MiB
    """The most bytes of one record: one line of JSON Lines, one element of a JSON array, one
    whole JSON document. The reader stops before holding more."""
    ratio: int = 1000
    """The most bytes decompressed per compressed byte (real archives: 10 to 20); checked once
    ``ratio_after`` bytes have come out, so that small files are never refused."""
    ratio_after: int = 16 * MiB

    @classmethod
    def from_environment(cls, environ: Any = None) -> ReadLimits:
        """The defaults, changed by ``TRICKLOG_MAX_RECORD_BYTES`` (a number of bytes, or with a
        ``K``, ``M`` or ``G`` suffix) and ``TRICKLOG_MAX_RATIO``; ``SettingError`` (a
        ``ValueError``) naming the variable if one is not such a number or is beyond
        ``MAX_SETTING``. An empty variable is one that is not set."""
        env = os.environ if environ is None else environ
        default = cls()
        record_bytes, ratio = default.record_bytes, default.ratio
        if env.get("TRICKLOG_MAX_RECORD_BYTES"):
            record_bytes = _number(env["TRICKLOG_MAX_RECORD_BYTES"], "TRICKLOG_MAX_RECORD_BYTES")
        if env.get("TRICKLOG_MAX_RATIO"):
            ratio = _number(env["TRICKLOG_MAX_RATIO"], "TRICKLOG_MAX_RATIO", units=False)
        return cls(record_bytes=record_bytes, ratio=ratio)


class SettingError(ValueError):
    """An environment variable tricklog reads holds a value it cannot use: the message names
    the variable, shows the value and says what it takes."""


_ON = ("1", "true", "yes", "on")
_OFF = ("", "0", "false", "no", "off")


def debug_requested(environ: Mapping[str, str] | None = None) -> bool:
    """Whether ``TRICKLOG_DEBUG`` asks for the traceback of an internal error (the command's
    ``--debug`` sets it, so that worker processes see it too); ``SettingError`` for a value that
    is not a yes or a no."""
    text = (os.environ if environ is None else environ).get("TRICKLOG_DEBUG", "")
    value = text.strip().lower()
    if value in _ON:
        return True
    if value in _OFF:
        return False
    shown = repr(text if len(text) <= 40 else text[:40] + "...")
    raise SettingError(f"TRICKLOG_DEBUG={shown} is not 1 or 0 (or true, false, yes, no, on, off)")


MAX_SETTING = 1024**4
"""The largest value of a limit set in the environment (1 TiB for a record; 0 turns a limit
off): larger ones would overflow the sizes the reader hands to the operating system, and no
record or ratio comes near."""

_UNITS = {"": 1, "K": 1024, "M": MiB, "G": 1024 * MiB}
_SIZE = re.compile(r"([0-9]+)\s*([KMG]?)(?:I?B)?", re.ASCII)
_COUNT = re.compile(r"[0-9]+", re.ASCII)


def _number(text: str, name: str, units: bool = True) -> int:
    """The value of a limit's variable: ASCII digits, and for sizes a ``K``, ``M`` or ``G``
    suffix (``16M``, ``16MiB``, ``16 MB``: all 16 MiB)."""
    found = (_SIZE if units else _COUNT).fullmatch(text.strip().upper())
    shown = repr(text if len(text) <= 40 else text[:40] + "...")
    if found is None:
        example = "a number of bytes, e.g. 16M" if units else "a number of times, e.g. 100"
        raise SettingError(f"{name}={shown} is not a number ({example}; 0 for no limit)")
    digits = found[0 if not units else 1].lstrip("0")
    scale = _UNITS[found[2]] if units else 1
    if len(digits) > len(str(MAX_SETTING)) or int(digits or "0") * scale > MAX_SETTING:
        most = "1024G" if units else f"{MAX_SETTING:,}"
        raise SettingError(f"{name}={shown} is more than {most}, the most it takes (0: no limit)")
    return int(digits or "0") * scale


def size_text(size: int) -> str:
    """``16 MiB``, ``1.5 KiB``, ``300 bytes``: a limit as the messages print it."""
    for unit, factor in (("GiB", 1024 * MiB), ("MiB", MiB), ("KiB", 1024)):
        if size >= factor:
            return f"{size / factor:g} {unit}"
    return f"{size} bytes"


def depth_exceeds(value: Any, limit: int = MAX_DEPTH) -> bool:
    """Whether arrays and objects nest more than ``limit`` levels deep in ``value`` (a decoded
    JSON value: ``[]`` is one level). Walks without recursion, so any depth is safe."""
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, dict):
            children: Any = node.values()
        elif isinstance(node, list):
            children = node
        else:
            continue
        if depth + 1 > limit:
            return True
        stack.extend((child, depth + 1) for child in children)
    return False


def too_deep(record: Any) -> bool:
    """Whether a value of the ``extensions`` of a decoded record or of one of its hands nests
    deeper than ``MAX_DEPTH`` (the models refuse it through ``records.strict_json``)."""
    places = [record, *getattr(record, "hands", ())]
    return any(
        depth_exceeds(value)
        for place in places
        if (extensions := getattr(place, "extensions", None))
        for value in extensions.values()
    )
