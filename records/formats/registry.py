"""Every format tricklog reads or writes: one entry each, found by name, file suffix or content.

An entry is data (name, suffixes, a line of description, what the format holds and loses, its
forms) and the import path of the module that implements it, loaded on first use so that listing
the formats imports none of them. Adding a format means one module with ``read`` and/or ``write``
(``records.formats.base``) and one ``Format`` line below; a format whose writer needs a replay
(a score sheet) lives in ``replay/`` and is listed here by path all the same.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from functools import cached_property
from pathlib import PurePath
from types import ModuleType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from records.formats.base import Reader, Writer

__all__ = ["COMPRESSIONS", "FORMATS", "Format", "by_name", "by_suffix", "sniff"]

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

    @cached_property
    def module(self) -> ModuleType:
        return importlib.import_module(self.module_path)

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

    def recognises(self, head: bytes) -> bool:
        """Whether ``head`` (the first bytes of an input) looks like this format."""
        sniff = getattr(self.module, "sniff", None)
        return bool(sniff(head)) if sniff is not None else False


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
    )
}
"""Every format, by name, in the order ``tricklog convert --list`` shows them."""


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


def sniff(head: bytes) -> Format | None:
    """The readable format whose content ``head`` looks like, or None."""
    return next((f for f in FORMATS.values() if f.reads and f.recognises(head)), None)
