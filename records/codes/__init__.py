"""The catalogue of problem codes: every code tricklog can report, with its kind, the games whose
records can raise it, what it means and an example message.

The engines, referees and the parser emit codes as plain strings where they find a fault; this
catalogue documents them. ``docs/problems.md`` and ``tricklog codes`` are made from it, and
``tests/format/test_codes.py`` ties it to the code base and the fixtures: every code the source
can emit is here, every entry has an ``invalid/`` fixture in each of its games (or says why no
record can raise it), and every fixture's code is here.

A game added later joins a shared entry by naming its code in its own ``FORMAT.raises``
(``records.games``), so that the entry, written for the games before it, stays as it is.

Adding a code: add a ``Code`` to the module of its kind (``malformed``, ``illegal`` or
``inconsistent``) or of its game (``records/codes/<game>.py``, found through the game's
``FORMAT``), add a fixture ``fixtures/<game>/invalid/<code>--<what>.json`` (``.tln`` for a code
only the text notation raises) for each game in ``games``, and regenerate the docs (``python -m
records.docs``).
"""

from __future__ import annotations

import dataclasses

from records.codes import illegal, inconsistent, malformed
from records.codes.entry import ALL, Code
from records.games import formats

__all__ = ["ALL", "CODES", "Code", "codes_of"]


def _catalogue() -> dict[str, Code]:
    entries = [
        *malformed.CODES,
        *illegal.CODES,
        *(entry for game in formats() for entry in game.codes),
        *inconsistent.CODES,
    ]
    found: dict[str, Code] = {}
    for entry in entries:
        if entry.code in found:
            raise ValueError(f"problem code {entry.code} is catalogued twice")
        found[entry.code] = entry
    for game in formats():
        for code in game.raises:
            shared = found.get(code)
            if shared is None:
                raise ValueError(f"{game.id} raises {code}, which is not catalogued")
            if game.id not in shared.games:
                joined = tuple(g for g in ALL if g in shared.games or g == game.id)
                found[code] = dataclasses.replace(shared, games=joined)
    return dict(sorted(found.items()))


CODES: dict[str, Code] = _catalogue()
"""Every code, by name, in alphabetical order."""


def codes_of(game: str | None = None) -> list[Code]:
    """The codes records of ``game`` can raise (every catalogued code when ``game`` is None)."""
    return [c for c in CODES.values() if game is None or game in c.games]
