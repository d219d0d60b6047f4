"""A record's identity: a hash of the game it records, whatever the file looks like.

Two uploads of one game differ in layout (key order, indentation, line breaks), in the record's
``id``, in where and when they say it was played (``meta``), in what the source system carried
along (``extensions``) and in what they claim (tricks, scores, totals, winners). None of that is
the game. ``record_hash`` covers exactly the facts a replay starts from:

* ``game``, the ``rules`` block (every parameter, and the preset's name) and ``players``
  (seat, name and id, in the order recorded);
* every hand's ``number``, ``dealer``, ``deal`` and ``actions``, in order (every key of a hand
  but its ``claims`` and ``extensions``).

It leaves out ``format_version``, ``id``, ``meta``, ``claims`` and ``extensions`` at every level.

The hash is the SHA-256, as 64 hex digits, of the canonical JSON of those facts (``facts_json``
gives that text): the record as the format's decoder reads it (``records.structs``), so every
field the format defines is present, with its default where the record leaves it out (a bury
without ``announced`` is the same fact as one with ``"announced": false``, a player without an
``id`` one with ``"id": null``); keys sorted at every depth, no whitespace, UTF-8. A change to
any card, bid, seat, name or rule changes it; reordering keys or pretty-printing does not.

A rules value the format gained after records were first hashed (``LATER_RULES``) is left out
of the facts while it has its default, so that a game's hash does not change when tricklog
learns a new rule: a record hashed by an older tricklog keeps its hash.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from typing import Any

import msgspec

from records.structs import ANY_RECORD

__all__ = ["LATER_RULES", "NOT_FACTS", "facts", "facts_json", "record_hash"]

NOT_FACTS = frozenset(("claims", "extensions"))
"""A hand's keys the hash leaves out (at the record's level it takes only what it names)."""


LATER_RULES: Mapping[str, Any] = {"dealer_order": "rotation"}
"""Rules values added to every game after hashes were published, by name, with the default a
record that predates them means (as JSON has it): hashed only where a record states another."""


def record_hash(record: Any) -> str:
    """The SHA-256 (hex) of a record's facts (see the module's docstring).

    ``record`` is a decoded record (``records.structs``, as ``replay.check.decode`` gives), a
    pydantic record model, or the record as a plain JSON object (a dict); the last two are read
    by the format's decoder first, so that all three give the same hash. A value that is not a
    record raises ``ValueError``.

    >>> from pathlib import Path
    >>> from records.parse import parse
    >>> record = parse(Path("fixtures/oh_hell/valid/default-4p-complete-game.json").read_bytes())
    >>> digest = record_hash(record)
    >>> len(digest), record_hash(record.model_copy(update={"id": "another"})) == digest
    (64, True)
    """
    return hashlib.sha256(facts_json(record)).hexdigest()


def facts_json(record: Any) -> bytes:
    """The canonical JSON that ``record_hash`` hashes."""
    return msgspec.json.encode(facts(record), order="sorted")


def facts(record: Any) -> dict[str, Any]:
    """The facts of a record, as the structs that hold them (``msgspec.to_builtins`` gives
    plain values); the rules as plain values already, with every key a string as in JSON."""
    struct = _struct(record)
    rules = msgspec.to_builtins(struct.rules, str_keys=True)  # a table keyed by int
    for name, default in LATER_RULES.items():
        if rules.get(name, default) == default:
            rules.pop(name, None)
    return {
        "game": struct.game,
        "rules": rules,
        "players": struct.players,
        "hands": [_hand_facts(hand) for hand in struct.hands],
    }


def _hand_facts(hand: Any) -> dict[str, Any]:
    return {name: getattr(hand, name) for name in hand.__struct_fields__ if name not in NOT_FACTS}


def _struct(record: Any) -> Any:
    """``record`` as the format's decoder reads it (through its JSON text: the decoder reads
    a table's integer keys from JSON strings)."""
    if isinstance(record, msgspec.Struct):
        return record
    dump = getattr(record, "model_dump_json", None)
    if callable(dump):
        text = dump().encode()
    elif isinstance(record, Mapping):
        text = msgspec.json.encode(dict(record))
    else:
        raise ValueError(f"not a record: {type(record).__name__}")
    try:
        return ANY_RECORD.decode(text)
    except msgspec.ValidationError as exc:
        raise ValueError(f"not a record: {exc}") from exc
