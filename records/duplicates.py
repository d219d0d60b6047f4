"""Duplicate keys: an object that states the same key twice is a malformed record.

JSON leaves duplicate keys to the reader, and every fast reader (msgspec, orjson, pydantic)
silently keeps the last value: ``{"seat": 1, "seat": 2}`` would be checked as seat 2. A record
that says two things about one field is reported (``record.duplicate-key``, pointing at the
object and naming the key), never read one way.

The check must cost next to nothing on the hot path, where records have no duplicates. It
proves their absence by counting (``is_free_of_duplicates``):

* every key of a JSON document is followed by a colon outside any string, and a colon outside a
  string follows a key, so ``data.count(b":")`` counts the keys, duplicates included, plus the
  colons inside strings;
* the record decoded by the structs of ``records.structs`` says how many keys it certainly had:
  every required field, every optional field whose value is not its default, every key of an
  ``extensions`` object (its dict keeps one of two equal keys), and the tag of each tagged
  object; a key it cannot vouch for (an optional field written out with its default) only
  makes the count smaller.

When the colons equal the keys the record vouches for, there is no room for a duplicate. When
they do not, the colons inside the record's free text are counted too (only when the text has no
``\\u`` escape, which could hide a colon, some colon follows no quote, as a key's does, and the
document writes no null: one that does almost surely has the keys described next).

Failing that, the excess is most often keys the record cannot vouch for: optional fields written
out at their defaults (a full rules block, a deal's ``"stock": null``, as other programs write
them). The presence decoder of ``records/presence.py`` reads the document once more into light
structs that declare only the optional fields of each object type (as ``msgspec.Raw``, empty
when absent) and the way to them, skipping everything else; it counts the optional fields that
were present with their default value, exactly the keys the record could not vouch for (the
counter counts a present optional field when its value is not its default, the presence decoder
when it is). So the sum is the number of distinct keys of the document, each counted once, and
never more even when the document has a duplicate: then the colons exceed it (with the free
text's), and only then. A document whose colons match that sum has no duplicate (a ``\\u``
escape cannot add a colon outside the strings); one whose colons exceed it (with no ``\\u``
escape, so that the free text's colons are counted right) has one. This costs one more msgspec
decode, about a third of a round trip through orjson. Where the presence decoder cannot read the
document (it reads what the structs read, so never in practice), orjson reads it and writes it
again, keeping one of two equal keys, and the colons of the two texts are compared.

Wherever counting cannot prove a record free, the document is read once more, slowly and exactly
(``duplicate_keys``): it finds the duplicates and says where. So a record with duplicate keys is
always found, and a record without them costs two counts and a walk over its hands, or, with
defaults written out, one more msgspec decode.

The counting functions (``records/keycounts.py``) and the presence decoder
(``records/presence.py``, loaded only when a record needs it) are generated from the structs by
``python -m records.codegen``, which writes all three, so that they follow the format wherever
the structs do; a test fails while a checked-in file differs from what the generator writes.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from typing import Any

import orjson

from records.problems import Kind, Problem, pointer

__all__ = ["duplicate_keys", "duplicates_in", "find_duplicates", "is_free_of_duplicates"]


def duplicates_in(data: bytes) -> list[Problem]:
    """The duplicate-key problems of ``data``, a record some other reader (the models) has
    read: decoded again by the structs to count (cheap), read exactly where that cannot tell."""
    from records.structs import ANY_RECORD  # noqa: PLC0415 (the structs load with the checker)

    try:
        record = ANY_RECORD.decode(data)
    except (ValueError, RecursionError):  # msgspec's errors are ValueErrors
        return duplicate_keys(data)
    return find_duplicates(data, record)


def find_duplicates(data: bytes, record: Any) -> list[Problem]:
    """The duplicate-key problems of ``data``, whose record the structs decoded as ``record``;
    empty, at the cost of two counts, for a record that has none."""
    if is_free_of_duplicates(data, record):
        return []
    return duplicate_keys(data)


def is_free_of_duplicates(data: bytes, record: Any) -> bool:
    """True when counting proves that ``data`` (decoded by the structs as ``record``) has no
    duplicate key; False when it cannot (then ``duplicate_keys`` tells)."""
    keys_in, colons_in = _counters()
    colons = data.count(b":")
    keys = keys_in(record)
    if colons == keys:
        return True
    if colons < keys:  # fewer colons than keys: not a document of this record
        return False
    escaped = b"\\" in data and b"\\u" in data  # a \u escape may hide a colon (memchr first)
    # The colons of the free text are worth counting first only where a colon follows something
    # other than a quote (a URL, a note; or a space before a key's colon). Where every colon
    # follows a quote, as every key's does in a compact document, the excess is keys the record
    # cannot vouch for (optional fields written out at their defaults): the presence decoder
    # tells. A document that writes a null has such a field almost surely (a rules block written
    # out whole, a deal's "stock": null), and the presence decoder runs whatever the free text
    # holds, so the scan for colons after quotes is skipped. Either order gives the same answer:
    # the last line counts the free text's colons where the presence decoder cannot tell alone.
    text = None
    if not escaped and b"null" not in data and data.count(b'":') < colons:
        text = colons_in(record)
        if colons - text == keys:
            return True
    stated = _keys_stated(data, record, keys)
    if stated is None:  # the presence decoder cannot tell: orjson's round trip can
        return not escaped and _same_colons_once_read(data, colons)
    if colons == stated:  # one colon a key, each key stated once (an escape adds no colon)
        return True
    if escaped:  # the colons of the free text cannot be counted from the record
        return False
    if text is None:
        text = colons_in(record)
    return colons - text == stated  # more: a key stated twice (duplicate_keys says where)


def _keys_stated(data: bytes, record: Any, keys: int) -> int | None:
    """The keys ``data`` states, each counted once (``keys``, what ``record_keys`` counted of
    ``record``, and the optional fields it stated at their defaults, which the presence decoder
    of ``records.presence`` finds); None where that decoder cannot read ``data``."""
    decoder, defaults_stated = _presence()
    try:  # (it reads what the structs read: it fails only on what they could not read)
        return keys + defaults_stated(decoder.decode(data), record)
    except (ValueError, RecursionError):  # msgspec's errors are ValueErrors
        return None


def _same_colons_once_read(data: bytes, colons: int) -> bool:
    """True when ``data`` (with no ``\\u`` escape) has as many colons as orjson writes for
    what it reads of it. orjson keeps one of two equal keys, writes one colon per key it kept and
    each string as it read it, so the two counts are equal exactly when no object stated a key
    twice. This is the check for records whose keys the counters cannot vouch for where the
    presence decoder cannot read them (never in practice: it reads what the structs read);
    False (then the exact reader tells) where orjson cannot read the document."""
    try:
        return orjson.dumps(orjson.loads(data)).count(b":") == colons
    except (orjson.JSONDecodeError, orjson.JSONEncodeError, RecursionError):
        return False


def duplicate_keys(data: bytes) -> list[Problem]:
    """Every object of the JSON document ``data`` that states a key more than once, in
    document order: one problem per key, at the object's pointer. Empty when there is none, and
    when ``data`` is not JSON at all (another problem says so)."""
    repeated: list[Any] = []

    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        found = _Object(items)
        if len(found) != len(items):
            counts = Counter(key for key, _ in items)
            found.repeated = [(key, n) for key, n in counts.items() if n > 1]
            repeated.append(found)
        return found

    decoder = json.JSONDecoder(
        object_pairs_hook=pairs,
        parse_int=_small_int,  # only hand numbers are read, and big integers cost time
        parse_float=_ignore,
        parse_constant=_ignore,
    )
    try:
        tree = decoder.decode(data.decode("utf-8"))
    except (ValueError, RecursionError):
        return []
    if not repeated:
        return []
    return _problems(tree)


class _Object(dict[str, Any]):
    """A decoded object, with the keys it stated more than once."""

    repeated: list[tuple[str, int]] = []  # noqa: RUF012 (set per instance, read-only default)


def _ignore(text: str) -> None:
    return None


def _small_int(text: str) -> int | None:
    return int(text) if len(text) < 20 else None


def _problems(tree: Any) -> list[Problem]:
    """Walk the decoded document (without recursion: it may be deep) for repeated keys."""
    found: list[Problem] = []
    stack: list[tuple[Any, tuple[str | int, ...]]] = [(tree, ())]
    while stack:
        node, path = stack.pop()
        if isinstance(node, dict):
            if isinstance(node, _Object) and node.repeated:
                found.extend(_problem(tree, path, key, n) for key, n in node.repeated)
            children = list(node.items())
        elif isinstance(node, list):
            children = list(enumerate(node))
        else:
            continue
        stack.extend((value, (*path, key)) for key, value in reversed(children))
    return found


def _problem(tree: Any, path: tuple[str | int, ...], key: str, times: int) -> Problem:
    shown = json.dumps(key)
    often = "twice" if times == 2 else f"{times} times"
    return Problem(
        "record.duplicate-key",
        Kind.MALFORMED,
        f"the key {shown} is stated {often} in this object; a record states each key once "
        "(a reader would silently keep only the last value)",
        pointer(*path),
        hand=_hand(tree, path),
        actual=key,
    )


def _hand(tree: Any, path: tuple[str | int, ...]) -> int | None:
    """The recorded number of the hand ``path`` lies in, where it has one."""
    if len(path) < 2 or path[0] != "hands" or not isinstance(tree, dict):
        return None
    hands = tree.get("hands")
    index = path[1]
    if not isinstance(hands, list) or not isinstance(index, int) or index >= len(hands):
        return None
    hand = hands[index]
    number = hand.get("number") if isinstance(hand, dict) else None
    return number if isinstance(number, int) and not isinstance(number, bool) else None


# --- the counters, generated from the structs (records/keycounts.py) --------------------------

_COUNTERS: list[tuple[Callable[[Any], int], Callable[[Any], int]]] = []


def _counters() -> tuple[Callable[[Any], int], Callable[[Any], int]]:
    """(``record_keys``, ``record_colons``) of the generated ``records.keycounts``, loaded on
    first use (with the structs, which it names)."""
    if not _COUNTERS:
        from records.keycounts import record_colons, record_keys  # noqa: PLC0415 (loads the structs)

        _COUNTERS.append((record_keys, record_colons))
    return _COUNTERS[0]


_PRESENCE: list[tuple[Any, Callable[[Any, Any], int]]] = []


def _presence() -> tuple[Any, Callable[[Any, Any], int]]:
    """(``PRESENCE``, ``defaults_stated``) of the generated ``records.presence``, loaded on
    first use: only records that write optional fields out at their defaults need it."""
    if not _PRESENCE:
        from records.presence import PRESENCE, defaults_stated  # noqa: PLC0415 (first use)

        _PRESENCE.append((PRESENCE, defaults_stated))
    return _PRESENCE[0]
