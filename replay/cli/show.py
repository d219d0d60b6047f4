"""``tricklog show``: a record hand by hand and trick by trick, for the terminal."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Annotated

import typer

from replay.cli.exit_codes import Exit

if TYPE_CHECKING:
    from rich.console import Group

    from records.cards import Deck
    from records.io import Entry, ReadFailure
    from replay.report import HandReport, RecordReport


def show(
    path: Annotated[str, typer.Argument(help="A record file, an archive, or - for stdin.")],
    record: Annotated[
        int, typer.Option("--record", "-r", min=1, help="Which record of an archive (from 1).")
    ] = 1,
    hand: Annotated[
        int | None, typer.Option("--hand", help="Show only the hand with this number.")
    ] = None,
) -> Exit:
    """Show one record: each hand's deal, calls, tricks (winning card marked) and scores,
    with any problem where it occurs."""
    from rich.console import Console
    from rich.markup import escape

    from records.io import ReadFailure
    from replay.check import check_entry
    from replay.cli.reporters import describe
    from replay.registry import GAMES

    entry = _pick(path, record)
    if isinstance(entry, ReadFailure):
        typer.echo(f"error: {entry.file}: {entry.message}", err=True)
        return Exit.UNREADABLE
    if entry is None:
        typer.echo(f"error: {path}: has no record number {record}", err=True)
        return Exit.UNREADABLE
    report = check_entry(entry, audit=True)
    console = Console(file=sys.stdout, highlight=False)
    console.print(f"[bold]{escape(report.source)}[/]  {report.game} {report.record_id!r}")
    for problem in (p for p in report.problems if p.hand is None):
        console.print("[red]" + escape(describe(problem, report.source)) + "[/]")
    deck = GAMES[report.game].deck if report.game in GAMES else None
    numbers = [h.number for h in report.hands]
    if hand is not None and hand not in numbers:
        typer.echo(f"error: {report.source} has no hand {hand}; its hands: {numbers}", err=True)
        return Exit.USAGE
    for hand_report in report.hands:
        if hand is None or hand_report.number == hand:
            console.print(_hand_view(report, hand_report, deck))
    if report.totals is not None:
        console.print(f"totals: {_by_seat(report, report.totals)}")
    if report.winners is not None:
        console.print("winner(s): " + ", ".join(_name(report, s) for s in report.winners))
    return Exit.OK if report.valid else Exit.PROBLEMS


def _pick(path: str, number: int) -> Entry | ReadFailure | None:
    from records.io import ReadFailure, iter_entries

    for index, item in enumerate(iter_entries([path]), start=1):
        if isinstance(item, ReadFailure) or index == number:
            return item
    return None


def _name(report: RecordReport, seat: int) -> str:
    name = report.players[seat] if seat < len(report.players) else "?"
    return f"{name} ({seat})"


def _by_seat(report: RecordReport, values: list[int]) -> str:
    return ", ".join(f"{_name(report, s)} {v}" for s, v in enumerate(values))


def _card(deck: Deck | None, card: str) -> str:
    return deck.pretty(card) if deck is not None else card


def _hand_view(report: RecordReport, hand: HandReport, deck: Deck | None) -> Group:
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    from replay.cli.reporters import describe

    symbol = deck.suit_symbols.get(hand.trump, hand.trump) if deck and hand.trump else hand.trump
    trump = f"trump {symbol}" if hand.trump else "no trump"
    parts: list[Table | Text | str] = [
        Text(
            f"\nHand {hand.number} · dealer {_name(report, hand.dealer)} · {trump} · "
            f"{hand.status.value}",
            style="bold",
        )
    ]
    for seat, cards in enumerate(hand.deal):
        fanned = deck.sorted(cards) if deck is not None else cards
        parts.append(f"  {_name(report, seat):<16} " + " ".join(_card(deck, c) for c in fanned))
    if hand.calls:
        parts.append("  calls: " + "; ".join(f"{_name(report, s)} {c}" for s, c in hand.calls))
    if hand.tricks:
        seats = len(hand.deal) or len(report.players)
        table = Table("trick", *(_name(report, s) for s in range(seats)), "winner", box=None)
        for trick in hand.tricks:
            cells = [""] * seats
            for seat, card in trick.plays:
                shown = _card(deck, card) + ("*" if seat == trick.winner else "")
                cells[seat] = (">" if seat == trick.leader else " ") + shown
            table.add_row(str(trick.number), *cells, _name(report, trick.winner))
        parts.append(table)
    if hand.scores is not None:
        parts.append(f"  scores: {_by_seat(report, hand.scores)}")
    if hand.totals is not None:
        parts.append(f"  totals: {_by_seat(report, hand.totals)}")
    parts.extend(f"  note: {n}" for n in hand.notes)
    for problem in (p for p in report.problems if p.hand == hand.number):
        parts.append(Text("  " + describe(problem, report.source), style="red"))
    return Group(*parts)
