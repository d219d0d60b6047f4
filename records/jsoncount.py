"""Keys and colons in an arbitrary decoded JSON value: what the generated counters of
``records/keycounts.py`` count where the structs leave a value open (``Any``: an ``extensions``
object, Bestia's money claims). Written here once, imported by the generated module."""

from __future__ import annotations

from typing import Any

__all__ = ["any_colons", "any_keys"]


def any_keys(value: Any) -> int:
    """Keys in an arbitrary decoded JSON value (without recursion: it may be deep)."""
    if not isinstance(value, (dict, list)):
        return 0  # most values it is asked about (Bestia's money claims) are plain numbers
    count, stack = 0, [value]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            count += len(node)
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    return count


def any_colons(value: Any) -> int:
    """Colons in the keys and strings of an arbitrary decoded JSON value."""
    count, stack = 0, [value]
    while stack:
        node = stack.pop()
        if isinstance(node, str):
            count += node.count(":")
        elif isinstance(node, dict):
            count += sum(key.count(":") for key in node if isinstance(key, str))
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    return count
