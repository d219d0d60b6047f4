"""Every call the benchmark makes into tricklog, in one place.

The library's API is being rewritten, so each way in is one small piece here and nothing else
in ``bench/`` imports ``records``, ``replay`` or ``tricklog``. ``check_line`` tries the new API
and falls back to today's; once the old one is gone, dropping the fallback is the only change.

* ``check_line(data, audit, detail)``: one record's bytes in, the library's report out
  (``tricklog.check_bytes`` if it exists, else ``replay.check.check_entry``; without
  ``detail``, ``replay.check.check_bytes(detail=False)``, the call ``tricklog audit -q`` makes);
* ``PYDANTIC_PARSE``: bytes to the pydantic model, no replay (``records.io.parse``);
* ``MSGSPEC_DECODE``: bytes to the msgspec structs of ``records.structs``, once that module and
  a decoder in it exist (probed for: a ``Decoder``, a ``decode`` function or a record type);
* ``BUILD``: ``pure`` when the replay runs from its Python source, as tricklog always does now;
  ``compiled`` for an extension module in its place (an older checkout's build, timed through
  ``PYTHONPATH``);
* ``GAME_IDS``: every registered game, in the library's order;
* ``openspiel_rules(players, tricks)``: the rules block of the ``openspiel`` preset;
* ``tricklog_argv()``: the command line that starts ``tricklog``.
"""

from __future__ import annotations

import dataclasses
import importlib
import shutil
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

try:  # tomorrow's API
    from tricklog import check_bytes as _check_bytes  # type: ignore[import-not-found]

    CHECK_API = "tricklog.check_bytes"
    _CHECK_MODULE = "tricklog"
except ImportError:  # today's
    from records.io import Entry
    from replay.check import check_entry

    _check_bytes = None
    CHECK_API = "replay.check.check_entry"
    _CHECK_MODULE = "replay.check"

_FILE = getattr(sys.modules[_CHECK_MODULE], "__file__", None) or __file__
LIBRARY_ROOT = Path(_FILE).resolve().parents[1]
"""The checkout the library is imported from (it may not be this one, under PYTHONPATH)."""


try:  # the call ``tricklog audit -q`` makes: the verdict, without a check per agreeing claim
    from replay.check import check_bytes as _verdict_bytes

    VERDICT_API = "replay.check.check_bytes(detail=False)"
except ImportError:
    _verdict_bytes = None  # type: ignore[assignment]
    VERDICT_API = None


def check_line(data: bytes, audit: bool, detail: bool = True) -> Any:
    """The library's report on one record (one line of an archive): validate, or audit.
    Without ``detail`` (where the library has that switch) claims that agree are not listed
    one by one, as in ``tricklog audit -q`` and every summary-only run; the verdict and the
    problems are the same."""
    if not detail and _verdict_bytes is not None:
        return _verdict_bytes(data, audit=audit, detail=False)
    if _check_bytes is not None:
        return _check_bytes(data, audit=audit)
    return check_entry(Entry("<bench>", None, data), audit=audit)


def problems_of(report: Any) -> list[str] | None:
    """The problems of a report as text, [] for a valid record, None if the shape is unknown."""
    if isinstance(report, dict):
        valid, problems = report.get("valid"), report.get("problems", [])
    else:
        valid, problems = getattr(report, "valid", None), getattr(report, "problems", [])
    if valid is None:
        return None
    return [] if valid else [str(p) for p in problems] or ["not valid (no problem listed)"]


def _pydantic_parse() -> tuple[str, Callable[[bytes], Any]] | None:
    function = getattr(_module("records.io"), "parse", None)
    return ("records.io.parse", function) if callable(function) else None


def _msgspec_decode() -> tuple[str, Callable[[bytes], Any]] | None:
    """A msgspec decoder of any record, probed for since ``records.structs`` is being written:
    a ``Decoder`` object, a ``decode`` function, or a record type to build a decoder of."""
    msgspec = _module("msgspec")
    for module_name in ("records.structs", "tricklog.structs"):
        module = _module(module_name)
        if module is None or msgspec is None:
            continue
        for name in ("ANY_RECORD", "DECODER", "RECORD_DECODER", "decoder", "decode", "loads"):
            found = getattr(module, name, None)
            if callable(getattr(found, "decode", None)):
                return f"{module_name}.{name}.decode", found.decode
            if callable(found) and name in ("decode", "loads"):
                return f"{module_name}.{name}", found
        for name in ("AnyRecord", "Record"):
            if hasattr(module, name):
                try:
                    decoder = msgspec.json.Decoder(getattr(module, name))
                except TypeError:
                    continue
                return f"msgspec.json.Decoder({module_name}.{name}).decode", decoder.decode
    return None


def _module(name: str) -> Any:
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


def _build() -> str:
    """``pure`` when the replay runs from its ``.py`` files, else ``compiled``."""
    tricks = _module("records.tricks")
    return "pure" if getattr(tricks, "__file__", "").endswith(".py") else "compiled"


def _game_ids() -> tuple[str, ...]:
    """Every game the library registers, in its order (``records.games.GAME_IDS``)."""
    games = _module("records.games")
    return tuple(getattr(games, "GAME_IDS", ("oh_hell", "pinochle", "bestia")))


GAME_IDS = _game_ids()
"""The games to time: every registered game, so that a new one is timed with no change here."""
BUILD = _build()
"""How the library runs: ``pure`` Python, or ``compiled`` (an extension module)."""
PYDANTIC_PARSE = _pydantic_parse()
"""(where it comes from, the function), or None when absent."""
MSGSPEC_DECODE = _msgspec_decode()
"""(where it comes from, the function), or None when absent."""


def openspiel_rules(players: int, tricks: int) -> dict[str, Any]:
    """The rules block (JSON data) of the ``openspiel`` preset for one deal of ``tricks``."""
    rules = _module("records.oh_hell").preset(
        "openspiel", players, hand_sizes="single", single_hand_size=tricks
    )
    return rules if isinstance(rules, dict) else dataclasses.asdict(rules)


def tricklog_argv() -> list[str]:
    """The ``tricklog`` command of this interpreter's environment (``python -m replay`` if the
    console script is not installed)."""
    beside = Path(sys.executable).parent / "tricklog"
    if beside.exists():
        return [str(beside)]
    found = shutil.which("tricklog")
    return [found] if found else [sys.executable, "-m", "replay"]
