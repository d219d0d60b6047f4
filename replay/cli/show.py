"""``tricklog show``: a record hand by hand and trick by trick, for a person.

An input of one record shows it; an archive or a directory lists its records (number, source,
id, game, hands, valid) and ``--record N`` shows one of them. A record that is not one shows
its problems. Nothing is hard-wrapped (a pipe gets whole lines) and nothing a record holds is
interpreted by the terminal (``replay.cli.terminal``).
"""

from __future__ import annotations

import itertools
import sys
from collections.abc import Iterable
from typing import TYPE_CHECKING, Annotated

import typer

from records.words import number_of
from replay.cli.exit_codes import Exit
from replay.cli.options import StorageOption, in_range
from replay.text import printable

if TYPE_CHECKING:
    from rich.console import Console

    from records.io import Entry, ReadFailure
    from replay.report import RecordReport


def show(
    path: Annotated[
        str,
        typer.Argument(
            metavar="PATH",
            help="A record file in any format tricklog reads (.json, .jsonl, .tln, "
            ".openspiel, .ohw; possibly compressed), an archive, a directory, or - for "
            "standard input.",
            show_default=False,
        ),
    ],
    record: Annotated[
        int | None,
        typer.Option(
            "--record",
            "-r",
            callback=in_range(1),
            metavar="N",
            help="Show record N (from 1) of an archive or a directory; without it, an input "
            "of several records is listed.",
        ),
    ] = None,
    hand: Annotated[
        int | None, typer.Option("--hand", metavar="N", help="Show only the hand numbered N.")
    ] = None,
    storage: StorageOption = None,
) -> Exit:
    """Show a record: each hand's deal and turned-up card, the calls, every trick (leader and
    winning card marked, and the trick in progress where a hand stopped), the scores and
    totals, and every problem where it occurs.

    Exit 0 if the record is valid and every claim matches, 1 if it has a problem, 2 for a
    --record or --hand that the input does not have, 3 if the input is unreadable.

    Examples:

    \b
        tricklog show game.json
        tricklog show games.jsonl.gz
        tricklog show games.jsonl.gz --record 12 --hand 3
    """
    from records.io import ReadFailure, iter_entries
    from replay.cli.terminal import console

    out, stream = console(sys.stdout), iter_entries([path])
    if record is not None:
        return _show_number(out, path, stream, record, hand)
    head = list(itertools.islice(stream, 2))
    if not head:
        return _error(f"{path}: holds no records", Exit.UNREADABLE)
    if len(head) == 1:
        if isinstance(head[0], ReadFailure):
            return _failed(head[0])
        return _show_entry(out, head[0], hand)
    if hand is not None:
        return _error(f"{path} holds several records; choose one with --record N", Exit.USAGE)
    return _list(out, itertools.chain(head, stream))


def _error(message: str, code: Exit) -> Exit:
    typer.echo(f"error: {printable(message)}", err=True)
    return code


def _failed(failure: ReadFailure) -> Exit:
    return _error(f"{failure.file}: {failure.message}", Exit.UNREADABLE)


def _show_number(
    out: Console, path: str, stream: Iterable[Entry | ReadFailure], number: int, hand: int | None
) -> Exit:
    from records.io import ReadFailure

    seen, unreadable = 0, False
    for item in stream:
        if isinstance(item, ReadFailure):
            unreadable = True
            _failed(item)
            continue
        seen += 1
        if seen == number:
            code = _show_entry(out, item, hand)
            return Exit.UNREADABLE if unreadable and code != Exit.USAGE else code
    if seen == 0:
        return (
            Exit.UNREADABLE if unreadable else _error(f"{path}: holds no records", Exit.UNREADABLE)
        )
    choice = f"choose --record 1 to {seen}" if seen > 1 else "--record 1 is the only one"
    return _error(f"{path} holds {number_of(seen, 'record')}, not {number}; {choice}", Exit.USAGE)


def _list(out: Console, stream: Iterable[Entry | ReadFailure]) -> Exit:
    """One line per record: number, source, id, game, hands, valid."""
    from rich.text import Text

    from records.io import ReadFailure
    from replay.check import check_entry

    records = valid = 0
    unreadable = False
    for item in stream:
        if isinstance(item, ReadFailure):
            unreadable = True
            _failed(item)
            continue
        records += 1
        report = check_entry(item, audit=True, detail=False)
        valid += report.valid
        verdict = ("valid", "green") if report.valid else (_count(report), "red")
        name = printable(f"{report.record_id}  {report.game}") if report.game else "not a record"
        line = f"{records:>4}  {printable(report.source)}  {name}  {number_of(len(report.hands), 'hand')}  "
        out.print(Text.assemble(line, verdict))
    out.print(
        f"{number_of(records, 'record')}: {valid} valid, {records - valid} with problems"
        + ("; show one with --record N" if records else "")
    )
    if unreadable:
        return Exit.UNREADABLE
    return Exit.OK if valid == records else Exit.PROBLEMS


def _count(report: RecordReport) -> str:
    return number_of(len(report.problems), "problem")


def _show_entry(out: Console, entry: Entry, hand: int | None) -> Exit:
    from rich.text import Text

    from replay.check import check, decode_entry
    from replay.cli.hand_view import by_seat, hand_lines, seat_name
    from replay.rendering import describe, label
    from replay.report import RecordReport

    decoded = decode_entry(entry)
    if isinstance(decoded, list):
        record, report = None, RecordReport(source=entry.where, problems=decoded)
    else:
        record, report = decoded, check(decoded, audit=True, source=entry.where)
    numbers = [h.number for h in report.hands]
    if hand is not None and hand not in numbers:
        has = f"its hands: {_ranges(numbers)}" if numbers else "it has no hands"
        if record is None:
            has += " (it is not a record; show it without --hand to see why)"
        return _error(f"{report.source} has no hand {hand}; {has}", Exit.USAGE)
    out.print(Text.assemble((printable(report.source), "bold"), f"  {label(report)}"))
    if report.players:
        out.print("players: " + ", ".join(seat_name(report, s) for s in range(len(report.players))))
    for problem in (p for p in report.problems if p.hand is None or p.hand not in numbers):
        out.print(Text(describe(problem, report.source), style="red"))
    for hand_report in report.hands:
        if hand is None or hand_report.number == hand:
            for line in hand_lines(report, hand_report, record):
                out.print(line)
    if hand is None and report.totals is not None:
        out.print(f"totals: {by_seat(report, report.totals)}")
    if hand is None and report.winners is not None:
        said = "winner: " if len(report.winners) == 1 else "winners: "
        out.print(said + ", ".join(seat_name(report, s) for s in report.winners))
    if not report.valid:
        out.print(Text(f"{_count(report)} in all", style="red"))
    return Exit.OK if report.valid else Exit.PROBLEMS


def _ranges(numbers: list[int]) -> str:
    """``1-13`` or ``1-3, 5, 9-10``: a list of hand numbers as a person writes it."""
    parts: list[str] = []
    for _, run in itertools.groupby(enumerate(sorted(set(numbers))), lambda p: p[1] - p[0]):
        values = [n for _, n in run]
        parts.append(str(values[0]) if len(values) == 1 else f"{values[0]}-{values[-1]}")
    return ", ".join(parts)
