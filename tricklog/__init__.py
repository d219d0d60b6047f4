"""tricklog: the record format and the referee of trick-taking card games (Oh Hell, Auction
Pinochle, Bestia), as a library. The ``tricklog`` command is a thin layer over these names, which
are imported on first use (``import tricklog`` is cheap). Each function's docstring says what it
takes, returns and raises, with an example. The examples run from the repository's root.

Reading and writing. Every function that reads takes one path (a ``str`` or a ``pathlib.Path``)
or an iterable of paths: files, archives (JSON Lines or a JSON array, possibly compressed),
directories, and ``-`` for standard input. Bytes, or anything else, raise ``TypeError``:

>>> import tricklog
>>> record = tricklog.load("fixtures/oh_hell/valid/default-4p-complete-game.json")
>>> record.game, record.id, len(record.hands)
('oh_hell', 'oh_hell-4-0', 13)
>>> tricklog.loads(tricklog.dumps(record)) == record      # dumps gives bytes ...
True
>>> tricklog.dumps_text(record)[:20]                        # ... dumps_text a str
'{"format_version":1,'
>>> {item.record.game for item in tricklog.iter_records("fixtures/oh_hell/valid")}
{'oh_hell'}

Checking: a report, never an exception, for a record that breaks the rules or whose claims
are wrong; a stream of reports for files:

>>> report = tricklog.check(record)
>>> report
RecordReport(source='<record>', record_id='oh_hell-4-0', game='oh_hell', valid=True, problems=[], hands=<13 HandReport>, totals=[10, 36, 33, 12], winners=[1], claims=<5 ClaimCheck>)
>>> report.hands[0]
HandReport(index=0, number=1, dealer=2, status='complete', trump='H', taken=[0, 0, 0, 1], scores=[0, 0, 0, 0], totals=[0, 0, 0, 0])
>>> revoke = "fixtures/oh_hell/invalid/play.revoke--discard-while-holding-hearts.json"
>>> [(r.source, [p.code for p in r.problems]) for r in tricklog.check_paths(revoke)]
[('fixtures/oh_hell/invalid/play.revoke--discard-while-holding-hearts.json', ['play.revoke'])]
>>> summary = tricklog.Summary()
>>> for item in tricklog.check_paths(["fixtures/oh_hell/valid"]):
...     summary.add(item)
>>> summary.all_valid
True

Identity, conversion and rules: ``record_hash(record)`` (the SHA-256 of the game's facts, not
its claims), ``convert(inputs, output)`` (any format to any other, with its losses),
``infer(record)`` (which presets and rules values fit the record).

Walking a replay step by step (what every consumer is built on): each step holds values as of
its moment, so the steps can be kept; with ``choices`` a play says the duty it was played
under, as the engine decided it, and the cards the seat could play:

>>> walk = list(tricklog.steps(record, choices=True))
>>> [type(step).__name__ for step in walk[:3]]
['RecordStarted', 'HandStarted', 'ActionApplied']
>>> lead = walk[6]
>>> lead.seat, lead.action.card, lead.phase, lead.trick, lead.duty.duty, lead.duty.allowed
(3, 'TS', 'play', ((3, 'TS'),), <Duty.LEAD: 'lead'>, ('TS',))

Playing a game into a record (docs/table.md): a ``Table`` deals, says whose turn it is and what
is legal, applies an action or refuses it with the problem an audit would report, undoes the
last one, and writes the record so far, its claims filled in by the engine:

>>> table = tricklog.Table("oh_hell", players=["Ann", "Bob", "Cid"], seed=7)
>>> table.phase, table.to_move, [str(move) for move in table.legal()]
('bid', 1, ['bid 0', 'bid 1'])
>>> table.why_not("play 2C").code                    # the audit's own problem
'play.before-bidding-ends'
>>> table.apply("bid 1").text, table.to_move
('bid 1', 2)
>>> table.undo().text, table.to_move
('bid 1', 1)
>>> record = table.record()                          # marked as a game in progress
>>> report = tricklog.check(record)
>>> record.in_progress, report.valid, report.hands[-1].status.value
(True, True, 'in_progress')

Unreadable input (missing file, corrupt compression) raises ``UnreadableInputError``; a record
that does not fit the format raises ``MalformedRecordError`` from ``load``/``loads`` and is a
report with ``malformed`` problems everywhere else.
"""

from __future__ import annotations

import importlib
import importlib.metadata
from typing import TYPE_CHECKING, Any

import replay  # noqa: F401 (its score-sheet formats, csv and parquet, join the registry)

try:
    __version__ = importlib.metadata.version("tricklog")
    """The installed version (pyproject.toml's, from the package's metadata)."""
except importlib.metadata.PackageNotFoundError:  # run from a source tree never installed
    __version__ = "0+unknown"

if TYPE_CHECKING:
    from records.formats.convert import convert
    from records.identity import record_hash
    from records.io import ReadFailure
    from records.problems import Kind, Problem
    from records.tricks import Duty, PlayDuty, Trick
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
    from replay.table import IllegalActionError, Move, Table, TableError, UnreadableActionError
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
    **{
        name: "replay.table"
        for name in (
            "IllegalActionError",
            "Move",
            "Table",
            "TableError",
            "UnreadableActionError",
        )
    },
    "Duty": "records.tricks",
    "PlayDuty": "records.tricks",
    "Trick": "records.tricks",
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
    "ClaimCheck",
    "ClaimStatus",
    "Duty",
    "Game",
    "HandReport",
    "HandSettled",
    "HandStarted",
    "HandStatus",
    "IllegalActionError",
    "Kind",
    "Loaded",
    "MalformedRecordError",
    "Move",
    "PlayDuty",
    "Problem",
    "ProblemFound",
    "ReadFailure",
    "RecordReport",
    "RecordSettled",
    "RecordStarted",
    "Step",
    "Summary",
    "Table",
    "TableError",
    "Trick",
    "TrickCompleted",
    "UnreadableActionError",
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
