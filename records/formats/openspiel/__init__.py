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

from collections.abc import Iterable, Iterator
from typing import IO, TYPE_CHECKING

from records.formats.base import Loss, Read, pick_form
from records.formats.detect import openspiel as sniff
from records.formats.files import READ_ERRORS, open_input
from records.formats.openspiel.history import CODE, history_lines, problem
from records.formats.openspiel.playthrough import is_playthrough, read_playthrough
from records.formats.openspiel.writer import records_text
from records.io import ReadFailure

if TYPE_CHECKING:
    from records.record import Record

__all__ = ["CODE", "FORMS", "read", "sniff", "write"]

FORMS: tuple[str, ...] = ()


def read(path: str, stdin: IO[bytes] | None = None) -> Iterator[Read | ReadFailure]:
    """Every deal of a history file, or the one deal of a playthrough, as records."""
    stream = open_input(path, stdin)
    if isinstance(stream, ReadFailure):
        yield stream
        return
    name = "<stdin>" if path == "-" else path
    try:
        data = stream.read()
    except READ_ERRORS as exc:
        yield ReadFailure(name, f"cannot read: {exc.__class__.__name__}: {exc}")
        return
    finally:
        if path != "-":
            stream.close()
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        yield problem(name, 1, f"not UTF-8 text: {exc.reason}")
        return
    if is_playthrough(text):
        yield read_playthrough(text, name)
    else:
        yield from history_lines(text, name)


def write(records: Iterable[Record], form: str | None = None) -> Iterator[bytes | Loss]:
    """Each deal of each record as a history line, and what the histories cannot hold."""
    pick_form(form, FORMS)
    return records_text(records)
