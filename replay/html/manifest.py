"""What an ``audit --html`` report wrote, so that a later report replaces only that.

A report folder holds ``tricklog-manifest.json``: the name, size and SHA-256 of every file the
report wrote (its pages and ``index.html``), and nothing about the run (no time), so that the
same run writes the same folder. A later report takes the folder's place only if everything in
it is the manifest or a file the manifest lists, unchanged: a user's file (``notes.html``), a
subfolder (``photos.html/wedding.jpg``), a link, or a page edited since is never replaced. A
page removed since is no loss, and allowed.
"""

from __future__ import annotations

import hashlib
import os
import re
import stat
from pathlib import Path
from typing import Any

import orjson

from replay.html.render import GENERATOR
from replay.text import printable

__all__ = ["MANIFEST", "Manifest", "refusal"]

MANIFEST = "tricklog-manifest.json"
_MAX_BYTES = 64 << 20
"""A larger manifest (one of some 400,000 pages) is not read, and its folder is refused:
checking a folder never holds more than this in memory."""
_SHA256 = re.compile(r"[0-9a-f]{64}")
_SHOWN = 3
"""How many of the files in the way a refusal names."""


class Manifest:
    """The files a report writes, as it writes them."""

    def __init__(self, generator: str) -> None:
        self.generator = generator
        self.files: dict[str, dict[str, Any]] = {}

    def add(self, name: str, data: bytes) -> None:
        self.files[name] = {"bytes": len(data), "sha256": hashlib.sha256(data).hexdigest()}

    def dumps(self) -> bytes:
        document = {
            "generator": self.generator,
            "about": "the files tricklog audit --html wrote into this folder; a later report "
            "replaces the folder only if it holds nothing else, unchanged",
            "files": dict(sorted(self.files.items())),
        }
        return orjson.dumps(document, option=orjson.OPT_INDENT_2) + b"\n"


def refusal(folder: Path) -> str | None:
    """Why the existing folder ``folder`` must not be replaced by a report; None when it is
    empty or holds only an earlier report, as that report wrote it."""
    try:
        entries = sorted(os.listdir(folder))
    except OSError as exc:
        return f"cannot read it: {exc.strerror}"
    if not entries:
        return None
    if MANIFEST not in entries:
        if _is_old_report(folder, entries):
            return (
                f"holds a tricklog report written before reports kept a list of their files "
                f"({MANIFEST}); remove it, or give a new or empty directory"
            )
        return (
            f"holds files that are not a tricklog report ({_listed(folder, entries)}); "
            "give a new or empty directory"
        )
    written = _load(folder / MANIFEST)
    if written is None:
        return f"its {MANIFEST} is not one tricklog wrote; give a new or empty directory"
    others = [e for e in entries if e != MANIFEST and e not in written]
    if others:
        return (
            f"holds files the earlier tricklog report did not write ({_listed(folder, others)}); "
            "move them out, or give a new or empty directory"
        )
    changed = [e for e in entries if e != MANIFEST and not _unchanged(folder / e, written[e])]
    if changed:
        return (
            f"holds files changed since the earlier tricklog report wrote them "
            f"({_listed(folder, changed)}); move them out, or give a new or empty directory"
        )
    return None


def _load(path: Path) -> dict[str, tuple[int, str]] | None:
    """The files a manifest lists, each with its size and SHA-256; None when it is not a
    manifest tricklog wrote."""
    try:
        found = path.lstat()
        if not stat.S_ISREG(found.st_mode) or found.st_size > _MAX_BYTES:
            return None
        document = orjson.loads(path.read_bytes())
    except (OSError, orjson.JSONDecodeError):
        return None
    files = document.get("files") if isinstance(document, dict) else None
    if not isinstance(files, dict):
        return None
    listed: dict[str, tuple[int, str]] = {}
    for name, facts in files.items():
        if not _is_plain_name(name) or not isinstance(facts, dict):
            return None
        size, digest = facts.get("bytes"), facts.get("sha256")
        if type(size) is not int or not isinstance(digest, str) or not _SHA256.fullmatch(digest):
            return None
        listed[name] = (size, digest)
    return listed


def _is_plain_name(name: str) -> bool:
    return name not in ("", ".", "..", MANIFEST) and "/" not in name and "\0" not in name


def _unchanged(path: Path, facts: tuple[int, str]) -> bool:
    """Whether ``path`` is a regular file (not a link) of the size and SHA-256 listed."""
    size, digest = facts
    try:
        found = path.lstat()
        if not stat.S_ISREG(found.st_mode) or found.st_size != size:
            return False
        sha = hashlib.sha256()
        with open(path, "rb") as stream:
            while block := stream.read(1 << 20):
                sha.update(block)
    except OSError:
        return False
    return sha.hexdigest() == digest


def _is_old_report(folder: Path, entries: list[str]) -> bool:
    """A report of an earlier tricklog, which kept no manifest: only ``.html`` files, and an
    ``index.html`` that names tricklog as its generator."""
    if "index.html" not in entries or not all(e.endswith(".html") for e in entries):
        return False
    try:
        with open(folder / "index.html", encoding="utf-8", errors="replace") as index:
            return f'<meta name="generator" content="{GENERATOR}">' in index.read(4096)
    except OSError:
        return False


def _listed(folder: Path, names: list[str]) -> str:
    """Up to three names (a folder's with a ``/``), and how many more."""
    shown = [printable(n) + ("/" if (folder / n).is_dir() else "") for n in names[:_SHOWN]]
    more = len(names) - _SHOWN
    return ", ".join(shown) + (f" and {more:,} more" if more > 0 else "")
