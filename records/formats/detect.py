"""Telling the format of an input from its first bytes, without loading the format's module.

Every reader asks this first (``records.io`` for every command, ``records.formats.convert``), so
it imports nothing beyond the standard library and the format registry (itself data): a JSON
archive is read without the models or the other formats ever loading. Each function takes the
first bytes of an input, decompressed (a few KiB: ``records.sniff.HEAD``), and says whether they
look like its format.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from records.formats.registry import FORMATS, Format, by_suffix

__all__ = ["SNIFFERS", "detect", "json", "ohw", "openspiel", "sniff", "text"]

BOM = b"\xef\xbb\xbf"
_TAG = re.compile(rb"\[[ \t]*([A-Za-z][A-Za-z0-9_]*)(?=[ \t\]]|$)")
_SPACE = b" \t\r\n"


def json(head: bytes) -> bool:
    """A JSON object or array (a JSON Lines archive starts with an object too)."""
    start = head.removeprefix(BOM).lstrip(_SPACE)
    if start[:1] == b"{":
        return True
    return start[:1] == b"[" and start[1:].lstrip(_SPACE)[:1] in (b"{", b"]", b"")


def ohw(head: bytes) -> bool:
    """An OhHellWeb game: a JSON object whose first member is ``"mode": "Oh Hell"``."""
    start = head.removeprefix(BOM).lstrip(_SPACE)
    return start.startswith(b"{") and start[1:].lstrip(_SPACE).startswith(b'"mode":"Oh Hell"')


def text(head: bytes) -> bool:
    """Text of the notation: past blank lines and comments (``;`` to the end of the line,
    ``{`` to ``}``), a tag opens with a name (``[Game ``), where JSON would open an array with a
    value (``[null]`` and ``[true, 1]`` are JSON)."""
    rest = head.removeprefix(BOM)
    while True:
        rest = rest.lstrip(_SPACE)
        if rest[:1] in (b";", b"{"):
            end = rest.find(b"\n" if rest[:1] == b";" else b"}")
            if end < 0:
                return False
            rest = rest[end + 1 :]
            continue
        tag = _TAG.match(rest)
        return tag is not None and tag[1] not in (b"true", b"false", b"null")


def openspiel(head: bytes) -> bool:
    """A playthrough (``game: ...oh_hell...``) or a history file (its first line that is not a
    ``#`` comment starts with an ``oh_hell`` game string)."""
    for raw in head.removeprefix(BOM).split(b"\n"):
        line = raw.strip()
        if not line or line.startswith(b"#"):
            continue
        if line.startswith(b"game:"):
            return b"oh_hell" in line
        return line.startswith((b"oh_hell", b"zerosum(game=oh_hell"))
    return False


SNIFFERS: dict[str, Callable[[bytes], bool]] = {
    "json": json,
    "jsonl": json,
    "text": text,
    "openspiel": openspiel,
    "ohw": ohw,
}
"""The sniffer of each readable format, by the format's name."""


def detect(head: bytes, name: str | None = None) -> str:
    """The readable format to read an input in (``json`` for JSON and JSON Lines alike): the
    one whose content ``head`` looks like; for content that looks like none of them but JSON
    (which any JSON does) or like nothing, the one the file's ``name`` says
    (``games.tln.gz``: ``text``); JSON when neither tells."""
    for fmt in ("ohw", "openspiel", "text"):
        if SNIFFERS[fmt](head):
            return fmt
    if name is not None:
        found = by_suffix(name)
        if found is not None and found.reads and found.name != "jsonl":
            return found.name
    return "json"


def sniff(head: bytes) -> Format | None:
    """The readable format whose content ``head`` looks like, or None. tricklog's own JSON
    recognises any JSON text, so a source format that is JSON of a particular shape (an
    OhHellWeb game) is asked first."""
    generic = ("json", "jsonl")
    ordered = [f for f in FORMATS.values() if f.name not in generic] + [
        FORMATS[name] for name in generic if name in FORMATS
    ]
    return next((f for f in ordered if f.reads and _looks_like(f, head)), None)


def _looks_like(fmt: Format, head: bytes) -> bool:
    found = SNIFFERS.get(fmt.name)
    return found(head) if found is not None else False
