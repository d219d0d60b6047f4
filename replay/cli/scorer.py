"""The loop of ``tricklog record``: read an entry, check it through the table, write the record.

Every entry is one line. What the table refuses is printed on standard error as ``refused:
CODE: message`` (the audit's own problem) and changes nothing; what it takes is followed by the
state of play on standard output and the record written whole to the output.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import IO, Any

from records.formats.text import dumps as notation
from records.formats.text.grammar import list_fields
from records.output import OutputError, write_whole
from records.parse import dumps_pretty
from records.problems import Kind, Problem
from replay.table import TableError
from replay.text import printable

__all__ = ["run"]


class RefusedError(Exception):
    """An entry the session refuses before the table sees it."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.problem = Problem(code, Kind.MALFORMED, message)


def run(session: Any, output: str, stdin: IO[str], help_lines: Sequence[str]) -> int:
    """Read entries until the input ends; 0 if every one was taken, 1 if one was refused, 3
    if the record could not be written."""
    interactive = stdin.isatty()
    refused = False
    if not _write(session, output):
        return 3
    print(_status(session), flush=True)
    while True:
        if interactive:
            print("> ", end="", flush=True)
        line = stdin.readline()
        if not line:
            break
        text = line.strip()
        if not text or text.startswith(";"):
            continue
        try:
            said = _entry(session, text, help_lines)
        except (TableError, RefusedError, IndexError) as exc:
            problem = getattr(exc, "problem", None)
            reason = f"{problem.code}: {problem.message}" if problem is not None else str(exc)
            print(f"refused: {printable(reason)}", file=sys.stderr, flush=True)
            refused = True
            continue
        if said is not None:
            print(said, flush=True)
            continue
        if not _write(session, output):
            return 3
        print(_status(session), flush=True)
    return 1 if refused else 0


def _entry(session: Any, text: str, help_lines: Sequence[str]) -> str | None:
    """Take one entry: what to print for a question, or None for a change of the record."""
    table = session.table
    word = text.split(maxsplit=1)[0]
    if text == "?":
        return _legal(session)
    if text in ("help", "h"):
        return "\n".join(help_lines)
    if text == "show":
        return _show(session)
    if text == "undo":
        if session.pending:
            session.pending.popitem()
            return None
        table.undo()
        session.dealt = True
        return None
    if word == "deal":
        _deal_line(session, text.split()[1:])
        return None
    number = table.hand_number
    if session.pending:
        table.deal_hand(_deal_of(session))
        session.pending.clear()
        session.dealt = True
    elif not session.dealt and not table.is_over:
        raise RefusedError("table.deal-not-typed", "type the hand's deal first: deal SEAT CARD...")
    table.apply(text)
    if table.hand_number != number:
        session.dealt = not session.must_type
    return None


def _deal_line(session: Any, words: list[str]) -> None:
    """``deal SEAT CARD...`` (``deal SEAT ?``), or another pile of the deal: kept until the
    hand's first action states the deal, a later line of the same pile replacing it."""
    table = session.table
    if table.is_over or table.actions:
        raise RefusedError(
            "table.deal-stated-late", "a hand's deal is typed before its first action"
        )
    if not words:
        raise RefusedError("record.text", "deal SEAT CARD... or deal turned CARD expected")
    what, values = words[0], words[1:]
    seats = len(table.players)
    if what.isdigit():
        if int(what) >= seats:
            raise RefusedError("record.text", f"seat {what} does not exist at a table of {seats}")
        session.pending[int(what)] = None if values == ["?"] else values
        return
    fields = list_fields(table.deal.__class__)
    name = "turned_up" if what == "turned" else what
    if name == "hands" or name not in fields:
        piles = ", ".join(n if n != "turned_up" else "turned" for n in fields if n != "hands")
        raise RefusedError("record.text", f"deal SEAT CARD... or one of: {piles}")
    if fields[name]:
        session.pending[name] = values
    elif len(values) == 1:
        session.pending[name] = {"none": None, "true": True, "false": False}.get(
            values[0], values[0]
        )
    else:
        raise RefusedError("record.text", f"deal {what} takes one value")


def _deal_of(session: Any) -> dict[str, Any]:
    seats = len(session.table.players)
    pending = session.pending
    hands = [pending.get(seat) for seat in range(seats)]
    return {"hands": hands, **{k: v for k, v in pending.items() if isinstance(k, str)}}


def _legal(session: Any) -> str:
    table = session.table
    if table.is_over:
        return "the game is over: nothing more is legal"
    if not session.dealt and not session.pending:
        return "type the hand's deal first: deal SEAT CARD..."
    if session.pending:
        return "the deal typed is stated with the first action; undo takes back a deal line"
    moves = [str(move) for move in table.legal()]
    if not moves:
        return "no action is listed (a seat whose cards are not known plays any it may hold)"
    return "legal: " + ", ".join(moves)


def _show(session: Any) -> str:
    """The hand so far as the notation writes it, and the deal lines typed for it."""
    table = session.table
    record = _written(session)
    lines: list[str] = []
    if record is not None:
        text = notation(record).splitlines()
        starts = [i for i, line in enumerate(text) if line.startswith("hand ")]
        lines = text[starts[-1] :] if starts else text
    for key, value in session.pending.items():
        word = f"deal {'turned' if key == 'turned_up' else key}"
        shown = "?" if value is None else " ".join(value) if isinstance(value, list) else value
        lines.append(f"{word} {shown}  ; typed, stated with the first action")
    return "\n".join(printable(line) for line in lines) or f"hand {table.hand_number}: no deal yet"


def _status(session: Any) -> str:
    table = session.table
    if table.is_over:
        return f"the game is over; totals {_values(table.totals)}"
    head = f"hand {table.hand_number}, dealer {table.dealer}"
    if not session.dealt and not session.pending:
        return f"{head}: type the deal (deal SEAT CARD...)"
    seat = table.to_move
    who = "any seat" if seat is None else f"seat {seat} ({printable(table.players[seat])})"
    return f"{head}, {table.phase}: {who} to act"


def _values(values: Any) -> str:
    return "unknown" if values is None else " ".join(str(v) for v in values)


def _written(session: Any) -> Any:
    """The record to write: the table's, less a hand whose deal is still to be typed (and
    None while that leaves no hand)."""
    record = session.table.record()
    if session.dealt or session.table.is_over:
        return record
    kept = record.hands[:-1]
    if not kept:
        return None
    return record.model_copy(update={"hands": kept})


def _write(session: Any, output: str) -> bool:
    record = _written(session)
    if record is None:
        return True
    try:
        write_whole(output, [dumps_pretty(record)])
    except OutputError as exc:
        print(f"error: {printable(str(exc))}", file=sys.stderr)
        return False
    return True
