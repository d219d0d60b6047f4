"""Names that look alike: two spellings a person reads as one name, kept apart as the different
strings they are, but named in a note so that nobody takes them for two players unawares.

Three ways, from the plainest: the same letters in another Unicode form (``Zoë`` written with
``ë`` or with ``e`` and a combining diaeresis: equal under NFC), compatibility forms (a
full-width ``A`` (U+FF21), a ligature ``ﬁ``: equal under NFKC), and confusable characters (a Cyrillic
``A`` (U+0410) for a Latin ``A``: the same skeleton in the sense of Unicode's TR39). The skeleton is
worked out from NFKC and the pairs of Unicode's ``confusables.txt``, as the
``confusable-homoglyphs`` package ships them (``_prototypes``); format characters, which show
nothing (a zero-width space, a direction mark), are dropped.

The check runs once, at the end, over every group's name, in memory that does not grow with
the number of names: a first pass marks the skeletons' hashes in a bit set, seen once and seen
twice; the second keeps only the names whose hash was seen twice, at most ``CANDIDATES`` of
them, and compares their skeletons.
"""

from __future__ import annotations

import functools
import json
import unicodedata
from collections.abc import Callable, Iterable
from importlib import resources

from msgspec import Struct

__all__ = ["CANDIDATES", "Alike", "lookalikes", "skeleton"]

CANDIDATES = 10_000
"""Names whose skeletons are compared at most; past it the check says it was cut short."""


class Alike(Struct, frozen=True):
    """Names that look alike, and why: ``nfc`` (the same letters, composed otherwise),
    ``nfkc`` (compatibility forms) or ``confusable`` (characters of like shape, TR39)."""

    names: list[str]
    why: str


WHY = {
    "nfc": "the same letters, composed otherwise (NFC)",
    "nfkc": "compatibility forms of the same letters (NFKC)",
    "confusable": "characters of like shape (Unicode TR39 confusables)",
}
"""Each reason in words."""


_MARKS = "\u200e\u200f"
"""Direction marks the package's data wraps a right-to-left character in, to show it."""


@functools.cache
def _prototypes() -> tuple[dict[str, str], dict[str, str]]:
    """(character -> the representative of its class of confusable characters, character ->
    the sequence of several characters it is confusable with), from the package's data, which
    lists each pair of ``confusables.txt`` both ways."""
    data = json.loads(
        resources.files("confusable_homoglyphs").joinpath("confusables.json").read_text("utf-8")
    )
    parent: dict[str, str] = {}

    def root(char: str) -> str:
        while parent.get(char, char) != char:
            parent[char] = parent.get(parent[char], parent[char])
            char = parent[char]
        return char

    wide: dict[str, str] = {}
    for key, entries in data.items():
        char = key.strip(_MARKS)
        if len(char) != 1:
            continue
        for entry in entries:
            other = entry["c"].strip(_MARKS)
            if len(other) == 1:
                a, b = root(char), root(other)
                if a != b:
                    parent[max(a, b)] = min(a, b)
            else:  # a sequence is always the prototype (confusables.txt maps one character)
                wide[char] = other
    single = {char: root(char) for char in parent}
    return single, wide


def skeleton(name: str) -> str:
    """What ``name`` looks like: equal for names that look alike.

    >>> skeleton("Anna") == skeleton("\\u0410nna") == skeleton("\\uff21nna")
    True
    >>> skeleton("Zo\\u00eb") == skeleton("Zoe\\u0308"), skeleton("Anna") == skeleton("Anne")
    (True, False)
    """
    single, wide = _prototypes()
    out: list[str] = []
    for char in unicodedata.normalize("NFKD", name):
        if unicodedata.category(char) == "Cf":
            continue
        if char in wide:
            out.extend(single.get(c, c) for c in unicodedata.normalize("NFD", wide[char]))
        else:
            out.append(single.get(char, char))
    return unicodedata.normalize("NFD", "".join(out))


def _why(names: list[str]) -> str:
    for form, why in (("NFC", "nfc"), ("NFKC", "nfkc")):
        if len({unicodedata.normalize(form, name) for name in names}) == 1:  # type: ignore[arg-type]
            return why
    return "confusable"


def lookalikes(names: Callable[[], Iterable[str]], count: int) -> tuple[list[Alike], bool]:
    """The names among ``names()`` (called twice, ``count`` of them) that look alike, sorted,
    and whether every one was compared (False: more than ``CANDIDATES`` might)."""
    if count < 2:
        return [], True
    size = 1 << max(10, min(26, (count * 32).bit_length()))  # bits: few hashes collide
    once, twice = bytearray(size // 8), bytearray(size // 8)
    for name in names():
        bit = hash(skeleton(name)) & (size - 1)
        byte, mask = bit >> 3, 1 << (bit & 7)
        if once[byte] & mask:
            twice[byte] |= mask
        once[byte] |= mask
    del once
    found: dict[str, list[str]] = {}
    complete = True
    for name in names():
        folded = skeleton(name)
        bit = hash(folded) & (size - 1)
        if not twice[bit >> 3] & (1 << (bit & 7)):
            continue
        if folded in found:
            found[folded].append(name)
        elif len(found) < CANDIDATES:
            found[folded] = [name]
        else:
            complete = False
    alike = [sorted(group) for group in found.values() if len(group) > 1]
    return [Alike(group, _why(group)) for group in sorted(alike)], complete
