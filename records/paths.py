"""What a function that reads inputs accepts as its paths, decided once for every such function.

Python's usual: one path is a ``str`` or an ``os.PathLike`` (a ``pathlib.Path``), and many are
an iterable of them. A single string is one path, never the characters of one (iterating over
``"games.jsonl"`` would read the files ``g``, ``a``, ``m``... and search the folder ``.``).
Bytes, a bytes path (``os.fsencode``) included, are refused with a ``TypeError``, as is anything
else that is not a path: tricklog's sources and messages are text, and a wrong type is a
mistake of the program calling it, said at the call.

The string ``-`` is standard input; a path object never is (``Path("-")`` is the file ``./-``).

>>> from pathlib import Path
>>> input_paths("games.jsonl"), input_paths([Path("a.json"), "-"]), input_paths(Path("-"))
(('games.jsonl',), ('a.json', '-'), ('./-',))
>>> input_paths(b"games.jsonl")
Traceback (most recent call last):
...
TypeError: paths: expected a path (a str or an os.PathLike) or an iterable of paths, not bytes (b'games.jsonl')
>>> input_paths(["a.json", 3])
Traceback (most recent call last):
...
TypeError: paths: a path is a str or an os.PathLike, not int (3)
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from typing import TypeAlias

__all__ = ["OnePath", "Paths", "input_paths", "one_path"]

OnePath: TypeAlias = str | os.PathLike[str]
"""One path: a string or a path object (``pathlib.Path``)."""
Paths: TypeAlias = str | os.PathLike[str] | Iterable[str | os.PathLike[str]]
"""One path, or any iterable of paths."""

_SHOWN = 60
"""Characters of a refused value that a message shows."""


def one_path(path: object, what: str = "path") -> str:
    """``path`` as a string: a ``str`` as it is, a path object by ``os.fspath`` (``-`` as
    ``./-``, so that it stays a file); anything else raises ``TypeError`` naming ``what``."""
    if isinstance(path, str):
        return path
    if isinstance(path, os.PathLike):
        name = os.fspath(path)
        if isinstance(name, str):
            return "./-" if name == "-" else name
        path = name  # a path object that gives bytes is refused as bytes
    raise TypeError(f"{what}: a path is a str or an os.PathLike, not {_shown(path)}")


def input_paths(paths: object, what: str = "paths") -> tuple[str, ...]:
    """``paths`` (one path, or an iterable of them) as a tuple of strings, read at once so that
    a wrong type is said at the call; raises ``TypeError`` naming ``what``."""
    if isinstance(paths, str | os.PathLike):
        return (one_path(paths, what),)
    if isinstance(paths, bytes | bytearray | memoryview) or not isinstance(paths, Iterable):
        raise TypeError(
            f"{what}: expected a path (a str or an os.PathLike) or an iterable of paths, not "
            f"{_shown(paths)}"
        )
    return tuple(one_path(path, what) for path in paths)


def _shown(value: object) -> str:
    """A refused value's type and, when short, the value."""
    kind = type(value).__name__
    text = repr(value)
    return f"{kind} ({text})" if len(text) <= _SHOWN else kind
