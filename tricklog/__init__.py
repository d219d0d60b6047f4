"""tricklog: the record format and the referee of trick-taking card games (Oh Hell, Auction
Pinochle, Bestia), as a library. The ``tricklog`` command is a thin layer over these names.

Reading and writing::

    record = tricklog.load("game.json")          # one record from a file (a pydantic model)
    record = tricklog.loads(text)                # ... from JSON text
    for item in tricklog.iter_records(["archive.jsonl.gz", "folder/"]):
        item.source, item.record, item.problems  # each record, or why it is malformed
    tricklog.dumps(record)                       # JSON in bytes; dumps_text(record): a str
    tricklog.dump(record, stream)                # to a binary or a text stream

Checking::

    report = tricklog.check(record)              # replay and compare every claim
    report.valid, report.problems, report.hands[0].scores
    for item in tricklog.check_paths(["archive.jsonl"]):   # a stream of reports
        ...
    summary = tricklog.Summary(); summary.add(report)

Identity, conversion and rules::

    tricklog.record_hash(record)                 # the SHA-256 of the game's facts (not claims)
    tricklog.convert(["a.ohw"], "a.jsonl")       # any format to any other, with its losses
    tricklog.infer(record)                       # which presets and rules values fit the record

Walking a replay step by step (what every consumer is built on)::

    for step in tricklog.steps(record):       # values as of each step, to keep if you like
        ...  # RecordStarted, HandStarted, ActionApplied, TrickCompleted, ProblemFound,
             # HandSettled, RecordSettled; steps(record, choices=True): what each seat
             # could have played (ActionApplied.choice, a Choice)

Unreadable input (missing file, corrupt compression) raises ``UnreadableInputError``; a record that
does not fit the format raises ``MalformedRecordError`` from ``load``/``loads`` and is a report with
``malformed`` problems everywhere else. Names are imported on first use, so ``import tricklog``
is cheap.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__version__ = "0.2.0"

if TYPE_CHECKING:
    from records.formats.convert import convert
    from records.identity import record_hash
    from records.io import ReadFailure
    from records.problems import Kind, Problem
    from replay.infer import infer
    from replay.registry import GAMES, Game
    from replay.report import ClaimCheck, ClaimStatus, HandReport, HandStatus, RecordReport
    from replay.steps import (
        ActionApplied,
        HandSettled,
        HandStarted,
        ProblemFound,
        RecordSettled,
        RecordStarted,
        Step,
        TrickCompleted,
    )
    from replay.summary import Summary
    from replay.tricks import Choice, Trick
    from tricklog._api import (
        Loaded,
        MalformedRecordError,
        UnreadableInputError,
        check,
        check_bytes,
        check_paths,
        dump,
        dumps,
        dumps_text,
        iter_records,
        load,
        loads,
        steps,
    )

_NAMES = {
    "ReadFailure": "records.io",
    "Kind": "records.problems",
    "Problem": "records.problems",
    "GAMES": "replay.registry",
    "Game": "replay.registry",
    "ClaimCheck": "replay.report",
    "ClaimStatus": "replay.report",
    "HandReport": "replay.report",
    "HandStatus": "replay.report",
    "RecordReport": "replay.report",
    "Summary": "replay.summary",
    "Choice": "replay.tricks",
    "Trick": "replay.tricks",
    "convert": "records.formats.convert",
    "record_hash": "records.identity",
    "infer": "replay.infer",
    **{
        name: "replay.steps"
        for name in (
            "ActionApplied",
            "HandSettled",
            "HandStarted",
            "ProblemFound",
            "RecordSettled",
            "RecordStarted",
            "Step",
            "TrickCompleted",
        )
    },
    **{
        name: "tricklog._api"
        for name in (
            "Loaded",
            "MalformedRecordError",
            "UnreadableInputError",
            "check",
            "check_bytes",
            "check_paths",
            "dump",
            "dumps",
            "dumps_text",
            "iter_records",
            "load",
            "loads",
            "steps",
        )
    },
}

__all__ = [
    "GAMES",
    "ActionApplied",
    "Choice",
    "ClaimCheck",
    "ClaimStatus",
    "Game",
    "HandReport",
    "HandSettled",
    "HandStarted",
    "HandStatus",
    "Kind",
    "Loaded",
    "MalformedRecordError",
    "Problem",
    "ProblemFound",
    "ReadFailure",
    "RecordReport",
    "RecordSettled",
    "RecordStarted",
    "Step",
    "Summary",
    "Trick",
    "TrickCompleted",
    "UnreadableInputError",
    "check",
    "check_bytes",
    "check_paths",
    "convert",
    "dump",
    "dumps",
    "dumps_text",
    "infer",
    "iter_records",
    "load",
    "loads",
    "record_hash",
    "steps",
]


def __getattr__(name: str) -> Any:
    module = _NAMES.get(name)
    if module is None:
        raise AttributeError(f"module 'tricklog' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    """The documented names and the module's own dunders, not the helpers it imports."""
    return sorted({*__all__, *(name for name in globals() if name.startswith("__"))})
