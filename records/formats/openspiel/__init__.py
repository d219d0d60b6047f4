"""The ``openspiel`` format: Oh Hell deals as the action histories OpenSpiel's ``oh_hell`` replays.

pyspiel plays one deal per game: ``game = pyspiel.load_game(GAME_STRING)``, then
``state = game.new_initial_state()`` and ``state.apply_action(a)`` for each action of the
history, chance actions included: the number of tricks, the dealer, the cards dealt round the
table from seat 0, the trump card, the bids (52 + tricks) from the dealer's left, the cards
played (``mapping`` has the ids).

* A **history file** (suffix ``.openspiel``; docs/openspiel.md) holds one deal a line: the game
  string, a tab, the action ids separated by spaces, then tab-separated ``id="..."``,
  ``returns=...`` and ``tricks=...`` (the record's id and the hand's claimed scores and tricks).
  ``#`` starts a comment line. ``write`` writes it (``writer``), ``read`` reads it (``history``).
* An OpenSpiel **playthrough** (``game: oh_hell()`` on its first line, as OpenSpiel's
  integration tests print them) is read too: its last history, with the final state's tricks
  and scores as claims (``playthrough``).

Every deal read is a record of one hand under the ``openspiel`` rules preset with pyspiel's
parameters. A record of other rules, or of several deals, is written with each thing the
history cannot hold reported as a ``Loss`` (``writer`` lists them).
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Iterator
from typing import IO, TYPE_CHECKING

from records.formats.base import Loss, Read, pick_form
from records.formats.detect import openspiel as sniff
from records.formats.drafts import Draft, read_input
from records.formats.files import Peeked
from records.formats.openspiel.history import CODE, history_drafts, problem
from records.formats.openspiel.playthrough import read_playthrough
from records.formats.openspiel.writer import records_text
from records.io import ReadFailure
from records.limits import ReadLimits, size_text

if TYPE_CHECKING:
    from records.record import Record

__all__ = ["CODE", "FORMS", "drafts", "read", "sniff", "write"]

FORMS: tuple[str, ...] = ()
_BOM = b"\xef\xbb\xbf"


def read(path: str, stdin: IO[bytes] | None = None) -> Iterator[Read | ReadFailure]:
    """Every deal of a history file, or the one deal of a playthrough, as records."""
    return read_input(path, stdin, drafts)


def drafts(stream: IO[bytes], name: str, limits: ReadLimits) -> Iterator[Draft | ReadFailure]:
    """The records of a stream: a history file a line at a time, or a playthrough (one record,
    read whole within the limit of one record)."""
    limit = limits.record_bytes
    cap = limit + 1 if limit else -1
    head, number = b"", 0
    while raw := stream.readline(cap):  # past blank lines, to the first that says which
        number += 1
        head += raw
        if raw.strip() or len(head) > limit > 0:
            break
    if not head.removeprefix(_BOM).lstrip().startswith(b"game:"):
        first = io.BufferedReader(Peeked(head, stream))
        yield from history_drafts(first, name, limits)
        return
    data = head + (stream.read(limit + 1 - len(head)) if limit else stream.read())
    if limit and len(data) > limit:
        yield ReadFailure(
            name,
            f"a playthrough of more than {size_text(limit)} (the limit of one record, "
            "TRICKLOG_MAX_RECORD_BYTES)",
        )
        return
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        yield problem(
            name, None, data.count(b"\n", 0, exc.start) + 1, f"not UTF-8 text: {exc.reason}"
        )
        return
    yield read_playthrough(text, name)


def write(records: Iterable[Record], form: str | None = None) -> Iterator[bytes | Loss]:
    """Each deal of each record as a history line, and what the histories cannot hold."""
    pick_form(form, FORMS)
    return records_text(records)
