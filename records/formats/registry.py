"""Every format tricklog reads or writes: one entry each, found by name, file suffix or content.

An entry is data (name, suffixes, a line of description, what the format holds and loses, its
forms) and the import path of the module that implements it, loaded on first use so that listing
the formats imports none of them. Adding a format means one module with ``read`` and/or ``write``
(``records.formats.base``) and one ``Format`` line below. A format whose writer needs a replay
(the score sheets, ``csv`` and ``parquet``) lives in ``replay/``, which adds it with ``register``
when it is imported (``replay.export``): ``records`` never names ``replay``, not even by a string.
"""

from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass
from functools import cached_property
from pathlib import PurePath
from types import ModuleType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from records.formats.base import Reader, Writer

__all__ = ["COMPRESSIONS", "FORMATS", "Format", "by_name", "by_suffix", "register"]

COMPRESSIONS = (".gz", ".bz2", ".xz", ".zst")
"""Compression suffixes a file name may add (``games.tln.gz``); ``.zst`` needs the
``zstandard`` package."""


@dataclass(frozen=True)
class Format:
    """A format: what it is called, how its files are named, what it can and cannot hold."""

    name: str
    """The name on the command line (``--from``, ``--to``)."""
    suffixes: tuple[str, ...]
    """File suffixes, lower case with the dot; the first is the one to write."""
    description: str
    holds: str
    """What a file of this format carries of a record."""
    loses: str
    """What it cannot carry (what a conversion to it reports as lost)."""
    module_path: str
    reads: bool
    writes: bool
    forms: tuple[str, ...] = ()
    """The layouts the writer offers; the first is the default."""
    needs: tuple[str, str] | None = None
    """(package, extra) an optional format needs: ``("pyarrow", "parquet")``."""

    @cached_property
    def module(self) -> ModuleType:
        return importlib.import_module(self.module_path)

    def missing(self) -> str | None:
        """Why this format cannot be used here (a package it needs is not installed), or None."""
        if self.needs is None:
            return None
        package, extra = self.needs
        # Found, not imported: pyarrow takes some 40 MB, and a conversion imports it only once
        # every record has been read (replay.export.parquet), so that the two peaks do not add.
        try:
            found = importlib.util.find_spec(package) is not None
        except (ImportError, ValueError):
            found = False
        if not found:
            # tricklog is installed from its clone, not from PyPI: name both ways to get it
            return (
                f"{self.name} needs {package}: pip install {package}, "
                f"or pip install -e '.[{extra}]' in tricklog's clone"
            )
        return None

    @property
    def reader(self) -> Reader:
        if not self.reads:
            raise ValueError(f"tricklog cannot read {self.name}")
        reader: Reader = self.module.read
        return reader

    @property
    def writer(self) -> Writer:
        if not self.writes:
            raise ValueError(f"tricklog cannot write {self.name}")
        writer: Writer = self.module.write
        return writer


FORMATS: dict[str, Format] = {
    f.name: f
    for f in (
        Format(
            "json",
            (".json",),
            "tricklog records as JSON: one record per file, or a JSON array of records",
            "every field of a record, exactly (the format's own definition)",
            "nothing (the canonical form sorts the keys of every object, extensions included)",
            "records.formats.json",
            reads=True,
            writes=True,
            forms=("pretty", "compact", "canonical"),
        ),
        Format(
            "jsonl",
            (".jsonl", ".ndjson"),
            "tricklog records as JSON Lines: one compact record per line, read as a stream",
            "every field of a record, exactly",
            "nothing (the canonical form sorts the keys of every object, extensions included)",
            "records.formats.jsonl",
            reads=True,
            writes=True,
            forms=("compact", "canonical"),
        ),
        Format(
            "text",
            (".tln",),
            "the tricklog notation: tag pairs and one line per call, trick and claim "
            "(docs/notation.md)",
            "every field of a record, exactly: JSON -> text -> JSON gives the same bytes",
            "nothing (comments in a file written by hand are ignored when it is read)",
            "records.formats.text",
            reads=True,
            writes=True,
        ),
        Format(
            "openspiel",
            (".openspiel",),
            "OpenSpiel oh_hell: one action history a deal, as pyspiel replays it "
            "(docs/openspiel.md); reads OpenSpiel playthrough files too",
            "Oh Hell deals of 3-7 players under the openspiel rules preset with pyspiel's "
            "parameters: deal, trump card, bids, plays, the record's id, claimed scores and tricks",
            "other games and rules, player names, metadata, the stock, claims of the play, "
            "abandonments, running totals, game claims, extensions; a game of several deals "
            "becomes one history per deal",
            "records.formats.openspiel",
            reads=True,
            writes=True,
        ),
        Format(
            "ohw",
            (".ohw",),
            "OhHellWeb cached games (docs/ohhellweb.md): one game per file, read only",
            "the whole game: rules (ohhellweb preset with the game's decks, teams and hand "
            "sizes), deals with the turned trump, bids, plays, claims of the play, a round "
            "stopped unplayed (as abandoned), tricks taken, running and final scores as claims",
            "nothing: what a record has no field for (robot analytics, human flags, team names, "
            "trick leaders and winners, rounds never dealt) is kept under extensions.ohhellweb",
            "records.formats.ohw",
            reads=True,
            writes=False,
        ),
    )
}
"""Every format, by name, in the order ``tricklog convert --list`` shows them: the record formats
here, then those that other packages ``register``."""


def register(*formats: Format) -> None:
    """Add ``formats`` to ``FORMATS`` (a package that implements them does, when imported); the
    same entry again is a no-op, another entry of a name already taken a ``ValueError``."""
    for fmt in formats:
        known = FORMATS.setdefault(fmt.name, fmt)
        if known != fmt:
            raise ValueError(f"format {fmt.name!r} is already registered")


def by_name(name: str) -> Format:
    """The format called ``name``; ``KeyError`` naming the known ones otherwise."""
    try:
        return FORMATS[name]
    except KeyError:
        raise KeyError(f"unknown format {name!r}; expected one of {', '.join(FORMATS)}") from None


def split_suffix(name: str) -> tuple[str, str | None]:
    """(format suffix, compression suffix or None) of a file name, in lower case."""
    path = PurePath(name)
    suffix = path.suffix.lower()
    if suffix in COMPRESSIONS:
        return PurePath(path.stem).suffix.lower(), suffix
    return suffix, None


def by_suffix(name: str) -> Format | None:
    """The format a file name says (``games.tln.gz`` is text), or None."""
    suffix, _ = split_suffix(name)
    return next((f for f in FORMATS.values() if suffix in f.suffixes), None)
